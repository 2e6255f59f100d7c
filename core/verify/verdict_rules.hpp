#pragma once
// Pieces of the verdict (traces-and-verifier.md §9, §13) that the playground recomputes at a played setting
// (playground.md item "the gap at the played setting", ours): a risk's `ocurre_si` trigger, and the messages
// of §13 steps 1–3 (criteria, populations that dropped provider errors through a null signal, risks of the
// main run) in the verifier's own words, so that at plan values the playground's verdict is the report's.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::verify {

// `ocurre_si`, trimmed: an operator (>=, <=, ==, >, <) and a number. nullopt when it cannot be read.
struct Trigger {
    std::string op;
    double value = 0;
};
std::optional<Trigger> read_trigger(const std::string& text);
bool fires(const Trigger& trigger, double value);

struct CriterionState {
    std::string id;
    std::string estado;
    bool absoluto = false;
};
// Step 2: a population (an absolute criterion's, or a case-scope risk detector's) that left out `casos`
// cases with a provider error through a null signal; given in the verifier's order (criteria, then risks).
struct DroppedByNull {
    std::string id;
    bool riesgo = false;
    std::size_t casos = 0;
};
struct RiskState {
    std::string id;
    std::string estado;
    int severidad = 0;
};

// §13 steps 1–3, appended to `bloqueantes` and `alertas` (bilingual {es, en} objects), in order.
void verdict_steps_1_to_3(const std::vector<CriterionState>& criterios, const std::vector<DroppedByNull>& descartes,
                          const std::vector<RiskState>& riesgos, json::Array& bloqueantes, json::Array& alertas);
// `no_cumple` with any blocking message, else `cumple_con_alertas` with any alert, else `cumple`.
std::string verdict_value(const json::Array& bloqueantes, const json::Array& alertas);

}  // namespace planlang::verify
