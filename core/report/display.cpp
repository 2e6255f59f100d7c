// Values as display text (display.hpp).
#include "core/report/display.hpp"

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"

namespace planlang::report {

DisplayStyle json_words() { return DisplayStyle{}; }

DisplayStyle sentence_words() {
    DisplayStyle s;
    s.null_word = "—";
    s.number = DisplayStyle::Number::short4;
    return s;
}

DisplayStyle rule_words() {
    DisplayStyle s;
    s.text = DisplayStyle::Text::quoted_except_umbral;
    return s;
}

DisplayStyle recorded_words() {
    DisplayStyle s;
    s.null_word = "—";
    s.compound = DisplayStyle::Compound::canonical;
    return s;
}

std::string display_value(const json::Value& v, Lang lang, const DisplayStyle& style) {
    switch (v.kind()) {
        case json::Value::Kind::null: return style.null_word;
        case json::Value::Kind::boolean: return v.as_bool() ? "true" : "false";
        case json::Value::Kind::number: {
            const double x = v.as_number();
            switch (style.number) {
                case DisplayStyle::Number::ecmascript: return json::format_number(x);
                case DisplayStyle::Number::short4: return num_corto(x, 4, lang);
                case DisplayStyle::Number::integer_or_short4:
                    if (x == static_cast<double>(static_cast<long long>(x)) && x > -9007199254740992.0 && x < 9007199254740992.0)
                        return json::format_number(x);
                    return num_corto(x, 4, lang);
            }
            return json::format_number(x);
        }
        case json::Value::Kind::string:
            if (style.text == DisplayStyle::Text::quoted_except_umbral && v.as_string().rfind("umbral.", 0) != 0) return "\"" + v.as_string() + "\"";
            return v.as_string();
        default:
            switch (style.compound) {
                case DisplayStyle::Compound::ellipsis: return "…";
                case DisplayStyle::Compound::empty: return std::string();
                case DisplayStyle::Compound::canonical: return json::canonical(v);
                case DisplayStyle::Compound::null_word: return style.null_word;
            }
            return "…";
    }
}

}  // namespace planlang::report
