#pragma once
// Our injection patterns (synthetic-and-simulation.md §10, router and output guard): case- and
// accent-insensitive, matched on word boundaries. Five families:
//   ignorar     — ignore / forget / skip the rules, instructions, policies
//   autoridad   — administrator or system authority ("soy el administrador", "mensaje del sistema")
//   mensaje_ia  — messages addressed to the AI or the model
//   guardia     — disabling the output guard or a filter
//   confianza   — forcing the extraction confidence (to 1, to the maximum)
// Spanish and English phrasings are both recognised (the router reads the Spanish note and the order's
// remarks; the guard reads the letter in each language).
#include <string>
#include <string_view>
#include <vector>

namespace planlang::sim::demo_a {

// Lower-case ASCII with the Spanish accented letters folded (á→a, ñ→n, ü→u…); other bytes unchanged.
std::string fold(std::string_view utf8);

// The families whose pattern matches `text` (in the order above); empty when none does.
std::vector<std::string> injection_families(std::string_view text);

// Whether any family matches (= !injection_families(text).empty(), without building the names).
bool has_injection(std::string_view text);

}  // namespace planlang::sim::demo_a
