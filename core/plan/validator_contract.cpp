// The validator, continued: graph contract (§11.1 step 8), evaluators (9), condition roots (10), and our
// stricter observaciones (§11.2).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/json/number.hpp"
#include "core/json/rounding.hpp"
#include "core/json/unicode.hpp"
#include "core/plan/slider_positions.hpp"
#include "core/plan/validator.hpp"
#include "core/rules/parser.hpp"

namespace planlang::plan::internal {
namespace {

void add(Issues& out, const char* code, std::string element, std::string es, std::string en) {
    out.push_back(Issue{code, std::move(element), {std::move(es), std::move(en)}});
}

struct Utf16Less {
    bool operator()(const std::string& a, const std::string& b) const { return json::utf16_less(a, b); }
};

// The closed function registry of edges (rule-language.md §7): name → its inputs, exactly.
const std::map<std::string, std::vector<std::string>>& function_registry() {
    static const std::map<std::string, std::vector<std::string>> registry = {
        {"texas_y_no_aprobar", {"modo_texas", "propuesta"}},
    };
    return registry;
}

std::string edge_element(std::size_t i, const Edge& e) {
    return "aristas_condicionales[" + std::to_string(i) + "] (" + e.desde + " #" + std::to_string(e.orden) + ")";
}

void unknown_node(Issues& out, const std::string& element, const char* role_es, const char* role_en, const Id& id) {
    add(out, "REFERENCIA_ROTA", element, std::string(role_es) + ": el nodo «" + id + "» no existe",
        std::string(role_en) + ": node \"" + id + "\" does not exist");
}

bool contains_root(const std::vector<std::string>& list, const std::string& root) {
    return std::find(list.begin(), list.end(), root) != list.end();
}

const Id* default_branch_entry(const GraphContract& c, const Id& node) {
    for (const auto& [from, to] : c.ramas_por_defecto)
        if (from == node) return &to;
    return nullptr;
}

}  // namespace

void check_contract(const Plan& plan, Issues& out) {
    const GraphContract& c = plan.contrato_de_grafo;
    // (a) a pause on a node of type pausa_humana
    const bool has_pause = std::any_of(c.pausas_humanas.begin(), c.pausas_humanas.end(), [&](const Pause& p) {
        const Node* n = plan.node(p.nodo);
        return n && n->tipo == "pausa_humana";
    });
    if (!has_pause)
        add(out, "SIN_PAUSA_HUMANA", "contrato_de_grafo.pausas_humanas", "ninguna pausa humana está en un nodo de tipo pausa_humana",
            "no human pause sits on a node of type pausa_humana");
    // (b) pauses on unknown nodes
    for (const Pause& p : c.pausas_humanas)
        if (!plan.node(p.nodo)) unknown_node(out, "pausas_humanas." + p.nodo, "pausa", "pause", p.nodo);
    // (c) each edge
    for (std::size_t i = 0; i < c.aristas_condicionales.size(); ++i) {
        const Edge& e = c.aristas_condicionales[i];
        const std::string element = edge_element(i, e);
        if (!plan.node(e.desde)) unknown_node(out, element, "desde", "desde", e.desde);
        if (!plan.node(e.si_verdadero)) unknown_node(out, element, "si_verdadero", "si_verdadero", e.si_verdadero);
        if (e.si_falso && !plan.node(*e.si_falso)) unknown_node(out, element, "si_falso", "si_falso", *e.si_falso);
        if (!e.is_function) {
            if (!plan.is_required_signal(e.senal))
                add(out, "UMBRAL_SIN_SENAL", element, "la señal «" + e.senal + "» no es una señal obligatoria de la traza",
                    "the signal \"" + e.senal + "\" is not a required trace signal");
            if (e.valor.is_string())
                if (const auto id = rules::threshold_id(e.valor.as_string()); id && !plan.threshold(std::string(*id)))
                    add(out, "REFERENCIA_ROTA", element, "el umbral «" + std::string(*id) + "» no existe",
                        "threshold \"" + std::string(*id) + "\" does not exist");
            if ((e.operador == "mayor_o_igual_que" || e.operador == "menor_o_igual_que") && !e.inclusivo)
                add(out, "OPERADOR_INCLUSIVO_INCOHERENTE", element, "el operador «" + e.operador + "» es inclusivo pero inclusivo es false",
                    "the operator \"" + e.operador + "\" is inclusive but inclusivo is false");
        } else {
            const auto& registry = function_registry();
            const auto known = registry.find(e.funcion_nombre);
            if (known == registry.end())
                add(out, "REFERENCIA_ROTA", element, "la función «" + e.funcion_nombre + "» no está registrada",
                    "function \"" + e.funcion_nombre + "\" is not registered");
            else if (known->second != e.funcion_entradas)
                add(out, "REFERENCIA_ROTA", element, "las entradas de «" + e.funcion_nombre + "» no son las registradas",
                    "the inputs of \"" + e.funcion_nombre + "\" are not the registered ones");
            for (const std::string& input : e.funcion_entradas)
                if (!plan.is_required_signal(input))
                    add(out, "UMBRAL_SIN_SENAL", element, "la entrada «" + input + "» no es una señal obligatoria de la traza",
                        "the input \"" + input + "\" is not a required trace signal");
        }
    }
    // (d) writer nodes, ascending id
    std::map<Id, std::vector<const Edge*>, Utf16Less> writers;
    for (const Edge& e : c.aristas_condicionales) writers[e.desde].push_back(&e);
    for (const auto& [node, edges] : writers) {
        std::vector<std::int64_t> orders;
        for (const Edge* e : edges) orders.push_back(e->orden);
        std::sort(orders.begin(), orders.end());
        bool one_to_n = true;
        for (std::size_t k = 0; k < orders.size(); ++k) one_to_n = one_to_n && orders[k] == static_cast<std::int64_t>(k + 1);
        if (!one_to_n)
            add(out, "ORDEN_DE_ARISTAS", node, "los valores de orden de las aristas del nodo no son exactamente 1..n",
                "the node's edge orden values are not exactly 1..n");
        const bool entry = default_branch_entry(c, node) != nullptr;
        const bool any_si_falso = std::any_of(edges.begin(), edges.end(), [](const Edge* e) { return e->si_falso.has_value(); });
        const bool single_with_si_falso = edges.size() == 1 && edges[0]->si_falso;
        if (!entry && !single_with_si_falso)
            add(out, "NODO_ESCRITOR_SIN_RAMA_POR_DEFECTO", node, "el nodo decide por aristas pero no tiene rama por defecto",
                "the node decides through edges but has no default branch");
        else if (entry && edges.size() >= 2 && any_si_falso)
            add(out, "NODO_ESCRITOR_SIN_RAMA_POR_DEFECTO", node,
                "rama por defecto ambigua: una entrada en ramas_por_defecto y si_falso en una arista de varias",
                "ambiguous default branch: an entry in ramas_por_defecto and si_falso on one of several edges");
    }
    // (e) ramas_por_defecto entries, in document order
    for (const auto& [from, to] : c.ramas_por_defecto) {
        const std::string element = "ramas_por_defecto." + from;
        if (!writers.count(from))
            add(out, "REFERENCIA_ROTA", element, "el nodo «" + from + "» no tiene aristas condicionales",
                "node \"" + from + "\" has no conditional edges");
        if (!plan.node(to)) unknown_node(out, element, "destino", "target", to);
    }
}

void check_evaluators(const Plan& plan, Issues& motivos, Issues& advertencias) {
    for (const Evaluator& e : plan.contrato_de_grafo.evaluadores_requeridos) {
        const std::string element = "evaluadores." + e.id;
        for (const Id& rid : e.riesgos_cubiertos)
            if (!plan.risk(rid))
                add(motivos, "REFERENCIA_ROTA", element, "el riesgo «" + rid + "» no existe", "risk \"" + rid + "\" does not exist");
        if (e.tipo == "regla" && e.riesgos_cubiertos.empty())
            add(advertencias, "REFERENCIA_ROTA", element, "el evaluador de tipo regla no cubre ningún riesgo",
                "the rule evaluator covers no risk");
    }
}

void check_condition_roots(const Plan& plan, Issues& motivos, Issues& advertencias) {
    std::set<std::string> case_roots = {"todos", "caso", "extraccion", "salida_final", "documento_adverso", "interrupt_payload",
                                        "error_de_esquema_en_traspaso", "tipo", "subtipo", "adversario_detalle",
                                        "verdad_conocida", "umbral",
                                        // ours: the reference rendering's signals (rules::CaseBindings::par_de_referencia)
                                        "par_de_referencia"};
    for (const std::string& s : plan.contrato_de_grafo.senales_obligatorias_en_traza) case_roots.insert(s);
    const std::set<std::string> session_roots = {"todos", "limites_alcanzados", "detenida_por", "casos_ejecutados", "umbral"};

    const auto check_text = [&](const std::string& text, const std::string& element, bool session) {
        if (text.empty()) return;
        const rules::ParseResult parsed = rules::parse(text);
        if (!parsed.ok()) return;
        const rules::References refs = rules::references(parsed.ast);
        std::vector<std::string> reported;
        for (const std::string& path : refs.paths) {
            const std::string root(rules::path_root(path));
            if ((session ? session_roots : case_roots).count(root) || contains_root(reported, root)) continue;
            reported.push_back(root);
            add(advertencias, "SENAL_NO_DECLARADA", element, "«" + root + "» no es una señal declarada ni un nombre conocido",
                "\"" + root + "\" is neither a declared signal nor a known name");
        }
        for (const std::string& f : refs.functions)
            if (f != "identificador_sintetico")
                add(motivos, "REFERENCIA_ROTA", element, "la función «" + f + "» no existe en el lenguaje de reglas",
                    "function \"" + f + "\" does not exist in the rule language");
    };
    for (const Criterion& c : plan.criterios_aceptacion) {
        const MeasurementRule& r = c.regla_de_medicion;
        check_text(r.poblacion, c.id + ".poblacion", false);
        if (r.condicion) check_text(*r.condicion, c.id + ".condicion", false);
        if (r.metrica) check_text(*r.metrica, c.id + ".metrica", false);
    }
    for (const Risk& risk : plan.riesgos)
        if (risk.detector_en_trazas) {
            const bool session = risk.detector_en_trazas->ambito == "sesion";
            check_text(risk.detector_en_trazas->poblacion, risk.id + ".poblacion", session);
            check_text(risk.detector_en_trazas->condicion, risk.id + ".condicion", session);
        }
    for (const Assumption& a : plan.supuestos)
        if (a.medible_en_trazas) {
            check_text(a.medible_en_trazas->poblacion, a.id + ".poblacion", false);
            if (a.medible_en_trazas->condicion) check_text(*a.medible_en_trazas->condicion, a.id + ".condicion", false);
        }
}

void collect_observations(const Plan& plan, Issues& out) {
    const auto duplicates = [&](const char* section, auto const& items) {
        std::set<std::string> seen;
        for (const auto& item : items)
            if (!seen.insert(item.id).second)
                add(out, "ID_DUPLICADO", std::string(section) + "." + item.id, "el id «" + item.id + "» se repite",
                    "the id \"" + item.id + "\" is repeated");
    };
    duplicates("decisiones", plan.decisiones);
    duplicates("riesgos", plan.riesgos);
    duplicates("supuestos", plan.supuestos);
    duplicates("criterios_aceptacion", plan.criterios_aceptacion);
    duplicates("umbrales", plan.umbrales);
    duplicates("contrato_de_grafo.nodos_esperados", plan.contrato_de_grafo.nodos_esperados);
    std::set<std::string> signals;
    for (const std::string& s : plan.contrato_de_grafo.senales_obligatorias_en_traza)
        if (!signals.insert(s).second)
            add(out, "SENAL_DUPLICADA", "contrato_de_grafo.senales_obligatorias_en_traza." + s, "la señal «" + s + "» se repite",
                "the signal \"" + s + "\" is repeated");
    for (const Threshold& t : plan.umbrales) {
        const PlayableRange& range = t.rango_jugable;
        if (range.boolean || !t.valor_en_plan.is_number()) continue;
        const double v = t.valor_en_plan.as_number();
        const std::string shown = json::format_number(v);
        if (v < range.min || v > range.max) {
            add(out, "VALOR_FUERA_DE_RANGO", t.id + ".valor_en_plan",
                "el valor del plan " + shown + " está fuera de [" + json::format_number(range.min) + ", " + json::format_number(range.max) + "]",
                "the plan value " + shown + " is outside [" + json::format_number(range.min) + ", " + json::format_number(range.max) + "]");
        } else if (slider_position_count(range.min, range.max, range.paso)) {
            // On a step: the nearest slider position (playground.md §1) is the plan value. Its index is at
            // most the last one (v ≤ max), which slider_position_count has found to fit an int64.
            const auto i = static_cast<std::int64_t>(json::ecma_round((v - range.min) / range.paso));
            const double position = slider_position(range.min, range.paso, i);
            if (std::fabs(position - v) > 1e-9)
                add(out, "VALOR_FUERA_DE_PASO", t.id + ".valor_en_plan",
                    "el valor del plan " + shown + " no cae en un paso de " + json::format_number(range.paso) + " desde " + json::format_number(range.min),
                    "the plan value " + shown + " is not on a step of " + json::format_number(range.paso) + " from " + json::format_number(range.min));
        }
    }
    std::set<std::string> actors;
    for (const Actor& a : plan.actores) actors.insert(a.id);
    for (const Pause& p : plan.contrato_de_grafo.pausas_humanas)
        if (!actors.count(p.rol))
            add(out, "ROL_DESCONOCIDO", "pausas_humanas." + p.nodo, "el rol «" + p.rol + "» no es un actor del plan",
                "the role \"" + p.rol + "\" is not an actor of the plan");
}

}  // namespace planlang::plan::internal
