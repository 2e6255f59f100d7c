#pragma once
// Small pieces shared by the views: colours, how numbers and bilingual texts are shown, and two widgets.
#include <initializer_list>
#include <string>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "imgui.h"
#include "web/app/text_catalogue.hpp"

namespace planlang::web {

namespace colour {
inline const ImVec4 kBackground{0.10f, 0.11f, 0.13f, 1.0f};
inline const ImVec4 kSimulationLabel{0.98f, 0.76f, 0.26f, 1.0f};  // the mandatory label, and the plan tick
inline const ImVec4 kMuted{0.62f, 0.65f, 0.70f, 1.0f};
inline const ImVec4 kGood{0.42f, 0.85f, 0.48f, 1.0f};
inline const ImVec4 kBad{0.95f, 0.42f, 0.40f, 1.0f};
inline const ImVec4 kMovedChip{0.36f, 0.26f, 0.07f, 1.0f};
inline const ImVec4 kOurs{0.33f, 0.55f, 0.95f, 1.0f};      // our additions' badge
inline const ImVec4 kPanel{0.14f, 0.15f, 0.18f, 1.0f};     // figure cards
inline const ImVec4 kAccent{0.55f, 0.78f, 0.98f, 1.0f};    // the current point on charts
}  // namespace colour

// The text of a bilingual field in the reader's language.
const std::string& pick(const Bilingual& text, Language lang);

// A plan text (BIL, or a legacy Spanish-only string, shown as written in both languages).
std::string text_of(const plan::Text& text, Language lang);

// A number as the reader expects it: ECMAScript's shortest digits (the plan file's own spelling), with a
// decimal comma in Spanish.
std::string display_number(double x, Language lang);

// A rounded chip of text (e.g. "moved from 0,75"), on the current line.
void chip(const char* text, const ImVec4& background);

// A catalogue template with {0}, {1}… replaced by `args` in order (a sentence is written whole per language,
// its figures put in their places).
std::string fill(const char* text, std::initializer_list<std::string> args);

// A bilingual JSON object {"es": …, "en": …} of a core value, in the reader's language ("" when absent).
std::string pick_json(const json::Value& text, Language lang);

// A small coloured badge, e.g. "nuestro" on our additions (playground.md §10).
void badge(const char* text, const ImVec4& colour);

// The source of a figure (site-and-cards.md §1), muted and small, after the figure on the same line.
void source_note(const std::string& text);

// A section title: a separator, then the title in the accent colour.
void section_title(const char* title);

// A labelled line "label: value" with the label muted, for the record-like parts of the screen.
void field(const char* label, const std::string& value);

}  // namespace planlang::web
