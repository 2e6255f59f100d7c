#pragma once
// Reading trace values into the sentences the views write (case_page.cpp, the domains' node roles).
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "core/report/numbers.hpp"

namespace planlang::views::internal {

// A value as a short text for sentences we write: strings as they are, numbers as the report shows them
// (numCorto(x, 4), decimal comma in Spanish).
std::string value_text(const json::Value& v, report::Lang lang);

// The strings of an array, skipping anything else.
std::vector<std::string> strings(const json::Value& list);

}  // namespace planlang::views::internal
