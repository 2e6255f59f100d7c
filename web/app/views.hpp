#pragma once
// The playground screen, drawn every frame from AppState (immediate mode: no widget state of our own).
//   app_view.cpp        the window, the mandatory simulation label, language and reading toggles, errors
//   plan_card_view.cpp  the plan's identity and huella, and the applied plan's huella
//   threshold_view.cpp  one slider (or switch) per threshold, with the leader or expert reading
#include "web/app/app_state.hpp"

namespace planlang::web {

void draw_app(AppState& state, float width, float height);
void draw_plan_card(AppState& state);
void draw_applied_plan(AppState& state);
void draw_thresholds(AppState& state);

}  // namespace planlang::web
