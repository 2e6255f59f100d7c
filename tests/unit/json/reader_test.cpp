#include "core/json/reader.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "core/json/canonical.hpp"

using planlang::json::read;
using planlang::json::ReadLimits;
using planlang::json::Value;

namespace {

struct BadCase {
    std::string name;
    std::string text;
    std::string code;
    std::string element;  // path and line:column
};

}  // namespace

TEST_CASE("reader: malformed input gives a code, a JSON path and a position") {
    const BadCase cases[] = {
        {"empty", "", "JSON_SINTAXIS", "$ @ 1:1"},
        {"only spaces", "  \n ", "JSON_SINTAXIS", "$ @ 2:2"},
        {"trailing comma array", "[1,]", "JSON_SINTAXIS", "$[1] @ 1:4"},
        {"trailing comma object", "{\"a\":1,}", "JSON_SINTAXIS", "$ @ 1:8"},
        {"missing colon", "{\"a\" 1}", "JSON_SINTAXIS", "$.a @ 1:6"},
        {"single quotes", "{'a':1}", "JSON_SINTAXIS", "$ @ 1:2"},
        {"unquoted key", "{a:1}", "JSON_SINTAXIS", "$ @ 1:2"},
        {"content after value", "{} {}", "JSON_SINTAXIS", "$ @ 1:4"},
        {"unterminated string", "[\"abc", "JSON_SINTAXIS", "$[0] @ 1:6"},
        {"unterminated array", "[1, 2", "JSON_SINTAXIS", "$ @ 1:6"},
        {"raw control char", "[\"a\tb\"]", "JSON_SINTAXIS", "$[0] @ 1:4"},
        {"bad escape", "[\"\\x\"]", "JSON_SINTAXIS", "$[0] @ 1:3"},
        {"short unicode escape", "[\"\\u12\"]", "JSON_SINTAXIS", "$[0] @ 1:3"},
        {"leading zero", "[01]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"plus sign", "[+1]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"bare point", "[1.]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"point first", "[.5]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"empty exponent", "[1e]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"hex number", "[0x10]", "JSON_SINTAXIS", "$ @ 1:3"},
        {"minus alone", "[-]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"True capitalised", "[True]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"nul literal", "[nul]", "JSON_SINTAXIS", "$[0] @ 1:2"},
        {"comment", "[1 /* c */]", "JSON_SINTAXIS", "$ @ 1:4"},
        {"byte order mark", "\xEF\xBB\xBF{}", "JSON_SINTAXIS", "$ @ 1:1"},
        {"duplicate key", "{\"a\":1,\"b\":2,\"a\":3}", "JSON_CLAVE_DUPLICADA", "$.a @ 1:14"},
        {"nested duplicate key", "{\"x\":[{\"k\":1,\"k\":1}]}", "JSON_CLAVE_DUPLICADA", "$.x[0].k @ 1:14"},
        {"duplicate key by escape", "{\"a\":1,\"\\u0061\":2}", "JSON_CLAVE_DUPLICADA", "$.a @ 1:8"},
        {"lone high surrogate in key", "{\"\\ud800\":1}", "JSON_SURROGADO_EN_CLAVE", "$[\"\\ud800\"] @ 1:2"},
        {"lone low surrogate in key", "{\"a\\udc00b\":1}", "JSON_SURROGADO_EN_CLAVE", "$[\"a\\udc00b\"] @ 1:2"},
        {"NaN", "[NaN]", "JSON_NUMERO_NO_FINITO", "$[0] @ 1:2"},
        {"Infinity", "{\"x\":Infinity}", "JSON_NUMERO_NO_FINITO", "$.x @ 1:6"},
        {"minus Infinity", "[-Infinity]", "JSON_NUMERO_NO_FINITO", "$[0] @ 1:2"},
        {"overflow", "[1e309]", "JSON_NUMERO_NO_FINITO", "$[0] @ 1:2"},
        {"negative overflow", "[-1.8e308]", "JSON_NUMERO_NO_FINITO", "$[0] @ 1:2"},
        {"overflow by digits", "[" + std::string(400, '9') + "]", "JSON_NUMERO_NO_FINITO", "$[0] @ 1:2"},
        {"invalid utf8 byte", "[\"\xFF\"]", "JSON_UTF8_INVALIDO", "$[0] @ 1:3"},
        {"overlong utf8", "[\"\xC0\xAF\"]", "JSON_UTF8_INVALIDO", "$[0] @ 1:3"},
        {"utf8 encoded surrogate", "[\"\xED\xA0\x80\"]", "JSON_UTF8_INVALIDO", "$[0] @ 1:3"},
        {"utf8 above U+10FFFF", "[\"\xF4\x90\x80\x80\"]", "JSON_UTF8_INVALIDO", "$[0] @ 1:3"},
        {"truncated utf8", "[\"\xE2\x82\"]", "JSON_UTF8_INVALIDO", "$[0] @ 1:3"},
        {"utf8 in key", "{\"a\xFF\":1}", "JSON_UTF8_INVALIDO", "$ @ 1:4"},
        {"column counts characters", "[\"ñandú\", x]", "JSON_SINTAXIS", "$[1] @ 1:11"},
    };
    // read_into reports the same into a value whose containers it reuses: keys and arrays at every depth.
    const std::string warm = R"({"a":{"k":[1,"a string longer than fifteen"],"x":{}},"k":[[1],{"a":2}],"x":[{"k":{"k":[]}}]})";
    for (const BadCase& c : cases) {
        CAPTURE(c.name);
        const auto result = read(c.text);
        REQUIRE_FALSE(result.ok());
        CHECK(result.error->code == c.code);
        CHECK(result.error->element == c.element);
        CHECK_FALSE(result.error->message.es.empty());
        CHECK_FALSE(result.error->message.en.empty());
        CHECK(result.error->message.es != result.error->message.en);
        Value reused = read(warm).value;
        const std::optional<planlang::Issue> into = planlang::json::read_into(reused, c.text);
        REQUIRE(into.has_value());
        CHECK(into->code == c.code);
        CHECK(into->element == c.element);
    }
}

TEST_CASE("reader: nesting is bounded, never a stack overflow") {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const auto result = read(deep);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error->code == "JSON_PROFUNDIDAD");
    CHECK(result.error->element.find("1:513") != std::string::npos);

    const std::string objects = [] {
        std::string s;
        for (int i = 0; i < 100000; ++i) s += "{\"a\":";
        return s + "1" + std::string(100000, '}');
    }();
    CHECK(read(objects).error->code == "JSON_PROFUNDIDAD");

    ReadLimits limits;
    limits.max_depth = 3;
    CHECK(read("[[[1]]]", limits).ok());
    CHECK(read("[[[[1]]]]", limits).error->code == "JSON_PROFUNDIDAD");
    CHECK(read(std::string(512, '[') + std::string(512, ']')).ok());
}

TEST_CASE("reader: documents larger than the limit are refused before parsing") {
    ReadLimits limits;
    limits.max_bytes = 10;
    CHECK(read("[1,2,3,4]", limits).ok());
    const auto result = read("[1,2,3,4,5]", limits);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error->code == "JSON_TAMANO");
}

TEST_CASE("reader: numbers keep their nearest double, as JSON.parse") {
    auto number = [](const std::string& literal) {
        const auto r = read("[" + literal + "]");
        REQUIRE(r.ok());
        return r.value.as_array()[0].as_number();
    };
    CHECK(number("0") == 0.0);
    CHECK(std::signbit(number("-0")));
    CHECK(number("333333333.33333329") == 333333333.3333333);
    CHECK(number("1E30") == 1e30);
    CHECK(number("4.50") == 4.5);
    CHECK(number("2e-3") == 0.002);
    CHECK(number("1e-400") == 0.0);
    CHECK(number("123456789012345") == 123456789012345.0);
    CHECK(number("9007199254740993") == 9007199254740992.0);  // ties to even
    CHECK(number("1.7976931348623157e308") == 1.7976931348623157e308);
    CHECK(number("4.9406564584124654e-324") == 4.9406564584124654e-324);
    CHECK(number("0." + std::string(5000, '0') + "1") == 0.0);
    CHECK(number("1" + std::string(300, '0')) == 1e300);
    CHECK(number("0.1000000000000000055511151231257827021181583404541015625000000000000001") ==
          0.1000000000000000055511151231257827021181583404541015626);
}

TEST_CASE("reader: strings, escapes and surrogates") {
    const auto r = read(R"(["\u00e9\u0301", "\ud83d\ude00", "\ud800x", "x\udc00", "\/\b\f\n\r\t\"\\"])");
    REQUIRE(r.ok());
    const auto& a = r.value.as_array();
    CHECK(a[0].as_string() == "\xC3\xA9\xCC\x81");
    CHECK(a[1].as_string() == "\xF0\x9F\x98\x80");
    CHECK(a[2].as_string() == "\xED\xA0\x80x");  // lone surrogate kept as WTF-8
    CHECK(a[3].as_string() == "x\xED\xB0\x80");
    CHECK(a[4].as_string() == "/\b\f\n\r\t\"\\");
    CHECK(read("[\"\\u0000\"]").value.as_array()[0].as_string() == std::string(1, '\0'));
}

TEST_CASE("reader: members keep the order they were read in, duplicates found in large objects") {
    const auto r = read(R"({"z":1,"a":2,"m":{"y":true,"b":null}})");
    REQUIRE(r.ok());
    const auto& o = r.value.as_object();
    CHECK(o[0].key == "z");
    CHECK(o[1].key == "a");
    CHECK(o[2].value.as_object()[0].key == "y");
    CHECK(r.value.find("a")->as_number() == 2.0);
    CHECK(r.value.find("q") == nullptr);

    std::string big = "{";
    for (int i = 0; i < 40; ++i) big += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    CHECK(read(big + "\"k39\":0}").error->code == "JSON_CLAVE_DUPLICADA");
    CHECK(read(big + "\"k40\":0}").ok());
    // Keys equal only after NFC are distinct in the file (the canonical form keeps the later one).
    CHECK(read("{\"\xC3\xA9\":1,\"e\xCC\x81\":2}").ok());
}

TEST_CASE("reader: whitespace is only space, tab, LF and CR") {
    CHECK(read(" \t\r\n[ 1 , 2 ]\n ").ok());
    CHECK(read("[1,\f2]").error->code == "JSON_SINTAXIS");
    CHECK(read("\xC2\xA0[]").error->code == "JSON_SINTAXIS");
}

TEST_CASE("reader: very deep paths are shortened in messages") {
    ReadLimits limits;
    limits.max_depth = 40;
    const auto r = read(std::string(41, '['), limits);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->element == "$[0][0][0][0][0][0][0][0]…(28)…[0][0][0][0] @ 1:41");
}

// The reader keeps its scratch containers between calls: a read that failed half-way (containers open at
// several depths) must leave nothing behind for the next one, and error paths must still be right.
TEST_CASE("reader: a failed read leaves nothing behind for the next one") {
    const std::string good = R"({"a":[1,{"b":[2,3],"c":"d"}],"e":{"f":[true,null]}})";
    const auto first = read(good);
    REQUIRE(first.ok());
    const auto broken = read(R"({"a":[1,{"b":[2,3],"c":"d"}],"e":{"f":[true,nul]}})");
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error->element == "$.e.f[1] @ 1:45");
    const auto again = read(good);
    REQUIRE(again.ok());
    CHECK(again.value == first.value);
    CHECK(read(R"({"x":{"y":[[1],[2,{"z":1,"z":2}]]}})").error->element == "$.x.y[1][1].z @ 1:26");
    CHECK(read(R"([[[]],[{"k":[]}]])").ok());
    // A huge array's scratch is given back, and the next read starts clean.
    std::string big = "[";
    for (int i = 0; i < 10000; ++i) big += std::to_string(i) + ",";
    big += "0]";
    CHECK(read(big).value.as_array().size() == 10001);
    CHECK(read("[1,2]").value.as_array().size() == 2);
}

TEST_CASE("reader: strings of every length find their end and their stop bytes") {
    for (std::size_t n = 0; n < 40; ++n) {
        CAPTURE(n);
        const std::string plain(n, 'a');
        CHECK(read("\"" + plain + "\"").value.as_string() == plain);
        for (std::size_t at = 0; at < n; ++at) {
            std::string s = plain;
            s[at] = '\x01';  // an unescaped control: an error at that byte
            const auto r = read("\"" + s + "\"");
            REQUIRE_FALSE(r.ok());
            CHECK(r.error->element == "$ @ 1:" + std::to_string(at + 2));
            s[at] = '\x1F';  // the last control
            CHECK(read("\"" + s + "\"").error->element == "$ @ 1:" + std::to_string(at + 2));
            s[at] = '\xC3';  // a broken UTF-8 sequence
            CHECK(read("\"" + s + "\"").error->code == "JSON_UTF8_INVALIDO");
            s[at] = '\x80';  // a lone continuation byte (negative as a signed byte, like every non-ASCII one)
            CHECK(read("\"" + s + "\"").error->code == "JSON_UTF8_INVALIDO");
            for (const char plain_byte : {' ', '\x7F', '~'}) {  // the edges of plain ASCII are read as they are
                s[at] = plain_byte;
                CHECK(read("\"" + s + "\"").value.as_string() == s);
            }
            const auto escaped = read("\"" + plain.substr(0, at) + "\\n" + plain.substr(at) + "\"");
            CHECK(escaped.value.as_string() == plain.substr(0, at) + "\n" + plain.substr(at));
        }
    }
    for (std::size_t indent = 0; indent < 20; ++indent) {  // indentation of every width
        CAPTURE(indent);
        const auto r = read("[\n" + std::string(indent, ' ') + "1,\n" + std::string(indent, ' ') + "\t2\n]");
        REQUIRE(r.ok());
        CHECK(r.value.as_array().size() == 2);
    }
}

TEST_CASE("Value::find: keys of every length") {
    std::string text = "{";
    for (std::size_t n = 0; n < 24; ++n) text += "\"" + std::string(n, 'k') + "\":" + std::to_string(n) + ",\"" + std::string(n, 'k') + "x\":-1,";
    text += "\"end\":99}";
    const Value v = read(text).value;
    for (std::size_t n = 0; n < 24; ++n) {
        CAPTURE(n);
        REQUIRE(v.find(std::string(n, 'k')) != nullptr);
        CHECK(v.find(std::string(n, 'k'))->as_number() == static_cast<double>(n));
        CHECK(v.find(std::string(n, 'k') + "y") == nullptr);
        CHECK(v.find("y" + std::string(n, 'k')) == nullptr);
    }
}
