#pragma once
// Numbers as ECMAScript reads and prints them (plan-format.md §15.2, decisions.md D4): one portable
// shortest-digits implementation (Google double-conversion, the library V8 uses), identical natively
// and in WebAssembly.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace planlang::json {

// Number#toString of a finite double: "-0" → "0", 1e21 → "1e+21", 1e-7 → "1e-7".
// Precondition: std::isfinite(x).
std::string format_number(double x);
void append_number(std::string& out, double x);
// The same characters written at `out`, which has room for kMaxNumberLength; returns how many.
inline constexpr std::size_t kMaxNumberLength = 64;
std::size_t write_number(char* out, double x);

// The nearest double to a JSON number literal (correctly rounded, any length of digits);
// nullopt when the literal is not JSON number syntax or its value overflows a double.
std::optional<double> parse_number(std::string_view literal);

}  // namespace planlang::json
