#pragma once
// The positions of a numeric playable range (plan-format.md §8 `rango_jugable`, playground.md §1): the one
// definition the validator's step check, the verifier's risk–coverage curve and the app's sliders share.
//
// Position i is redondear(min + i·paso, 6), for i = 0 … round((max − min)/paso) with Math.round, so there
// are round((max − min)/paso) + 1 positions. Decision (neither playground.md nor decisions.md settles it):
// when max − min is not a whole number of steps the last position is the one nearest to max and may pass it
// by less than half a step — 0–1 by 0.4 gives 0, 0.4, 0.8, 1.2 — since the spec bounds i by the rounded step
// count, not by max. Rounding (not ⌊ ⌋) also keeps the last position of ranges whose step count is
// whole but computes as 8.999999999999998 in doubles (0.5–0.95 by 0.05: ten positions).
#include <cstdint>
#include <optional>
#include <vector>

namespace planlang::plan {

// The most positions slider_positions lists by default; a larger range (e.g. paso 1e-9) is not playable.
constexpr std::int64_t kMaxSliderPositions = 100000;

// round((max − min)/paso) + 1; nullopt when min, max or paso is not finite, paso ≤ 0, or the rounded step
// count is negative (max below min by more than half a step).
std::optional<std::int64_t> slider_position_count(double min, double max, double paso);

// Position i: redondear(min + i·paso, 6) (−0 → 0).
double slider_position(double min, double paso, std::int64_t i);

// Every position, in order; empty when slider_position_count is nullopt or above `limit`.
std::vector<double> slider_positions(double min, double max, double paso, std::int64_t limit = kMaxSliderPositions);

}  // namespace planlang::plan
