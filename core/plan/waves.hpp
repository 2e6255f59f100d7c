#pragma once
// Decision waves (spec/plan-format.md §11.1 step 2a): Kahn's topological order over `depende_de`, one-way
// (`una_via`) decisions first inside each wave, each group sorted by id.
#include <optional>
#include <string>
#include <vector>

#include "core/plan/model.hpp"

namespace planlang::plan {

struct WavesResult {
    std::vector<std::vector<Id>> waves;  // set when there is no problem
    // DEPENDENCIA_DESCONOCIDA ("D3 → D9": the first unknown dependency in file order) or CICLO
    // ("D1 → D2 → D1": the first cycle of a depth-first search over the unplaced ids, sorted).
    std::optional<std::string> code;
    std::string element;
};

WavesResult decision_waves(const std::vector<Decision>& decisions);

}  // namespace planlang::plan
