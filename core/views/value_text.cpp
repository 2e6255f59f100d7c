// Reading trace values into sentences (internal/value_text.hpp).
#include "core/views/internal/value_text.hpp"

#include "core/json/value.hpp"

namespace planlang::views::internal {

using json::Value;

std::string value_text(const Value& v, report::Lang lang) {
    switch (v.kind()) {
        case Value::Kind::string: return v.as_string();
        case Value::Kind::number: return report::num_corto(v.as_number(), 4, lang);
        case Value::Kind::boolean: return v.as_bool() ? "true" : "false";
        case Value::Kind::null: return "—";
        default: return "…";
    }
}

std::vector<std::string> strings(const Value& list) {
    std::vector<std::string> out;
    for (const Value& x : json::array_items(list))
        if (x.is_string()) out.push_back(x.as_string());
    return out;
}

}  // namespace planlang::views::internal
