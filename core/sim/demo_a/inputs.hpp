#pragma once
// What the simulated agent reads (spec/synthetic-and-simulation.md §4 and §9): the benefit plan ("the
// world", `planlang-plan-beneficios/v1`, read by core/synth) and the cases of a batch (`planlang-casos/v1`),
// read here from their JSON. Only the case fields the agent uses are typed and checked (type, presence,
// enumerations); a field that does not fit gives an ESQUEMA issue whose element is its dotted path
// ("casos.3.simulacion.confianza_extractor"). The batch's declared huella must equal the computed one
// (HUELLA_NO_COINCIDE).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/synth/case.hpp"
#include "core/synth/world.hpp"

namespace planlang::sim::demo_a {

// The world is read strictly by core/synth (synth::read_benefit_plan: schema, references, huella).
using World = synth::BenefitPlan;

// The threshold id named by the world's tope_alto_costo ("umbral.U2" → "U2"), empty when it names none.
std::string high_cost_threshold(const World& world);

// The four fields of an extraction and of the known truth, in this order.
struct Fields {
    json::Value procedimiento;   // string | null
    json::Value diagnostico;     // string | null
    json::Value urgencia;        // bool | null
    json::Value costo_estimado;  // number | null
    json::Value to_json() const;
    const json::Value& get(std::string_view name) const;
    json::Value& get(std::string_view name);
};
extern const std::vector<std::string> kFieldNames;  // procedimiento, diagnostico, urgencia, costo_estimado

struct Clarification {
    std::int64_t ciclo = 0;
    std::vector<std::string> aporta;  // diagnostico | costo_estimado
    Bilingual texto;
};

struct Case {
    std::string id;
    std::string tipo;
    std::string subtipo;
    json::Value adversario_detalle;  // string | null
    // entrada
    std::string documento, nombre, telefono, correo, historia_clinica;  // the member's identifiers
    std::int64_t edad = 0;
    std::string sexo;
    std::string tipo_atencion;         // of the attached order
    std::string codigo_orden;          // the order's procedure code
    Bilingual observaciones_orden;
    Bilingual texto_medico;
    json::Value orden_adjunta;         // as read (pause payload)
    std::vector<Clarification> aclaraciones_simuladas;
    // verdad_conocida
    std::string verdad_decision;       // aprobar | negar | aprobar_parcial
    json::Value verdad_causal;         // a–f | null
    Fields verdad_campos;
    // simulacion
    double confianza_extractor = 0;
    Fields campos_extraidos;
    bool redactor_repite_identificador = false;
    std::vector<std::string> campos_ausentes_en_texto;

    json::Value source;  // the case object as read (a repetition redraws its `simulacion` from it)
};

struct Batch {
    std::string id;
    std::string demo_id;
    std::string semilla;
    std::int64_t n = 0;
    std::string huella;
    std::string plan_id, plan_version, plan_huella;
    std::string plan_beneficios_huella;
    json::Value umbrales_de_referencia;
    std::vector<Case> casos;
};

struct BatchResult {
    Issues issues;
    std::optional<Batch> batch;
};
BatchResult read_batch(const json::Value& document);
// The same, each case object moved into its `source` instead of copied (half the memory for a large batch).
BatchResult read_batch(json::Value&& document);

// The case read_case(synth::to_json(generated)) gives, made straight from the generated case (its strings
// moved), without the JSON in between — except `source`, which stays null: a repetition (decisions.md C2)
// needs the case as stored in a batch, so this is for a case run once (the in-memory bench). A generated
// case always reads, so there is no issue to report. tests/unit/sim/inputs_test.cpp checks the two agree.
Case case_of(synth::Case&& generated);

// One case object (`casos[i]`), `path` prefixing the issues' elements.
std::optional<Case> read_case(const json::Value& v, const std::string& path, Issues& issues);
// The same, the object moved into `source` instead of copied.
std::optional<Case> read_case(json::Value&& v, const std::string& path, Issues& issues);

}  // namespace planlang::sim::demo_a
