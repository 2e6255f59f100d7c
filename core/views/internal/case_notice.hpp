#pragma once
// The AI notice check of the case page (site-and-cards.md §4 "Output": flag "inaccurate notice" when the
// notice contradicts what happened). Ours: a notice is free text, so we look for a few claims the trace can
// check, written the ways our simulated agent and a careful writer put them, in Spanish and English, case-
// insensitively; a notice that makes none of them is not flagged.
#include <string>
#include <string_view>
#include <vector>

#include "core/views/case_page.hpp"

namespace planlang::views::internal {

// The claims `text` (in `idioma`) makes, each judged against what happened: `a_persona` (a person reviewed
// the case) and the final decision (`negar`, `aprobar_parcial`, …; empty when none).
std::vector<NoticeClaim> notice_claims(std::string_view text, const std::string& idioma, const std::string& donde, bool a_persona,
                                       const std::string& decision);

}  // namespace planlang::views::internal
