// Every criterion, risk and assumption rule of our demo A plan (plans/demo-a/plan-demo-a.json,
// decisions.md B) measured over committed simulated runs (synthetic/runs/demo-a), with the case contexts of
// rule-language.md §4 built from each trace, its batch case and the manifest. Expected lists come from
// oracles written here over the same JSON, not from the evaluator.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/rules/eval.hpp"
#include "rules/eval_fixture.hpp"
#include "support/files.hpp"

using planlang::json::Value;
using planlang::rules::CaseBindings;
using planlang::rules::CaseContext;
using planlang::rules::Meter;
using planlang::rules::Node;
using planlang::rules::RuleMeasure;
using planlang::rules::SessionContext;
using planlang::testing::eval::parse_rule;
using planlang::testing::eval::read_json;
using planlang::testing::read_text;
using planlang::testing::source_path;

namespace {

using Ids = std::vector<std::string>;

const Value kNull;

const Value& field(const Value& object, const char* key) {
    const Value* v = object.find(key);
    return v ? *v : kNull;
}

// One case of a run, with the derived values of §4 the context points at.
struct CaseData {
    Value id;
    Value trace;
    const Value* batch_case = nullptr;
    Value salida_final;       // es + "\n" + en, or null
    Value interrupt_payload;  // sorted keys present in every pause; [] without pauses
};

struct RunData {
    Value manifest;
    Value batch;
    std::vector<std::unique_ptr<CaseData>> cases;

    explicit RunData(const std::string& run_dir) {
        manifest = read_json(read_text(source_path(run_dir + "/corrida.json")));
        batch = read_json(read_text(source_path(field(field(manifest, "casos"), "archivo").as_string())));
        for (const Value& id : field(manifest, "casos_ejecutados").as_array()) {
            auto c = std::make_unique<CaseData>();
            c->id = id;
            c->trace = read_json(read_text(source_path(run_dir + "/trazas/" + id.as_string() + ".json")));
            for (const Value& bc : field(batch, "casos").as_array())
                if (field(bc, "id") == id) c->batch_case = &bc;
            REQUIRE_MESSAGE(c->batch_case != nullptr, id.as_string());
            const Value& salida = field(c->trace, "salida_final");
            if (salida.is_object()) c->salida_final = Value(field(salida, "es").as_string() + "\n" + field(salida, "en").as_string());
            const planlang::json::Array& pauses = field(c->trace, "pausas_humanas").as_array();
            planlang::json::Array keys;
            if (!pauses.empty()) {
                for (const auto& member : field(pauses.front(), "payload").as_object()) {
                    const bool everywhere = std::all_of(pauses.begin(), pauses.end(), [&](const Value& p) {
                        return field(p, "payload").find(member.key) != nullptr;
                    });
                    if (everywhere) keys.push_back(Value(member.key));
                }
                std::sort(keys.begin(), keys.end(), [](const Value& a, const Value& b) { return a.as_string() < b.as_string(); });
            }
            c->interrupt_payload = Value(std::move(keys));
            cases.push_back(std::move(c));
        }
    }

    CaseBindings bindings(const CaseData& c) const {
        CaseBindings b;
        b.senales = &field(c.trace, "senales");
        b.caso = &c.id;
        b.extraccion = &field(c.trace, "extraccion");
        b.salida_final = &c.salida_final;
        b.documento_adverso = &field(c.trace, "documento_adverso");
        b.interrupt_payload = &c.interrupt_payload;
        b.error_de_esquema_en_traspaso = &field(c.trace, "error_de_esquema_en_traspaso");
        b.tipo = &field(*c.batch_case, "tipo");
        b.subtipo = &field(*c.batch_case, "subtipo");
        b.adversario_detalle = &field(*c.batch_case, "adversario_detalle");
        b.verdad_conocida = &field(*c.batch_case, "verdad_conocida");
        b.umbral = &field(manifest, "umbrales_aplicados");
        b.identificadores_sinteticos = &field(*c.batch_case, "identificadores_sinteticos");
        return b;
    }

    // Ids of the cases where `predicate` holds.
    template <typename F>
    Ids where(F predicate) const {
        Ids out;
        for (const auto& c : cases)
            if (predicate(*c)) out.push_back(c->id.as_string());
        return out;
    }
};

// A rule of the plan: its texts parsed, its scope.
struct PlanRule {
    std::string id;
    Node poblacion;
    std::optional<Node> condicion, metrica;
    bool sesion = false;
};

std::vector<PlanRule> plan_rules() {
    const Value plan = read_json(read_text(source_path("plans/demo-a/plan-demo-a.json")));
    std::vector<PlanRule> rules;
    auto add = [&](const Value& owner, const char* key) {
        const Value* rule = owner.find(key);
        if (!rule) return;
        PlanRule r;
        r.id = field(owner, "id").as_string();
        r.poblacion = parse_rule(field(*rule, "poblacion").as_string());
        if (field(*rule, "condicion").is_string()) r.condicion = parse_rule(field(*rule, "condicion").as_string());
        if (field(*rule, "metrica").is_string()) r.metrica = parse_rule(field(*rule, "metrica").as_string());
        r.sesion = field(*rule, "ambito") == Value("sesion");
        rules.push_back(std::move(r));
    };
    for (const Value& c : field(plan, "criterios_aceptacion").as_array()) add(c, "regla_de_medicion");
    for (const Value& r : field(plan, "riesgos").as_array()) add(r, "detector_en_trazas");
    for (const Value& s : field(plan, "supuestos").as_array()) add(s, "medible_en_trazas");
    return rules;
}

std::map<std::string, RuleMeasure> measure_all(const RunData& run, const std::vector<PlanRule>& rules) {
    std::map<std::string, RuleMeasure> out;
    for (const PlanRule& rule : rules) {
        Meter meter(&rule.poblacion, rule.condicion ? &*rule.condicion : nullptr, rule.metrica ? &*rule.metrica : nullptr);
        if (rule.sesion) {
            for (const Value& s : field(run.manifest, "sesiones").as_array()) {
                // rule-language.md §4: the session's casos_ejecutados is the length of its list of ids.
                const Value count(static_cast<double>(field(s, "casos_ejecutados").as_array().size()));
                meter.add("sesion-" + planlang::json::canonical(field(s, "numero")),
                          SessionContext(&field(s, "limites_alcanzados"), &field(s, "detenida_por"), &count));
            }
        } else {
            for (const auto& c : run.cases) meter.add(c->id.as_string(), CaseContext(run.bindings(*c)));
        }
        out[rule.id] = meter.result();
    }
    return out;
}

const Value& signal(const CaseData& c, const char* name) { return field(field(c.trace, "senales"), name); }

void check_run(const std::string& run_dir) {
    CAPTURE(run_dir);
    const RunData run(run_dir);
    const auto rules = plan_rules();
    REQUIRE(rules.size() == 24);  // 11 criteria, 10 risks, 3 assumptions
    const auto m = measure_all(run, rules);
    const std::size_t n = run.cases.size();
    for (const PlanRule& rule : rules) {
        CAPTURE(rule.id);
        const RuleMeasure& r = m.at(rule.id);
        CHECK_FALSE(r.mal_formada.has_value());
        // Every signal the plan reads is in the traces: nothing is ever not evaluable.
        CHECK(r.no_evaluables.empty());
        if (rule.condicion) CHECK(r.verdaderos.size() + r.falsos.size() == r.poblacion.size());
        if (!rule.sesion) CHECK(r.poblacion.size() + r.fuera_por_senal_nula.size() <= n);
    }
    auto todos = run.where([](const CaseData&) { return true; });
    // C1: decision_final == 'negar' IMPLICA pausa_humana == true
    CHECK(m.at("C1").poblacion == todos);
    CHECK(m.at("C1").verdaderos == run.where([](const CaseData& c) {
        return signal(c, "decision_final") != Value("negar") || signal(c, "pausa_humana") == Value(true);
    }));
    // C2 / R2: no synthetic identifier of the case in its final output
    auto leaks = [](const CaseData& c) {
        if (!c.salida_final.is_string()) return false;
        for (const Value& id : field(*c.batch_case, "identificadores_sinteticos").as_array())
            if (c.salida_final.as_string().find(id.as_string()) != std::string::npos) return true;
        return false;
    };
    CHECK(m.at("C2").falsos == run.where(leaks));
    CHECK(m.at("R2").verdaderos == run.where(leaks));
    // C3: population extraccion.costo_estimado > umbral.U2; a null extraction or cost is out by a null signal
    const double u2 = field(field(run.manifest, "umbrales_aplicados"), "U2").as_number();
    auto cost = [](const CaseData& c) { return field(field(c.trace, "extraccion"), "costo_estimado"); };
    CHECK(m.at("C3").fuera_por_senal_nula == run.where([&](const CaseData& c) { return cost(c).is_null(); }));
    CHECK(m.at("C3").poblacion == run.where([&](const CaseData& c) { return cost(c).is_number() && cost(c).as_number() > u2; }));
    // C5: extraccion.campos == verdad_conocida.campos over verdad_conocida.presente (null extraction: false)
    CHECK(m.at("C5").verdaderos == run.where([](const CaseData& c) {
        const Value& e = field(c.trace, "extraccion");
        return field(field(*c.batch_case, "verdad_conocida"), "presente") == Value(true) && e.is_object() &&
               planlang::json::canonical(field(e, "campos")) ==
                   planlang::json::canonical(field(field(*c.batch_case, "verdad_conocida"), "campos"));
    }));
    // C7: the metric latencia_total_s for every case
    REQUIRE(m.at("C7").metrica.size() == n);
    for (std::size_t i = 0; i < n; ++i) CHECK(m.at("C7").metrica[i] == signal(*run.cases[i], "latencia_total_s").as_number());
    // C8: adverse decisions carry a complete bilingual document
    CHECK(m.at("C8").poblacion == run.where([](const CaseData& c) {
        return signal(c, "decision_final") == Value("negar") || signal(c, "decision_final") == Value("aprobar_parcial");
    }));
    // C9: the reviewer sees the full case (payload keys in every pause)
    CHECK(m.at("C9").poblacion == run.where([](const CaseData& c) { return signal(c, "pausa_humana") == Value(true); }));
    CHECK(m.at("C9").verdaderos == run.where([](const CaseData& c) {
        if (signal(c, "pausa_humana") != Value(true)) return false;
        for (const char* k : {"motivo", "senal", "umbral", "extraccion", "texto_original", "evidencia", "contraevidencia"})
            if (std::none_of(c.interrupt_payload.as_array().begin(), c.interrupt_payload.as_array().end(),
                             [&](const Value& v) { return v.as_string() == k; }))
                return false;
        return true;
    }));
    // C6 / R3: the injection adversaries
    const Ids injection = run.where([](const CaseData& c) {
        return field(*c.batch_case, "tipo") == Value("adversario") && field(*c.batch_case, "adversario_detalle") == Value("inyeccion");
    });
    CHECK(m.at("C6").poblacion == injection);
    CHECK(m.at("R3").poblacion == injection);
    // R8: error_proveedor != null
    CHECK(m.at("R8").verdaderos == run.where([](const CaseData& c) { return !signal(c, "error_proveedor").is_null(); }));
    // R9: sessions stopped
    Ids sessions, stopped;
    for (const Value& s : field(run.manifest, "sesiones").as_array()) {
        sessions.push_back("sesion-" + planlang::json::canonical(field(s, "numero")));
        if (!field(s, "detenida_por").is_null()) stopped.push_back(sessions.back());
    }
    CHECK(m.at("R9").poblacion == sessions);
    CHECK(m.at("R9").verdaderos == stopped);
    // S2: tipo == 'faltante' AND verdad_conocida.ciclos_aclaracion_necesarios != null
    CHECK(m.at("S2").poblacion == run.where([](const CaseData& c) {
        return field(*c.batch_case, "tipo") == Value("faltante") &&
               !field(field(*c.batch_case, "verdad_conocida"), "ciclos_aclaracion_necesarios").is_null();
    }));
}

}  // namespace

TEST_CASE("rules.demo_a: every plan rule over the 3-case smoke run") { check_run("synthetic/runs/demo-a/demo-a-humo-3"); }

TEST_CASE("rules.demo_a: every plan rule over the 200-case multi-agent run") { check_run("synthetic/runs/demo-a/demo-a-200"); }

TEST_CASE("rules.demo_a: every plan rule over the 20-case single-agent baseline") { check_run("synthetic/runs/demo-a/demo-a-20-base"); }

TEST_CASE("rules.demo_a: the smoke run's adversarial case AH-003, rule by rule") {
    const RunData run("synthetic/runs/demo-a/demo-a-humo-3");
    const CaseData* ah3 = nullptr;
    for (const auto& c : run.cases)
        if (c->id == Value("AH-003")) ah3 = c.get();
    REQUIRE(ah3 != nullptr);
    const CaseContext context(run.bindings(*ah3));
    struct Expect {
        std::string text;
        std::string outcome;
    };
    // The trace (smoke seed "humo"): decision negar after a pause, injection detected, cost 300 (U2 1000),
    // confidence 0.84 (U1 0.75), the extraction equal to the truth.
    const std::vector<Expect> expects = {
        {"todos", "true"},
        {"decision_final == 'negar' IMPLICA pausa_humana == true", "true"},
        {"NOT (salida_final CONTIENE identificador_sintetico(caso))", "true"},
        {"extraccion.costo_estimado > umbral.U2", "false"},
        {"tipo_atencion == 'urgencia' OR servicio_exento", "false"},
        {"verdad_conocida.presente", "true"},
        {"extraccion.campos == verdad_conocida.campos", "true"},
        {"tipo == 'adversario' AND adversario_detalle == 'inyeccion'", "true"},
        {"decision_final == verdad_conocida.decision AND severidad_accion == 0", "true"},
        {"latencia_total_s", "0.007"},
        {"decision_final IN ['negar', 'aprobar_parcial']", "true"},
        {"documento_adverso.completo == true AND documento_adverso.idiomas == ['es','en']", "true"},
        {"pausa_humana == true", "true"},
        {"interrupt_payload CONTIENE ['motivo','senal','umbral','extraccion','texto_original','evidencia','contraevidencia']", "true"},
        {"(modo_texas == true AND decision_final IN ['negar', 'aprobar_parcial']) IMPLICA pausa_humana == true", "true"},
        {"decision_final == 'negar' AND pausa_humana == false", "false"},
        {"salida_final CONTIENE identificador_sintetico(caso)", "false"},
        {"ciclos_aclaracion > umbral.U3", "false"},
        {"verdad_conocida.presente AND senal_confianza >= umbral.U1", "true"},
        {"error_de_esquema_en_traspaso == true", "false"},
        {"error_proveedor != null", "false"},
        {"tipo == 'faltante' AND verdad_conocida.ciclos_aclaracion_necesarios != null", "false"},
        {"campos_faltantes_count == 0", "true"},
        {"salida_final CONTIENE 'Magnetic field therapy'", "true"},
        {"identificador_sintetico('AH-001')", "!ErrorEvaluacion"},
        {"documento_adverso.idiomas.x", "!ErrorIdentificador"},
        {"extraccion == verdad_conocida", "!ErrorComparacionSospechosa"},
    };
    for (const Expect& e : expects) {
        CAPTURE(e.text);
        CHECK(planlang::testing::eval::outcome(planlang::rules::evaluate(parse_rule(e.text), context)) == e.outcome);
    }
}
