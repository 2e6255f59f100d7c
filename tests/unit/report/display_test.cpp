// The one value formatter (core/report/display.hpp): each style on each kind of value, worked by hand.
#include "core/report/display.hpp"

#include <doctest/doctest.h>

#include "core/json/reader.hpp"

using namespace planlang;
using report::display_value;
using report::Lang;

namespace {

json::Value v(const char* text) { return json::read(text).value; }

}  // namespace

TEST_CASE("json_words: JSON's own spelling, objects as an ellipsis") {
    const report::DisplayStyle s = report::json_words();
    CHECK(display_value(v("null"), Lang::es, s) == "null");
    CHECK(display_value(v("true"), Lang::es, s) == "true");
    CHECK(display_value(v("0.75"), Lang::es, s) == "0.75");  // no decimal comma: it is the value as written
    CHECK(display_value(v("1e21"), Lang::en, s) == "1e+21");
    CHECK(display_value(v("\"umbral.U1\""), Lang::en, s) == "umbral.U1");
    CHECK(display_value(v("[1]"), Lang::en, s) == "…");
}

TEST_CASE("sentence_words: a dash for null, numCorto(x, 4) in the language") {
    const report::DisplayStyle s = report::sentence_words();
    CHECK(display_value(v("null"), Lang::en, s) == "—");
    CHECK(display_value(v("false"), Lang::es, s) == "false");
    CHECK(display_value(v("0.12345"), Lang::es, s) == "0,1235");  // toFixed(4) rounds the tie up here
    CHECK(display_value(v("0.12345"), Lang::en, s) == "0.1235");
    CHECK(display_value(v("1500"), Lang::es, s) == "1500");
    CHECK(display_value(v("{\"a\":1}"), Lang::es, s) == "…");
}

TEST_CASE("rule_words: strings quoted unless a threshold reference") {
    const report::DisplayStyle s = report::rule_words();
    CHECK(display_value(v("\"aprobar\""), Lang::en, s) == "\"aprobar\"");
    CHECK(display_value(v("\"umbral.U2\""), Lang::en, s) == "umbral.U2");
    CHECK(display_value(v("1500"), Lang::en, s) == "1500");
    CHECK(display_value(v("null"), Lang::en, s) == "null");
}

TEST_CASE("recorded_words and the other compound choices") {
    const report::DisplayStyle s = report::recorded_words();
    CHECK(display_value(v("null"), Lang::en, s) == "—");
    CHECK(display_value(v("{\"b\":2,\"a\":1}"), Lang::en, s) == "{\"a\":1,\"b\":2}");
    report::DisplayStyle t = report::json_words();
    t.compound = report::DisplayStyle::Compound::empty;
    CHECK(display_value(v("[1,2]"), Lang::en, t).empty());
    t.compound = report::DisplayStyle::Compound::null_word;
    CHECK(display_value(v("[1,2]"), Lang::en, t) == "null");
    t.number = report::DisplayStyle::Number::integer_or_short4;
    CHECK(display_value(v("3"), Lang::es, t) == "3");
    CHECK(display_value(v("2.5"), Lang::es, t) == "2,5");
}
