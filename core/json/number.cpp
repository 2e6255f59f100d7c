#include "core/json/number.hpp"

#include <cassert>
#include <cmath>

#include <double-conversion/double-conversion.h>

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

void append_number(std::string& out, double x) {
    assert(std::isfinite(x) && "canonical JSON has no NaN or Infinity");
    // EcmaScriptConverter = Number#toString: shortest round-trip digits, exponent form below 1e-6 and
    // from 1e21, "-0" as "0" (ECMA-262 §6.1.6.1.20).
    char buffer[64];
    double_conversion::StringBuilder builder(buffer, sizeof buffer);
    double_conversion::DoubleToStringConverter::EcmaScriptConverter().ToShortest(x, &builder);
    out.append(buffer, static_cast<std::size_t>(builder.position()));
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

}  // namespace planlang::json
