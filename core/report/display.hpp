#pragma once
// The one way a JSON value becomes display text beside our own words (the case page, the diagram's edge
// labels, the CHAI card, the app's tables). Each place picks a style, which says only what differs between
// them: the word for null, how numbers show (as JSON writes them, or as the report rounds them in the page's
// language), whether strings are quoted, and what an object or array shows as. Booleans are always the JSON
// words `true` / `false`: they are values of the trace or the plan, quoted as such, not sentences.
#include <string>

#include "core/json/value.hpp"
#include "core/report/numbers.hpp"

namespace planlang::report {

struct DisplayStyle {
    enum class Number {
        ecmascript,        // as JSON writes it (json::format_number): 0.75, 1500
        short4,            // numCorto(x, 4) with the language's decimal mark: 0,75 in Spanish
        integer_or_short4  // integers as JSON writes them, other numbers numCorto(x, 4)
    };
    enum class Text {
        raw,                    // the string as it is
        quoted_except_umbral    // "…" around it, but a threshold reference (umbral.U1) bare, as a rule writes it
    };
    enum class Compound {
        ellipsis,   // "…"
        empty,      // ""
        canonical,  // its canonical JSON
        null_word   // the null word
    };
    const char* null_word = "null";
    Number number = Number::ecmascript;
    Text text = Text::raw;
    Compound compound = Compound::ellipsis;
};

// The styles in use, named by what they serve.
DisplayStyle json_words();          // null, ECMAScript numbers, raw strings, "…" for objects and arrays
DisplayStyle sentence_words();      // "—" for null, numCorto(x, 4) in the language: inside our sentences
DisplayStyle rule_words();          // a rule operand: strings quoted unless a threshold reference
DisplayStyle recorded_words();      // a recorded value in a table: "—" for null, objects as canonical JSON

std::string display_value(const json::Value& v, Lang lang, const DisplayStyle& style);

}  // namespace planlang::report
