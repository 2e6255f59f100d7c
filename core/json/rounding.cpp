#include "core/json/rounding.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include <double-conversion/double-conversion.h>

#include "core/json/number.hpp"

namespace planlang::json {
namespace {

// 10^d = 2^d·5^d is an exact double for d ≤ 22 (5^22 < 2^53), as is each literal; no pow() whose last bit
// could differ between libms.
constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// ECMAScript Number::toString for every double, non-finite ones included.
std::string to_string(double x) {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x < 0 ? "-Infinity" : "Infinity";
    return format_number(x);
}

}  // namespace

double ecma_round(double x) {
    const double f = std::floor(x);
    return f + (x - f >= 0.5 ? 1.0 : 0.0);
}

double redondear(double x, int d) {
    const double scale = d >= 0 && d <= kMaxRedondearDigits ? kPowersOfTen[d] : std::pow(10.0, d);
    const double out = ecma_round(x * scale) / scale;
    return out == 0 ? 0.0 : out;  // −0 → 0
}

std::string to_fixed(double x, int d) {
    d = std::clamp(d, 0, kMaxFixedDigits);
    // ECMA-262 §21.1.3.3 steps 5–10: non-finite values and |x| ≥ 10^21 print as Number::toString.
    if (!std::isfinite(x) || std::fabs(x) >= 1e21) return to_string(x);
    // double-conversion's FIXED mode (V8's own toFixed) rounds the exact binary value half away from
    // zero and, with EcmaScriptConverter's UNIQUE_ZERO, prints "-" for a negative x but not for −0.
    // Below 10^21 and with d ≤ 100 it never refuses (kMaxFixedDigitsBeforePoint 60, …AfterPoint 100).
    char buffer[1 + 21 + 1 + kMaxFixedDigits + 1];
    double_conversion::StringBuilder builder(buffer, sizeof buffer);
    const bool ok = double_conversion::DoubleToStringConverter::EcmaScriptConverter().ToFixed(x, d, &builder);
    assert(ok && "ToFixed accepts every finite |x| < 1e21 with d ≤ 100");
    (void)ok;
    return std::string(buffer, static_cast<std::size_t>(builder.position()));
}

}  // namespace planlang::json
