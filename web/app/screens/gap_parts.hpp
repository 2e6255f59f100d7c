#pragma once
// The parts of the Brecha screen (gap_screen.cpp lays out the nine sections of traces-and-verifier.md §14;
// gap_sections.cpp draws sections 4–6). Every figure is a value of the report object (session.report()); in
// expert reading each names its key, and our `complementos` (exact counts, intervals) are added, badged.
#include <string>

#include "core/json/value.hpp"
#include "web/app/app_state.hpp"

namespace planlang::web {

// The source of a figure in expert reading: "informe.json · <key>".
void report_source(const AppState& state, const std::string& key);
// The "ours" badge before an addition from `complementos`.
void ours_badge(const AppState& state);
// A case id as a small button that opens the case page (Casos screen).
void case_button(AppState& state, const std::string& caso_id);

void draw_gap_risks_and_contract(AppState& state, const json::Value& report);  // section 4
void draw_gap_unforeseen(AppState& state, const json::Value& report);          // section 5
void draw_gap_assumptions(AppState& state, const json::Value& report);         // section 6

}  // namespace planlang::web
