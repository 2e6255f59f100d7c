#pragma once
// What the reader's stages share: motive construction, file loading, and the per-run state whose motive
// buckets are concatenated in §7's order at the end (traces-and-verifier.md §7).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/reader.hpp"
#include "core/json/value.hpp"
#include "core/run/internal/fast_paths.hpp"
#include "core/run/reader.hpp"

namespace planlang::run::internal {

Motive motive(const char* codigo, std::string archivo, Bilingual detalle);

// How a file that cannot be used is reported.
struct FileCodes {
    const char* missing;     // the file does not exist or cannot be read
    const char* not_json;    // the bytes are not JSON (detail: path and line:column)
};

// Reads and parses `path`; on failure appends one motive to `out` (archivo = `archivo`) and returns nullopt.
// With `copy`, the reader also copies the text's canonical form (json::CanonicalCopy).
std::optional<json::Value> load_json(const FileSource& files, const std::string& path, const std::string& archivo, FileCodes codes,
                                     std::vector<Motive>& out, json::CanonicalCopy* copy = nullptr);
// The same with the bytes already read (nullopt: `path` could not be read).
std::optional<json::Value> parse_json(const std::optional<FileBytes>& bytes, const std::string& path, const std::string& archivo,
                                      FileCodes codes, std::vector<Motive>& out, json::CanonicalCopy* copy = nullptr);
// The same into a value kept from the previous file, reusing what it holds (json::read_into, with the
// `scanner` given); false when it failed (one motive appended; `value` is then unspecified).
bool parse_json_into(json::Value& value, const std::optional<FileBytes>& bytes, const std::string& path, const std::string& archivo,
                     FileCodes codes, std::vector<Motive>& out, json::CanonicalCopy* copy = nullptr,
                     json::MemberScanner* scanner = nullptr);

// The first schema issue as the file's ESQUEMA motive; all of them into `all` (prefixed with `archivo`).
void schema_motive(Issues& issues, const std::string& archivo, std::vector<Motive>& out, Issues& all);

// The file's own fingerprint: a HUELLA_NO_COINCIDE motive when the declared huella ≠ the computed one.
// Returns the declared huella (or the computed one when none is declared).
std::string own_huella(const json::Value& doc, const std::string& archivo, std::vector<Motive>& out);
// The same, hashing the copy the reader made (skip_key "huella") when it is the canonical form.
std::string own_huella(const json::Value& doc, const json::CanonicalCopy& copy, const std::string& archivo, std::vector<Motive>& out);
// The same check with the huella computed elsewhere (declared: the file's top-level huella, if any).
std::string checked_huella(const std::optional<std::string>& declared, const std::string& computed, const std::string& archivo,
                           std::vector<Motive>& out);

// The batch file (§5): LOTE_INVALIDO for an unknown demo, ESQUEMA, its own huella (batch.cpp).
// `fast_paths` (Request::fast_paths): the accelerator may read it first (fast::read_batch, with `parallel`
// and the bytes and walk in `prescans`), else it is read whole. `members`: Request::batch_case_members.
std::optional<Batch> load_batch(const FileSource& files, const std::string& path, std::vector<Motive>& out, Issues& schema_all,
                                const ParallelFor& parallel = {}, const std::vector<std::string>& members = {}, bool fast_paths = true,
                                const fast::Prescans* prescans = nullptr);
// The reference reader's batch: the file read whole (what load_batch does when the accelerator declines;
// the batch fuzz target compares the two). `bytes`: the file's, or nullopt when it cannot be read.
std::optional<Batch> load_batch_whole(const std::optional<FileBytes>& bytes, const std::string& path, std::vector<Motive>& out,
                                      Issues& schema_all, const std::vector<std::string>& members = {});

// Files a manifest references: missing → REFERENCIA_ROTA, not JSON → ESQUEMA.
inline constexpr FileCodes kReferenced{"REFERENCIA_ROTA", "ESQUEMA"};

// "a, b, c" of the first ten ids, then ", …" (the motives' lists).
template <class Ids>
std::string list_text(const Ids& ids) {
    std::string out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i == 10) return out + ", …";
        if (i) out += ", ";
        out += ids[i];
    }
    return out;
}
// Views into strings that outlive the result: a run's ids are sorted once, not copied (10,000 of them
// per run of the bench, on the one core that reads the manifest while the other waits).
std::vector<std::string_view> sorted_unique(std::vector<std::string_view> v);
std::vector<std::string_view> views(const std::vector<std::string>& v);
// The strings of an array known to hold only strings (the schema passed).
std::vector<std::string> strings(const json::Value& list);

// A string member known to exist because the schema passed.
const std::string& str(const json::Value& object, const char* key);
const json::Value& at(const json::Value& object, const char* key);

struct RunState {
    Role role = Role::principal;
    std::string dir;
    bool manifest_ok = false;  // parsed and fits its schema
    bool graph_ok = false;     // likewise
    bool header_ok = false;    // manifest, graph and ramas all read and fit their schemas
    RunHeader header;
    std::string ramas_huella;  // declared huella of the ramas file
    // Motive buckets, emitted in this order.
    std::vector<Motive> files, references, traces, errors;
    bool every_trace_read = true;  // every executed case has a trace that fits its schema
    bool declared_are_executed = false;  // the manifest's traces name exactly casos_ejecutados (check_references)
};

// Stage 1: corrida.json, grafo.json, ramas-esperadas.json (files): read_manifest_and_graph, then read_ramas
// (which needs the manifest: it names the ramas file). `fast_paths`: the accelerator may stream the ramas
// file (fast::read_ramas, with the bytes and walk in `prescans`).
void read_header(const FileSource& files, RunState& run, Issues& schema_all, const ParallelFor& parallel = {}, bool fast_paths = true);
void read_manifest_and_graph(const FileSource& files, RunState& run, Issues& schema_all);
void read_ramas(const FileSource& files, RunState& run, Issues& schema_all, const ParallelFor& parallel, bool fast_paths,
                const fast::Prescans* prescans = nullptr);
// Stage 2: the run's internal references (§7 REFERENCIA_ROTA, first part).
void check_references(RunState& run);
// Stage 3: each declared trace in manifest order, streamed to `sink` (may be null) when it passes its
// checks; then casos_con_error. With `parallel`, traces are prepared `ahead` at a time on its tasks
// (Request::parallel); the result is the same. `fast_paths`: the accelerator may type a trace's arrays
// from its text (fast::trace_arrays_scanner).
void read_traces(const FileSource& files, RunState& run, TraceSink* sink, Issues& schema_all, const ParallelFor& parallel,
                 std::size_t ahead, bool fast_paths = true);

// The accepted identities the per-run cross checks compare with.
struct Accepted {
    std::string plan_id, plan_version, plan_huella;  // the plan, or an accepted planDeLaCorrida
    const Batch* batch = nullptr;
    std::optional<std::string> world_huella;         // when the world was read
};

// Stage 4, per run: plan, batch and world references, variants, repetitions (§7).
void cross_check_runs(const std::vector<RunState>& runs, const Accepted& accepted, std::vector<Motive>& out);

}  // namespace planlang::run::internal
