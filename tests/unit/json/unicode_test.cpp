#include "core/json/unicode.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.hpp"

using namespace planlang::json;

namespace {

std::string utf8(std::uint32_t c) {
    std::string out;
    append_utf8(out, c);
    return out;
}

std::string field_to_utf8(const std::string& field) {
    std::istringstream in(field);
    std::string out, hex;
    while (in >> hex) out += utf8(static_cast<std::uint32_t>(std::stoul(hex, nullptr, 16)));
    return out;
}

}  // namespace

// The Unicode Character Database's own conformance file (Debian package unicode-data, Unicode 15.0, the
// version utf8proc 2.8.0 implements): for every line c1;c2;c3;c4;c5, NFC(c1) = NFC(c2) = NFC(c3) = c2 and
// NFC(c4) = NFC(c5) = c4.
TEST_CASE("nfc: Unicode NormalizationTest.txt, every line") {
    const std::string path = PLANLANG_NORMALIZATION_TEST;
    REQUIRE_MESSAGE(planlang::testing::file_exists(path), "install Debian's unicode-data (scripts/deps)");
    std::istringstream lines(planlang::testing::read_text(path));
    std::string line;
    int checked = 0;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '#' || line[0] == '@') continue;
        std::vector<std::string> c;
        std::size_t start = 0;
        for (int k = 0; k < 5; ++k) {
            const std::size_t semi = line.find(';', start);
            c.push_back(field_to_utf8(line.substr(start, semi - start)));
            start = semi + 1;
        }
        CAPTURE(line);
        CHECK(nfc(c[0]) == c[1]);
        CHECK(nfc(c[1]) == c[1]);
        CHECK(nfc(c[2]) == c[1]);
        CHECK(nfc(c[3]) == c[3]);
        CHECK(nfc(c[4]) == c[3]);
        ++checked;
    }
    CHECK(checked > 19000);
}

TEST_CASE("nfc: quick check is only ever a safe shortcut") {
    CHECK(is_nfc_quick("plain ascii"));
    CHECK(is_nfc_quick("¿Qué pasó, señora Núñez?"));
    CHECK_FALSE(is_nfc_quick("e\xCC\x81"));
    CHECK_FALSE(is_nfc_quick("\xEA\xB0\x81"));  // already NFC, but not provably so without normalising
    CHECK(nfc("\xEA\xB0\x81") == "\xEA\xB0\x81");
}

TEST_CASE("utf16_less: code unit order (RFC 8785 §3.2.3)") {
    CHECK(utf16_less("", "a"));
    CHECK(utf16_less("a", "b"));
    CHECK(utf16_less("a", "ab"));
    CHECK_FALSE(utf16_less("ab", "ab"));
    CHECK(utf16_less("\xC3\xB6", "\xE2\x82\xAC"));            // U+00F6 < U+20AC
    CHECK(utf16_less("\xF0\x9F\x98\x80", "\xEF\xAC\xB3"));    // U+1F600 (D83D…) < U+FB33
    CHECK_FALSE(utf16_less("\xEF\xAC\xB3", "\xF0\x9F\x98\x80"));
    CHECK(utf16_less("\xED\x9F\xBF", "\xF0\x90\x80\x80"));    // U+D7FF < U+10000 (D800 DC00)
    CHECK(utf16_less("\xF0\x90\x80\x80", "\xED\xB0\x80"));    // D800 DC00 < lone DC00
    CHECK(utf16_less("\xED\xA0\x80", "\xF0\x90\x80\x80"));    // lone D800 is a prefix of D800 DC00
    CHECK(utf16_less("x\xF0\x90\x80\x80", "x\xEE\x80\x80"));  // after a shared prefix too
}

TEST_CASE("has_lone_surrogate") {
    CHECK(has_lone_surrogate("a\xED\xA0\x80"));
    CHECK(has_lone_surrogate("\xED\xBF\xBF"));
    CHECK_FALSE(has_lone_surrogate("\xED\x9F\xBF"));
    CHECK_FALSE(has_lone_surrogate("\xF0\x9F\x98\x80"));
}
