#pragma once
// The parts of the Casos screen (site-and-cards.md §2 screen 6, §4): the list of every case of the run
// (cases_screen.cpp), a case's page (case_page_view.cpp) and its step-by-step replay along the diagram
// (case_replay.cpp).
#include <string>
#include <vector>

#include "core/views/case_page.hpp"
#include "imgui.h"
#include "web/app/app_state.hpp"

namespace planlang::web {

void draw_case_list(AppState& state);
void draw_case_page(AppState& state);
void draw_case_replay(AppState& state, const views::CasePage& page);

// A recorded or written text with marked stretches (an injection, a member's data) shown inline: the marks
// in the warning colour with a ⚠ before each, the rest plain, wrapped at the region's edge.
void marked_text(const std::string& text, const std::vector<views::Span>& marks);

// A case verdict's word and colour (correcto, señalado, incorrecto, sin verdad: ours, site/case_page.hpp).
const char* case_verdict_word(const AppState& state, const std::string& veredicto);
ImVec4 case_verdict_colour(const std::string& veredicto);

// A value as recorded (a string as written, numbers as ECMAScript prints them, true/false, "—" for null).
std::string recorded_value(const json::Value& v);

}  // namespace planlang::web
