// Per-trace parts of the graph contract (traces-and-verifier.md §11.3), RF-09.2 (§11.5) and the playground
// observations of the report (§14, playground.md §8), computed while the trace is in memory.
#include <algorithm>
#include <set>

#include "core/common/thread_local.hpp"
#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/json/unicode.hpp"
#include "core/verify/internal/measure.hpp"

namespace planlang::verify::internal {

using json::Value;

namespace {

const std::string& as_str(const Value& v) {
    static const std::string kEmpty;
    return v.is_string() ? v.as_string() : kEmpty;
}
// The branch a record names ("" when its rama_tomada is null).
const std::string& rama_of(const rules::RecordedEdge& r) {
    static const std::string kEmpty;
    return r.has_rama ? r.rama_tomada : kEmpty;
}

Finding finding(const std::string& codigo, const std::string& corrida, const std::string& caso, std::string es, std::string en) {
    return Finding{codigo, codigo != "NODO_NO_EJERCITADO", corrida, caso, {std::move(es), std::move(en)}};
}

// canonical() of a string value, appended: printable ASCII without a quote or a backslash is itself
// between quotes; anything else (escapes, NFC) is canonical()'s to write.
void append_canonical_string(std::string& out, const std::string& text) {
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (b < 0x20 || b >= 0x7F || c == '"' || c == '\\') {
            out += json::canonical(Value(text));
            return;
        }
    }
    out.append(1, '"').append(text).append(1, '"');
}

std::string step_text(std::int64_t paso) { return json::format_number(static_cast<double>(paso)); }

}  // namespace

void Measurer::measure_contract(const RunState& s, const run::Trace& read, const rules::RecordedVisits& visits, TraceDelta& d) const {
    const Value& trace = read.tree;
    const std::vector<run::Step>& steps = read.steps;
    const std::string& corrida = s.header->corrida_id;
    const std::string& caso_id = d.caso_id;
    const Value& senales = member(trace, "senales");
    const bool is_error = as_str(member(trace, "resultado")) == "error";
    const std::vector<std::string>& required = plan->contrato_de_grafo.senales_obligatorias_en_traza;
    for (std::size_t i = 0; i < required.size(); ++i) {
        const std::string& name = required[i];
        if (senales.is_object() && senales.find(name)) {
            d.senales_presentes.push_back(static_cast<std::uint32_t>(i));
        } else {
            d.hallazgos.push_back(finding("SENAL_FALTANTE", corrida, caso_id, "falta la señal obligatoria `" + name + "`",
                                          "the required signal `" + name + "` is missing"));
        }
    }
    std::vector<std::string> undeclared;
    {
        const std::vector<plan::Node>& expected = plan->contrato_de_grafo.nodos_esperados;
        d.nodos.reserve(steps.size());
        for (const run::Step& p : steps) {
            const std::string& nodo = p.nodo;
            const auto first = std::find_if(expected.begin(), expected.end(), [&](const plan::Node& n) { return n.id == nodo; });
            if (first != expected.end()) d.nodos.push_back(static_cast<std::uint32_t>(first - expected.begin()));
            const bool declared = std::any_of(s.header->grafo.nodos.begin(), s.header->grafo.nodos.end(),
                                              [&](const plan::Node& n) { return n.id == nodo; });
            if (!declared && std::find(undeclared.begin(), undeclared.end(), nodo) == undeclared.end()) {
                undeclared.push_back(nodo);
                d.hallazgos.push_back(finding("NODO_NO_DECLARADO", corrida, caso_id, "el nodo `" + nodo + "` no está en el grafo",
                                              "node `" + nodo + "` is not in the graph"));
            }
        }
    }
    // Branches followed: the recorded branch of each visit is the next step's node.
    for (const rules::RecordedVisits::Visit& v : visits.visits) {
        const std::string& rama = rama_of(*v.records.front());
        const run::Step* next = nullptr;  // the last step numbered paso + 1
        for (const run::Step& p : steps)
            if (p.orden == v.paso + 1) next = &p;
        if (!next && is_error) continue;
        if (!next || next->nodo != rama)
            d.hallazgos.push_back(finding("RAMA_NO_SEGUIDA", corrida, caso_id,
                                          "en el paso " + step_text(v.paso) + ", `" + *v.desde + "` registró la rama `" + rama +
                                              "` y el paso siguiente es " + (next ? "`" + next->nodo + "`" : std::string("ninguno")),
                                          "at step " + step_text(v.paso) + ", `" + *v.desde + "` recorded branch `" + rama +
                                              "` and the next step is " + (next ? "`" + next->nodo + "`" : std::string("none"))));
    }
    // Pauses: every visit of a pause node has its record, with the plan's role and the minimum payload.
    const std::vector<run::PauseRecord>& pausas = read.pauses;
    for (std::size_t pi = 0; pi < plan->contrato_de_grafo.pausas_humanas.size(); ++pi) {
        const plan::Pause& pause = plan->contrato_de_grafo.pausas_humanas[pi];
        bool ran = false;
        {
            for (const run::Step& p : steps) {
                if (p.nodo != pause.nodo) continue;
                ran = true;
                const std::int64_t paso = p.orden;
                const run::PauseRecord* record = nullptr;  // the last one of this step and node
                for (const run::PauseRecord& r : pausas)
                    if (r.paso == paso && r.nodo == pause.nodo) record = &r;
                if (!record) {
                    d.hallazgos.push_back(finding("PAUSA_SIN_REGISTRO", corrida, caso_id,
                                                  "la pausa del paso " + step_text(paso) + " no tiene registro",
                                                  "the pause at step " + step_text(paso) + " has no record"));
                    continue;
                }
                if (record->rol != pause.rol)
                    d.hallazgos.push_back(finding("ROL_DISTINTO", corrida, caso_id,
                                                  "la pausa del paso " + step_text(paso) + " la atendió `" + record->rol +
                                                      "` y el plan pide `" + pause.rol + "`",
                                                  "the pause at step " + step_text(paso) + " was handled by `" + record->rol +
                                                      "` and the plan asks for `" + pause.rol + "`"));
                std::vector<std::string> missing;
                const std::vector<std::string>& keys = record->payload_keys;
                for (const std::string& key : pause.payload_minimo)
                    if (std::find(keys.begin(), keys.end(), key) == keys.end()) missing.push_back(key);
                if (!missing.empty()) {
                    std::string list;
                    for (const std::string& k : missing) list += (list.empty() ? "" : ", ") + k;
                    d.hallazgos.push_back(finding("PAYLOAD_INCOMPLETO", corrida, caso_id,
                                                  "a la pausa del paso " + step_text(paso) + " le faltan claves: " + list,
                                                  "the pause at step " + step_text(paso) + " lacks keys: " + list));
                }
            }
        }
        if (pi == 0) {
            d.con_pausa = member(senales, "pausa_humana") == Value(true);
            for (const run::PauseRecord& r : pausas) d.pausas_registradas += r.nodo == pause.nodo;
        }
        if (!ran && member(senales, "pausa_humana") == Value(true) && pi == 0)
            d.hallazgos.push_back(finding("PAUSA_SIN_REGISTRO", corrida, caso_id,
                                          "`pausa_humana` es verdadera pero el nodo `" + pause.nodo + "` nunca corrió",
                                          "`pausa_humana` is true but node `" + pause.nodo + "` never ran"));
    }
}

void Measurer::measure_rf092(const RunState& s, const run::Trace& read, const rules::RecordedVisits& visits, bool is_error,
                             TraceDelta& d) const {
    const std::string& caso_id = d.caso_id;
    const run::Graph& g = s.header->grafo;
    const std::vector<run::Step>& steps = read.steps;
    d.rf_medido = true;
    // Scratch kept by the thread from one trace to the next (nothing in it outlives this call).
    struct Scratch {
        std::vector<std::pair<std::int64_t, std::int64_t>> record_steps;  // (paso, orden_arista) per record, read once
        std::vector<std::int64_t> ordenes;
        std::vector<std::vector<rules::RecomputedVisit>> again;
        std::vector<const rules::RecordedEdge*> by_order;
        std::vector<bool> resultados;
    };
    PLANLANG_THREAD_LOCAL Scratch scratch;
    Scratch& x = scratch;
    // §11.5: every step of a node with n conditional edges has records for exactly edges 1..n.
    std::vector<std::pair<std::int64_t, std::int64_t>>& record_steps = x.record_steps;
    record_steps.clear();
    for (const rules::RecordedVisits::Visit& v : visits.visits)
        for (const rules::RecordedEdge* r : v.records) record_steps.emplace_back(r->paso, r->orden_arista);
    const std::size_t last = steps.size();
    for (std::size_t i = 0; i < last; ++i) {
        const run::Step& p = steps[i];
        const std::string& nodo = p.nodo;
        std::size_t n = 0;
        for (const plan::Edge& e : g.aristas_condicionales) n += e.desde == nodo;
        if (n == 0) continue;
        const std::int64_t paso = p.orden;
        std::vector<std::int64_t>& ordenes = x.ordenes;
        ordenes.clear();
        for (const auto& [record_paso, orden] : record_steps)
            if (record_paso == paso) ordenes.push_back(orden);
        std::sort(ordenes.begin(), ordenes.end());
        bool ok = ordenes.size() == n;
        for (std::size_t k = 0; ok && k < n; ++k) ok = ordenes[k] == static_cast<std::int64_t>(k + 1);
        if (!ok && ordenes.empty() && is_error && i + 1 == last && p.error_proveedor) ok = true;
        if (!ok) {
            d.rf_sin_registro = true;
            d.hallazgos_rf.push_back(finding("DECISION_SIN_REGISTRO", s.header->corrida_id, caso_id,
                                             "el paso " + step_text(paso) + " (`" + nodo + "`) no registra exactamente sus " +
                                                 std::to_string(n) + " aristas",
                                             "step " + step_text(paso) + " (`" + nodo + "`) does not record exactly its " +
                                                 std::to_string(n) + " edges"));
        }
    }
    if (d.rf_sin_registro) return;
    // Visits come after one per unreadable record (none in a trace that passed its schema, as measured ones have).
    rules::recompute_each_into(s.grafo_rf, visits, s.conjunto_rf, {}, x.again);
    const std::vector<rules::RecomputedVisit>& again = x.again.front();
    for (std::size_t i = 0; i < again.size(); ++i) {
        const rules::RecomputedVisit& v = again[i];
        ++d.rf_visitas;
        if (v.error || i < visits.invalid || i - visits.invalid >= visits.visits.size()) {
            d.rf_error = true;
            d.hallazgos_rf.push_back(finding("RAMA_IRREPRODUCIBLE", s.header->corrida_id, caso_id,
                                             "la visita de `" + v.desde + "` en el paso " + step_text(v.paso) + " no se puede recomputar: " +
                                                 (v.error ? v.error->message.es : std::string("registro ilegible")),
                                             "the visit of `" + v.desde + "` at step " + step_text(v.paso) + " cannot be recomputed: " +
                                                 (v.error ? v.error->message.en : std::string("unreadable record"))));
            ++d.rf_discrepancias;
            continue;
        }
        const rules::RecordedVisits::Visit& rv = visits.visits[i - visits.invalid];
        std::vector<const rules::RecordedEdge*>& by_order = x.by_order;
        by_order.assign(rv.records.begin(), rv.records.end());
        std::stable_sort(by_order.begin(), by_order.end(),
                         [](const rules::RecordedEdge* a, const rules::RecordedEdge* b) { return a->orden_arista < b->orden_arista; });
        std::vector<bool>& resultados = x.resultados;
        resultados.clear();
        for (const rules::RecordedEdge* r : by_order) resultados.push_back(r->resultado);
        const std::string& rama = rama_of(*by_order.front());
        if (v.ramas_registradas.size() > 1 || rama != v.rama_tomada || resultados != v.resultados) {
            ++d.rf_discrepancias;
            d.hallazgos_rf.push_back(finding("RAMA_IRREPRODUCIBLE", s.header->corrida_id, caso_id,
                                             "la visita de `" + v.desde + "` en el paso " + step_text(v.paso) + " registró `" + rama +
                                                 "` y al recomputarla da `" + v.rama_tomada + "`",
                                             "the visit of `" + v.desde + "` at step " + step_text(v.paso) + " recorded `" + rama +
                                                 "` and recomputes to `" + v.rama_tomada + "`"));
        }
        // The row's canonical form, written directly: keys in their canonical order.
        std::string row;
        row.reserve(96 + caso_id.size() + v.desde.size() + v.rama_tomada.size() + 6 * v.resultados.size());
        row += "{\"caso_id\":";
        append_canonical_string(row, caso_id);
        row += ",\"desde\":";
        append_canonical_string(row, v.desde);
        row += ",\"paso\":";
        row += json::format_number(static_cast<double>(v.paso));
        row += ",\"rama_tomada\":";
        append_canonical_string(row, v.rama_tomada);
        row += ",\"resultados\":[";
        for (std::size_t k = 0; k < v.resultados.size(); ++k) row += k ? (v.resultados[k] ? ",true" : ",false") : (v.resultados[k] ? "true" : "false");
        row += "]}";
        d.rf_filas.push_back(std::move(row));
    }
}

void Measurer::measure_playground(const RunState& s, const Value& trace, const rules::RecordedVisits& visits, TraceDelta& d) const {
    const Value& senales = member(trace, "senales");
    d.senales_de_umbral.assign(plan->umbrales.size(), {});
    for (std::size_t i = 0; i < plan->umbrales.size() && senales.is_object(); ++i) {
        const Value* v = senales.find(plan->umbrales[i].senal);
        TraceDelta::ValorDeUmbral& out = d.senales_de_umbral[i];
        if (v && v->is_number()) {
            const Value* aplicado = s.header->umbrales_aplicados.find(plan->umbrales[i].id);
            out.tipo = TraceDelta::ValorDeUmbral::Tipo::numero;
            out.numero = v->as_number();
            out.en_umbral = aplicado && aplicado->is_number() && v->as_number() == aplicado->as_number();
        } else if (v && v->is_bool()) {
            out.tipo = TraceDelta::ValorDeUmbral::Tipo::booleano;
            out.verdadero = v->as_bool();
        }
    }
    for (const plan::Edge& e : plan->contrato_de_grafo.aristas_condicionales) {
        if (!e.is_function) continue;
        bool inputs = true;
        for (const std::string& input : e.funcion_entradas)
            if (!senales.is_object() || !senales.find(input)) inputs = false;
        d.funciones_con_entradas.push_back(inputs);
    }
    // Visits that flip when a boolean threshold is toggled (bindings on: playground.md §1): the applied
    // thresholds, then each boolean one flipped (RunState::juego), one recomputation of the visits for all.
    d.volteos.assign(plan->umbrales.size(), 0);
    PLANLANG_THREAD_LOCAL std::vector<std::vector<rules::RecomputedVisit>> each;
    rules::recompute_each_into(plan_graph, visits, s.juego.conjuntos, s.juego.vinculos, each);
    const std::vector<rules::RecomputedVisit>& base = each.front();
    d.visitas_escritoras = static_cast<std::int64_t>(base.size());
    for (std::size_t f = 0; f < s.juego.volteado.size(); ++f) {
        const std::vector<rules::RecomputedVisit>& flipped = each[f + 1];
        for (std::size_t k = 0; k < base.size() && k < flipped.size(); ++k)
            if (!base[k].error && !flipped[k].error && base[k].rama_tomada != flipped[k].rama_tomada) ++d.volteos[s.juego.volteado[f]];
    }
}

// [SECTION] the measured trace added to its run, in manifest order

void Measurer::apply_contract(RunState& s, TraceDelta& d) {
    for (const std::uint32_t i : d.senales_presentes) ++s.senal_presente[i];
    for (const std::uint32_t i : d.nodos) ++s.visitas_por_nodo[i];
    for (Finding& f : d.hallazgos) s.hallazgos.push_back(std::move(f));
    s.casos_con_pausa += d.con_pausa;
    s.pausas_registradas += d.pausas_registradas;
}

void Measurer::apply_rf092(RunState& s, TraceDelta& d) {
    // Once a decision went unrecorded, RF-09.2 is given up for the run: later traces add nothing to it.
    if (s.rf.sin_registro || !d.rf_medido) return;
    for (Finding& f : d.hallazgos_rf) s.hallazgos.push_back(std::move(f));
    if (d.rf_sin_registro) {
        s.rf.sin_registro = true;
        s.rf.filas.clear();
        s.rf.visitas = 0;
        s.rf.discrepancias = 0;
        return;
    }
    s.rf.visitas += d.rf_visitas;
    s.rf.discrepancias += d.rf_discrepancias;
    if (d.rf_error) s.rf.error = true;
    for (std::string& row : d.rf_filas) {
        if (s.rf.flujo) {
            if (!s.rf.flujo_vacio) s.rf.flujo->update(",");
            s.rf.flujo->update(row);
            s.rf.flujo_vacio = false;
        } else {
            s.rf.filas.emplace_back(d.caso_id, std::move(row));
        }
    }
}

void Measurer::apply_playground(RunState& s, TraceDelta& d) {
    for (std::size_t i = 0; i < d.senales_de_umbral.size(); ++i) {
        const TraceDelta::ValorDeUmbral& v = d.senales_de_umbral[i];
        RunState::SenalDeUmbral& all = s.senales_de_umbral[i];
        if (v.tipo == TraceDelta::ValorDeUmbral::Tipo::numero) {
            all.numeros.push_back(v.numero);
            ++all.n;
            if (v.en_umbral) all.en_umbral.push_back(d.caso_id);
        } else if (v.tipo == TraceDelta::ValorDeUmbral::Tipo::booleano) {
            ++all.n;
            all.verdaderos += v.verdadero;
        }
    }
    for (std::size_t f = 0; f < d.funciones_con_entradas.size(); ++f)
        if (!d.funciones_con_entradas[f]) s.funciones_con_entradas[f] = false;
    s.visitas_escritoras += d.visitas_escritoras;
    for (std::size_t i = 0; i < d.volteos.size(); ++i) s.volteos[i] += d.volteos[i];
}

}  // namespace planlang::verify::internal
