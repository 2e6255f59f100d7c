#pragma once
// One declared trace of an accepted run read again on its own, with the checks the all-or-nothing reader
// makes on each trace (spec/traces-and-verifier.md §3, §7): it parses, fits its schema, its own huella is
// the computed one and the one its manifest entry declares, `caso_id` / `corrida_id` / `variante` /
// `resultado` are its entry's and its run's, and it is not TRAZA_MALFORMADA. For pages built on demand
// (core/site/case_page.hpp): a file changed or broken since the run was verified gives motives, never a
// crash. The motives are the ones read() would give for that file, in the same order.
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/rules/recorded_edges.hpp"
#include "core/run/reader.hpp"

namespace planlang::run {

struct OneTrace {
    bool ok = false;         // read, and no motive
    bool declarada = false;  // the manifest declares a trace for the case (else nothing was read)
    std::string archivo;     // "<run dir>/<entry archivo>" (empty when not declared)
    std::vector<Motive> motivos;
    Issues esquema_completo;  // every schema issue when the trace fails its schema (ReadResult::esquema_completo)
    // The trace as read, whole (`pasos`, `decisiones_de_arista`, `pausas_humanas` included), and its typed
    // arrays: set whenever it parsed and fit its schema, even with a later motive (huella, reference).
    json::Value tree;
    std::vector<Step> steps;
    std::vector<rules::RecordedEdge> records;
    std::vector<PauseRecord> pauses;
};

// The trace `header.manifest.trazas` declares for `caso_id`, read through `files`. `header` is a run the
// reader accepted (its manifest's shape was checked). No accelerator: the reference reader's path.
OneTrace read_one_trace(const FileSource& files, const RunHeader& header, std::string_view caso_id);

}  // namespace planlang::run
