// The batch file (traces-and-verifier.md §5) read for the verifier: the reference reader reads it whole,
// checks it against its schema and keeps its cases parsed, answered by id (ParsedCases). The accelerator
// may read a good batch in one streamed pass instead (fast/batch_stream.cpp); anything it does not expect
// comes here, which reports every problem as for any other file.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run/internal/case_store.hpp"
#include "core/run/internal/fast_paths.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run {

using json::Value;
using namespace internal;

namespace {

// The cases as read, in file order, and an index of them by id (offset: the case's position).
class ParsedCases final : public CaseStore {
public:
    ParsedCases(json::Array cases, std::vector<CaseEntry> index, std::vector<std::string> kept_members)
        : m_cases(std::move(cases)), m_index(std::move(index)), m_kept(std::move(kept_members)) {}

    std::optional<Value> find_case(const std::string& caso_id) const override {
        const CaseEntry* e = find_case_entry(m_index, caso_id);
        if (!e) return std::nullopt;
        if (m_kept.empty()) return m_cases[e->offset];
        Value picked;
        read_case_members(caso_id, std::vector<std::string_view>(m_kept.begin(), m_kept.end()), picked);
        return picked;
    }

    bool read_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys, Value& into) const override {
        const CaseEntry* e = find_case_entry(m_index, caso_id);
        if (!e) return false;
        json::Object picked;
        for (const json::Member& m : m_cases[e->offset].as_object())
            if (is_wanted(m_kept, keys, m.key)) picked.push_back(m);
        into = Value(std::move(picked));
        return true;
    }

    bool held_compact() const override { return false; }
    const std::vector<CaseEntry>& index() const override { return m_index; }

private:
    json::Array m_cases;
    std::vector<CaseEntry> m_index;  // sorted by id
    std::vector<std::string> m_kept;
};

}  // namespace

bool Batch::has_case(const std::string& caso_id) const { return find_case_entry(cases->index(), caso_id) != nullptr; }

std::optional<json::Value> Batch::find_case(const std::string& caso_id) const { return cases->find_case(caso_id); }

std::optional<json::Value> Batch::find_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys) const {
    Value picked;
    if (!read_case_members(caso_id, keys, picked)) return std::nullopt;
    return picked;
}

bool Batch::read_case_members(const std::string& caso_id, const std::vector<std::string_view>& keys, json::Value& into) const {
    return cases->read_case_members(caso_id, keys, into);
}

std::vector<std::string> Batch::case_ids() const {
    std::vector<std::string> ids;
    ids.reserve(cases->index().size());
    for (const CaseEntry& e : cases->index()) ids.push_back(e.id);
    return ids;
}

namespace internal {

// A batch lists its cases as planlang numbers them, "A-001" … "A-999", "A-1000" …, which byte order splits
// into a few ascending runs (one per id length): those are merged, each merge linear, where a sort of
// 10,000 ids spent ~2 ms of the one core that reads the batch's top level. More than eight runs are sorted.
void sort_case_index(std::vector<CaseEntry>& index) {
    auto by_id = [](const CaseEntry& x, const CaseEntry& y) { return x.id < y.id; };
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

const CaseEntry* find_case_entry(const std::vector<CaseEntry>& index, const std::string& caso_id) {
    auto it = std::lower_bound(index.begin(), index.end(), caso_id, [](const CaseEntry& e, const std::string& id) { return e.id < id; });
    return it == index.end() || it->id != caso_id ? nullptr : &*it;
}

bool has_repeated_id(const std::vector<CaseEntry>& index) {
    for (std::size_t i = 1; i < index.size(); ++i)
        if (index[i].id == index[i - 1].id) return true;
    return false;
}

bool is_kept(const std::vector<std::string>& kept_members, std::string_view key) {
    return kept_members.empty() || std::find(kept_members.begin(), kept_members.end(), key) != kept_members.end();
}

bool is_wanted(const std::vector<std::string>& kept_members, const std::vector<std::string_view>& keys, std::string_view key) {
    return is_kept(kept_members, key) && std::find(keys.begin(), keys.end(), key) != keys.end();
}

std::optional<Batch> load_batch(const FileSource& files, const std::string& path, std::vector<Motive>& out, Issues& schema_all,
                                const ParallelFor& parallel, const std::vector<std::string>& members, bool fast_paths,
                                const fast::Prescans* prescans) {
    std::optional<FileBytes> bytes = fast::prescanned_bytes(prescans, path);
    if (!bytes && files) bytes = files(path);
    if (bytes && fast_paths)
        if (std::optional<Batch> b = fast::read_batch(bytes->view(), path, out, parallel, members, prescans)) return b;
    return load_batch_whole(bytes, path, out, schema_all, members);
}

std::optional<Batch> load_batch_whole(const std::optional<FileBytes>& bytes, const std::string& path, std::vector<Motive>& out,
                                      Issues& schema_all, const std::vector<std::string>& members) {
    // The file's problems, reported as for any file.
    std::optional<Value> doc = parse_json(bytes, path, "casos", {"REFERENCIA_ROTA", "LOTE_INVALIDO"}, out);
    if (!doc) return std::nullopt;
    if (const Value* demo = doc->is_object() ? doc->find("demo_id") : nullptr; demo && demo->is_string() && !is_batch_demo(demo->as_string())) {
        out.push_back(motive("LOTE_INVALIDO", "casos", {"el lote es de una demo desconocida: «" + demo->as_string() + "»",
                                                        "the batch names an unknown demo: \"" + demo->as_string() + "\""}));
        return std::nullopt;
    }
    const Value* demo = doc->is_object() ? doc->find("demo_id") : nullptr;
    const bool adherencia = demo && demo->is_string() && demo->as_string() == kAdherenciaDemo;
    Issues issues = adherencia ? check_batch_adherencia(*doc) : check_batch(*doc);
    if (!issues.empty()) {
        schema_motive(issues, "casos", out, schema_all);
        return std::nullopt;
    }
    Batch b;
    b.huella = own_huella(*doc, "casos", out);
    b.archivo = path;
    b.n = static_cast<std::int64_t>(at(*doc, "n").as_number());
    json::Array cases = std::move(doc->find("casos")->as_array());
    *doc->find("casos") = json::Array{};
    std::vector<CaseEntry> index;
    index.reserve(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) index.push_back(CaseEntry{str(cases[i], "id"), i, 0, false});
    sort_case_index(index);
    b.cases = std::make_shared<ParsedCases>(std::move(cases), std::move(index), members);
    b.document = std::move(*doc);
    return b;
}

}  // namespace internal
}  // namespace planlang::run
