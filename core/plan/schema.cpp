// The plan schema, section by section in the order plan-format.md §2–§10 lists the keys.
#include "core/plan/schema.hpp"

#include "core/plan/internal/schema_check.hpp"

namespace planlang::plan {
namespace {

using internal::check_items;
using internal::if_present;
using internal::if_required;
using internal::join;
using internal::Sink;
using json::Value;

void check_actor(const Value& v, const std::string& p, Sink& s, Actor& a) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, a.id); });
    if_required(v, "es", p, s, [&](const Value& x, const std::string& q) { internal::check_string_min1(x, q, s, a.es); });
    if_required(v, "en", p, s, [&](const Value& x, const std::string& q) { internal::check_string_min1(x, q, s, a.en); });
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, a.tipo, {"humano", "sistema"}); });
    if_present(v, "rol_en_pausa", p, [&](const Value& x, const std::string& q) { bool b = false; internal::check_bool(x, q, s, b); a.rol_en_pausa = b; });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { internal::check_origen(x, q, s, a.origen); });
    internal::unknown_keys(v, {"id", "es", "en", "tipo", "rol_en_pausa", "origen"}, p, s);
}

void check_option(const Value& v, const std::string& p, Sink& s, DecisionOption& o) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "nombre", p, s, [&](const Value& x, const std::string& q) { internal::check_libre(x, q, s, o.nombre); });
    if_present(v, "pros", p, [&](const Value& x, const std::string& q) { o.pros.emplace(); internal::check_libre(x, q, s, *o.pros); });
    if_present(v, "contras", p, [&](const Value& x, const std::string& q) { o.contras.emplace(); internal::check_libre(x, q, s, *o.contras); });
    internal::unknown_keys(v, {"nombre", "pros", "contras"}, p, s);
}

void check_decision(const Value& v, const std::string& p, Sink& s, Decision& d) {
    const std::size_t hard_before = s.hard_count();
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, d.id); });
    if_required(v, "pregunta", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, d.pregunta); });
    if_required(v, "opciones", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, d.opciones, 2, check_option); });
    if_present(v, "opcion_elegida", p, [&](const Value& x, const std::string& q) { d.opcion_elegida.emplace(); internal::check_libre(x, q, s, *d.opcion_elegida); });
    if_present(v, "justificacion", p, [&](const Value& x, const std::string& q) { d.justificacion.emplace(); internal::check_bil(x, q, s, *d.justificacion); });
    if_required(v, "reversibilidad", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, d.reversibilidad, {"una_via", "costosa", "dos_vias"}); });
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, d.tipo, {"explicita", "implicita"}); });
    if_required(v, "estado", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, d.estado, {"abierta", "decidida", "superada"}); });
    // Defaults (§1): absent lists are empty.
    if_present(v, "depende_de", p, [&](const Value& x, const std::string& q) { internal::check_id_list(x, q, s, d.depende_de); });
    if_present(v, "umbrales_asociados", p, [&](const Value& x, const std::string& q) { internal::check_id_list(x, q, s, d.umbrales_asociados); });
    if_present(v, "riesgos_asociados", p, [&](const Value& x, const std::string& q) { internal::check_id_list(x, q, s, d.riesgos_asociados); });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { internal::check_origen(x, q, s, d.origen); });
    internal::unknown_keys(v, {"id", "pregunta", "opciones", "opcion_elegida", "justificacion", "reversibilidad", "tipo",
                               "estado", "depende_de", "umbrales_asociados", "riesgos_asociados", "origen"}, p, s);
    // §4 refinement: only when nothing in the decision is a hard problem.
    if (s.hard_count() == hard_before && d.estado == "decidida" && (!d.opcion_elegida || !d.justificacion))
        s.soft(p, {"una decisión «decidida» necesita opcion_elegida y justificacion",
                   "a \"decidida\" decision needs opcion_elegida and justificacion"});
}

void check_mitigation(const Value& v, const std::string& p, Sink& s, Mitigation& m) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "accion", p, s, [&](const Value& x, const std::string& q) { internal::check_libre(x, q, s, m.accion); });
    if_required(v, "momento", p, s, [&](const Value& x, const std::string& q) { internal::check_libre(x, q, s, m.momento); });
    if_required(v, "efecto_esperado", p, s, [&](const Value& x, const std::string& q) { internal::check_libre(x, q, s, m.efecto_esperado); });
    internal::unknown_keys(v, {"accion", "momento", "efecto_esperado"}, p, s);
}

void check_detector(const Value& v, const std::string& p, Sink& s, Detector& d) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, d.tipo, {"conteo", "tasa"}); });
    if_present(v, "ambito", p, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, d.ambito, {"caso", "sesion"}); });
    if_required(v, "poblacion", p, s, [&](const Value& x, const std::string& q) { internal::check_string_min1(x, q, s, d.poblacion); });
    if_required(v, "condicion", p, s, [&](const Value& x, const std::string& q) { internal::check_string_min1(x, q, s, d.condicion); });
    if_required(v, "ocurre_si", p, s, [&](const Value& x, const std::string& q) {
        internal::check_pattern(x, q, s, d.ocurre_si, internal::is_ocurre_si, "una comparación como \"> 0\" o \">= 0.10\"",
                                "a comparison such as \"> 0\" or \">= 0.10\"");
    });
    internal::unknown_keys(v, {"tipo", "ambito", "poblacion", "condicion", "ocurre_si"}, p, s);
}

void check_risk(const Value& v, const std::string& p, Sink& s, Risk& r) {
    if (!internal::expect_object(v, p, s)) return;
    const auto score = [&](std::string_view key, int& out) {
        if_required(v, key, p, s, [&](const Value& x, const std::string& q) {
            std::int64_t n = 0;
            internal::check_int(x, q, s, n, 1, 10);
            out = static_cast<int>(n);
        });
    };
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, r.id); });
    if_present(v, "decision_id", p, [&](const Value& x, const std::string& q) { r.decision_id.emplace(); internal::check_id(x, q, s, *r.decision_id); });
    if_required(v, "modo", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, r.modo); });
    if_required(v, "efecto", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, r.efecto); });
    if_required(v, "causa", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, r.causa); });
    score("severidad", r.severidad);
    score("ocurrencia", r.ocurrencia);
    score("deteccion", r.deteccion);
    if_present(v, "mitigaciones", p, [&](const Value& x, const std::string& q) { check_items(x, q, s, r.mitigaciones, 0, check_mitigation); });
    if_required(v, "detector_en_trazas", p, s, [&](const Value& x, const std::string& q) {
        if (x.is_null()) return;
        r.detector_en_trazas.emplace();
        check_detector(x, q, s, *r.detector_en_trazas);
    });
    if_present(v, "no_detectable_en_trazas", p, [&](const Value& x, const std::string& q) { r.no_detectable_en_trazas.emplace(); internal::check_libre(x, q, s, *r.no_detectable_en_trazas); });
    if_present(v, "control_legal", p, [&](const Value& x, const std::string& q) { bool b = false; internal::check_bool(x, q, s, b); r.control_legal = b; });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { internal::check_origen(x, q, s, r.origen); });
    internal::unknown_keys(v, {"id", "decision_id", "modo", "efecto", "causa", "severidad", "ocurrencia", "deteccion", "mitigaciones",
                               "detector_en_trazas", "no_detectable_en_trazas", "control_legal", "origen"}, p, s);
}

void check_measurable(const Value& v, const std::string& p, Sink& s, MeasurableInTraces& m) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "metricas", p, s, [&](const Value& x, const std::string& q) { internal::check_string_list(x, q, s, m.metricas, 1); });
    if_required(v, "poblacion", p, s, [&](const Value& x, const std::string& q) { internal::check_string_min1(x, q, s, m.poblacion); });
    if_present(v, "condicion", p, [&](const Value& x, const std::string& q) { m.condicion.emplace(); internal::check_string_min1(x, q, s, *m.condicion); });
    if_present(v, "comparacion", p, [&](const Value& x, const std::string& q) { m.comparacion.emplace(); internal::check_string_min1(x, q, s, *m.comparacion); });
    if_present(v, "umbral_confirmacion", p, [&](const Value& x, const std::string& q) {
        if (!internal::expect_object(x, q, s)) return;
        m.umbral_confirmacion.emplace();
        for (const json::Member& member : x.as_object()) {
            double n = 0;
            internal::check_number(member.value, join(q, member.key), s, n);
            m.umbral_confirmacion->emplace_back(member.key, n);
        }
    });
    internal::unknown_keys(v, {"metricas", "poblacion", "condicion", "comparacion", "umbral_confirmacion"}, p, s);
}

void check_assumption(const Value& v, const std::string& p, Sink& s, Assumption& a) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, a.id); });
    if_required(v, "enunciado", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, a.enunciado); });
    if_required(v, "criticidad", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, a.criticidad, {"alta", "media", "baja"}); });
    if_required(v, "prueba_barata", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, a.prueba_barata); });
    if_present(v, "medible_en_trazas", p, [&](const Value& x, const std::string& q) { a.medible_en_trazas.emplace(); check_measurable(x, q, s, *a.medible_en_trazas); });
    if_required(v, "estado", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, a.estado, {"sin_probar", "confirmado", "refutado"}); });
    if_present(v, "origen", p, [&](const Value& x, const std::string& q) { internal::check_origen(x, q, s, a.origen); });
    internal::unknown_keys(v, {"id", "enunciado", "criticidad", "prueba_barata", "medible_en_trazas", "estado", "origen"}, p, s);
}

// number | bool (valor_objetivo, valor_en_plan): the JSON kind picks the alternative.
void check_number_or_bool(const Value& v, const std::string& p, Sink& s, Value& out) {
    if (v.is_number() || v.is_bool()) {
        out = v;
        return;
    }
    s.hard(p, {std::string("se esperaba un número o un booleano y hay ") + internal::kind_name_es(v),
               std::string("expected a number or a boolean, found ") + internal::kind_name_en(v)});
}

void check_rule(const Value& v, const std::string& p, Sink& s, MeasurementRule& r) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "poblacion", p, s, [&](const Value& x, const std::string& q) { internal::check_string_min1(x, q, s, r.poblacion); });
    if_present(v, "condicion", p, [&](const Value& x, const std::string& q) { r.condicion.emplace(); internal::check_string_min1(x, q, s, *r.condicion); });
    if_present(v, "metrica", p, [&](const Value& x, const std::string& q) { r.metrica.emplace(); internal::check_string_min1(x, q, s, *r.metrica); });
    if_required(v, "agregacion", p, s, [&](const Value& x, const std::string& q) {
        internal::check_enum(x, q, s, r.agregacion, {"todos_cumplen", "pass^k", "tasa", "mediana", "promedio", "maximo"});
    });
    if_present(v, "k", p, [&](const Value& x, const std::string& q) { std::int64_t k = 0; internal::check_int(x, q, s, k, 1, internal::kMaxSafeInteger); r.k = k; });
    if_present(v, "k_aplica_a", p, [&](const Value& x, const std::string& q) { r.k_aplica_a.emplace(); if (internal::expect_string(x, q, s)) *r.k_aplica_a = x.as_string(); });
    internal::unknown_keys(v, {"poblacion", "condicion", "metrica", "agregacion", "k", "k_aplica_a"}, p, s);
}

void check_criterion(const Value& v, const std::string& p, Sink& s, Criterion& c) {
    if (!internal::expect_object(v, p, s)) return;
    if_required(v, "id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, c.id); });
    if_required(v, "enunciado", p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, c.enunciado); });
    if_required(v, "tipo", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, c.tipo, {"absoluto", "tasa", "latencia", "costo"}); });
    if_required(v, "regla_de_medicion", p, s, [&](const Value& x, const std::string& q) { check_rule(x, q, s, c.regla_de_medicion); });
    if_required(v, "valor_objetivo", p, s, [&](const Value& x, const std::string& q) { check_number_or_bool(x, q, s, c.valor_objetivo); });
    if_required(v, "origen", p, s, [&](const Value& x, const std::string& q) {
        std::optional<std::string> origen;
        internal::check_origen(x, q, s, origen);
        c.origen = origen.value_or("");
    });
    if_present(v, "riesgos_controlados", p, [&](const Value& x, const std::string& q) { internal::check_id_list(x, q, s, c.riesgos_controlados); });
    internal::unknown_keys(v, {"id", "enunciado", "tipo", "regla_de_medicion", "valor_objetivo", "origen", "riesgos_controlados"}, p, s);
}

}  // namespace

// Defined in schema_contract.cpp (thresholds, graph contract, batches, benefit plan).
namespace internal {
void check_threshold(const Value& v, const std::string& p, Sink& s, Threshold& t);
void check_contract(const Value& v, const std::string& p, Sink& s, GraphContract& c);
void check_batches(const Value& v, const std::string& p, Sink& s, Batches& b);
void check_benefit_plan(const Value& v, const std::string& p, Sink& s, BenefitPlanSummary& b);
void fill_defaults(Value& document);
}  // namespace internal

SchemaResult load_plan(const json::Value& doc) {
    SchemaResult result;
    Sink s;
    Plan plan;
    const std::string p;
    if (internal::expect_object(doc, p, s)) {
        const auto bil = [&](std::string_view key, Text& out) {
            if_required(doc, key, p, s, [&](const Value& x, const std::string& q) { internal::check_bil(x, q, s, out); });
        };
        if_required(doc, "id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, plan.id); });
        bil("nombre", plan.nombre);
        if_required(doc, "version", p, s, [&](const Value& x, const std::string& q) {
            internal::check_pattern(x, q, s, plan.version, internal::is_version, "una versión X.Y.Z", "an X.Y.Z version");
        });
        if_required(doc, "dominio_id", p, s, [&](const Value& x, const std::string& q) { internal::check_id(x, q, s, plan.dominio_id); });
        if_required(doc, "estado_aprobacion", p, s, [&](const Value& x, const std::string& q) { internal::check_enum(x, q, s, plan.estado_aprobacion, {"borrador", "aprobado"}); });
        if_present(doc, "aprobado_por", p, [&](const Value& x, const std::string& q) { plan.aprobado_por.emplace(); if (internal::expect_string(x, q, s)) *plan.aprobado_por = x.as_string(); });
        if_present(doc, "aprobado_el", p, [&](const Value& x, const std::string& q) {
            plan.aprobado_el.emplace();
            internal::check_pattern(x, q, s, *plan.aprobado_el, internal::is_fecha, "una fecha AAAA-MM-DD", "a YYYY-MM-DD date");
        });
        bil("problema", plan.problema);
        if_required(doc, "actores", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.actores, 1, check_actor); });
        if_required(doc, "flujo_objetivo", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.flujo_objetivo, 1, internal::check_bil); });
        if_required(doc, "decisiones", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.decisiones, 1, check_decision); });
        if_required(doc, "riesgos", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.riesgos, 1, check_risk); });
        if_required(doc, "supuestos", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.supuestos, 0, check_assumption); });
        if_required(doc, "criterios_aceptacion", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.criterios_aceptacion, 1, check_criterion); });
        if_required(doc, "umbrales", p, s, [&](const Value& x, const std::string& q) { check_items(x, q, s, plan.umbrales, 1, internal::check_threshold); });
        if_required(doc, "contrato_de_grafo", p, s, [&](const Value& x, const std::string& q) { internal::check_contract(x, q, s, plan.contrato_de_grafo); });
        if_required(doc, "lotes", p, s, [&](const Value& x, const std::string& q) { internal::check_batches(x, q, s, plan.lotes); });
        if_present(doc, "plan_beneficios_sintetico", p, [&](const Value& x, const std::string& q) { plan.plan_beneficios_sintetico.emplace(); internal::check_benefit_plan(x, q, s, *plan.plan_beneficios_sintetico); });
        if_present(doc, "etiqueta_riesgo", p, [&](const Value& x, const std::string& q) { plan.etiqueta_riesgo.emplace(); internal::check_bil(x, q, s, *plan.etiqueta_riesgo); });
        if_required(doc, "huella", p, s, [&](const Value& x, const std::string& q) {
            if (x.is_null()) return;
            plan.huella.emplace();
            internal::check_pattern(x, q, s, *plan.huella, internal::is_hex64, "64 cifras hexadecimales en minúscula",
                                    "64 lowercase hexadecimal digits");
        });
        internal::unknown_keys(doc, {"id", "nombre", "version", "dominio_id", "estado_aprobacion", "aprobado_por", "aprobado_el",
                                     "problema", "actores", "flujo_objetivo", "decisiones", "riesgos", "supuestos",
                                     "criterios_aceptacion", "umbrales", "contrato_de_grafo", "lotes",
                                     "plan_beneficios_sintetico", "etiqueta_riesgo", "huella"}, p, s);
    }
    result.issues = std::move(s.issues());
    if (result.issues.empty()) {
        result.plan = std::move(plan);
        result.filled = doc;
        internal::fill_defaults(result.filled);
    }
    return result;
}

}  // namespace planlang::plan
