#pragma once
// The app's screens (site-and-cards.md §2), drawn every frame from AppState (immediate mode: no widget state
// of our own beyond what AppState keeps).
//   app_view.cpp                  the window: the label, run switch, language and reading toggles, the tabs
//   screens/home_screen.cpp       1 Entrada      screens/plan_screen.cpp     2 Plan
//   screens/agent_screen.cpp      3 Agente       screens/gap_screen.cpp      4 Brecha
//   screens/playground_*.cpp      5 Playground   screens/cases_screen.cpp    6 Casos (list, case page, replay)
//   screens/cards_screen.cpp      7 Fichas
#include "web/app/app_state.hpp"

namespace planlang::web {

void draw_app(AppState& state, float width, float height);

void draw_home_screen(AppState& state);
void draw_plan_screen(AppState& state);
void draw_agent_screen(AppState& state);
void draw_gap_screen(AppState& state);
void draw_playground_screen(AppState& state);
void draw_cases_screen(AppState& state);
void draw_cards_screen(AppState& state);

// The status line's text for the state on screen (the live figures in one sentence when a run is open).
std::string status_text(AppState& state);

}  // namespace planlang::web
