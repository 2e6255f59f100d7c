// The batch file (traces-and-verifier.md §5) read for the verifier. A batch grows with the cases it holds
// (3 KB each in disk form), so it is read in one streamed pass: its top-level members are parsed, and its
// cases one at a time — each parsed, schema-checked, hashed into the batch's huella and kept as compact text;
// a case in the plain shape planlang writes is checked as it is read, without a tree (internal/plain_case.hpp).
// Whatever that pass does not expect — a parse error, a schema issue, a repeated id, an unknown demo, an
// unusual key — sends the file to the whole-document path, which reports every problem exactly as for any
// other file; so the streamed pass only ever has to recognise a good batch, never to explain a bad one.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/thread_local.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/internal/json_spans.hpp"
#include "core/run/internal/plain_case.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/streamed_document.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run {

using json::Value;
using namespace internal;

namespace {

const Batch::Entry* entry_of(const Batch& b, const std::string& caso_id) {
    auto it = std::lower_bound(b.index.begin(), b.index.end(), caso_id, [](const Batch::Entry& e, const std::string& id) { return e.id < id; });
    return it == b.index.end() || it->id != caso_id ? nullptr : &*it;
}

// The index in id order (bytes). A batch lists its cases as planlang numbers them, "A-001" … "A-999",
// "A-1000" …, which byte order splits into a few ascending runs (one per id length): those are merged, each
// merge linear, where a sort of 10,000 ids spent ~2 ms of the one core that reads the batch's top level.
// An index of more than eight runs is sorted.
void sort_index(std::vector<Batch::Entry>& index) {
    auto by_id = [](const Batch::Entry& x, const Batch::Entry& y) { return x.id < y.id; };
    constexpr std::size_t kMaxRuns = 8;
    std::vector<std::size_t> run_starts;
    for (std::size_t i = 1; i < index.size(); ++i) {
        if (!by_id(index[i], index[i - 1])) continue;
        if (run_starts.size() == kMaxRuns) {
            std::sort(index.begin(), index.end(), by_id);
            return;
        }
        run_starts.push_back(i);
    }
    for (std::size_t k = 0; k < run_starts.size(); ++k) {
        const auto end = k + 1 < run_starts.size() ? index.begin() + static_cast<std::ptrdiff_t>(run_starts[k + 1]) : index.end();
        std::inplace_merge(index.begin(), index.begin() + static_cast<std::ptrdiff_t>(run_starts[k]), end, by_id);
    }
}

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

// The streamed pass; nullopt declines (nothing is reported then: the whole-document path will). The file's
// bytes are only read; the compact cases go to a buffer of the file's size that is never zero-filled, so only
// the pages they fill are ever touched.
std::optional<Batch> stream_batch(std::string_view bytes, const std::string& path, std::vector<Motive>& out, const ParallelFor& parallel,
                                  const std::vector<std::string>& members, const DocumentSpans* spans) {
    Batch b;
    b.compact = true;
    b.kept_members = members;
    b.compact_storage = std::shared_ptr<char[]>(new char[bytes.size() + 1]);  // default-initialised: not zeroed
    std::size_t written = 0;  // compact bytes at the front of compact_storage
    auto check_top = [&](const Value& top, std::size_t cases) {
        const Value* demo = top.find("demo_id");
        if (demo && demo->is_string() && demo->as_string() != "demo-a") return false;  // LOTE_INVALIDO, reported whole
        if (!check_batch(top, cases).empty()) return false;
        b.index.reserve(cases);
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
        std::memcpy(b.compact_storage.get() + written, kept.text.data(), kept.text.size());  // never more than the case's own bytes
        b.index.push_back(Batch::Entry{std::move(kept.id), written, kept.text.size(), !kept.whole});
        written += kept.text.size();
    };
    // A case of the plain shape planlang writes is read without its tree (internal/plain_case.hpp).
    auto plain = [&members](std::string_view item, std::string& canonical, KeptItem& kept) {
        return read_plain_case(item, members, canonical, kept);
    };
    std::optional<StreamedDocument> doc = stream_document(bytes, "casos", check_top, check_case, keep, parallel, StreamSizes{}, plain, spans);
    if (!doc) return std::nullopt;
    sort_index(b.index);
    for (std::size_t i = 1; i < b.index.size(); ++i)
        if (b.index[i].id == b.index[i - 1].id) return std::nullopt;  // a repeated id: ESQUEMA, reported whole

    b.huella = checked_huella(json::declared_huella(doc->top), doc->huella_calculada, "casos", out);
    b.archivo = path;
    b.n = static_cast<std::int64_t>(at(doc->top, "n").as_number());
    b.document = std::move(doc->top);
    b.compact_cases = std::string_view(b.compact_storage.get(), written);
    return b;
}

}  // namespace

bool Batch::has_case(const std::string& caso_id) const { return entry_of(*this, caso_id) != nullptr; }

std::optional<json::Value> Batch::find_case(const std::string& caso_id) const {
    const Entry* e = entry_of(*this, caso_id);
    if (!e) return std::nullopt;
    if (kept_members.empty()) {
        if (!compact) return document.find("casos")->as_array()[e->offset];
        // Parsed once already, when the batch was read: it parses again.
        return json::read(compact_cases.substr(e->offset, e->length)).value;
    }
    std::vector<std::string_view> keys(kept_members.begin(), kept_members.end());
    return find_case_members(caso_id, keys);
}

std::optional<json::Value> Batch::find_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys) const {
    Value picked;
    if (!read_case_members(caso_id, keys, picked)) return std::nullopt;
    return picked;
}

bool Batch::read_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys, json::Value& into) const {
    auto kept = [&](std::string_view key) { return kept_members.empty() || std::find(kept_members.begin(), kept_members.end(), key) != kept_members.end(); };
    auto wanted = [&](std::string_view key) { return kept(key) && std::find(keys.begin(), keys.end(), key) != keys.end(); };
    const Entry* e = entry_of(*this, caso_id);
    if (!e) return false;
    // Asked for exactly the kept members: the stored object is the answer.
    if (compact && e->kept_only && keys.size() == kept_members.size() &&
        std::all_of(kept_members.begin(), kept_members.end(), [&](const std::string& k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); }))
        if (!json::read_into(into, compact_cases.substr(e->offset, e->length))) return true;
    if (!compact) {
        json::Object picked;
        for (const json::Member& m : document.find("casos")->as_array()[e->offset].as_object())
            if (wanted(m.key)) picked.push_back(m);
        into = Value(std::move(picked));
        return true;
    }
    const std::string_view text = compact_cases.substr(e->offset, e->length);
    // The case was read whole and checked when the batch was loaded: its members' spans are well formed,
    // and the wanted ones copied side by side into an object of their own read as the whole case holds
    // them. A key with an escape (declined by the scanner) takes the whole case.
    PLANLANG_THREAD_LOCAL std::string picked_text;
    if (pick_members(text, wanted, picked_text) && !json::read_into(into, picked_text)) return true;
    json::ReadResult whole = json::read(text);
    json::Object picked;
    for (json::Member& m : whole.value.as_object())
        if (wanted(m.key)) picked.push_back(std::move(m));
    into = Value(std::move(picked));
    return true;
}

namespace internal {

std::optional<Batch> load_batch(const FileSource& files, const std::string& path, std::vector<Motive>& out, Issues& schema_all,
                                const ParallelFor& parallel, const std::vector<std::string>& members, const Prescans* prescans) {
    const std::optional<FileBytes> bytes = files ? files(path) : std::nullopt;
    if (bytes) {
        const DocumentSpans* spans = prescans ? prescans->spans_for(bytes->view(), "casos") : nullptr;
        if (std::optional<Batch> b = stream_batch(bytes->view(), path, out, parallel, members, spans)) return b;
    }
    return load_batch_whole(bytes, path, out, schema_all, members);
}

std::optional<Batch> load_batch_whole(const std::optional<FileBytes>& bytes, const std::string& path, std::vector<Motive>& out,
                                      Issues& schema_all, const std::vector<std::string>& members) {
    // The file's problems, reported as for any file.
    std::optional<Value> doc = parse_json(bytes, path, "casos", {"REFERENCIA_ROTA", "LOTE_INVALIDO"}, out);
    if (!doc) return std::nullopt;
    if (const Value* demo = doc->is_object() ? doc->find("demo_id") : nullptr; demo && demo->is_string() && demo->as_string() != "demo-a") {
        out.push_back(motive("LOTE_INVALIDO", "casos", {"el lote es de una demo desconocida: «" + demo->as_string() + "»",
                                                        "the batch names an unknown demo: \"" + demo->as_string() + "\""}));
        return std::nullopt;
    }
    Issues issues = check_batch(*doc);
    if (!issues.empty()) {
        schema_motive(issues, "casos", out, schema_all);
        return std::nullopt;
    }
    Batch b;
    b.kept_members = members;
    b.huella = own_huella(*doc, "casos", out);
    b.archivo = path;
    b.n = static_cast<std::int64_t>(at(*doc, "n").as_number());
    const json::Array& cases = at(*doc, "casos").as_array();
    b.index.reserve(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) b.index.push_back(Batch::Entry{str(cases[i], "id"), i, 0});
    sort_index(b.index);
    b.document = std::move(*doc);
    return b;
}

}  // namespace internal
}  // namespace planlang::run
