#pragma once
// RPN and the AIAG-VDA action priority (spec/plan-format.md §5.1), the effective priority under legal
// control, and the risk order used by the plan screen and the validator (step 2b).
#include <string>
#include <vector>

#include "core/plan/model.hpp"

namespace planlang::plan {

// 'A' (alta), 'M' (media) or 'B' (baja), from the AIAG-VDA table. Scores outside 1–10 are clamped to
// the nearest band (the schema reports them; this keeps the function total).
char action_priority(int severidad, int ocurrencia, int deteccion);
const char* priority_name(char letter);  // "alta", "media", "baja"

struct RiskPriority {
    Id id;
    int rpn = 0;                      // S × O × D
    std::string prioridad_de_tabla;   // the table's value
    std::string prioridad_de_accion;  // "alta" when control_legal is true, else the table's value
    bool control_legal = false;
};

RiskPriority risk_priority(const Risk& risk);

// Effective priority A, M, B; then RPN descending; then id by UTF-16 code units.
std::vector<RiskPriority> ordered_priorities(const std::vector<Risk>& risks);

}  // namespace planlang::plan
