#pragma once
// The parts of the Playground screen (playground_screen.cpp lays them out).
#include <string>
#include <vector>

#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "imgui.h"
#include "web/app/app_state.hpp"

namespace planlang::web {

// The slider positions of a numeric threshold (plan::slider_positions over its playable range).
std::vector<double> slider_positions_of(const playground::Threshold& u);

// playground_figures.cpp: the four live figures (cases changing path; errors introduced and avoided;
// reviewer minutes with ±Δ vs plan; criteria met), the leader sentence, the expert live rule.
void draw_live_figures(AppState& state);
void draw_leader_sentence(AppState& state);
void draw_live_rule(AppState& state);

// The figures in one sentence, for the status line (aria-live) and the leader reading.
std::string live_sentence(AppState& state);

// playground_panels.cpp: changed cases (with export), criteria and the verdict at this setting, the
// risk–coverage curve, the U1 × U2 Pareto view, and our additions, as tabs.
void draw_playground_panels(AppState& state);

// playground_charts.cpp: the risk–coverage curve (the report's assumption curve over U1's positions) with the
// plan and current points; the U1 × U2 sweep's Pareto view (click a point: the sliders move there); our
// additions (simulated continuation, truth at this setting, intervals).
void draw_risk_coverage(AppState& state);
void draw_pareto(AppState& state);
// The reliability diagram of the calibration assumption (verify::calibration's samples in ECE's ten bins,
// accuracy against mean confidence, the diagonal of perfect calibration), with the plan's and the played U1;
// the ECE recomputed from those samples beside the report's.
void draw_calibration(AppState& state);
void draw_additions(AppState& state);

// A case's outcome (persona, sin persona, no observado), a change's effect key in the catalogue and its
// chip colour: the changed-case table's and the Casos screen's.
const char* outcome_text(const AppState& state, playground::Outcome o);
std::string effect_key(playground::Effect e);
ImVec4 effect_colour(playground::Effect e);

// The changed-case table as CSV or Markdown (the export buttons; the same rows the table shows).
std::string changes_csv(AppState& state);
std::string changes_markdown(AppState& state);

}  // namespace planlang::web
