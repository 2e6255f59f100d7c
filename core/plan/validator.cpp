// [SECTION] index: messages · step 2 instruments · steps 3–7 references · step 8 contract ·
// step 9 evaluators · step 10 condition roots · step 11 huella · observaciones · validate()
#include "core/plan/validator.hpp"

#include "core/json/unicode.hpp"
#include "core/plan/schema.hpp"
#include "core/plan/waves.hpp"
#include "core/rules/parser.hpp"

namespace planlang::plan {
namespace {

// [SECTION] messages

void add(Issues& out, const char* code, std::string element, std::string es, std::string en) {
    out.push_back(Issue{code, std::move(element), {std::move(es), std::move(en)}});
}

bool is_inclusive_operator(const std::string& op) { return op == "mayor_o_igual_que" || op == "menor_o_igual_que"; }

// Blank after ECMAScript String#trim (plan-format.md §11.1 step 2c).
bool is_blank(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t n = json::ecmascript_space_length(std::string_view(s).substr(i));
        if (n == 0) return false;
        i += n;
    }
    return true;
}

// [SECTION] step 2: instruments

void check_instruments(const Plan& plan, ValidationResult& r) {
    const WavesResult waves = decision_waves(plan.decisiones);
    if (waves.code) {
        if (*waves.code == "CICLO")
            add(r.motivos, "CICLO", waves.element, "las decisiones dependen unas de otras en círculo: " + waves.element,
                "the decisions depend on each other in a circle: " + waves.element);
        else
            add(r.motivos, "DEPENDENCIA_DESCONOCIDA", waves.element, "la decisión depende de una decisión que no existe: " + waves.element,
                "the decision depends on a decision that does not exist: " + waves.element);
    } else {
        r.ondas = waves.waves;
    }
    for (const RiskPriority& p : r.prioridades) {
        if (p.prioridad_de_accion != "alta") continue;
        const Risk* risk = plan.risk(p.id);
        if (risk && risk->mitigaciones.empty())
            add(r.motivos, "PRIORIDAD_ALTA_SIN_MITIGACION", p.id, "el riesgo tiene prioridad de acción alta y ninguna mitigación",
                "the risk has high action priority and no mitigation");
    }
    for (const Assumption& a : plan.supuestos)
        if (a.criticidad == "alta" && (is_blank(a.prueba_barata.es) || is_blank(a.prueba_barata.en)))
            add(r.motivos, "SUPUESTO_CRITICO_SIN_PRUEBA", a.id, "un supuesto crítico necesita una prueba barata en ambos idiomas",
                "a critical assumption needs a cheap test in both languages");
}

// [SECTION] steps 3–7: references, criteria, thresholds, risks, assumptions

void broken_reference(Issues& out, const std::string& element, const std::string& what_es, const std::string& what_en,
                      const std::string& id) {
    add(out, "REFERENCIA_ROTA", element, what_es + " «" + id + "» no existe", what_en + " \"" + id + "\" does not exist");
}

void check_decisions(const Plan& plan, Issues& out) {
    for (const Decision& d : plan.decisiones) {
        for (const Id& u : d.umbrales_asociados)
            if (!plan.threshold(u)) broken_reference(out, d.id, "el umbral", "threshold", u);
        for (const Id& rid : d.riesgos_asociados)
            if (!plan.risk(rid)) broken_reference(out, d.id, "el riesgo", "risk", rid);
    }
}

bool is_condition_aggregation(const std::string& a) { return a == "todos_cumplen" || a == "pass^k" || a == "tasa"; }

void check_criteria(const Plan& plan, Issues& out) {
    for (const Criterion& c : plan.criterios_aceptacion) {
        for (const Id& rid : c.riesgos_controlados)
            if (!plan.risk(rid)) broken_reference(out, c.id, "el riesgo", "risk", rid);
        const MeasurementRule& rule = c.regla_de_medicion;
        const bool condition_agg = is_condition_aggregation(rule.agregacion);
        const auto no_rule = [&](const char* es, const char* en) { add(out, "CRITERIO_SIN_REGLA", c.id, es, en); };
        if (condition_agg && !rule.condicion)
            no_rule("la agregación necesita una condición", "the aggregation needs a condition");
        if (!condition_agg && !rule.metrica)
            no_rule("la agregación necesita una métrica", "the aggregation needs a metric");
        if (condition_agg && rule.metrica)
            no_rule("una agregación por condición no lleva métrica", "a condition aggregation takes no metric");
        if (!condition_agg && rule.condicion)
            no_rule("una agregación por métrica no lleva condición", "a metric aggregation takes no condition");
        if (rule.agregacion == "pass^k" && !rule.k)
            no_rule("pass^k necesita k", "pass^k needs k");
        if (!rule.metrica && !rule.condicion) continue;
        validate_condition(plan, rule.poblacion, c.id + ".poblacion", out);
        if (rule.condicion) validate_condition(plan, *rule.condicion, c.id + ".condicion", out);
        if (rule.metrica && !plan.is_required_signal(*rule.metrica))
            add(out, "UMBRAL_SIN_SENAL", c.id, "la métrica «" + *rule.metrica + "» no es una señal obligatoria de la traza",
                "the metric \"" + *rule.metrica + "\" is not a required trace signal");
    }
}

void check_thresholds(const Plan& plan, Issues& out) {
    for (const Threshold& t : plan.umbrales) {
        if (!plan.is_required_signal(t.senal))
            add(out, "UMBRAL_SIN_SENAL", t.id, "la señal «" + t.senal + "» no es una señal obligatoria de la traza",
                "the signal \"" + t.senal + "\" is not a required trace signal");
        if (!plan.decision(t.decision_id)) broken_reference(out, t.id, "la decisión", "decision", t.decision_id);
        if (is_inclusive_operator(t.operador) && !t.inclusivo)
            add(out, "OPERADOR_INCLUSIVO_INCOHERENTE", t.id, "el operador «" + t.operador + "» es inclusivo pero inclusivo es false",
                "the operator \"" + t.operador + "\" is inclusive but inclusivo is false");
        if (t.rango_jugable.boolean != t.valor_en_plan.is_bool())
            add(out, "UMBRAL_TIPO_INCOHERENTE", t.id, "el valor del plan y el rango jugable son de tipos distintos",
                "the plan value and the playable range are of different types");
    }
}

void check_risks(const Plan& plan, Issues& out) {
    for (const Risk& risk : plan.riesgos) {
        if (!risk.detector_en_trazas && !risk.no_detectable_en_trazas)
            add(out, "RIESGO_SIN_DETECTOR", risk.id, "el riesgo no tiene detector ni explica por qué no se ve en las trazas",
                "the risk has no detector and does not say why it cannot be seen in traces");
        if (risk.detector_en_trazas) {
            validate_condition(plan, risk.detector_en_trazas->poblacion, risk.id + ".poblacion", out);
            validate_condition(plan, risk.detector_en_trazas->condicion, risk.id + ".condicion", out);
        }
        if (risk.decision_id && !plan.decision(*risk.decision_id))
            broken_reference(out, risk.id, "la decisión", "decision", *risk.decision_id);
    }
}

void check_assumptions(const Plan& plan, Issues& out) {
    for (const Assumption& a : plan.supuestos) {
        if (!a.medible_en_trazas) continue;
        validate_condition(plan, a.medible_en_trazas->poblacion, a.id + ".poblacion", out);
        if (a.medible_en_trazas->condicion) validate_condition(plan, *a.medible_en_trazas->condicion, a.id + ".condicion", out);
    }
}

}  // namespace

// Defined in validator_contract.cpp (steps 8–10 and the observaciones).
namespace internal {
void check_contract(const Plan& plan, Issues& motivos);
void check_evaluators(const Plan& plan, Issues& motivos, Issues& advertencias);
void check_condition_roots(const Plan& plan, Issues& motivos, Issues& advertencias);
void collect_observations(const Plan& plan, Issues& observaciones);
}  // namespace internal

void validate_condition(const Plan& plan, std::string_view text, const std::string& element, Issues& out) {
    const rules::ParseResult parsed = rules::parse(text);
    if (!parsed.ok()) {
        out.push_back(parsed.error->to_issue(element));
        return;
    }
    for (const std::string& path : rules::references(parsed.ast).paths)
        if (const auto id = rules::threshold_id(path); id && !plan.threshold(std::string(*id)))
            broken_reference(out, element, "el umbral", "threshold", std::string(*id));
}

ValidationResult validate(const json::Value& document) {
    ValidationResult r;
    SchemaResult schema = load_plan(document);
    if (!schema.issues.empty()) {
        r.motivos = std::move(schema.issues);
        return r;
    }
    const Plan& plan = *schema.plan;
    r.prioridades = ordered_priorities(plan.riesgos);
    check_instruments(plan, r);
    check_decisions(plan, r.motivos);
    check_criteria(plan, r.motivos);
    check_thresholds(plan, r.motivos);
    check_risks(plan, r.motivos);
    check_assumptions(plan, r.motivos);
    internal::check_contract(plan, r.motivos);
    internal::check_evaluators(plan, r.motivos, r.advertencias);
    internal::check_condition_roots(plan, r.motivos, r.advertencias);
    if (plan.estado_aprobacion == "aprobado" && !plan.huella)
        add(r.motivos, "HUELLA_AUSENTE", "huella", "el plan está aprobado pero su huella es null",
            "the plan is approved but its huella is null");
    internal::collect_observations(plan, r.observaciones);
    r.ok = r.motivos.empty();
    r.plan = std::move(schema.plan);
    r.filled = std::move(schema.filled);
    return r;
}

}  // namespace planlang::plan
