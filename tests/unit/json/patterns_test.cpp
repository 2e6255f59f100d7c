// The string patterns of the schema walker (core/json/schema.hpp), against their
// definitions written out plainly.
#include <doctest/doctest.h>

#include <string>

#include "core/json/schema.hpp"
#include "core/common/prng.hpp"

using planlang::json::schema::is_hex64;

TEST_CASE("is_hex64: exactly 64 characters, each 0-9 or a-f") {
    auto by_definition = [](const std::string& s) {
        if (s.size() != 64) return false;
        for (char c : s)
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
        return true;
    };
    const std::string good(64, 'a');
    CHECK(is_hex64(good));
    CHECK(is_hex64("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"));
    CHECK_FALSE(is_hex64(""));
    CHECK_FALSE(is_hex64(good.substr(1)));
    CHECK_FALSE(is_hex64(good + "a"));
    // One character changed to every byte value, at the first, a middle and the last position.
    for (const std::size_t at : {std::size_t{0}, std::size_t{31}, std::size_t{63}})
        for (int b = 0; b < 256; ++b) {
            std::string s = good;
            s[at] = static_cast<char>(b);
            CAPTURE(at);
            CAPTURE(b);
            REQUIRE(is_hex64(s) == by_definition(s));
        }
    // Random strings over a small alphabet around the edges of the ranges.
    planlang::Prng prng("patterns-test/hex64");
    const std::string alphabet = "0123456789abcdef/:`gAF \xC3";
    for (int k = 0; k < 2000; ++k) {
        std::string s;
        const auto length = static_cast<std::size_t>(prng.entero(62, 66));
        for (std::size_t i = 0; i < length; ++i)
            s += prng.probabilidad(0.98) ? alphabet[static_cast<std::size_t>(prng.entero(0, 15))]
                                         : alphabet[static_cast<std::size_t>(prng.entero(16, static_cast<std::int64_t>(alphabet.size()) - 1))];
        REQUIRE(is_hex64(s) == by_definition(s));
    }
}
