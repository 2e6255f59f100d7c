// The plan schema, section by section in the order plan-format.md §2–§10 lists the keys.
#include "core/plan/schema.hpp"

#include "core/plan/schema_fields.hpp"

namespace planlang::plan {
namespace {

using namespace fields;
using json::Value;
using json::schema::kind_name_en;
using json::schema::kind_name_es;
using json::schema::kMaxSafeInteger;
using json::schema::is_fecha;
using json::schema::is_hex64;
using json::schema::is_version;
using json::schema::Members;

void check_actor(Check& c, const Value& v, Actor& a) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, a.id); });
    m.required("es", [&](const Value& x) { check_string_min1(c, x, a.es); });
    m.required("en", [&](const Value& x) { check_string_min1(c, x, a.en); });
    m.required("tipo", [&](const Value& x) { check_enum(c, x, a.tipo, {"humano", "sistema"}); });
    m.optional("rol_en_pausa", [&](const Value& x) { bool b = false; check_bool(c, x, b); a.rol_en_pausa = b; });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, a.origen); });
    m.close({"id", "es", "en", "tipo", "rol_en_pausa", "origen"});
}

void check_option(Check& c, const Value& v, DecisionOption& o) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("nombre", [&](const Value& x) { check_libre(c, x, o.nombre); });
    m.optional("pros", [&](const Value& x) { o.pros.emplace(); check_libre(c, x, *o.pros); });
    m.optional("contras", [&](const Value& x) { o.contras.emplace(); check_libre(c, x, *o.contras); });
    m.close({"nombre", "pros", "contras"});
}

void check_decision(Check& c, const Value& v, Decision& d) {
    const std::size_t hard_before = c.hard_count();
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, d.id); });
    m.required("pregunta", [&](const Value& x) { check_bil(c, x, d.pregunta); });
    m.required("opciones", [&](const Value& x) { check_items(c, x, d.opciones, 2, check_option); });
    m.optional("opcion_elegida", [&](const Value& x) { d.opcion_elegida.emplace(); check_libre(c, x, *d.opcion_elegida); });
    m.optional("justificacion", [&](const Value& x) { d.justificacion.emplace(); check_bil(c, x, *d.justificacion); });
    m.required("reversibilidad", [&](const Value& x) { check_enum(c, x, d.reversibilidad, {"una_via", "costosa", "dos_vias"}); });
    m.required("tipo", [&](const Value& x) { check_enum(c, x, d.tipo, {"explicita", "implicita"}); });
    m.required("estado", [&](const Value& x) { check_enum(c, x, d.estado, {"abierta", "decidida", "superada"}); });
    // Defaults (§1): absent lists are empty.
    m.optional("depende_de", [&](const Value& x) { check_id_list(c, x, d.depende_de); });
    m.optional("umbrales_asociados", [&](const Value& x) { check_id_list(c, x, d.umbrales_asociados); });
    m.optional("riesgos_asociados", [&](const Value& x) { check_id_list(c, x, d.riesgos_asociados); });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, d.origen); });
    m.close({"id", "pregunta", "opciones", "opcion_elegida", "justificacion", "reversibilidad", "tipo",
             "estado", "depende_de", "umbrales_asociados", "riesgos_asociados", "origen"});
    // §4 refinement: only when nothing in the decision is a hard problem.
    if (c.hard_count() == hard_before && d.estado == "decidida" && (!d.opcion_elegida || !d.justificacion))
        c.fail({"una decisión «decidida» necesita opcion_elegida y justificacion",
                "a \"decidida\" decision needs opcion_elegida and justificacion"});
}

void check_mitigation(Check& c, const Value& v, Mitigation& mitigation) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("accion", [&](const Value& x) { check_libre(c, x, mitigation.accion); });
    m.required("momento", [&](const Value& x) { check_libre(c, x, mitigation.momento); });
    m.required("efecto_esperado", [&](const Value& x) { check_libre(c, x, mitigation.efecto_esperado); });
    m.close({"accion", "momento", "efecto_esperado"});
}

void check_detector(Check& c, const Value& v, Detector& d) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("tipo", [&](const Value& x) { check_enum(c, x, d.tipo, {"conteo", "tasa"}); });
    m.optional("ambito", [&](const Value& x) { check_enum(c, x, d.ambito, {"caso", "sesion"}); });
    m.required("poblacion", [&](const Value& x) { check_string_min1(c, x, d.poblacion); });
    m.required("condicion", [&](const Value& x) { check_string_min1(c, x, d.condicion); });
    m.required("ocurre_si", [&](const Value& x) {
        check_pattern(c, x, d.ocurre_si, is_ocurre_si, "una comparación como \"> 0\" o \">= 0.10\"",
             "a comparison such as \"> 0\" or \">= 0.10\"");
    });
    m.close({"tipo", "ambito", "poblacion", "condicion", "ocurre_si"});
}

void check_risk(Check& c, const Value& v, Risk& r) {
    Members m(c, v);
    if (!m.ok()) return;
    const auto score = [&](std::string_view key, int& out) {
        m.required(key, [&](const Value& x) {
            std::int64_t n = 0;
            check_int(c, x, n, 1, 10);
            out = static_cast<int>(n);
        });
    };
    m.required("id", [&](const Value& x) { check_id(c, x, r.id); });
    m.optional("decision_id", [&](const Value& x) { r.decision_id.emplace(); check_id(c, x, *r.decision_id); });
    m.required("modo", [&](const Value& x) { check_bil(c, x, r.modo); });
    m.required("efecto", [&](const Value& x) { check_bil(c, x, r.efecto); });
    m.required("causa", [&](const Value& x) { check_bil(c, x, r.causa); });
    score("severidad", r.severidad);
    score("ocurrencia", r.ocurrencia);
    score("deteccion", r.deteccion);
    m.optional("mitigaciones", [&](const Value& x) { check_items(c, x, r.mitigaciones, 0, check_mitigation); });
    m.required("detector_en_trazas", [&](const Value& x) {
        if (x.is_null()) return;
        r.detector_en_trazas.emplace();
        check_detector(c, x, *r.detector_en_trazas);
    });
    m.optional("no_detectable_en_trazas", [&](const Value& x) { r.no_detectable_en_trazas.emplace(); check_libre(c, x, *r.no_detectable_en_trazas); });
    m.optional("control_legal", [&](const Value& x) { bool b = false; check_bool(c, x, b); r.control_legal = b; });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, r.origen); });
    m.close({"id", "decision_id", "modo", "efecto", "causa", "severidad", "ocurrencia", "deteccion", "mitigaciones",
             "detector_en_trazas", "no_detectable_en_trazas", "control_legal", "origen"});
}

void check_measurable(Check& c, const Value& v, MeasurableInTraces& measurable) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("metricas", [&](const Value& x) { check_string_list(c, x, measurable.metricas, 1); });
    m.required("poblacion", [&](const Value& x) { check_string_min1(c, x, measurable.poblacion); });
    m.optional("condicion", [&](const Value& x) { measurable.condicion.emplace(); check_string_min1(c, x, *measurable.condicion); });
    m.optional("comparacion", [&](const Value& x) { measurable.comparacion.emplace(); check_string_min1(c, x, *measurable.comparacion); });
    m.optional("umbral_confirmacion", [&](const Value& x) {
        if (!json::schema::object(c, x)) return;
        measurable.umbral_confirmacion.emplace();
        for (const json::Member& member : x.as_object()) {
            double n = 0;
            c.push(member.key);
            check_number(c, member.value, n);
            c.pop();
            measurable.umbral_confirmacion->emplace_back(member.key, n);
        }
    });
    m.close({"metricas", "poblacion", "condicion", "comparacion", "umbral_confirmacion"});
}

void check_assumption(Check& c, const Value& v, Assumption& a) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, a.id); });
    m.required("enunciado", [&](const Value& x) { check_bil(c, x, a.enunciado); });
    m.required("criticidad", [&](const Value& x) { check_enum(c, x, a.criticidad, {"alta", "media", "baja"}); });
    m.required("prueba_barata", [&](const Value& x) { check_bil(c, x, a.prueba_barata); });
    m.optional("medible_en_trazas", [&](const Value& x) { a.medible_en_trazas.emplace(); check_measurable(c, x, *a.medible_en_trazas); });
    m.required("estado", [&](const Value& x) { check_enum(c, x, a.estado, {"sin_probar", "confirmado", "refutado"}); });
    m.optional("origen", [&](const Value& x) { check_origen(c, x, a.origen); });
    m.close({"id", "enunciado", "criticidad", "prueba_barata", "medible_en_trazas", "estado", "origen"});
}

// number | bool (valor_objetivo, valor_en_plan): the JSON kind picks the alternative.
void check_number_or_bool(Check& c, const Value& v, Value& out) {
    if (v.is_number() || v.is_bool()) {
        out = v;
        return;
    }
    c.fail_hard({std::string("se esperaba un número o un booleano y hay ") + kind_name_es(v),
                 std::string("expected a number or a boolean, found ") + kind_name_en(v)});
}

void check_rule(Check& c, const Value& v, MeasurementRule& r) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("poblacion", [&](const Value& x) { check_string_min1(c, x, r.poblacion); });
    m.optional("condicion", [&](const Value& x) { r.condicion.emplace(); check_string_min1(c, x, *r.condicion); });
    m.optional("metrica", [&](const Value& x) { r.metrica.emplace(); check_string_min1(c, x, *r.metrica); });
    m.required("agregacion", [&](const Value& x) {
        check_enum(c, x, r.agregacion, {"todos_cumplen", "pass^k", "tasa", "mediana", "promedio", "maximo"});
    });
    m.optional("k", [&](const Value& x) { std::int64_t k = 0; check_int(c, x, k, 1, kMaxSafeInteger); r.k = k; });
    m.optional("k_aplica_a", [&](const Value& x) { r.k_aplica_a.emplace(); if (json::schema::string(c, x)) *r.k_aplica_a = x.as_string(); });
    m.close({"poblacion", "condicion", "metrica", "agregacion", "k", "k_aplica_a"});
}

void check_criterion(Check& c, const Value& v, Criterion& criterion) {
    Members m(c, v);
    if (!m.ok()) return;
    m.required("id", [&](const Value& x) { check_id(c, x, criterion.id); });
    m.required("enunciado", [&](const Value& x) { check_bil(c, x, criterion.enunciado); });
    m.required("tipo", [&](const Value& x) { check_enum(c, x, criterion.tipo, {"absoluto", "tasa", "latencia", "costo"}); });
    m.required("regla_de_medicion", [&](const Value& x) { check_rule(c, x, criterion.regla_de_medicion); });
    m.required("valor_objetivo", [&](const Value& x) { check_number_or_bool(c, x, criterion.valor_objetivo); });
    m.required("origen", [&](const Value& x) {
        std::optional<std::string> origen;
        check_origen(c, x, origen);
        criterion.origen = origen.value_or("");
    });
    m.optional("riesgos_controlados", [&](const Value& x) { check_id_list(c, x, criterion.riesgos_controlados); });
    m.close({"id", "enunciado", "tipo", "regla_de_medicion", "valor_objetivo", "origen", "riesgos_controlados"});
}

}  // namespace

// Defined in schema_contract.cpp (thresholds, graph contract, batches, benefit plan).
namespace internal {
void check_threshold(Check& c, const Value& v, Threshold& t);
void check_contract(Check& c, const Value& v, GraphContract& contract);
void check_batches(Check& c, const Value& v, Batches& b);
void check_benefit_plan(Check& c, const Value& v, BenefitPlanSummary& b);
void fill_defaults(Value& document);
}  // namespace internal

SchemaResult load_plan(const json::Value& doc) {
    SchemaResult result;
    Check c;
    Plan plan;
    Members m(c, doc);
    if (m.ok()) {
        const auto bil = [&](std::string_view key, Text& out) {
            m.required(key, [&](const Value& x) { check_bil(c, x, out); });
        };
        m.required("id", [&](const Value& x) { check_id(c, x, plan.id); });
        bil("nombre", plan.nombre);
        m.required("version", [&](const Value& x) {
            check_pattern(c, x, plan.version, is_version, "una versión X.Y.Z", "an X.Y.Z version");
        });
        m.required("dominio_id", [&](const Value& x) { check_id(c, x, plan.dominio_id); });
        m.required("estado_aprobacion", [&](const Value& x) { check_enum(c, x, plan.estado_aprobacion, {"borrador", "aprobado"}); });
        m.optional("aprobado_por", [&](const Value& x) { plan.aprobado_por.emplace(); if (json::schema::string(c, x)) *plan.aprobado_por = x.as_string(); });
        m.optional("aprobado_el", [&](const Value& x) {
            plan.aprobado_el.emplace();
            check_pattern(c, x, *plan.aprobado_el, is_fecha, "una fecha AAAA-MM-DD", "a YYYY-MM-DD date");
        });
        bil("problema", plan.problema);
        m.required("actores", [&](const Value& x) { check_items(c, x, plan.actores, 1, check_actor); });
        m.required("flujo_objetivo", [&](const Value& x) { check_items(c, x, plan.flujo_objetivo, 1, check_bil); });
        m.required("decisiones", [&](const Value& x) { check_items(c, x, plan.decisiones, 1, check_decision); });
        m.required("riesgos", [&](const Value& x) { check_items(c, x, plan.riesgos, 1, check_risk); });
        m.required("supuestos", [&](const Value& x) { check_items(c, x, plan.supuestos, 0, check_assumption); });
        m.required("criterios_aceptacion", [&](const Value& x) { check_items(c, x, plan.criterios_aceptacion, 1, check_criterion); });
        m.required("umbrales", [&](const Value& x) { check_items(c, x, plan.umbrales, 1, internal::check_threshold); });
        m.required("contrato_de_grafo", [&](const Value& x) { internal::check_contract(c, x, plan.contrato_de_grafo); });
        m.required("lotes", [&](const Value& x) { internal::check_batches(c, x, plan.lotes); });
        m.optional("plan_beneficios_sintetico", [&](const Value& x) { plan.plan_beneficios_sintetico.emplace(); internal::check_benefit_plan(c, x, *plan.plan_beneficios_sintetico); });
        m.optional("etiqueta_riesgo", [&](const Value& x) { plan.etiqueta_riesgo.emplace(); check_bil(c, x, *plan.etiqueta_riesgo); });
        m.required("huella", [&](const Value& x) {
            if (x.is_null()) return;
            plan.huella.emplace();
            check_pattern(c, x, *plan.huella, is_hex64, "64 cifras hexadecimales en minúscula",
                          "64 lowercase hexadecimal digits");
        });
        m.close({"id", "nombre", "version", "dominio_id", "estado_aprobacion", "aprobado_por", "aprobado_el",
                 "problema", "actores", "flujo_objetivo", "decisiones", "riesgos", "supuestos",
                 "criterios_aceptacion", "umbrales", "contrato_de_grafo", "lotes",
                 "plan_beneficios_sintetico", "etiqueta_riesgo", "huella"});
    }
    result.issues = std::move(c.issues());
    if (result.issues.empty()) {
        result.plan = std::move(plan);
        result.filled = doc;
        internal::fill_defaults(result.filled);
    }
    return result;
}

}  // namespace planlang::plan
