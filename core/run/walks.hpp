#pragma once
// The walks of a run's cases: each accepted trace's steps in order and, per step, the edge that fired — what the
// views draw paths from (core/views/paths.hpp), so no stage above run reads a trace for them. Which arrow a step
// took is the views' reading of these (paths.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/reader.hpp"

namespace planlang::run {

// One case's walk through the graph: its steps' nodes in order.
struct CaseWalk {
    std::string caso_id;
    bool completo = true;            // the trace's `resultado`
    std::vector<std::string> nodos;  // pasos[].nodo, in step order (= nodos_visitados)
    // Per step: the `orden_arista` of the first true edge record at that step, 0 when the step has records
    // and none is true (the default branch), -1 when it has none.
    std::vector<std::int64_t> disparo;
};

// The walk of one trace the reader accepted.
CaseWalk case_walk(const Trace& trace);

// Collects the walks of the run with role `role` (the main run by default; run::Role::base for a baseline
// read beside its main run), in its manifest order (casos_ejecutados), while run::read streams it; the other
// runs are skipped. Discard them unless the read was ok.
class WalkSink : public TraceSink {
public:
    explicit WalkSink(Role role = Role::principal) : m_role(role) {}
    void begin(const Inputs&) override {}
    void run(const RunHeader&) override {}
    void trace(const RunHeader& header, const Trace& trace) override;
    std::vector<CaseWalk>& walks() { return m_walks; }

private:
    Role m_role;
    std::vector<CaseWalk> m_walks;
};

// Every executed case's walk of an accepted run, in manifest order, each trace read on its own
// (read_one_trace: the reference reader's checks); the ids whose trace does not read go to `unreadable`.
std::vector<CaseWalk> read_walks(const FileSource& files, const RunHeader& header, std::vector<std::string>* unreadable = nullptr);

}  // namespace planlang::run
