// The plan schema, continued: thresholds (§8), the graph contract (§9), batches and the benefit plan
// summary (§10), and the defaults of §1.
#include "core/json/number.hpp"
#include "core/plan/schema_fields.hpp"

namespace planlang::plan::internal {
namespace {

using namespace fields;
using json::Value;
using json::schema::kind_name_en;
using json::schema::kind_name_es;
using json::schema::kMaxSafeInteger;
using json::schema::Members;

void check_number_min(Check& c, const Value& v, double& out, double min, bool strict) {
    if (!json::schema::number(c, v)) return;
    out = v.as_number();
    if (strict ? !(out > min) : !(out >= min))
        c.fail({std::string("debe ser ") + (strict ? "> " : "≥ ") + json::format_number(min),
                std::string("must be ") + (strict ? "> " : "≥ ") + json::format_number(min)});
}

void check_range_numeric(Check& c, const Value& v, PlayableRange& r) {
    Members m(c, v);
    if (!m.ok()) return;
    r.boolean = false;
    m.required("min", [&](const Value& x) { check_number(c, x, r.min); });
    m.required("max", [&](const Value& x) { check_number(c, x, r.max); });
    m.required("paso", [&](const Value& x) { check_number_min(c, x, r.paso, 0, true); });
    m.close({"min", "max", "paso"});
}

void check_range_boolean(Check& c, const Value& v, PlayableRange& r) {
    Members m(c, v);
    if (!m.ok()) return;
    r.boolean = true;
    m.required("tipo", [&](const Value& x) {
        std::string literal;
        check_enum(c, x, literal, {"booleano"});
    });
    m.close({"tipo"});
}

void check_range(Check& c, const Value& v, PlayableRange& r) {
    Check forks[2] = {c.fork(), c.fork()};
    PlayableRange values[2];
    check_range_numeric(forks[0], v, values[0]);
    check_range_boolean(forks[1], v, values[1]);
    json::schema::pick_alternative(c, forks, values, r,
                                   {"se esperaba {min, max, paso} o {tipo: \"booleano\"}", "expected {min, max, paso} or {tipo: \"booleano\"}"});
}

void check_evaluator(Check& c, const Value& v, Evaluator& e) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, e.id); });
    m.required("tipo", [&](const Value& x) { check_enum(c, x, e.tipo, {"regla", "juez_modelo", "humano"}); });
    m.optional("modo", [&](const Value& x) { e.modo.emplace(); check_enum(c, x, *e.modo, {"selectivo", "total"}); });
    m.optional("opcional_en_corte", [&](const Value& x) { bool b = false; check_bool(c, x, b); e.opcional_en_corte = b; });
    m.optional("riesgos_cubiertos", [&](const Value& x) { check_id_list(c, x, e.riesgos_cubiertos); });
    m.close({"id", "tipo", "modo", "opcional_en_corte", "riesgos_cubiertos"});
}

void check_baseline(Check& c, const Value& v, Baseline& b) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("agente_unico", [&](const Value& x) { check_bool(c, x, b.agente_unico); });
    m.required("lote", [&](const Value& x) { if (json::schema::string(c, x)) b.lote = x.as_string(); });
    m.required("mismo_presupuesto", [&](const Value& x) { check_bool(c, x, b.mismo_presupuesto); });
    m.close({"agente_unico", "lote", "mismo_presupuesto"});
}

void check_positive_int(Check& c, const Value& v, std::int64_t& out) { check_int(c, v, out, 1, kMaxSafeInteger); }
void check_nonnegative_int(Check& c, const Value& v, std::int64_t& out) { check_int(c, v, out, 0, kMaxSafeInteger); }

}  // namespace

void check_threshold(Check& c, const Value& v, Threshold& t) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, t.id); });
    m.required("nombre", [&](const Value& x) { check_bil(c, x, t.nombre); });
    m.required("descripcion_lider", [&](const Value& x) { check_bil(c, x, t.descripcion_lider); });
    m.required("decision_id", [&](const Value& x) { check_id(c, x, t.decision_id); });
    m.required("senal", [&](const Value& x) { check_string_min1(c, x, t.senal); });
    m.required("operador", [&](const Value& x) { check_enum(c, x, t.operador, kOperators); });
    m.required("inclusivo", [&](const Value& x) { check_bool(c, x, t.inclusivo); });
    m.required("valor_en_plan", [&](const Value& x) {
        if (x.is_number() || x.is_bool()) t.valor_en_plan = x;
        else c.fail_hard({std::string("se esperaba un número o un booleano y hay ") + kind_name_es(x),
                     std::string("expected a number or a boolean, found ") + kind_name_en(x)});
    });
    m.optional("unidad", [&](const Value& x) { t.unidad.emplace(); check_libre(c, x, *t.unidad); });
    m.required("rango_jugable", [&](const Value& x) { check_range(c, x, t.rango_jugable); });
    m.required("consecuencia_si_verdadero", [&](const Value& x) { check_string_min1(c, x, t.consecuencia_si_verdadero); });
    m.optional("costo_humano_por_caso_min", [&](const Value& x) {
        double minutes = 0;
        check_number_min(c, x, minutes, 0, false);
        t.costo_humano_por_caso_min = minutes;
    });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, t.origen); });
    m.close({"id", "nombre", "descripcion_lider", "decision_id", "senal", "operador", "inclusivo", "valor_en_plan", "unidad",
             "rango_jugable", "consecuencia_si_verdadero", "costo_humano_por_caso_min", "origen"});
}

void check_contract(Check& c, const Value& v, GraphContract& contract) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("nodos_esperados", [&](const Value& x) { check_items(c, x, contract.nodos_esperados, 1, check_node); });
    m.required("aristas_condicionales", [&](const Value& x) { check_items(c, x, contract.aristas_condicionales, 0, check_edge); });
    m.optional("ramas_por_defecto", [&](const Value& x) {
        if (!json::schema::object(c, x)) return;
        for (const json::Member& entry : x.as_object()) {
            c.push(entry.key);
            if (!is_id(entry.key))
                c.fail({"«" + entry.key + "» no es un identificador válido", "\"" + entry.key + "\" is not a valid identifier"});
            std::string target;
            check_id(c, entry.value, target);
            c.pop();
            contract.ramas_por_defecto.emplace_back(entry.key, target);
        }
    });
    m.required("pausas_humanas", [&](const Value& x) { check_items(c, x, contract.pausas_humanas, 0, check_pause); });
    m.required("senales_obligatorias_en_traza", [&](const Value& x) { check_string_list(c, x, contract.senales_obligatorias_en_traza, 1); });
    m.required("evaluadores_requeridos", [&](const Value& x) { check_items(c, x, contract.evaluadores_requeridos, 0, check_evaluator); });
    m.optional("linea_base", [&](const Value& x) { contract.linea_base.emplace(); check_baseline(c, x, *contract.linea_base); });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, contract.origen); });
    m.close({"nodos_esperados", "aristas_condicionales", "ramas_por_defecto", "pausas_humanas", "senales_obligatorias_en_traza",
             "evaluadores_requeridos", "linea_base", "origen"});
}

void check_batches(Check& c, const Value& v, Batches& b) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("demo", [&](const Value& x) { check_positive_int(c, x, b.demo); });
    m.required("completo", [&](const Value& x) { check_positive_int(c, x, b.completo); });
    m.required("corridas_espaciadas_de", [&](const Value& x) { check_positive_int(c, x, b.corridas_espaciadas_de); });
    m.required("fuera_de_ci", [&](const Value& x) {
        if (x.is_bool() && x.as_bool()) return;
        c.fail_hard({"fuera_de_ci debe ser el literal true", "fuera_de_ci must be the literal true"});
    });
    m.required("proveedor", [&](const Value& x) { check_string_min1(c, x, b.proveedor); });
    m.required("modelo_alias", [&](const Value& x) { check_string_min1(c, x, b.modelo_alias); });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, b.origen); });
    m.close({"demo", "completo", "corridas_espaciadas_de", "fuera_de_ci", "proveedor", "modelo_alias", "origen"});
}

void check_benefit_plan(Check& c, const Value& v, BenefitPlanSummary& b) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("procedimientos", [&](const Value& x) { check_positive_int(c, x, b.procedimientos); });
    m.required("exentos_de_autorizacion", [&](const Value& x) { check_nonnegative_int(c, x, b.exentos_de_autorizacion); });
    m.required("exclusiones_con_causal", [&](const Value& x) { check_nonnegative_int(c, x, b.exclusiones_con_causal); });
    m.required("tope_alto_costo", [&](const Value& x) { check_string_min1(c, x, b.tope_alto_costo); });
    m.optional("topes_de_cobertura", [&](const Value& x) { std::int64_t n = 0; check_nonnegative_int(c, x, n); b.topes_de_cobertura = n; });
    m.close({"procedimientos", "exentos_de_autorizacion", "exclusiones_con_causal", "tope_alto_costo", "topes_de_cobertura"});
}

namespace {
void default_member(Value& object, const char* key, Value value) {
    if (!object.find(key)) object.as_object().push_back(json::Member{key, std::move(value)});
}
}  // namespace

// plan-format.md §1 Defaults: what approval writes out explicitly.
void fill_defaults(Value& doc) {
    for (Value& d : doc.find("decisiones")->as_array()) {
        default_member(d, "depende_de", json::Array{});
        default_member(d, "umbrales_asociados", json::Array{});
        default_member(d, "riesgos_asociados", json::Array{});
    }
    for (Value& r : doc.find("riesgos")->as_array()) default_member(r, "mitigaciones", json::Array{});
    Value& contract = *doc.find("contrato_de_grafo");
    for (Value& e : contract.find("evaluadores_requeridos")->as_array()) default_member(e, "riesgos_cubiertos", json::Array{});
    default_member(contract, "ramas_por_defecto", json::Object{});
}

}  // namespace planlang::plan::internal
