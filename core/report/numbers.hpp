#pragma once
// Number formatting of the report (spec/traces-and-verifier.md §15), identical natively and in wasm and
// checked against Node's Number#toFixed and Math.round (CTest numbers.fixed_oracle.*).
// This is the one redondear of the core: sim::redondear forwards to it.
#include <string>

namespace planlang::report {

enum class Lang { es, en };

// The largest d redondear takes: 10^0 … 10^22 are exact doubles.
constexpr int kMaxRedondearDigits = 22;
// The largest d Number#toFixed takes (ECMA-262 §21.1.3.3: 0..100, else RangeError).
constexpr int kMaxFixedDigits = 100;

// Math.round(x·10^d) / 10^d with the product in IEEE doubles; Math.round(y) = ⌊y⌋ + (y − ⌊y⌋ ≥ 0.5)
// (ties toward +∞, never ⌊y + 0.5⌋); −0 → 0. redondear(1.005, 2) = 1 (1.005·100 = 100.49999…).
// NaN and ±∞ pass through. 10^d is exact for 0 ≤ d ≤ kMaxRedondearDigits (checked against Node); any
// other d uses std::pow.
double redondear(double x, int d = 4);

// ECMAScript Number#toFixed(d): the exact decimal value of the double, ties away from zero (not printf's
// half-even), "-" kept when a negative x rounds to zero ("-0.00"), but −0 → "0.00"; |x| ≥ 1e21 and
// non-finite x → Number#toString ("1e+21", "NaN", "-Infinity"). d is clamped to 0..kMaxFixedDigits (where
// ECMAScript throws a RangeError).
std::string to_fixed(double x, int d);

// num(x, d) = to_fixed with the language's decimal mark (ES: ',' ; no thousands separator).
std::string num(double x, int d, Lang lang);

// numCorto(x, d = 3): to_fixed(d), then trailing zeros and a trailing '.' stripped; decimal mark by language.
// Only digits after a '.' are stripped: num_corto(100, 0, ·) = "100", num_corto(1e30, 3, ·) = "1e+30" (the spec's
// rule read literally would strip integer zeros too). A negative x rounding to zero keeps its sign ("-0"),
// as toFixed does.
std::string num_corto(double x, int d, Lang lang);

// pct(x) = numCorto(100·x, 1) + "%" (EN) or " %" (ES).
std::string pct(double x, Lang lang);

}  // namespace planlang::report
