#pragma once
// The text rendering of the screen on view (site-and-cards.md §1, accessibility): Markdown a screen reader
// reads, in the reader's language and reading, mirrored into the page (platform::show_screen_text) and offered
// as a file. Wherever the core already renders a screen's content for people, that rendering is used as is:
// Brecha is the report's Markdown (informe.<lang>.md, byte for byte), the Playground the text of
// `planlang playground --lang` (after the label), a case page `planlang case`'s Markdown; the other screens are composed here
// from the same values the screen draws.
#include <string>

#include "web/app/app_state.hpp"

namespace planlang::web {

std::string screen_markdown(AppState& state);

// A key of everything the text depends on: recompute the text only when it changes.
std::string screen_text_key(const AppState& state);

}  // namespace planlang::web
