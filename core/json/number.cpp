#include "core/json/number.hpp"

#include <cassert>
#include <cmath>
#include <cstdint>

#include <double-conversion/double-conversion.h>

#include "core/json/internal/reader_numbers.hpp"

namespace planlang::json {
namespace {

// JSON number grammar (RFC 8259 §6): -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
bool is_json_number(std::string_view s) {
    std::size_t i = 0, n = s.size();
    auto digits = [&] {
        std::size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
        return i > start;
    };
    if (i < n && s[i] == '-') ++i;
    if (i < n && s[i] == '0') {
        ++i;
    } else if (i < n && s[i] >= '1' && s[i] <= '9') {
        digits();
    } else {
        return false;
    }
    if (i < n && s[i] == '.') {
        ++i;
        if (!digits()) return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
        if (!digits()) return false;
    }
    return i == n;
}

}  // namespace

std::size_t write_number(char* out, double x) {
    assert(std::isfinite(x) && "canonical JSON has no NaN or Infinity");
    // Integers below 2^53 (nearly every number we write) print as their digits, as Number#toString does
    // for every integer below 1e21; -0 prints "0".
    if (x > -9007199254740992.0 && x < 9007199254740992.0) {
        const auto i = static_cast<std::int64_t>(x);
        if (static_cast<double>(i) == x) {
            std::uint64_t u = i < 0 ? static_cast<std::uint64_t>(-i) : static_cast<std::uint64_t>(i);
            char digits[20];
            std::size_t n = 0;
            do {
                digits[n++] = static_cast<char>('0' + u % 10);
                u /= 10;
            } while (u);
            std::size_t k = 0;
            if (i < 0) out[k++] = '-';
            while (n) out[k++] = digits[--n];
            return k;
        }
    }
    // EcmaScriptConverter = Number#toString: shortest round-trip digits, exponent form below 1e-6 and
    // from 1e21, "-0" as "0" (ECMA-262 §6.1.6.1.20).
    double_conversion::StringBuilder builder(out, static_cast<int>(kMaxNumberLength));
    double_conversion::DoubleToStringConverter::EcmaScriptConverter().ToShortest(x, &builder);
    return static_cast<std::size_t>(builder.position());
}

void append_number(std::string& out, double x) {
    char buffer[kMaxNumberLength];
    out.append(buffer, write_number(buffer, x));
}

std::string format_number(double x) {
    std::string s;
    append_number(s, x);
    return s;
}

std::optional<double> parse_number(std::string_view literal) {
    if (!is_json_number(literal) || literal.size() > static_cast<std::size_t>(INT32_MAX)) return std::nullopt;
    // Correctly rounded for any number of digits (double-conversion keeps 780 significant digits plus a
    // sticky flag for the rest, which is enough to round every decimal exactly).
    static const double_conversion::StringToDoubleConverter converter(
        double_conversion::StringToDoubleConverter::NO_FLAGS, 0.0, std::nan(""), nullptr, nullptr);
    int processed = 0;
    double value = converter.StringToDouble(literal.data(), static_cast<int>(literal.size()), &processed);
    if (processed != static_cast<int>(literal.size()) || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<double> plain_canonical_number(std::string_view literal) {
    const bool negative = !literal.empty() && literal[0] == '-';
    const std::size_t first = negative ? 1 : 0;
    std::size_t i = first, digits = 0, fraction_digits = 0;
    auto is_digit = [&](std::size_t k) { return k < literal.size() && literal[k] >= '0' && literal[k] <= '9'; };
    if (!is_digit(i) || (literal[i] == '0' && is_digit(i + 1))) return std::nullopt;
    while (is_digit(i)) ++i, ++digits;
    if (i < literal.size() && literal[i] == '.') {
        const std::size_t point = ++i;
        while (is_digit(i)) ++i;
        fraction_digits = i - point;
        if (fraction_digits == 0) return std::nullopt;
        digits += fraction_digits;
    }
    if (i != literal.size() || digits > 15) return std::nullopt;
    const double value = internal::short_plain_value(literal, negative, fraction_digits);
    if (!internal::canonical_number(literal, value, true, fraction_digits)) return std::nullopt;
    return value;
}

std::string with_decimal_comma(std::string text) {
    for (char& c : text)
        if (c == '.') c = ',';
    return text;
}

}  // namespace planlang::json
