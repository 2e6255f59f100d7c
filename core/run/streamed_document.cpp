// See internal/streamed_document.hpp.
#include "core/run/internal/streamed_document.hpp"

#include <algorithm>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"
#include "core/run/internal/json_spans.hpp"

namespace planlang::run::internal {

namespace {

// Keys the streamed pass writes into the canonical form itself: plain lower-case ASCII, which needs no
// escape and no NFC and sorts by UTF-16 code units as it sorts by bytes. Batch and ramas keys all are.
bool is_plain_key(std::string_view key) {
    if (key.empty()) return false;
    for (char c : key)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

}  // namespace

std::optional<StreamedDocument> stream_document(
    std::string_view text, std::string_view array_key, const std::function<bool(const json::Value&, std::size_t)>& check_top,
    const std::function<bool(const json::Value&, std::size_t, std::string_view, KeptItem&)>& check_item,
    const std::function<void(KeptItem&, std::size_t)>& keep, const ParallelFor& parallel) {
    const json::ReadLimits limits;
    if (text.size() > limits.max_bytes) return std::nullopt;
    const std::optional<std::vector<MemberSpan>> members = object_members(text);
    if (!members) return std::nullopt;
    const MemberSpan* array = nullptr;
    for (const MemberSpan& m : *members) {
        if (!is_plain_key(m.key)) return std::nullopt;
        if (m.key == array_key) array = &m;
    }
    if (!array) return std::nullopt;
    const std::optional<std::vector<Span>> items = array_items(text, array->value);
    if (!items) return std::nullopt;

    // The top level, parsed with the array emptied: duplicate keys and every other member are json::read's.
    std::string skeleton;
    skeleton.reserve(text.size() - (array->value.end - array->value.begin) + 2);
    skeleton.append(text.data(), array->value.begin).append("[]").append(text.substr(array->value.end));
    json::ReadResult top = json::read(skeleton, limits);
    if (!top.ok() || !top.value.is_object()) return std::nullopt;
    if (!check_top(top.value, items->size())) return std::nullopt;

    // The huella: canonical JSON without the top-level huella, keys in order, the items streamed in place.
    std::vector<const json::Member*> sorted;
    for (const json::Member& m : top.value.as_object())
        if (m.key != "huella") sorted.push_back(&m);
    std::sort(sorted.begin(), sorted.end(), [](const json::Member* a, const json::Member* b) { return a->key < b->key; });
    json::Sha256Stream sha;
    sha.update("{");
    json::ReadLimits item_limits = limits;
    item_limits.max_depth -= 2;
    // A chunk of items is parsed, checked and made canonical (on the tasks, when there are), then hashed and
    // kept in order; parsing never overlaps `keep`, which may write over the bytes up to the current item.
    // Each tree is dropped by the task that built it.
    struct Slot {
        json::CanonicalCopy canonical;  // the item's canonical form: the reader's copy, else written from the tree
        std::string minified;           // the item's compact text when the copy is not canonical
        KeptItem kept;
        bool ok = false;
    };
    constexpr std::size_t kChunk = 256;
    std::vector<Slot> slots(std::min(kChunk, items->size()));
    auto item_text = [&](std::size_t i) { return text.substr((*items)[i].begin, (*items)[i].end - (*items)[i].begin); };
    for (std::size_t k = 0; k < sorted.size(); ++k) {
        if (k) sha.update(",");
        sha.update("\"" + sorted[k]->key + "\":");
        if (sorted[k]->key != array_key) {
            sha.update(json::canonical(sorted[k]->value));
            continue;
        }
        sha.update("[");
        for (std::size_t start = 0; start < items->size(); start += kChunk) {
            const std::size_t count = std::min(kChunk, items->size() - start);
            auto prepare = [&](std::size_t j) {
                Slot& slot = slots[j];
                slot.kept.id.clear();
                slot.kept.text.clear();
                const std::string_view item = item_text(start + j);
                json::ReadResult one = json::read(item, item_limits, slot.canonical);
                slot.ok = one.ok();
                if (!slot.ok) return;
                // A canonical copy is the item's text with the whitespace between tokens dropped: its compact text.
                std::string_view compact = slot.canonical.text();
                if (!slot.canonical.canonical) {
                    slot.minified.resize(item.size());
                    slot.minified.resize(minify_to(slot.minified.data(), item));
                    compact = slot.minified;
                }
                slot.ok = check_item(one.value, start + j, compact, slot.kept);
                if (slot.ok && !slot.canonical.canonical) slot.canonical.assign(json::canonical(one.value));
            };
            if (parallel) parallel(count, prepare);
            else
                for (std::size_t j = 0; j < count; ++j) prepare(j);
            for (std::size_t j = 0; j < count; ++j) {
                if (!slots[j].ok) return std::nullopt;
                if (start + j) sha.update(",");
                sha.update(slots[j].canonical.text());
                keep(slots[j].kept, start + j);
            }
        }
        sha.update("]");
    }
    sha.update("}");
    return StreamedDocument{std::move(top.value), items->size(), json::to_hex(sha.finish())};
}

}  // namespace planlang::run::internal
