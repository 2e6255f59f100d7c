// The plan schema, continued: thresholds (§8), the graph contract (§9), batches and the benefit plan
// summary (§10), and the defaults of §1.
#include "core/json/number.hpp"
#include "core/plan/internal/schema_check.hpp"

namespace planlang::plan::internal {
namespace {

using json::Value;

// A value with alternatives (§11.1 step 1): a clean alternative wins; else the only one without a hard
// problem reports its own issues; else one hard issue at the value's path.
template <class T>
bool pick_alternative(Sink& s, const std::string& path, Sink (&alternatives)[2], T (&values)[2], T& out,
                      const Bilingual& none_fits) {
    for (int i = 0; i < 2; ++i)
        if (alternatives[i].empty()) {
            out = std::move(values[i]);
            return true;
        }
    int without_hard = -1, count = 0;
    for (int i = 0; i < 2; ++i)
        if (alternatives[i].hard_count() == 0) { without_hard = i; ++count; }
    if (count == 1) {
        out = std::move(values[without_hard]);
        s.append(std::move(alternatives[without_hard]));
        return true;
    }
    s.hard(path, none_fits);
    return false;
}

void check_number_min(const Value& v, const std::string& p, Sink& s, double& out, double min, bool strict) {
    if (!expect_number(v, p, s)) return;
    out = v.as_number();
    if (strict ? !(out > min) : !(out >= min))
        s.soft(p, {std::string("debe ser ") + (strict ? "> " : "≥ ") + json::format_number(min),
                   std::string("must be ") + (strict ? "> " : "≥ ") + json::format_number(min)});
}

void check_range_numeric(const Value& v, const std::string& p, Sink& s, PlayableRange& r) {
    if (!expect_object(v, p, s)) return;
    r.boolean = false;
    if_required(v, "min", p, s, [&](const Value& x, const std::string& q) { check_number(x, q, s, r.min); });
    if_required(v, "max", p, s, [&](const Value& x, const std::string& q) { check_number(x, q, s, r.max); });
    if_required(v, "paso", p, s, [&](const Value& x, const std::string& q) { check_number_min(x, q, s, r.paso, 0, true); });
    unknown_keys(v, {"min", "max", "paso"}, p, s);
}

void check_range_boolean(const Value& v, const std::string& p, Sink& s, PlayableRange& r) {
    if (!expect_object(v, p, s)) return;
    r.boolean = true;
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) {
        std::string literal;
        check_enum(x, q, s, literal, {"booleano"});
    });
    unknown_keys(v, {"tipo"}, p, s);
}

void check_range(const Value& v, const std::string& p, Sink& s, PlayableRange& r) {
    Sink alternatives[2];
    PlayableRange values[2];
    check_range_numeric(v, p, alternatives[0], values[0]);
    check_range_boolean(v, p, alternatives[1], values[1]);
    pick_alternative(s, p, alternatives, values, r,
                     {"se esperaba {min, max, paso} o {tipo: \"booleano\"}", "expected {min, max, paso} or {tipo: \"booleano\"}"});
}

const std::initializer_list<std::string_view> kOperators = {"igual_a", "distinto_de", "menor_que", "menor_o_igual_que",
                                                             "mayor_que", "mayor_o_igual_que"};

void check_triplet_edge(const Value& v, const std::string& p, Sink& s, Edge& e) {
    if (!expect_object(v, p, s)) return;
    e.is_function = false;
    if_required(v, "desde", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, e.desde); });
    if_required(v, "orden", p, s, [&](const Value& x, const std::string& q) { check_int(x, q, s, e.orden, 1, kMaxSafeInteger); });
    if_required(v, "senal", p, s, [&](const Value& x, const std::string& q) { check_string_min1(x, q, s, e.senal); });
    if_required(v, "operador", p, s, [&](const Value& x, const std::string& q) { check_enum(x, q, s, e.operador, kOperators); });
    if_required(v, "valor", p, s, [&](const Value& x, const std::string& q) {
        if (x.is_number() || x.is_bool() || x.is_string()) e.valor = x;
        else s.hard(q, {std::string("se esperaba un número, un booleano o un texto y hay ") + kind_name_es(x),
                        std::string("expected a number, a boolean or a string, found ") + kind_name_en(x)});
    });
    if_required(v, "inclusivo", p, s, [&](const Value& x, const std::string& q) { check_bool(x, q, s, e.inclusivo); });
    if_required(v, "si_verdadero", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, e.si_verdadero); });
    if_present(v, "si_falso", p, [&](const Value& x, const std::string& q) { e.si_falso.emplace(); check_id(x, q, s, *e.si_falso); });
    unknown_keys(v, {"desde", "orden", "senal", "operador", "valor", "inclusivo", "si_verdadero", "si_falso"}, p, s);
}

void check_function_edge(const Value& v, const std::string& p, Sink& s, Edge& e) {
    if (!expect_object(v, p, s)) return;
    e.is_function = true;
    if_required(v, "desde", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, e.desde); });
    if_required(v, "orden", p, s, [&](const Value& x, const std::string& q) { check_int(x, q, s, e.orden, 1, kMaxSafeInteger); });
    if_required(v, "funcion", p, s, [&](const Value& x, const std::string& q) {
        if (!expect_object(x, q, s)) return;
        if_required(x, "nombre", q, s, [&](const Value& y, const std::string& r) { check_id(y, r, s, e.funcion_nombre); });
        if_required(x, "entradas", q, s, [&](const Value& y, const std::string& r) { check_string_list(y, r, s, e.funcion_entradas, 1); });
        unknown_keys(x, {"nombre", "entradas"}, q, s);
    });
    if_required(v, "si_verdadero", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, e.si_verdadero); });
    if_present(v, "si_falso", p, [&](const Value& x, const std::string& q) { e.si_falso.emplace(); check_id(x, q, s, *e.si_falso); });
    if_present(v, "nota", p, [&](const Value& x, const std::string& q) { e.nota.emplace(); check_bil(x, q, s, *e.nota); });
    unknown_keys(v, {"desde", "orden", "funcion", "si_verdadero", "si_falso", "nota"}, p, s);
}

}  // namespace

void check_edge(const Value& v, const std::string& p, Sink& s, Edge& e) {
    Sink alternatives[2];
    Edge values[2];
    check_triplet_edge(v, p, alternatives[0], values[0]);
    check_function_edge(v, p, alternatives[1], values[1]);
    pick_alternative(s, p, alternatives, values, e,
                     {"la arista no es ni una terna (senal, operador, valor) ni una llamada a función válidas",
                      "the edge is neither a valid (senal, operador, valor) triplet nor a valid function call"});
}

void check_node(const Value& v, const std::string& p, Sink& s, Node& n) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, n.id); });
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) {
        check_enum(x, q, s, n.tipo, {"enrutador", "modelo", "regla", "pausa_humana", "herramienta"});
    });
    unknown_keys(v, {"id", "tipo"}, p, s);
}

void check_pause(const Value& v, const std::string& p, Sink& s, Pause& pause) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "nodo", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, pause.nodo); });
    if_required(v, "rol", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, pause.rol); });
    if_required(v, "payload_minimo", p, s, [&](const Value& x, const std::string& q) { check_string_list(x, q, s, pause.payload_minimo, 1); });
    if_required(v, "politica_simulada", p, s, [&](const Value& x, const std::string& q) { check_bil(x, q, s, pause.politica_simulada); });
    unknown_keys(v, {"nodo", "rol", "payload_minimo", "politica_simulada"}, p, s);
}

namespace {

void check_evaluator(const Value& v, const std::string& p, Sink& s, Evaluator& e) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, e.id); });
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) { check_enum(x, q, s, e.tipo, {"regla", "juez_modelo", "humano"}); });
    if_present(v, "modo", p, [&](const Value& x, const std::string& q) { e.modo.emplace(); check_enum(x, q, s, *e.modo, {"selectivo", "total"}); });
    if_present(v, "opcional_en_corte", p, [&](const Value& x, const std::string& q) { bool b = false; check_bool(x, q, s, b); e.opcional_en_corte = b; });
    if_present(v, "riesgos_cubiertos", p, [&](const Value& x, const std::string& q) { check_id_list(x, q, s, e.riesgos_cubiertos); });
    unknown_keys(v, {"id", "tipo", "modo", "opcional_en_corte", "riesgos_cubiertos"}, p, s);
}

void check_baseline(const Value& v, const std::string& p, Sink& s, Baseline& b) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "agente_unico", p, s, [&](const Value& x, const std::string& q) { check_bool(x, q, s, b.agente_unico); });
    if_required(v, "lote", p, s, [&](const Value& x, const std::string& q) { if (expect_string(x, q, s)) b.lote = x.as_string(); });
    if_required(v, "mismo_presupuesto", p, s, [&](const Value& x, const std::string& q) { check_bool(x, q, s, b.mismo_presupuesto); });
    unknown_keys(v, {"agente_unico", "lote", "mismo_presupuesto"}, p, s);
}

void check_positive_int(const Value& v, const std::string& p, Sink& s, std::int64_t& out) { check_int(v, p, s, out, 1, kMaxSafeInteger); }
void check_nonnegative_int(const Value& v, const std::string& p, Sink& s, std::int64_t& out) { check_int(v, p, s, out, 0, kMaxSafeInteger); }

}  // namespace

void check_threshold(const Value& v, const std::string& p, Sink& s, Threshold& t) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, t.id); });
    if_required(v, "nombre", p, s, [&](const Value& x, const std::string& q) { check_bil(x, q, s, t.nombre); });
    if_required(v, "descripcion_lider", p, s, [&](const Value& x, const std::string& q) { check_bil(x, q, s, t.descripcion_lider); });
    if_required(v, "decision_id", p, s, [&](const Value& x, const std::string& q) { check_id(x, q, s, t.decision_id); });
    if_required(v, "senal", p, s, [&](const Value& x, const std::string& q) { check_string_min1(x, q, s, t.senal); });
    if_required(v, "operador", p, s, [&](const Value& x, const std::string& q) { check_enum(x, q, s, t.operador, kOperators); });
    if_required(v, "inclusivo", p, s, [&](const Value& x, const std::string& q) { check_bool(x, q, s, t.inclusivo); });
    if_required(v, "valor_en_plan", p, s, [&](const Value& x, const std::string& q) {
        if (x.is_number() || x.is_bool()) t.valor_en_plan = x;
        else s.hard(q, {std::string("se esperaba un número o un booleano y hay ") + kind_name_es(x),
                        std::string("expected a number or a boolean, found ") + kind_name_en(x)});
    });
    if_present(v, "unidad", p, [&](const Value& x, const std::string& q) { t.unidad.emplace(); check_libre(x, q, s, *t.unidad); });
    if_required(v, "rango_jugable", p, s, [&](const Value& x, const std::string& q) { check_range(x, q, s, t.rango_jugable); });
    if_required(v, "consecuencia_si_verdadero", p, s, [&](const Value& x, const std::string& q) { check_string_min1(x, q, s, t.consecuencia_si_verdadero); });
    if_present(v, "costo_humano_por_caso_min", p, [&](const Value& x, const std::string& q) {
        double minutes = 0;
        check_number_min(x, q, s, minutes, 0, false);
        t.costo_humano_por_caso_min = minutes;
    });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { check_origen(x, q, s, t.origen); });
    unknown_keys(v, {"id", "nombre", "descripcion_lider", "decision_id", "senal", "operador", "inclusivo", "valor_en_plan", "unidad",
                     "rango_jugable", "consecuencia_si_verdadero", "costo_humano_por_caso_min", "origen"}, p, s);
}

void check_contract(const Value& v, const std::string& p, Sink& s, GraphContract& c) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "nodos_esperados", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, c.nodos_esperados, 1, check_node); });
    if_required(v, "aristas_condicionales", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, c.aristas_condicionales, 0, check_edge); });
    if_present(v, "ramas_por_defecto", p, [&](const Value& x, const std::string& q) {
        if (!expect_object(x, q, s)) return;
        for (const json::Member& m : x.as_object()) {
            const std::string entry = join(q, m.key);
            if (!is_id(m.key))
                s.soft(entry, {"«" + m.key + "» no es un identificador válido", "\"" + m.key + "\" is not a valid identifier"});
            std::string target;
            check_id(m.value, entry, s, target);
            c.ramas_por_defecto.emplace_back(m.key, target);
        }
    });
    if_required(v, "pausas_humanas", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, c.pausas_humanas, 0, check_pause); });
    if_required(v, "senales_obligatorias_en_traza", p, s, [&](const Value& x, const std::string& q) { check_string_list(x, q, s, c.senales_obligatorias_en_traza, 1); });
    if_required(v, "evaluadores_requeridos", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, c.evaluadores_requeridos, 0, check_evaluator); });
    if_present(v, "linea_base", p, [&](const Value& x, const std::string& q) { c.linea_base.emplace(); check_baseline(x, q, s, *c.linea_base); });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { check_origen(x, q, s, c.origen); });
    unknown_keys(v, {"nodos_esperados", "aristas_condicionales", "ramas_por_defecto", "pausas_humanas", "senales_obligatorias_en_traza",
                     "evaluadores_requeridos", "linea_base", "origen"}, p, s);
}

void check_batches(const Value& v, const std::string& p, Sink& s, Batches& b) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "demo", p, s, [&](const Value& x, const std::string& q) { check_positive_int(x, q, s, b.demo); });
    if_required(v, "completo", p, s, [&](const Value& x, const std::string& q) { check_positive_int(x, q, s, b.completo); });
    if_required(v, "corridas_espaciadas_de", p, s, [&](const Value& x, const std::string& q) { check_positive_int(x, q, s, b.corridas_espaciadas_de); });
    if_required(v, "fuera_de_ci", p, s, [&](const Value& x, const std::string& q) {
        if (x.is_bool() && x.as_bool()) return;
        s.hard(q, {"fuera_de_ci debe ser el literal true", "fuera_de_ci must be the literal true"});
    });
    if_required(v, "proveedor", p, s, [&](const Value& x, const std::string& q) { check_string_min1(x, q, s, b.proveedor); });
    if_required(v, "modelo_alias", p, s, [&](const Value& x, const std::string& q) { check_string_min1(x, q, s, b.modelo_alias); });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { check_origen(x, q, s, b.origen); });
    unknown_keys(v, {"demo", "completo", "corridas_espaciadas_de", "fuera_de_ci", "proveedor", "modelo_alias", "origen"}, p, s);
}

void check_benefit_plan(const Value& v, const std::string& p, Sink& s, BenefitPlanSummary& b) {
    if (!expect_object(v, p, s)) return;
    if_required(v, "procedimientos", p, s, [&](const Value& x, const std::string& q) { check_positive_int(x, q, s, b.procedimientos); });
    if_required(v, "exentos_de_autorizacion", p, s, [&](const Value& x, const std::string& q) { check_nonnegative_int(x, q, s, b.exentos_de_autorizacion); });
    if_required(v, "exclusiones_con_causal", p, s, [&](const Value& x, const std::string& q) { check_nonnegative_int(x, q, s, b.exclusiones_con_causal); });
    if_required(v, "tope_alto_costo", p, s, [&](const Value& x, const std::string& q) { check_string_min1(x, q, s, b.tope_alto_costo); });
    if_present(v, "topes_de_cobertura", p, [&](const Value& x, const std::string& q) { std::int64_t n = 0; check_nonnegative_int(x, q, s, n); b.topes_de_cobertura = n; });
    unknown_keys(v, {"procedimientos", "exentos_de_autorizacion", "exclusiones_con_causal", "tope_alto_costo", "topes_de_cobertura"}, p, s);
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
