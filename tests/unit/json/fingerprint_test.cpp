#include "core/json/fingerprint.hpp"

#include <doctest/doctest.h>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"

using namespace planlang::json;

namespace {

Value parse(const std::string& text) {
    auto r = read(text);
    REQUIRE(r.ok());
    return std::move(r.value);
}

}  // namespace

// Expected digests: Node's crypto.createHash('sha256') over the canonical text written out by hand.
TEST_CASE("huella: SHA-256 of the canonical JSON without the top-level huella (plan-format.md §15.3)") {
    // {"a":"é","b":[1,2]}
    const char* plain = "9cfb1f938a87f2b8f3b8cc429c7a09116d54f048322742d4c23d4767b85f85da";
    CHECK(huella(parse(R"({"huella":null,"b":[1,2],"a":"é"})")) == plain);
    CHECK(huella(parse(R"({"b":[1,2],"huella":"0000","a":"é"})")) == plain);
    CHECK(huella(parse(R"({"b":[1,2],"a":"é"})")) == plain);
    CHECK(huella(parse("{\"b\":[1.0,2e0],\n  \"a\":\"e\\u0301\"}")) == plain);  // file bytes are never hashed
    // Nested huella keys stay: {"ref":{"archivo":"x.json","huella":"abc"}}
    CHECK(huella(parse(R"({"huella":"zzz","ref":{"huella":"abc","archivo":"x.json"}})")) ==
          "f848707f2f5954151bf6d17fc45a139318a7b739af17e2f02495d2c668936331");
    // A value that is not an object is hashed whole: [1,"huella"]
    CHECK(huella(parse(R"([1,"huella"])")) == "c13a25f9d7e114ce0ed510bc293df6932f6e3a35829daab0acd8fc01766561e7");
    // NFC applies to keys: {"café":1}
    CHECK(huella(parse("{\"cafe\\u0301\":1}")) == "4ba6f859a6604763e30e1afc74dd00bf3b245be58d902b5d1ae0eaa119e8a141");
    CHECK(huella(parse(R"({"huella":null})")) == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
}

TEST_CASE("declared_huella: a non-empty string or nothing") {
    CHECK(declared_huella(parse(R"({"huella":"ab"})")) == std::optional<std::string>("ab"));
    CHECK_FALSE(declared_huella(parse(R"({"huella":null})")));
    CHECK_FALSE(declared_huella(parse(R"({"huella":""})")));
    CHECK_FALSE(declared_huella(parse(R"({"huella":7})")));
    CHECK_FALSE(declared_huella(parse(R"({"x":{"huella":"ab"}})")));
    CHECK_FALSE(declared_huella(parse(R"(["huella"])")));
}

// huella() hashes the canonical text in 32 KB pieces as it is written; the digest must be that of the
// whole text, also when a string (escapes, NFC, a lone surrogate) straddles a piece boundary or is longer
// than a piece, and when objects are in canonical order already (no sort) or not.
TEST_CASE("huella: streamed hashing equals hashing the whole canonical text") {
    std::string text = "{\"z\":[";
    for (int i = 0; i < 3000; ++i) {
        if (i) text += ',';
        text += "{\"b\":" + std::to_string(i * 0.25) + ",\"a\":\"caf\u00e9 e\\u0301 \\n\\ud800 \\\" " + std::to_string(i) + "\"}";
        if (i % 500 == 0) text += ",\"" + std::string(70000 + i, 'x') + "\\t\"";
    }
    text += "],\"huella\":\"x\",\"a\":{\"k1\":1,\"k2\":2}}";
    const Value v = parse(text);
    const std::string whole = canonical_without_key(v, "huella");
    REQUIRE(whole.size() > 500000);
    CHECK(huella(v) == to_hex(sha256(whole)));
    CHECK(canonical_sha256(v, "huella") == sha256(whole));
    CHECK(canonical_sha256(v, {}, Canon::rfc8785) == sha256(canonical(v, Canon::rfc8785)));
    for (std::size_t n = 0; n < 40; ++n) {  // small documents stay below one piece
        const Value small = parse("{\"s\":\"" + std::string(n, 'y') + "\"}");
        CAPTURE(n);
        CHECK(huella(small) == to_hex(sha256(canonical(small))));
    }
}
