// core/json/rounding (traces-and-verifier.md §15). The bulk comparison with Node's Number#toFixed and
// Math.round is CTest numbers.fixed_oracle.*; these cases name the rules one by one. Every expected value
// below is what Node 20 gives for the same call (checked by hand with `node -e`).
#include "core/json/rounding.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

using planlang::json::ecma_round;
using planlang::json::redondear;
using planlang::json::to_fixed;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("ecma_round is Math.round: ties toward +infinity, never floor(x + 0.5)") {
    CHECK(ecma_round(2.5) == 3);
    CHECK(ecma_round(-2.5) == -2);
    CHECK(ecma_round(-3.5) == -3);
    CHECK(ecma_round(0.49999999999999994) == 0);  // 0.49999999999999994 + 0.5 rounds up to 1 in doubles
    CHECK(ecma_round(57.2) == 57);
    CHECK(ecma_round(93.5) == 94);
    CHECK(ecma_round(-0.6) == -1);
    // Above 2^52 every double is an integer: returned unchanged.
    CHECK(ecma_round(4503599627370495.5) == 4503599627370496.0);
    CHECK(ecma_round(9007199254740994.0) == 9007199254740994.0);
    CHECK(ecma_round(1e300) == 1e300);
    // Math.round gives −0 for −0.5 ≤ x ≤ −0; ecma_round gives +0 (⌊x⌋ + 1 = −1 + 1, or −0 + 0).
    for (const double x : {-0.0, -0.3, -0.5}) {
        CAPTURE(x);
        CHECK(ecma_round(x) == 0);
        CHECK_FALSE(std::signbit(ecma_round(x)));
    }
}

TEST_CASE("to_fixed is ECMAScript's Number#toFixed") {
    struct Row {
        double x;
        int d;
        const char* expected;
    };
    const Row rows[] = {
        {1.005, 2, "1.00"},    // 1.00499999999999989… : the exact binary value decides
        {1.345, 2, "1.34"},    // 1.34499999999999997…
        {8.345, 2, "8.35"},    // 8.34500000000000063…
        {1.45, 1, "1.4"},      // 1.44999999999999995…
        {0.125, 2, "0.13"},    // an exact tie: away from zero, not printf's half-even "0.12"
        {0.5, 0, "1"},         // exact ties at d = 0
        {1.5, 0, "2"},
        {2.5, 0, "3"},         // half-even would say "2"
        {-2.5, 0, "-3"},       // away from zero on the negative side too
        {-1.5, 0, "-2"},
        {-0.0005, 2, "-0.00"}, // the sign stays on a negative that rounds to zero
        {-0.0, 2, "0.00"},     // but −0 prints no sign
        {0.0, 0, "0"},
        {999.9995, 3, "1000.000"},
        {1.23, 5, "1.23000"},
        {123.456, 0, "123"},
        {0.000001, 7, "0.0000010"},
        {0.1, 20, "0.10000000000000000555"},  // the exact expansion, not the shortest digits
        {1e20, 2, "100000000000000000000.00"},
        {1e21, 2, "1e+21"},    // |x| ≥ 1e21: Number#toString
        {-1e21, 0, "-1e+21"},
        {1.5e300, 3, "1.5e+300"},
        {5e-324, 3, "0.000"},
        {kNaN, 2, "NaN"},
        {kInf, 1, "Infinity"},
        {-kInf, 0, "-Infinity"},
    };
    for (const Row& r : rows) {
        CAPTURE(r.x);
        CAPTURE(r.d);
        CHECK(to_fixed(r.x, r.d) == r.expected);
    }
    // The largest d: 100 digits after the point (the exact value of 0.1 has 55 significant digits).
    const std::string tenth = to_fixed(0.1, 100);
    CHECK(tenth.size() == 102);
    CHECK(tenth.compare(0, 57, "0.1000000000000000055511151231257827021181583404541015625") == 0);
    CHECK(tenth.find_first_not_of('0', 57) == std::string::npos);
    CHECK(to_fixed(5e-324, 100) == "0." + std::string(100, '0'));
    CHECK(to_fixed(-5e-324, 100) == "-0." + std::string(100, '0'));
    // Outside 0..100 (a RangeError in ECMAScript) d is clamped.
    CHECK(to_fixed(0.1, 101) == tenth);
    CHECK(to_fixed(1.5, -1) == "2");
}

TEST_CASE("redondear is Math.round(x·10^d) / 10^d with −0 → 0") {
    struct Row {
        double x;
        int d;
        double expected;
    };
    const Row rows[] = {
        {1.005, 2, 1},                  // 1.005·100 = 100.49999999999999 (spec §15's own example)
        {8.1165, 3, 8.117},
        {20.0 / 24.0, 4, 0.8333},
        {2.5, 0, 3},                    // ties toward +∞ …
        {-2.5, 0, -2},                  // … on both sides (not away from zero)
        {0.5, 0, 1},
        {0.49999999999999994, 0, 0},    // ⌊y + 0.5⌋ would give 1
        {0.7745, 4, 0.7745},
        {123456.789, 0, 123457},
        {1e300, 4, 1e300},
        {1e308, 4, kInf},               // 1e308·1e4 overflows to Infinity, in ECMAScript too
        {1e15 + 0.3, 0, 1e15},          // 1000000000000000.25 (the nearest double): .25 rounds down
        {123456789.123456789, 6, 123456789.123457},  // ·1e6 = 123456789123456.796875 → …457
        {0.1 + 0.2, 6, 0.3},            // 0.30000000000000004 cleaned, as slider positions are
        {4.35, 1, 4.4},                 // 4.35·10 = 43.5 exactly in doubles
    };
    for (const Row& r : rows) {
        CAPTURE(r.x);
        CAPTURE(r.d);
        CHECK(redondear(r.x, r.d) == r.expected);
    }
    CHECK(redondear(0.123456789) == 0.1235);  // d defaults to 4
    CHECK(redondear(1250, -2) == 1300);       // d outside 0..22: 10^d by std::pow (10^−2 inexact, 12.5 → 13)
    // −0 in, and negatives that round to zero, come out as +0.
    for (double x : {-0.0, -0.5, -0.00001, -0.3}) {
        CAPTURE(x);
        const double r = redondear(x, x <= -0.3 ? 0 : 4);  // Math.round(−0.5) and Math.round(−0.3) are −0
        CHECK(r == 0);
        CHECK_FALSE(std::signbit(r));
    }
    CHECK(std::isnan(redondear(kNaN, 2)));
    CHECK(redondear(kInf, 2) == kInf);
    CHECK(redondear(-kInf, 2) == -kInf);
}
