#include "core/plan/slider_positions.hpp"

#include <cmath>

#include "core/json/rounding.hpp"

namespace planlang::plan {

std::optional<std::int64_t> slider_position_count(double min, double max, double paso) {
    if (!std::isfinite(min) || !std::isfinite(max) || !std::isfinite(paso) || !(paso > 0)) return std::nullopt;
    const double steps = json::ecma_round((max - min) / paso);
    // Also refuses a count no int64 holds (2^62 is far above any limit a caller passes).
    if (!(steps >= 0) || steps >= 4611686018427387904.0) return std::nullopt;
    return static_cast<std::int64_t>(steps) + 1;
}

double slider_position(double min, double paso, std::int64_t i) {
    return json::redondear(min + static_cast<double>(i) * paso, 6);
}

std::vector<double> slider_positions(double min, double max, double paso, std::int64_t limit) {
    std::vector<double> out;
    const std::optional<std::int64_t> count = slider_position_count(min, max, paso);
    if (!count || *count > limit) return out;
    out.reserve(static_cast<std::size_t>(*count));
    for (std::int64_t i = 0; i < *count; ++i) out.push_back(slider_position(min, paso, i));
    return out;
}

}  // namespace planlang::plan
