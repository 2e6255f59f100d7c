#pragma once
// The validator (spec/plan-format.md §11, `validarPlan`): ESQUEMA first (and only, when there is any),
// then the rules of §11.1 steps 2–11 in emission order. Deterministic; reads no clock.
// Our addition (§11.2): stricter checks the original skips go to `observaciones` and never change `ok`.
#include <optional>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/plan/priority.hpp"

namespace planlang::plan {

struct ValidationResult {
    bool ok = false;
    Issues motivos;        // blocking reasons
    Issues advertencias;   // warnings (SENAL_NO_DECLARADA, evaluator rule with no risk)
    Issues observaciones;  // ours: ID_DUPLICADO, VALOR_FUERA_DE_RANGO, VALOR_FUERA_DE_PASO, SENAL_DUPLICADA, ROL_DESCONOCIDO
    std::optional<Plan> plan;                  // set when the schema held
    json::Value filled;                        // the document with defaults (when the schema held)
    std::vector<RiskPriority> prioridades;     // risk order (when the schema held)
    std::vector<std::vector<Id>> ondas;        // decision waves (when they could be computed)
};

ValidationResult validate(const json::Value& document);

// validarCondicion (§11): parse `text`; CONDICION_NO_INTERPRETABLE with the position, then
// REFERENCIA_ROTA for each umbral.X (sorted) whose X is not a threshold. Both carry `element`.
void validate_condition(const Plan& plan, std::string_view text, const std::string& element, Issues& out);

}  // namespace planlang::plan
