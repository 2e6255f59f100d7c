// The schema walker (core/json/schema.hpp) on small hand-written documents: where each problem is reported,
// its words in both languages, hard or soft, and how forks of a value with alternatives are settled.
#include "core/json/schema.hpp"

#include <doctest/doctest.h>

#include <string>

#include "core/json/reader.hpp"

using namespace planlang;
using json::schema::Check;
using json::schema::Members;

namespace {

json::Value doc(const std::string& text) {
    json::ReadResult r = json::read(text);
    REQUIRE(r.ok());
    return std::move(r.value);
}

// {"a": {"b": …, "c": …}} with `b` a required string and `c` an optional integer in [1, 10].
Check walk(const json::Value& v) {
    Check c;
    Members top(c, v);
    top.required("a", [&](const json::Value& a) {
        Members m(c, a);
        m.required("b", [&](const json::Value& b) { json::schema::string_min1(c, b); });
        m.optional("c", [&](const json::Value& x) { json::schema::integer(c, x, 1, 10); });
        m.close({"b", "c"});
    });
    top.close({"a"});
    return c;
}

}  // namespace

TEST_CASE("schema: a valid document has no issue") {
    Check c = walk(doc(R"({"a": {"b": "x", "c": 3}})"));
    CHECK(c.ok());
    CHECK(c.hard_count() == 0);
}

TEST_CASE("schema: a missing required key is hard, at the key's path") {
    Check c = walk(doc(R"({"a": {"c": 3}})"));
    REQUIRE(c.issues().size() == 1);
    CHECK(c.issues()[0].code == "ESQUEMA");
    CHECK(c.issues()[0].element == "a.b");
    CHECK(c.issues()[0].message.es == "falta la clave obligatoria «b»");
    CHECK(c.issues()[0].message.en == "the required key \"b\" is missing");
    CHECK(c.hard_count() == 1);
}

TEST_CASE("schema: a wrong JSON type is hard; the root is $") {
    Check c = walk(doc(R"([1])"));
    REQUIRE(c.issues().size() == 1);
    CHECK(c.issues()[0].element == "$");
    CHECK(c.issues()[0].message.es == "se esperaba un objeto y hay una lista");
    CHECK(c.issues()[0].message.en == "expected an object, found an array");
    CHECK(c.hard_count() == 1);

    Check d = walk(doc(R"({"a": {"b": 7}})"));
    REQUIRE(d.issues().size() == 1);
    CHECK(d.issues()[0].element == "a.b");
    CHECK(d.issues()[0].message.en == "expected a string, found a number");
}

TEST_CASE("schema: unknown keys are one soft issue at the object, after its members' issues") {
    Check c = walk(doc(R"({"a": {"z": 1, "b": "", "y": 2}, "w": 0})"));
    REQUIRE(c.issues().size() == 3);
    CHECK(c.issues()[0].element == "a.b");
    CHECK(c.issues()[0].message.en == "the text cannot be empty");
    CHECK(c.issues()[1].element == "a");
    CHECK(c.issues()[1].message.es == "claves desconocidas: «z», «y»");
    CHECK(c.issues()[1].message.en == "unknown keys: «z», «y»");
    CHECK(c.issues()[2].element == "$");
    CHECK(c.issues()[2].message.en == "unknown keys: «w»");
    CHECK(c.hard_count() == 0);  // an empty text and unknown keys are soft
}

TEST_CASE("schema: integers — not whole is hard, beyond 2^53 − 1 or out of range is soft") {
    struct Case {
        const char* text;
        bool ok;
        bool hard;
        const char* en;
    };
    const Case cases[] = {
        {R"({"a": {"b": "x", "c": 10}})", true, false, ""},
        {R"({"a": {"b": "x", "c": 1.5}})", false, true, "expected an integer, found 1.5"},
        {R"({"a": {"b": "x", "c": 0}})", false, false, "must be ≥ 1"},
        {R"({"a": {"b": "x", "c": 11}})", false, false, "must be ≤ 10"},
        {R"({"a": {"b": "x", "c": 9007199254740992}})", false, false, "the integer 9007199254740992 exceeds 2^53 − 1"},
        {R"({"a": {"b": "x", "c": -1e300}})", false, false, "the integer -1e+300 exceeds 2^53 − 1"},
    };
    for (const Case& k : cases) {
        CAPTURE(k.text);
        Check c = walk(doc(k.text));
        CHECK(c.ok() == k.ok);
        CHECK((c.hard_count() > 0) == k.hard);
        if (!k.ok) {
            REQUIRE(c.issues().size() == 1);
            CHECK(c.issues()[0].element == "a.c");
            CHECK(c.issues()[0].message.en == k.en);
        }
    }
    Check c;
    CHECK(json::schema::integer(c, doc("9007199254740991"), 0));
    CHECK(c.ok());
}

TEST_CASE("schema: enumerations are hard; patterns and list lengths soft, the length before the items") {
    Check c;
    CHECK_FALSE(json::schema::one_of(c, doc(R"("z")"), {"x", "y"}));
    CHECK_FALSE(json::schema::one_of(c, doc("3"), {"x", "y"}));
    CHECK_FALSE(json::schema::fecha(c, doc(R"("2026-1-05")")));
    CHECK(c.hard_count() == 2);
    REQUIRE(c.issues().size() == 3);
    CHECK(c.issues()[0].message.es == "«z» no es uno de: x | y");
    CHECK(c.issues()[1].message.en == "expected one of: x | y; found a number");
    CHECK(c.issues()[2].message.en == "\"2026-1-05\" is not a YYYY-MM-DD date");

    Check d;
    d.push("xs");
    CHECK(json::schema::string_list(d, doc(R"([1])"), 2));
    d.pop();
    REQUIRE(d.issues().size() == 2);
    CHECK(d.issues()[0].element == "xs");
    CHECK(d.issues()[0].message.en == "the list needs at least 2 item(s)");
    CHECK(d.issues()[1].element == "xs.0");
    CHECK(d.hard_count() == 1);
}

TEST_CASE("schema: a fork keeps an alternative's issues apart until it is chosen") {
    const json::Value v = doc(R"({"n": ""})");
    const auto as_text = [](Check& c, const json::Value& x, int&) { json::schema::string(c, x); };
    const auto as_object = [](Check& c, const json::Value& x, int&) {
        Members m(c, x);
        m.required("n", [&](const json::Value& n) { json::schema::string_min1(c, n); });
        m.close({"n"});
    };
    Check c;
    c.push("valor");
    Check forks[2] = {c.fork(), c.fork()};
    int values[2] = {1, 2};
    int out = 0;
    as_text(forks[0], v, values[0]);    // hard: not this alternative
    as_object(forks[1], v, values[1]);  // only soft: this one, with its issue
    CHECK(c.ok());
    CHECK(json::schema::pick_alternative(c, forks, values, out, {"ninguna", "none"}));
    CHECK(out == 2);
    REQUIRE(c.issues().size() == 1);
    CHECK(c.issues()[0].element == "valor.n");
    CHECK(c.issues()[0].message.en == "the text cannot be empty");
    CHECK(c.hard_count() == 0);

    // Both alternatives hard: one hard issue of the caller's, at the value's path.
    Check e;
    e.push("valor");
    Check both[2] = {e.fork(), e.fork()};
    const json::Value number = doc("5");
    as_text(both[0], number, values[0]);
    as_object(both[1], number, values[1]);
    CHECK_FALSE(json::schema::pick_alternative(e, both, values, out, {"ninguna", "none"}));
    REQUIRE(e.issues().size() == 1);
    CHECK(e.issues()[0].element == "valor");
    CHECK(e.issues()[0].message.en == "none");
    CHECK(e.hard_count() == 1);
}

TEST_CASE("schema: append takes a fork's issues and hard count; add keeps a full path as given") {
    Check c;
    c.fail({"uno", "one"});
    Check f = c.fork();
    f.fail_hard_at("k", {"dos", "two"});
    c.append(std::move(f));
    c.add(Issue{"ESQUEMA", "otro.0", {"tres", "three"}});
    REQUIRE(c.issues().size() == 3);
    CHECK(c.issues()[1].element == "k");
    CHECK(c.issues()[2].element == "otro.0");
    CHECK(c.hard_count() == 1);
}

TEST_CASE("schema: an array item checked alone has its path in the whole file") {
    const Issues issues = json::schema::check_array_item("casos", 41, doc("{}"), [](Check& c, const json::Value& item) {
        Members m(c, item);
        m.required("id", [](const json::Value&) {});
    });
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].element == "casos.41.id");
}

TEST_CASE("schema: fecha and version patterns") {
    CHECK(json::schema::is_fecha("2026-12-05"));
    CHECK_FALSE(json::schema::is_fecha("2026-12-5"));
    CHECK_FALSE(json::schema::is_fecha("2026/12/05"));
    CHECK(json::schema::is_version("1.0.0"));
    CHECK(json::schema::is_version("10.20.300"));
    CHECK_FALSE(json::schema::is_version("1.0"));
    CHECK_FALSE(json::schema::is_version("1.0.0."));
    CHECK_FALSE(json::schema::is_version("1..0"));
    CHECK(json::schema::join("", "a") == "a");
    CHECK(json::schema::join("a", 3) == "a.3");
}
