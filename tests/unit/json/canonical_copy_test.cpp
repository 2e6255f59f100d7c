// The reader's canonical copy (reader.hpp, CanonicalCopy): whenever it says the copy is canonical, the copy
// must be canonical_without_key(value, skip_key) byte for byte — on files we write, on hand-picked traps and
// on random documents printed canonically, in disk form and with noise (escapes, key order, spacing, number
// spellings). Saying "not canonical" is always safe; the tests also require it to say "canonical" for every
// file planlang writes, since that is what makes the copy worth having.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/json/reader.hpp"
#include "core/common/prng.hpp"
#include "support/files.hpp"

using namespace planlang;
using namespace planlang::json;
using planlang::testing::read_text;
using planlang::testing::source_path;

namespace {

// Reads `text` with a copy; checks the copy against the tree when it claims to be canonical. Returns the claim.
bool copy_claims_canonical(const std::string& text, std::string_view skip_key = "huella") {
    CanonicalCopy copy;
    copy.skip_key = skip_key;
    const ReadResult r = read(text, ReadLimits{}, copy);
    if (!r.ok()) {
        CHECK_FALSE(copy.canonical);
        return false;
    }
    if (copy.canonical) CHECK(copy.text() == canonical_without_key(r.value, skip_key));
    return copy.canonical;
}

// ---- random documents -----------------------------------------------------------------------------------

const std::vector<std::string> kKeys = {
    "a", "b", "z", "huella", "caso_id", "decisiones_de_arista", "1", "10", "A",
    "\xC3\xA9",          // é, NFC
    "e\xCC\x81",         // e + combining acute: not NFC
    "\xEE\x80\x80",      // U+E000: after a surrogate pair in UTF-16, before it in bytes
    "\xF0\x9F\x98\x80",  // U+1F600
    "k\"q", "tab\t", "sl/ash",
};
const std::vector<std::string> kStrings = {
    "", "plain", "caf\xC3\xA9", "line\nend", "quote \" and \\ backslash", "a/b", "\x7F", "\x01", "e\xCC\x81",
    "\xE2\x80\xA8", "\xF0\x9F\x98\x80 emoji", "una oraci\xC3\xB3n m\xC3\xA1s larga que diecis\xC3\xA9is bytes",
};
const std::vector<double> kNumbers = {0, -0.0, 1, -5, 0.5, 1e21, 1e-7, 123456789012345678.0, 3.14159, 1e300, 9007199254740992.0, 0.1 + 0.2};

Value random_value(Prng& g, int depth) {
    const std::int64_t kind = g.entero(0, depth >= 3 ? 3 : 5);
    switch (kind) {
        case 0: return Value(g.probabilidad(0.5));
        case 1: return Value(nullptr);
        case 2: return Value(kNumbers[static_cast<std::size_t>(g.entero(0, static_cast<std::int64_t>(kNumbers.size()) - 1))]);
        case 3: return Value(kStrings[static_cast<std::size_t>(g.entero(0, static_cast<std::int64_t>(kStrings.size()) - 1))]);
        case 4: {
            Array items;
            for (std::int64_t i = g.entero(0, 4); i > 0; --i) items.push_back(random_value(g, depth + 1));
            return Value(std::move(items));
        }
        default: {
            std::vector<std::string> keys = kKeys;
            Object members;
            for (std::int64_t i = g.entero(0, 6); i > 0 && !keys.empty(); --i) {
                const auto at = static_cast<std::size_t>(g.entero(0, static_cast<std::int64_t>(keys.size()) - 1));
                members.push_back(Member{keys[at], random_value(g, depth + 1)});
                keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(at));
            }
            return Value(std::move(members));
        }
    }
}

// A string as JSON, each character raw or escaped at random (escapes the canonical form would not write
// included: \/ and \u for letters).
std::string noisy_string(Prng& g, const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') out += std::string("\\") + c;
        else if (c == '\n') out += g.probabilidad(0.5) ? "\\n" : "\\u000a";
        else if (u < 0x20) out += "\\u00" + std::string(1, "0123456789abcdef"[u >> 4]) + "0123456789abcdef"[u & 15];
        else if (c == '/' && g.probabilidad(0.5)) out += "\\/";
        else if (c >= 'a' && c <= 'z' && g.probabilidad(0.05)) out += "\\u00" + std::string(1, "0123456789abcdef"[u >> 4]) + "0123456789abcdef"[u & 15];
        else out += c;
    }
    return out + "\"";
}

std::string space(Prng& g) {
    static const char* const kSpaces[] = {"", "", "", " ", "\n  ", "\t", "\r\n"};
    return kSpaces[g.entero(0, 6)];
}

// `v` printed with noise: random spacing, member order shuffled now and then, strings with random escapes,
// integers sometimes as "5.0" or "5e0".
std::string noisy(Prng& g, const Value& v) {
    switch (v.kind()) {
        case Value::Kind::null: return "null";
        case Value::Kind::boolean: return v.as_bool() ? "true" : "false";
        case Value::Kind::number: {
            char buf[kMaxNumberLength];
            std::string text(buf, write_number(buf, v.as_number()));
            if (text.find_first_of(".e") == std::string::npos && g.probabilidad(0.2)) text += g.probabilidad(0.5) ? ".0" : "e0";
            return text;
        }
        case Value::Kind::string: return noisy_string(g, v.as_string());
        case Value::Kind::array: {
            std::string out = "[" + space(g);
            for (std::size_t i = 0; i < v.as_array().size(); ++i) out += (i ? "," + space(g) : "") + noisy(g, v.as_array()[i]) + space(g);
            return out + "]";
        }
        case Value::Kind::object: {
            std::vector<const Member*> members;
            for (const Member& m : v.as_object()) members.push_back(&m);
            if (g.probabilidad(0.2)) std::reverse(members.begin(), members.end());
            std::string out = "{" + space(g);
            for (std::size_t i = 0; i < members.size(); ++i)
                out += (i ? "," + space(g) : "") + noisy_string(g, members[i]->key) + space(g) + ":" + space(g) + noisy(g, members[i]->value) + space(g);
            return out + "}";
        }
    }
    return "null";
}

// `text` read into `carried` (with its copy) against a fresh read of it: the same error, or the same value and
// the same copy. What the read gave: an error, a canonical copy, or a value whose copy is not canonical.
enum class Carried { error, canonical, not_canonical };
Carried read_into_as_fresh(Value& carried, CanonicalCopy& carried_copy, const std::string& text) {
    CanonicalCopy fresh_copy("huella");
    const ReadResult fresh = read(text, ReadLimits{}, fresh_copy);
    const std::optional<Issue> error = read_into(carried, text, ReadLimits{}, &carried_copy);
    REQUIRE(error.has_value() == !fresh.ok());
    if (error) {
        CHECK(error->code == fresh.error->code);
        CHECK(error->element == fresh.error->element);
        CHECK(error->message.en == fresh.error->message.en);
        CHECK_FALSE(carried_copy.canonical);
        return Carried::error;
    }
    CHECK(carried == fresh.value);
    CHECK(carried_copy.canonical == fresh_copy.canonical);
    if (!fresh_copy.canonical) return Carried::not_canonical;
    CHECK(carried_copy.text() == fresh_copy.text());
    return Carried::canonical;
}

}  // namespace

TEST_CASE("canonical copy: every JSON file planlang wrote is copied as its canonical form") {
    // Plans, batches, worlds, run manifests, graphs, expected branches, traces and reports: disk form, which
    // is canonical up to whitespace (integer-like keys aside, and our files have none).
    std::size_t files = 0;
    for (const char* dir : {"plans", "synthetic"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(source_path(dir))) {
            if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
            const std::string path = entry.path().string();
            CAPTURE(path);
            CHECK(copy_claims_canonical(read_text(path)));
            ++files;
        }
    }
    CHECK(files > 400);
}

TEST_CASE("canonical copy: the top-level huella is left out wherever it stands; nested ones stay") {
    auto copy_of = [](const std::string& text) {
        CanonicalCopy copy;
        copy.skip_key = "huella";
        REQUIRE(read(text, ReadLimits{}, copy).ok());
        REQUIRE(copy.canonical);
        return std::string(copy.text());
    };
    CHECK(copy_of(R"({ "a": 1, "huella": "x", "z": 2 })") == R"({"a":1,"z":2})");
    CHECK(copy_of(R"({"huella":"x","z":[1, {"huella":2}]})") == R"({"z":[1,{"huella":2}]})");
    CHECK(copy_of(R"({"a":{"huella":1},"huella":"x"})") == R"({"a":{"huella":1}})");
    CHECK(copy_of(R"({"huella":{"b":[true,null]}})") == "{}");
    CHECK(copy_of(R"(["huella", {"huella": 1}])") == R"(["huella",{"huella":1}])");
    CHECK(copy_of("  \"text\"\n") == "\"text\"");
}

TEST_CASE("canonical copy: each thing canonical form writes differently is caught") {
    CHECK(copy_claims_canonical(R"({"a":1,"b":[2,3.5,"x\"y\\z\n"]})"));
    CHECK_FALSE(copy_claims_canonical(R"({"b":1,"a":2})"));                 // key order
    CHECK_FALSE(copy_claims_canonical(R"({"a":"x\/y"})"));                  // an escaped solidus
    CHECK_FALSE(copy_claims_canonical(R"({"a":"\u0041"})"));                // a letter as \u
    CHECK_FALSE(copy_claims_canonical(R"(["\ud83d\ude00"])"));              // a pair as \u escapes
    CHECK_FALSE(copy_claims_canonical("[1.0]"));
    CHECK_FALSE(copy_claims_canonical("[1e2]"));
    CHECK_FALSE(copy_claims_canonical("[-0]"));
    CHECK_FALSE(copy_claims_canonical("[1E21]"));
    CHECK(copy_claims_canonical("[1e+21,0.000001,1e-7,-5,123456789012345,0.30000000000000004]"));
    CHECK_FALSE(copy_claims_canonical("[123456789012345678]"));             // canonical: 123456789012345680
    CHECK(copy_claims_canonical("[123456789012345680]"));
    CHECK_FALSE(copy_claims_canonical("[\"e\xCC\x81\"]"));                  // not NFC
    CHECK_FALSE(copy_claims_canonical("{\"e\xCC\x81\":1}"));
    // UTF-16 order: U+1F600 (a surrogate pair, D83D…) sorts before U+E000, though its UTF-8 bytes sort after.
    CHECK_FALSE(copy_claims_canonical("{\"\xEE\x80\x80\":1,\"\xF0\x9F\x98\x80\":2}"));
    CHECK(copy_claims_canonical("{\"\xF0\x9F\x98\x80\":2,\"\xEE\x80\x80\":1}"));
    CHECK_FALSE(copy_claims_canonical(R"({"a":1,"a":2})"));                 // a duplicate: not read at all
    CHECK_FALSE(copy_claims_canonical(R"({"a":[1,2})"));
}

// The reader decides whether a short decimal literal (≤ 15 digits, no exponent) is canonical without writing
// it; its answer must be write_number's. Literals are drawn around the rule's edges: leading zeros below 1
// (five is the last plain count), trailing zeros, 15 digits, signs, zero itself.
TEST_CASE("canonical copy: a short decimal literal is judged as write_number writes it") {
    Prng g("tests/canonical-copy/decimals");
    std::vector<std::string> literals = {"0.000001", "0.0000001", "-0.000001", "0.1", "0.10", "0.0", "-0.0", "-0.5",
                                         "10.5", "100.25", "99999999999999.9", "0.99999999999999", "1.00000000000001",
                                         "0.00000123456789", "0.000000123456789", "123456789.012345", "5.", "05.5"};
    for (int k = 0; k < 20000; ++k) {
        std::string s = g.probabilidad(0.3) ? "-" : "";
        const std::int64_t integer_digits = g.entero(0, 8);
        if (integer_digits == 0) s += "0";
        for (std::int64_t i = 0; i < integer_digits; ++i) s += static_cast<char>('0' + g.entero(i == 0 ? 1 : 0, 9));
        s += '.';
        const std::int64_t zeros = g.entero(0, 8);
        for (std::int64_t i = 0; i < zeros; ++i) s += '0';
        const std::int64_t digits = g.entero(1, 10);
        for (std::int64_t i = 0; i < digits; ++i) s += static_cast<char>('0' + g.entero(g.probabilidad(0.2) ? 0 : 1, 9));
        literals.push_back(std::move(s));
    }
    int plain = 0, written = 0;
    for (const std::string& literal : literals) {
        const ReadResult r = read(literal);
        if (!r.ok()) continue;
        char buf[kMaxNumberLength];
        const bool expected = std::string_view(buf, write_number(buf, r.value.as_number())) == literal;
        CAPTURE(literal);
        CHECK(copy_claims_canonical("[" + literal + "]") == expected);
        (expected ? plain : written) += 1;
    }
    CHECK(plain > 5000);  // both answers well exercised
    CHECK(written > 5000);
}

TEST_CASE("canonical copy: random documents, printed canonically, in disk form and with noise") {
    Prng g("tests/canonical-copy");
    int canonical_claims = 0, noisy_claims = 0;
    for (int i = 0; i < 3000; ++i) {
        const Value v = random_value(g, 0);
        CAPTURE(canonical(v));
        // Printed canonically (or in disk form, when its keys are not integer-like), the copy is canonical
        // unless a string needs a \u escape (controls, lone surrogates), which the copy never claims.
        const std::string c = canonical(v);
        const bool has_u_escape = c.find("\\u") != std::string::npos;
        const bool claims = copy_claims_canonical(c, "");
        CHECK(claims == !has_u_escape);
        canonical_claims += claims;
        if (c.find("\"1\"") == std::string::npos && c.find("\"10\"") == std::string::npos)
            CHECK(copy_claims_canonical(disk_form(v), "") == claims);
        const std::string text = noisy(g, v);
        CAPTURE(text);
        noisy_claims += copy_claims_canonical(text, "huella");
        copy_claims_canonical(text, "a");
    }
    // Both outcomes are exercised.
    CHECK(canonical_claims > 1000);
    CHECK(noisy_claims > 300);
    CHECK(noisy_claims < 2900);
}

TEST_CASE("canonical copy: a text over the size limit is refused without room made for its copy") {
    ReadLimits limits;
    limits.max_bytes = 10;
    CanonicalCopy copy("huella");
    const ReadResult r = read(R"({"a":"0123456789"})", limits, copy);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->code == "JSON_TAMANO");
    CHECK_FALSE(copy.canonical);
    CHECK(copy.buffer.empty());
    CHECK(copy.text().empty());
}

// read_into (reader.hpp): one value carried from document to document — random shapes whose kinds, sizes
// and keys change at every depth, now and then a broken text — gives each time what read() gives: the same
// value and the same copy, or the same error.
TEST_CASE("read_into: a value read into again and again gives what a fresh read gives") {
    Prng g("tests/read-into");
    Value carried;
    CanonicalCopy carried_copy("huella");
    int failures = 0;
    for (int i = 0; i < 3000; ++i) {
        const Value v = random_value(g, 0);
        std::string text = g.probabilidad(0.5) ? canonical(v) : noisy(g, v);
        if (g.probabilidad(0.1)) text = text.substr(0, static_cast<std::size_t>(g.entero(0, static_cast<std::int64_t>(text.size()))));
        CAPTURE(text);
        if (read_into_as_fresh(carried, carried_copy, text) == Carried::error) {
            ++failures;
            continue;
        }
        // Without a copy, too.
        Value again = carried;
        CHECK_FALSE(read_into(again, text).has_value());
        CHECK(again == carried);
    }
    CHECK(failures > 100);  // broken texts are exercised (a cut can leave a whole document)
}

TEST_CASE("read_into: a run's traces read one after another into one value, as a fresh read of each") {
    const std::filesystem::path dir = source_path("synthetic/runs/demo-a/demo-a-200/trazas");
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() == 200);
    Value carried = read(read_text(source_path("synthetic/runs/demo-a/demo-a-200/corrida.json"))).value;  // another shape first
    for (const auto& file : files) {
        const std::string text = read_text(file.string());
        CanonicalCopy fresh_copy("huella"), copy("huella");
        const ReadResult fresh = read(text, ReadLimits{}, fresh_copy);
        REQUIRE(fresh.ok());
        REQUIRE_FALSE(read_into(carried, text, ReadLimits{}, &copy).has_value());
        CHECK(carried == fresh.value);
        CHECK(copy.canonical);
        CHECK(copy.text() == fresh_copy.text());
    }
}

// A key whose text is its slot's old key, byte for byte, is kept as it is (reader.cpp, read_key): only a
// key of plain ASCII may be. Keys spelled with escapes, quotes, non-ASCII bytes, or as a prefix or an
// extension of the old one, in every order in one object and nested, read as a fresh read reads them.
TEST_CASE("read_into: keys equal to, near or spelled unlike the old key of their slot") {
    const std::vector<std::string> keys = {
        R"("ab")", R"("a")", R"("abc")", R"("a\u0062")", R"("a\"b")", R"("a\\b")", "\"a\\nb\"", "\"\xC3\xB1\"",
        R"("\u00f1")", "\"n\xCC\x83\"", R"("")", R"("b")", R"("a/b")", R"("a\/b")", "\"a\tb\"", R"("ab ")",
    };
    Prng g("tests/read-into-keys");
    Value carried;
    CanonicalCopy carried_copy("huella");
    int failures = 0, canonical_reads = 0;
    for (int i = 0; i < 4000; ++i) {
        std::string text = "{";
        const std::int64_t members = g.entero(1, 4);
        for (std::int64_t k = 0; k < members; ++k) {
            if (k) text += ',';
            text += g.elegir(keys) + ':';
            text += g.probabilidad(0.3) ? "{" + g.elegir(keys) + ":[" + g.elegir(keys) + "]}" : std::to_string(k);
        }
        text += '}';
        CAPTURE(text);
        const Carried outcome = read_into_as_fresh(carried, carried_copy, text);
        if (outcome == Carried::error) ++failures;
        if (outcome == Carried::canonical) ++canonical_reads;
    }
    CHECK(failures > 200);  // duplicate keys, a raw tab or a bare quote
    CHECK(canonical_reads > 200);
    CHECK(4000 - failures - canonical_reads > 200);  // read, not canonical (escapes, order, NFC)
}
