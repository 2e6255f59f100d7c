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

// A number's text with the Spanish decimal mark (traces-and-verifier.md §15: a decimal comma, no thousands
// separator): every '.' of `text` becomes ','. For texts this file or json::to_fixed wrote.
std::string with_decimal_comma(std::string text);

// The nearest double to a JSON number literal (correctly rounded, any length of digits);
// nullopt when the literal is not JSON number syntax or its value overflows a double.
std::optional<double> parse_number(std::string_view literal);

// A literal that is plain — `-?(0|[1-9][0-9]*)(.[0-9]+)?` with at most 15 digits — and written as
// format_number writes its value: that value (read exactly, as read_into reads it). nullopt for anything
// else, canonical or not (longer literals, exponents, "-0", "1.50", "0.0000001"). For scanners that read
// the plain shapes planlang writes and leave every other text to the reader.
std::optional<double> plain_canonical_number(std::string_view literal);

}  // namespace planlang::json
