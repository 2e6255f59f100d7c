#pragma once
// The words for the report's states and the format's enumerated values (aggregations, detector kinds and scopes, node types, variants,
// gap categories, evaluator kinds, case types, providers) in the reader's language: every front end that
// shows one of those values to a person (the report, the cards, the app) takes its word here, so the English
// reading carries no Spanish word. The values themselves stay the format's keys in every file.
#include <optional>
#include <string>
#include <string_view>

#include "core/report/numbers.hpp"

namespace planlang::report {

// The word for a state key (cumple, ocurrio, confirmado, cumple_con_alertas, bloqueante, alta…), or the key itself.
std::string state_word(std::string_view key, Lang lang);

// The word for `key` of the enumeration `kind` ("agregacion", "detector", "ambito", "nodo", "variante",
// "categoria", "evaluador", "tipo_caso", "proveedor"); nullopt when the kind or the key is not one we name.
std::optional<std::string> enum_word(std::string_view kind, std::string_view key, Lang lang);

// The same, falling back to the key itself.
std::string enum_word_or_key(std::string_view kind, std::string_view key, Lang lang);

}  // namespace planlang::report
