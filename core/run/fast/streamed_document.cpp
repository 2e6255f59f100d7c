// See fast/streamed_document.hpp.
#include "core/run/fast/streamed_document.hpp"

#include <algorithm>
#include <vector>

#include "core/common/thread_local.hpp"
#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"
#include "core/run/fast/json_spans.hpp"

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

DocumentSpans document_spans(std::string_view text, std::string_view array_key) {
    DocumentSpans found;
    std::optional<std::vector<MemberSpan>> members = object_members(text, array_key, &found.items);
    if (members) found.members = std::move(*members);
    else found.declined = true;
    return found;
}

std::optional<StreamedDocument> stream_document(
    std::string_view text, std::string_view array_key, const std::function<bool(const json::Value&, std::size_t)>& check_top,
    const std::function<bool(const json::Value&, std::size_t, std::string_view, KeptItem&)>& check_item,
    const std::function<void(KeptItem&, std::size_t)>& keep, const ParallelFor& parallel, const StreamSizes& sizes,
    const PlainItemReader& read_plain, const DocumentSpans* spans) {
    const json::ReadLimits limits;
    if (text.size() > limits.max_bytes) return std::nullopt;
    DocumentSpans walked;  // the top level and the large array's items, walked once
    if (!spans) walked = document_spans(text, array_key);
    const DocumentSpans& found = spans ? *spans : walked;
    if (found.declined) return std::nullopt;
    const MemberSpan* array = nullptr;
    for (const MemberSpan& m : found.members) {
        if (!is_plain_key(m.key)) return std::nullopt;
        if (m.key == array_key) array = &m;
    }
    if (!array || text[array->value.begin] != '[') return std::nullopt;
    const std::vector<Span>& items = found.items;

    // The top level, parsed with the array emptied: duplicate keys and every other member are json::read's.
    std::string skeleton;
    skeleton.reserve(text.size() - (array->value.end - array->value.begin) + 2);
    skeleton.append(text.data(), array->value.begin).append("[]").append(text.substr(array->value.end));
    json::ReadResult top = json::read(skeleton, limits);
    if (!top.ok() || !top.value.is_object()) return std::nullopt;
    if (!check_top(top.value, items.size())) return std::nullopt;

    // The huella: canonical JSON without the top-level huella, keys in order, the items streamed in place.
    std::vector<const json::Member*> sorted;
    for (const json::Member& m : top.value.as_object())
        if (m.key != "huella") sorted.push_back(&m);
    std::sort(sorted.begin(), sorted.end(), [](const json::Member* a, const json::Member* b) { return a->key < b->key; });
    json::Sha256Stream sha;
    sha.update("{");
    json::ReadLimits item_limits = limits;
    item_limits.max_depth -= 2;
    // Items go a chunk at a time: while task 0 hashes and keeps chunk k in order, the other tasks parse,
    // check and make canonical chunk k+1 (without `parallel`, chunk k is kept before chunk k+1 is read).
    struct Slot {
        json::CanonicalCopy canonical;  // the item's canonical form: the reader's copy, else written from the tree
        std::string minified;           // the item's compact text when the copy is not canonical
        KeptItem kept;
        bool ok = false;
    };
    // Chunks and tasks sized by the items' mean size (StreamSizes).
    const std::size_t mean_item = items.empty() ? 1 : std::max<std::size_t>(1, (array->value.end - array->value.begin) / items.size());
    const std::size_t chunk = std::max<std::size_t>(1, std::clamp(sizes.chunk_bytes / mean_item, sizes.min_chunk, sizes.max_chunk));
    const std::size_t per_task = std::clamp<std::size_t>(sizes.task_bytes / mean_item, 1, 64);
    auto tasks_for = [per_task](std::size_t slots) { return (slots + per_task - 1) / per_task; };
    auto item_text = [&](std::size_t i) { return text.substr(items[i].begin, items[i].end - items[i].begin); };
    auto prepare = [&](Slot& slot, std::size_t index) {
        auto clear_kept = [&slot] {
            slot.kept.id.clear();
            slot.kept.text.clear();
            slot.kept.whole = true;
        };
        clear_kept();
        const std::string_view item = item_text(index);
        if (read_plain) {
            slot.canonical.buffer.clear();
            if (read_plain(item, slot.canonical.buffer, slot.kept)) {
                slot.canonical.size = slot.canonical.buffer.size();
                slot.canonical.canonical = true;
                slot.ok = true;
                return;
            }
            clear_kept();  // whatever a declining reader left in it
        }
        // Each thread reads its items into one tree of its own (json::read_into): items are alike in shape.
        PLANLANG_THREAD_LOCAL json::Value tree;
        slot.ok = !json::read_into(tree, item, item_limits, &slot.canonical);
        if (!slot.ok) return;
        // A canonical copy is the item's text with the whitespace between tokens dropped: its compact text.
        std::string_view compact = slot.canonical.text();
        if (!slot.canonical.canonical) {
            slot.minified.resize(item.size());
            slot.minified.resize(minify_to(slot.minified.data(), item));
            compact = slot.minified;
        }
        slot.ok = check_item(tree, index, compact, slot.kept);
        if (slot.ok && !slot.canonical.canonical) slot.canonical.assign(json::canonical(tree));
    };
    auto prepare_group = [&](std::vector<Slot>& slots, std::size_t first_index, std::size_t group) {
        const std::size_t end = std::min(slots.size(), (group + 1) * per_task);
        for (std::size_t j = group * per_task; j < end; ++j) prepare(slots[j], first_index + j);
    };
    auto run = [&](std::size_t count, const std::function<void(std::size_t)>& task) {
        if (parallel) parallel(count, task);
        else
            for (std::size_t i = 0; i < count; ++i) task(i);
    };
    for (std::size_t k = 0; k < sorted.size(); ++k) {
        if (k) sha.update(",");
        sha.update("\"" + sorted[k]->key + "\":");
        if (sorted[k]->key != array_key) {
            sha.update(json::canonical(sorted[k]->value));
            continue;
        }
        sha.update("[");
        const std::size_t n = items.size();
        std::vector<Slot> ready(std::min(chunk, n)), next;
        run(tasks_for(ready.size()), [&](std::size_t g) { prepare_group(ready, 0, g); });
        for (std::size_t start = 0; start < n;) {
            const std::size_t count = ready.size(), after = start + count;
            next.resize(std::min(chunk, n - after));
            bool declined = false;
            run(1 + tasks_for(next.size()), [&](std::size_t i) {
                if (i > 0) return prepare_group(next, after, i - 1);
                for (std::size_t j = 0; j < count && !declined; ++j) {
                    if (!ready[j].ok) {
                        declined = true;
                        break;
                    }
                    if (start + j) sha.update(",");
                    sha.update(ready[j].canonical.text());
                    keep(ready[j].kept, start + j);
                }
            });
            if (declined) return std::nullopt;
            std::swap(ready, next);
            start = after;
        }
        sha.update("]");
    }
    sha.update("}");
    return StreamedDocument{std::move(top.value), items.size(), json::to_hex(sha.finish())};
}

}  // namespace planlang::run::internal
