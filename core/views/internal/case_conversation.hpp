#pragma once
// The conversation of a multi-turn case on its page (ours): read from the trace's `conversacion` (the adherence
// coach, plans/adherencia/dominio.md §6), written as Markdown for the page and as JSON for `planlang case --json`.
// A trace without the key (demo A) gives no turn and no text.
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "core/views/case_page.hpp"

namespace planlang::views::internal {

std::vector<ConversationTurn> conversation_of(const json::Value& trace);
std::string conversation_markdown(const std::vector<ConversationTurn>& turns, bool en);
json::Value conversation_json(const std::vector<ConversationTurn>& turns);

}  // namespace planlang::views::internal
