// The accelerator's batch (internal/fast_paths.hpp, read_batch). A batch grows with the cases it holds (3 KB
// each in disk form), so it is read in one streamed pass: its top-level members are parsed, and its cases
// one at a time — each checked (a case in the plain shape planlang writes without a tree,
// fast/plain_case.hpp), hashed into the batch's huella and kept as compact text (CompactCases). Whatever the
// pass does not expect — a parse error, a schema issue, a repeated id, an unknown demo, an unusual key —
// declines, and the reference reader reads the file whole and reports every problem.
#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/thread_local.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/json_spans.hpp"
#include "core/run/fast/plain_case.hpp"
#include "core/run/fast/prescans.hpp"
#include "core/run/fast/streamed_document.hpp"
#include "core/run/internal/case_store.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run::internal::fast {

using json::Value;

namespace {

// The object of the members of compact object text `text` that `wanted(key)` accepts, in `text`'s order,
// into `picked`; false when the span scanner declines `text` (a key with an escape).
template <class Wanted>
bool pick_members(std::string_view text, const Wanted& wanted, std::string& picked) {
    const std::optional<std::vector<MemberSpan>> members = object_members(text);
    if (!members) return false;
    picked.assign(1, '{');
    for (const MemberSpan& m : *members) {
        if (!wanted(m.key)) continue;
        if (picked.size() > 1) picked += ',';
        picked.append(1, '"').append(m.key).append("\":").append(text.substr(m.value.begin, m.value.end - m.value.begin));
    }
    picked += '}';
    return true;
}

// The cases as compact text (no insignificant whitespace) back to back, parsed again when asked for: a
// batch of 100,000 cases costs about its own bytes in memory, not a parsed tree several times larger. Each
// entry's offset and length are into the text; kept_only: the text holds only the kept members.
class CompactCases final : public CaseStore {
public:
    // Sized for the whole file, filled to `text`'s size: pages past that are never touched, so they cost no
    // memory, and the cases are not copied again to fit.
    std::shared_ptr<char[]> storage;
    std::string_view text;
    std::vector<CaseEntry> entries;  // sorted by id
    std::vector<std::string> kept;

    std::optional<Value> find_case(const std::string& caso_id) const override {
        const CaseEntry* e = find_case_entry(entries, caso_id);
        if (!e) return std::nullopt;
        // Parsed once already, when the batch was read: it parses again.
        if (kept.empty()) return json::read(text.substr(e->offset, e->length)).value;
        Value picked;
        read_case_members(caso_id, std::vector<std::string_view>(kept.begin(), kept.end()), picked);
        return picked;
    }

    bool read_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys, Value& into) const override {
        const CaseEntry* e = find_case_entry(entries, caso_id);
        if (!e) return false;
        const std::string_view one = text.substr(e->offset, e->length);
        // Asked for exactly the kept members: the stored object is the answer.
        if (e->kept_only && keys.size() == kept.size() &&
            std::all_of(kept.begin(), kept.end(), [&](const std::string& k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); }))
            if (!json::read_into(into, one)) return true;
        // The case was read whole and checked when the batch was loaded: its members' spans are well formed,
        // and the wanted ones copied side by side into an object of their own read as the whole case holds
        // them. A key with an escape (declined by the scanner) takes the whole case.
        auto wanted = [&](std::string_view key) { return is_wanted(kept, keys, key); };
        PLANLANG_THREAD_LOCAL std::string picked_text;
        if (pick_members(one, wanted, picked_text) && !json::read_into(into, picked_text)) return true;
        json::ReadResult whole = json::read(one);
        json::Object picked;
        for (json::Member& m : whole.value.as_object())
            if (wanted(m.key)) picked.push_back(std::move(m));
        into = Value(std::move(picked));
        return true;
    }

    bool held_compact() const override { return true; }
    const std::vector<CaseEntry>& index() const override { return entries; }
};

}  // namespace

// The file's bytes are only read; the compact cases go to a buffer of the file's size that is never
// zero-filled, so only the pages they fill are ever touched.
std::optional<Batch> read_batch(std::string_view bytes, const std::string& path, std::vector<Motive>& out, const ParallelFor& parallel,
                                const std::vector<std::string>& members, const Prescans* prescans) {
    auto store = std::make_shared<CompactCases>();
    store->kept = members;
    store->storage = std::shared_ptr<char[]>(new char[bytes.size() + 1]);  // default-initialised: not zeroed
    std::size_t written = 0;  // compact bytes at the front of storage
    auto check_top = [&](const Value& top, std::size_t cases) {
        const Value* demo = top.find("demo_id");
        if (demo && demo->is_string() && demo->as_string() != kBatchDemo) return false;  // LOTE_INVALIDO, reported whole
        if (!check_batch(top, cases).empty()) return false;
        store->entries.reserve(cases);
        return true;
    };
    // Only the members asked for are kept (picked on the task that parsed the case): less to copy in order,
    // fewer fresh pages, and a case read later is read as it is stored.
    auto check_case = [&members](const Value& one, std::size_t i, std::string_view compact, KeptItem& kept) {
        if (!check_batch_case(one, i).empty()) return false;
        kept.id = one.find("id")->as_string();
        auto named = [&members](std::string_view key) { return std::find(members.begin(), members.end(), key) != members.end(); };
        kept.whole = members.empty() || !pick_members(compact, named, kept.text);
        if (kept.whole) kept.text.assign(compact);
        return true;
    };
    auto keep = [&](KeptItem& kept, std::size_t) {
        std::memcpy(store->storage.get() + written, kept.text.data(), kept.text.size());  // never more than the case's own bytes
        store->entries.push_back(CaseEntry{std::move(kept.id), written, kept.text.size(), !kept.whole});
        written += kept.text.size();
    };
    auto plain = [&members](std::string_view item, std::string& canonical, KeptItem& kept) {
        return read_plain_case(item, members, canonical, kept);
    };
    const DocumentSpans* spans = prescans ? prescans->spans_for(bytes, "casos") : nullptr;
    std::optional<StreamedDocument> doc = stream_document(bytes, "casos", check_top, check_case, keep, parallel, StreamSizes{}, plain, spans);
    if (!doc) return std::nullopt;
    sort_case_index(store->entries);
    if (has_repeated_id(store->entries)) return std::nullopt;  // ESQUEMA, reported whole

    Batch b;
    b.huella = checked_huella(json::declared_huella(doc->top), doc->huella_calculada, "casos", out);
    b.archivo = path;
    b.n = static_cast<std::int64_t>(at(doc->top, "n").as_number());
    b.document = std::move(doc->top);
    store->text = std::string_view(store->storage.get(), written);
    b.cases = std::move(store);
    return b;
}

}  // namespace planlang::run::internal::fast
