#pragma once
// The reader's numbers: the exact fast path for short decimal literals and the check that a literal is
// written as canonical form writes it (core/json/reader.cpp, and number.cpp's plain_canonical_number).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/json/number.hpp"

namespace planlang::json::internal {

// A literal of up to 15 digits and no exponent, read exactly: the digits are an integer exact in a double,
// and the value is that integer divided by an exact power of ten (at most 10^22), so one correctly rounded
// division gives the nearest double (Clinger's fast path, "How to Read Floating Point Numbers Accurately",
// 1990) with no need for the general reader.
inline double short_plain_value(std::string_view literal, bool negative, std::size_t fraction_digits) {
    static constexpr double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    std::int64_t v = 0;
    for (std::size_t i = negative; i < literal.size(); ++i)
        if (literal[i] != '.') v = v * 10 + (literal[i] - '0');
    const double magnitude = static_cast<double>(v) / kPow10[fraction_digits];
    return negative ? -magnitude : magnitude;
}

// A number as canonical form writes it (ECMAScript Number#toString). Without writing it, for a literal
// of up to 15 digits with no exponent (`short_plain`), read by the exact fast path:
// - an integer other than -0 is;
// - a decimal is when its fraction ends in a digit other than 0 and, below 1, starts with at most five
//   zeros. Two decimals of up to 15 significant digits never read as the same double (DBL_DIG), so the
//   shortest digits that read back as this value are the literal's own; and Number#toString writes
//   them in plain notation for every value from 10^-6 up, with the point where the literal has it.
// Anything else is compared with what write_number gives. (A trace of ours holds ~5 decimals among ~80
// numbers; writing them took ~2 % of reading the trace: 3,000 traces in 35.3 ms before, 34.6 ms after.)
inline bool canonical_number(std::string_view literal, double value, bool short_plain, std::size_t fraction_digits) {
    if (short_plain) {
        if (fraction_digits == 0) return literal != "-0";
        if (literal.back() != '0') {
            const std::size_t first = literal[0] == '-' ? 1 : 0;
            if (literal[first] != '0') return true;
            const std::size_t zeros = literal.find_first_not_of('0', first + 2) - (first + 2);
            if (zeros <= 5) return true;
        }
    }
    char buf[kMaxNumberLength];
    return std::string_view(buf, write_number(buf, value)) == literal;
}

}  // namespace planlang::json::internal
