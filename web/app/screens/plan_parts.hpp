#pragma once
// The parts of the Plan screen (plan_screen.cpp lays them out).
#include "web/app/app_state.hpp"

namespace planlang::web {

// plan_contract.cpp: thresholds, the graph contract (nodes, edges, default branches, required signals,
// pauses, evaluators) and, in expert reading, the technical record and every rule of the plan verbatim.
void draw_plan_contract(AppState& state);

}  // namespace planlang::web
