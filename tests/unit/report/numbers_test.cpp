// core/report/numbers (traces-and-verifier.md §15). The bulk comparison with Node's Number#toFixed and
// Math.round is CTest numbers.fixed_oracle.*; these cases name the rules one by one. Every expected text
// below is what Node 20 prints for the same call (checked by hand with `node -e`).
#include "core/report/numbers.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

using planlang::report::Lang;
using planlang::report::num;
using planlang::report::num_corto;
using planlang::report::pct;
using planlang::report::redondear;
using planlang::report::to_fixed;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

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

TEST_CASE("num, num_corto and pct in both languages") {
    struct Row {
        const char* what;
        std::string got;
        const char* expected;
    };
    const Row rows[] = {
        {"num es", num(0.5, 2, Lang::es), "0,50"},
        {"num en", num(0.5, 2, Lang::en), "0.50"},
        {"num es, no thousands separator", num(1234567.25, 1, Lang::es), "1234567,3"},
        {"num en, no thousands separator", num(1234567.25, 1, Lang::en), "1234567.3"},
        {"num keeps -0", num(-0.0005, 2, Lang::es), "-0,00"},
        {"num d = 0", num(8.5, 0, Lang::es), "9"},
        {"num ≥ 1e21", num(2.5e21, 2, Lang::es), "2,5e+21"},
        {"num_corto strips zeros", num_corto(0.962, 3, Lang::en), "0.962"},
        {"num_corto strips zeros es", num_corto(1.1, 3, Lang::es), "1,1"},
        {"num_corto strips the point", num_corto(2.0004, 3, Lang::en), "2"},
        {"num_corto keeps integer zeros", num_corto(100, 0, Lang::en), "100"},
        {"num_corto keeps integer zeros after a point", num_corto(100, 3, Lang::es), "100"},
        {"num_corto keeps the exponent", num_corto(1e30, 3, Lang::en), "1e+30"},
        {"num_corto rounds first", num_corto(8.1165, 3, Lang::es), "8,117"},
        {"num_corto keeps toFixed's sign", num_corto(-0.0001, 3, Lang::en), "-0"},
        {"num_corto of −0", num_corto(-0.0, 3, Lang::en), "0"},
        {"pct en", pct(0.962, Lang::en), "96.2%"},
        {"pct es", pct(0.962, Lang::es), "96,2 %"},
        {"pct of 1", pct(1, Lang::en), "100%"},
        {"pct of 0 es", pct(0, Lang::es), "0 %"},
        {"pct 2 %", pct(0.02, Lang::es), "2 %"},
        {"pct rounds to one digit", pct(0.8333, Lang::en), "83.3%"},
        {"pct 0.05 → 0.1 (0.05 is 0.05000000000000000277)", pct(0.0005, Lang::en), "0.1%"},
    };
    for (const Row& r : rows) {
        CAPTURE(r.what);
        CHECK(r.got == r.expected);
    }
}
