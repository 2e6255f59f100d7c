#pragma once
// The gap report for people (spec/traces-and-verifier.md §14 "Markdown"): `informe.es.md` / `informe.en.md`
// rendered from the report object alone, so any report object (ours or read back from disk) renders the
// same bytes on every platform. Nine sections; numbers per §15 (toFixed ties, Math.round, decimal comma in
// Spanish); table cells escape `|` and turn newlines into spaces; the text ends with "\n".
#include <optional>
#include <string>

#include "core/json/value.hpp"
#include "core/report/numbers.hpp"

namespace planlang::report {

std::string markdown(const json::Value& informe, Lang lang);

// A table cell: `|` escaped as `\|`, CR/LF as spaces.
std::string cell(const std::string& text);

// An edge operator as its symbol (= ≠ < > ≤ ≥; `inclusivo` turns < and > into ≤ and ≥), nullopt for a name
// the rule language does not have. The report and the app write rules with it.
std::optional<std::string> operator_symbol(const std::string& operador, bool inclusivo);

}  // namespace planlang::report
