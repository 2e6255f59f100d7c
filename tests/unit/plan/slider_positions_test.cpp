// core/plan/slider_positions (playground.md §1). Each expected list was worked by hand and checked with
// Node: Array.from({length: Math.round((max − min)/paso) + 1}, (_, i) => redondear(min + i·paso, 6)).
#include "core/plan/slider_positions.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

using planlang::plan::slider_position;
using planlang::plan::slider_position_count;
using planlang::plan::slider_positions;

namespace {
using List = std::vector<double>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("slider positions: whole steps") {
    CHECK(slider_positions(0, 4, 1) == List{0, 1, 2, 3, 4});
    CHECK(slider_positions(-1, 1, 0.5) == List{-1, -0.5, 0, 0.5, 1});
    const List u2 = slider_positions(200, 5000, 100);  // demo A's U2
    REQUIRE(u2.size() == 49);
    CHECK(u2.front() == 200);
    CHECK(u2[1] == 300);
    CHECK(u2.back() == 5000);
}

TEST_CASE("slider positions: decimal steps are cleaned to 6 digits and keep their last position") {
    // 3·0.1 = 0.30000000000000004 and 7·0.1 = 0.7000000000000001 in doubles: redondear gives 0.3 and 0.7.
    CHECK(slider_positions(0, 1, 0.1) == List{0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1});
    // Demo A's U1: (0.95 − 0.5)/0.05 = 8.999999999999998, rounded to 9 (⌊ ⌋ would lose 0.95);
    // 0.5 + 7·0.05 = 0.8500000000000001 → 0.85.
    CHECK(slider_positions(0.5, 0.95, 0.05) == List{0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95});
    CHECK(slider_position(0.5, 0.05, 7) == 0.85);
}

TEST_CASE("slider positions: a last step that does not divide the range") {
    // (1 − 0)/0.4 = 2.5, Math.round → 3: the last position, 3·0.4 = 1.2000000000000002 → 1.2, passes max by
    // less than half a step (the decision in slider_positions.hpp).
    CHECK(slider_position_count(0, 1, 0.4) == 4);
    CHECK(slider_positions(0, 1, 0.4) == List{0, 0.4, 0.8, 1.2});
    // 0.9/0.4 = 2.25 → 2: the last position stays below max.
    CHECK(slider_positions(0, 0.9, 0.4) == List{0, 0.4, 0.8});
}

TEST_CASE("slider positions: a step larger than the range, and min == max") {
    CHECK(slider_positions(0, 1, 3) == List{0});         // 1/3 → 0 steps
    CHECK(slider_positions(0, 1, 1.5) == List{0, 1.5});  // 1/1.5 = 0.67 → 1 step, past max by 0.5 < 0.75
    CHECK(slider_positions(2, 2, 0.5) == List{2});
    // max below min by less than half a step still rounds to zero steps (Math.round(−0.1) = −0).
    CHECK(slider_positions(1, 0.99, 0.1) == List{1});
}

TEST_CASE("slider positions: −0 comes out as 0") {
    const List p = slider_positions(-1e-7, 0, 1);  // redondear(−1e-7, 6) = Math.round(−0.1)/1e6 = −0 → 0
    REQUIRE(p.size() == 1);
    CHECK(p[0] == 0);
    CHECK_FALSE(std::signbit(p[0]));
}

TEST_CASE("slider positions: ranges without positions") {
    for (const double paso : {0.0, -1.0, kNaN, kInf}) {
        CAPTURE(paso);
        CHECK_FALSE(slider_position_count(0, 1, paso));
        CHECK(slider_positions(0, 1, paso).empty());
    }
    CHECK_FALSE(slider_position_count(kNaN, 1, 0.1));
    CHECK_FALSE(slider_position_count(0, kInf, 0.1));
    CHECK_FALSE(slider_position_count(1, 0, 0.1));  // round(−10) < 0
    // Above the limit: counted, but not listed.
    CHECK(slider_position_count(0, 1, 1e-9) == 1000000001);
    CHECK(slider_positions(0, 1, 1e-9).empty());
    CHECK(slider_positions(0, 4, 1, 5).size() == 5);
    CHECK(slider_positions(0, 4, 1, 4).empty());
}
