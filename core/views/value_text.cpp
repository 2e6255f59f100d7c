// Reading trace values into sentences (internal/value_text.hpp).
#include "core/views/internal/value_text.hpp"

#include "core/json/value.hpp"
#include "core/report/display.hpp"

namespace planlang::views::internal {

using json::Value;

std::string value_text(const Value& v, report::Lang lang) { return report::display_value(v, lang, report::sentence_words()); }

std::vector<std::string> strings(const Value& list) {
    std::vector<std::string> out;
    for (const Value& x : json::array_items(list))
        if (x.is_string()) out.push_back(x.as_string());
    return out;
}

}  // namespace planlang::views::internal
