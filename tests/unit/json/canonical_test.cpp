#include "core/json/canonical.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/json/number.hpp"
#include "core/json/reader.hpp"
#include "support/files.hpp"

using namespace planlang::json;
using planlang::testing::read_text;
using planlang::testing::source_path;

namespace {

Value parse(const std::string& text) {
    auto r = read(text);
    REQUIRE_MESSAGE(r.ok(), text);
    return std::move(r.value);
}

double from_bits(std::uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

}  // namespace

TEST_CASE("canonical: the RFC 8785 test files, plain and with NFC") {
    // Inputs are the RFC's examples; expected outputs were produced by an independent JavaScript
    // canonicaliser (JSON.parse / JSON.stringify / String#normalize) and match the RFC's own outputs.
    for (const char* name : {"arrays", "french", "structures", "unicode", "values", "weird"}) {
        CAPTURE(name);
        const std::string base = source_path(std::string("tests/data/json/rfc8785/") + name);
        const Value v = parse(read_text(base + ".json"));
        CHECK(canonical(v, Canon::rfc8785) == read_text(base + ".rfc8785.expected"));
        CHECK(canonical(v, Canon::planlang) == read_text(base + ".planlang.expected"));
    }
}

TEST_CASE("canonical: RFC 8785 §3.2.3 sorts keys by UTF-16 code units, not code points") {
    const Value v = parse(R"({"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh",)"
                          R"("1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"})");
    CHECK(canonical(v, Canon::rfc8785) ==
          "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xC2\x80\":\"Control\",\"\xC3\xB6\":\"Latin Small Letter O With "
          "Diaeresis\",\"\xE2\x82\xAC\":\"Euro Sign\",\"\xF0\x9F\x98\x80\":\"Emoji: Grinning Face\",\"\xEF\xAC\xB3\":\"Hebrew "
          "Letter Dalet With Dagesh\"}");
    // NFC decomposes U+FB33 (a composition exclusion) to U+05D3 U+05BC, which sorts before U+20AC.
    CHECK(canonical(v, Canon::planlang) ==
          "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xC2\x80\":\"Control\",\"\xC3\xB6\":\"Latin Small Letter O With "
          "Diaeresis\",\"\xD7\x93\xD6\xBC\":\"Hebrew Letter Dalet With Dagesh\",\"\xE2\x82\xAC\":\"Euro Sign\","
          "\"\xF0\x9F\x98\x80\":\"Emoji: Grinning Face\"}");
}

TEST_CASE("canonical: NFC on keys and values (our vectors)") {
    // e + U+0301 in a key and in a value compose to U+00E9.
    CHECK(canonical(parse("{\"cafe\xCC\x81\":\"re\xCC\x81sume\xCC\x81\"}")) == "{\"caf\xC3\xA9\":\"r\xC3\xA9sum\xC3\xA9\"}");
    CHECK(canonical(parse("{\"cafe\xCC\x81\":\"re\xCC\x81sume\xCC\x81\"}"), Canon::rfc8785) ==
          "{\"cafe\xCC\x81\":\"re\xCC\x81sume\xCC\x81\"}");
    // Keys equal after NFC: the later one wins, wherever it sorts.
    CHECK(canonical(parse("{\"\xC3\xA9\":1,\"b\":0,\"e\xCC\x81\":2}")) == "{\"b\":0,\"\xC3\xA9\":2}");
    CHECK(canonical(parse("{\"e\xCC\x81\":2,\"\xC3\xA9\":1}")) == "{\"\xC3\xA9\":1}");
    CHECK(canonical(parse("{\"\xC3\xA9\":1,\"e\xCC\x81\":2}"), Canon::rfc8785) == "{\"e\xCC\x81\":2,\"\xC3\xA9\":1}");
    // Hangul L + V + T compose to one syllable; canonical reordering of two marks (U+0323 before U+0307).
    CHECK(canonical(parse("[\"\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8\"]")) == "[\"\xEA\xB0\x81\"]");
    CHECK(canonical(parse("[\"s\xCC\x87\xCC\xA3\"]")) == "[\"\xE1\xB9\xA9\"]");
    // Angstrom sign U+212B is a singleton: NFC maps it to U+00C5.
    CHECK(canonical(parse("[\"\xE2\x84\xAB\"]")) == "[\"\xC3\x85\"]");
    // Lone surrogates are left alone and written as lowercase escapes; text around them is normalised.
    CHECK(canonical(parse(R"(["e\u0301\udc00e\u0301", "\uDBFF"])")) == "[\"\xC3\xA9\\udc00\xC3\xA9\",\"\\udbff\"]");
    // Spanish text is already NFC and takes the fast path.
    CHECK(canonical(parse("[\"¿Qué tal, señor Muñoz?\"]")) == "[\"¿Qué tal, señor Muñoz?\"]");
}

TEST_CASE("canonical: string escaping follows JSON.stringify") {
    CHECK(canonical(parse(R"(["\u0000\u0001\u001f\u007f\u2028\u2029/\b\f\n\r\t\"\\"])")) ==
          "[\"\\u0000\\u0001\\u001f\x7F\xE2\x80\xA8\xE2\x80\xA9/\\b\\f\\n\\r\\t\\\"\\\\\"]");
}

TEST_CASE("canonical: numbers print as ECMAScript Number#toString (plan-format.md §15.2)") {
    CHECK(format_number(1.0) == "1");
    CHECK(format_number(-0.0) == "0");
    CHECK(format_number(1e21) == "1e+21");
    CHECK(format_number(1e20) == "100000000000000000000");
    CHECK(format_number(1e-7) == "1e-7");
    CHECK(format_number(0.000001) == "0.000001");
    CHECK(format_number(0.1 + 0.2) == "0.30000000000000004");
    CHECK(format_number(5e-324) == "5e-324");
    CHECK(format_number(std::numeric_limits<double>::max()) == "1.7976931348623157e+308");
    CHECK(format_number(0.029603400000000002) == "0.029603400000000002");
    CHECK(format_number(-1.5) == "-1.5");
    CHECK(format_number(123e-20) == "1.23e-18");
    // RFC 8785 Appendix B.
    const std::pair<std::uint64_t, const char*> appendix_b[] = {
        {0x0000000000000000, "0"}, {0x8000000000000000, "0"}, {0x0000000000000001, "5e-324"},
        {0x8000000000000001, "-5e-324"}, {0x7fefffffffffffff, "1.7976931348623157e+308"},
        {0xffefffffffffffff, "-1.7976931348623157e+308"}, {0x4340000000000000, "9007199254740992"},
        {0xc340000000000000, "-9007199254740992"}, {0x4430000000000000, "295147905179352830000"},
        {0x44b52d02c7e14af5, "9.999999999999997e+22"}, {0x44b52d02c7e14af6, "1e+23"},
        {0x44b52d02c7e14af7, "1.0000000000000001e+23"}, {0x444b1ae4d6e2ef4e, "999999999999999700000"},
        {0x444b1ae4d6e2ef4f, "999999999999999900000"}, {0x444b1ae4d6e2ef50, "1e+21"},
        {0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"}, {0x3eb0c6f7a0b5ed8d, "0.000001"},
        {0x41b3de4355555553, "333333333.3333332"}, {0x41b3de4355555554, "333333333.33333325"},
        {0x41b3de4355555555, "333333333.3333333"}, {0x41b3de4355555556, "333333333.3333334"},
        {0x41b3de4355555557, "333333333.33333343"}, {0xbecbf647612f3696, "-0.0000033333333333333333"},
        {0x43143ff3c1cb0959, "1424953923781206.2"},
    };
    for (const auto& vector : appendix_b) {
        const std::string text = vector.second;
        CAPTURE(text);
        CHECK(format_number(from_bits(vector.first)) == text);
        CHECK(parse_number(text) == from_bits(vector.first));
    }
}

TEST_CASE("canonical: idempotent, and parse → print → parse is stable") {
    for (const char* name : {"arrays", "french", "structures", "unicode", "values", "weird"}) {
        CAPTURE(name);
        const Value v = parse(read_text(source_path(std::string("tests/data/json/rfc8785/") + name + ".json")));
        const std::string once = canonical(v);
        CHECK(canonical(parse(once)) == once);
        CHECK(canonical(canonical_value(v)) == once);
        CHECK(canonical(parse(disk_form(v))) == once);
        CHECK(disk_form(parse(disk_form(v))) == disk_form(v));
        CHECK(disk_form(canonical_value(v)) == disk_form(v));  // written straight from v, as from its canonical copy
    }
}

TEST_CASE("disk form: JSON.stringify(value, null, 2) plus a newline") {
    CHECK(disk_form(parse("{}")) == "{}\n");
    CHECK(disk_form(parse("[]")) == "[]\n");
    CHECK(disk_form(parse("7")) == "7\n");
    CHECK(disk_form(parse(R"({"b":[1,{"x":[],"w":{}}],"a":"é","c":null})")) ==
          "{\n  \"a\": \"é\",\n  \"b\": [\n    1,\n    {\n      \"w\": {},\n      \"x\": []\n    }\n  ],\n  \"c\": null\n}\n");
    // Integer-like keys come first in numeric order, as ECMAScript enumerates them.
    CHECK(disk_form(parse(R"({"b":1,"10":2,"2":3,"02":4,"4294967295":5,"4294967294":6,"-1":7})")) ==
          "{\n  \"2\": 3,\n  \"10\": 2,\n  \"4294967294\": 6,\n  \"-1\": 7,\n  \"02\": 4,\n  \"4294967295\": 5,\n  \"b\": 1\n}\n");
    CHECK(disk_form(parse("{\"e\xCC\x81\":\"\\ud800\"}")) == "{\n  \"\xC3\xA9\": \"\\ud800\"\n}\n");
    // Keys NFC makes equal (the later one kept), integer-like keys inside a nested object, a string to
    // normalise inside an array.
    CHECK(disk_form(parse("{\"\xC3\xA9\": 1, \"1\": {\"b\": [\"e\xCC\x81\"], \"0\": []}, \"e\xCC\x81\": 2}")) ==
          "{\n  \"1\": {\n    \"0\": [],\n    \"b\": [\n      \"\xC3\xA9\"\n    ]\n  },\n  \"\xC3\xA9\": 2\n}\n");
}
