// Walks of a run's cases (walks.hpp).
#include "core/run/walks.hpp"

#include "core/run/one_trace.hpp"

namespace planlang::run {

CaseWalk case_walk(const Trace& trace) {
    CaseWalk w;
    const json::Value& id = json::member_or_null(trace.tree, "caso_id");
    if (id.is_string()) w.caso_id = id.as_string();
    const json::Value& resultado = json::member_or_null(trace.tree, "resultado");
    w.completo = resultado.is_string() && resultado.as_string() == "completo";
    w.nodos.reserve(trace.steps.size());
    w.disparo.assign(trace.steps.size(), -1);
    for (const Step& s : trace.steps) w.nodos.push_back(s.nodo);
    // Records by step: the first true one of each step (in trace order, which is by orden_arista, §3).
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const std::int64_t paso = trace.steps[i].orden;
        const std::string& nodo = trace.steps[i].nodo;
        std::int64_t first_true = -1;
        bool any = false;
        for (const rules::RecordedEdge& r : trace.records) {
            if (r.paso != paso || r.desde != nodo) continue;
            any = true;
            if (r.resultado && (first_true < 0 || r.orden_arista < first_true)) first_true = r.orden_arista;
        }
        if (any) w.disparo[i] = first_true > 0 ? first_true : 0;
    }
    return w;
}

void WalkSink::trace(const run::RunHeader& header, const Trace& trace) {
    if (header.role != m_role) return;
    m_walks.push_back(case_walk(trace));
}

std::vector<CaseWalk> read_walks(const FileSource& files, const RunHeader& header, std::vector<std::string>* unreadable) {
    std::vector<CaseWalk> walks;
    for (const std::string& id : header.casos_ejecutados) {
        const OneTrace one = read_one_trace(files, header, id);
        if (!one.ok) {
            if (unreadable) unreadable->push_back(id);
            continue;
        }
        walks.push_back(case_walk(Trace{one.tree, one.steps, one.records, one.pauses}));
    }
    return walks;
}

}  // namespace planlang::run
