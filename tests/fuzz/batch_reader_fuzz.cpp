// libFuzzer target: the batch file as the reader loads it (core/run/batch.cpp, fast/batch_stream.cpp) — the streamed pass (span
// scanner, cases parsed a chunk at a time on tasks, compact copies, the huella hashed item by item), and the
// whole-document path it falls back to. The input is the batch's bytes. Property, not just "no crash": for
// any input the streamed load answers exactly as the file read whole — the same motives (code, file, both
// details), the same schema issues, and for an accepted batch the same huella, n, top-level members, case
// ids and cases, member by member, with every member kept and with the verifier's five. The streamed pass
// may only decline, never differ. An input that parses as an object is also tried with its top-level huella
// replaced by the one it should have (in place, the rest of the bytes as they are), so that the accepted
// path is reached from mutated files too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/internal/state.hpp"
#include "core/run/reader.hpp"

using namespace planlang;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

const std::string kPath = "synthetic/casos/demo-a/lote.json";

const std::vector<std::vector<std::string>> kKeptSets = {
    {}, {"tipo", "subtipo", "adversario_detalle", "verdad_conocida", "identificadores_sinteticos"}};

// Tasks run backwards, one at a time: the chunk pipeline's order must not matter.
void backwards(std::size_t n, const std::function<void(std::size_t)>& task) {
    for (std::size_t i = n; i-- > 0;) task(i);
}

void same_motives(const std::vector<run::Motive>& a, const std::vector<run::Motive>& b) {
    require(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        require(a[i].codigo == b[i].codigo && a[i].archivo == b[i].archivo && a[i].detalle.es == b[i].detalle.es &&
                a[i].detalle.en == b[i].detalle.en);
}

void same_issues(const Issues& a, const Issues& b) {
    require(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        require(a[i].code == b[i].code && a[i].element == b[i].element && a[i].message.es == b[i].message.es &&
                a[i].message.en == b[i].message.en);
}

std::vector<std::string> sorted_ids(const run::Batch& b) {
    std::vector<std::string> ids;
    for (const std::string& id : b.case_ids()) ids.push_back(id);
    return ids;  // the index is sorted by id in both forms
}

void check(const std::string& text) {
    const run::FileSource source = [&text](const std::string& path) -> std::optional<run::FileBytes> {
        if (path != kPath) return std::nullopt;
        return run::FileBytes(std::string_view(text), nullptr);
    };
    for (const std::vector<std::string>& kept : kKeptSets) {
        for (const bool tasks : {false, true}) {
            std::vector<run::Motive> streamed_out, whole_out;
            Issues streamed_all, whole_all;
            const std::optional<run::Batch> streamed =
                run::internal::load_batch(source, kPath, streamed_out, streamed_all, tasks ? run::ParallelFor(backwards) : run::ParallelFor(), kept);
            const std::optional<run::Batch> whole = run::internal::load_batch_whole(source(kPath), kPath, whole_out, whole_all, kept);
            same_motives(streamed_out, whole_out);
            same_issues(streamed_all, whole_all);
            require(streamed.has_value() == whole.has_value());
            if (!streamed) continue;
            require(streamed->huella == whole->huella && streamed->n == whole->n && streamed->archivo == whole->archivo);
            for (const json::Member& m : whole->document.as_object()) {
                if (m.key == "casos") continue;
                const json::Value* same = streamed->document.find(m.key);
                require(same && *same == m.value);
            }
            const std::vector<std::string> ids = sorted_ids(*whole);
            require(sorted_ids(*streamed) == ids);
            for (const std::string& id : ids) {
                const std::optional<json::Value> a = streamed->find_case(id), b = whole->find_case(id);
                require(a && b && *a == *b);
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    check(text);
    // Re-sealed in place: the declared huella's 64 digits replaced by the document's own, when they appear once.
    const json::ReadResult r = json::read(text);
    if (!r.ok() || !r.value.is_object()) return 0;
    const json::Value* declared = r.value.find("huella");
    if (!declared || !declared->is_string() || declared->as_string().size() != 64) return 0;
    const std::string& old = declared->as_string();
    const std::size_t at = text.find(old);
    if (at == std::string::npos || text.find(old, at + 1) != std::string::npos) return 0;
    std::string sealed = text;
    sealed.replace(at, old.size(), json::huella(r.value));
    check(sealed);
    return 0;
}
