#pragma once
// Pieces shared by the Entrada, Plan, Brecha and Fichas screens: reading the report object (informe.json as
// the verifier wrote it, traces-and-verifier.md §14), its numbers formatted as the report formats them
// (core/report/numbers.hpp, §15), the words for its state codes from the catalogue (`brecha.estado.*`,
// `brecha.palabra.*`), coloured state chips, figure cards, and the expert's source notes.
#include <string>
#include <initializer_list>
#include <string_view>
#include <utility>

#include "core/json/value.hpp"
#include "imgui.h"
#include "web/app/app_state.hpp"

namespace planlang::web {

inline bool expert(const AppState& state) { return state.reading == Reading::expert; }

// A member of a report object (a null value when absent) and the items of an array (none when not one).
const json::Value& at(const json::Value& v, std::string_view key);
const json::Array& items(const json::Value& v);
// A string member ("" when absent or not a string).
const std::string& str(const json::Value& v, std::string_view key);
// The report object's entry in `array` whose `id` is `id` (null when none).
const json::Value& by_id(const json::Value& array, const std::string& id);

// A report figure as the Markdown report shows it: integers plain, others numCorto(x, 4); booleans ✓ / ✗;
// null "—"; strings as written.
std::string report_number(const json::Value& v, Language lang);
std::string report_percent(const json::Value& v, Language lang);  // pct(x); null "—"
// An interval {bajo, alto} as "a–b" (percentages when `as_percent`), "" when it is not one.
std::string report_bounds(const json::Value& v, bool as_percent, Language lang);
// A list of ids "A-001, A-002, … (+n)"; "—" when empty.
std::string id_list(const json::Value& ids, std::size_t max = 10);
// A fingerprint: shortened to 12 hex digits for the leader, whole for the expert.
std::string fingerprint(const AppState& state, const std::string& huella);

// The word for a state code (cumple, ocurrio, confirmado…) in the reader's language; the code itself when
// the catalogue has no word for it.
std::string state_word(const AppState& state, const std::string& code);
// The word for one of the format's enumerated values (`kind`: agregacion, detector, nodo, variante,
// categoria, evaluador, tipo_caso, prioridad, reversibilidad, criticidad, tipo_criterio); the code when none.
std::string enum_word(const AppState& state, const char* kind, const std::string& code);
ImVec4 state_colour(const std::string& code);
void state_chip(const AppState& state, const std::string& code);
// An edge operator as a symbol (≤ ≥ < > = ≠), `inclusivo` turning < and > into ≤ and ≥.
std::string operator_symbol(const std::string& operador, bool inclusivo);

// Text that wraps at the window's (or table cell's) edge; muted variant.
void wrapped(const std::string& text);
void wrapped_muted(const std::string& text);
// The source of a figure, after it on the same line, in expert reading only.
void expert_source(const AppState& state, const std::string& source);
// A table of rows with a zebra background, stretched columns, inner borders (ends with ImGui::EndTable()).
bool begin_table(const char* id, int columns);
// A header (bold-like accent) for a table column block, set up with `weights` (0: fit to contents).
void setup_columns(std::initializer_list<std::pair<const char*, float>> columns);

// A collapsing section of a screen (its header in the accent colour); true when open.
bool section(const char* title, bool open_by_default);

// A figure card: a big value, a caption, a detail line and its source (shown to both readings here: the
// Entrada's headline figures always name where they come from; the expert sees the report key too).
void figure_card(const AppState& state, const char* id, float width, float height, const std::string& big, const ImVec4& big_colour,
                 const std::string& caption, const std::string& detail, const std::string& source_leader,
                 const std::string& source_expert);

}  // namespace planlang::web
