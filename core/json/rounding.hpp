#pragma once
// ECMAScript rounding of numbers (spec/traces-and-verifier.md §15): Math.round, redondear and
// Number#toFixed, identical natively and in wasm and checked against Node (CTest numbers.fixed_oracle.*).
// The one implementation of each: the generator, the simulated agent, the verifier and the report's
// formatting (report/numbers.hpp) all call these.
#include <string>

namespace planlang::json {

// The largest d redondear takes with an exact 10^d: 10^0 … 10^22 are exact doubles.
constexpr int kMaxRedondearDigits = 22;
// The largest d Number#toFixed takes (ECMA-262 §21.1.3.3: 0..100, else RangeError).
constexpr int kMaxFixedDigits = 100;

// ECMAScript Math.round: ⌊x⌋ + (x − ⌊x⌋ ≥ 0.5 ? 1 : 0), so ties go toward +∞ (2.5 → 3, −2.5 → −2) and
// never ⌊x + 0.5⌋ (0.49999999999999994 → 0). Where Math.round gives −0 (−0.5 ≤ x ≤ −0) this gives +0:
// equal as numbers, printed alike by Number#toString, and redondear turns −0 into 0 anyway.
// Precondition: finite x.
double ecma_round(double x);

// Math.round(x·10^d) / 10^d with the product in IEEE doubles; −0 → 0. redondear(1.005, 2) = 1
// (1.005·100 = 100.49999…). NaN and ±∞ pass through. 10^d is exact for 0 ≤ d ≤ kMaxRedondearDigits
// (checked against Node); any other d uses std::pow.
double redondear(double x, int d = 4);

// ECMAScript Number#toFixed(d): the exact decimal value of the double, ties away from zero (not printf's
// half-even), "-" kept when a negative x rounds to zero ("-0.00"), but −0 → "0.00"; |x| ≥ 1e21 and
// non-finite x → Number#toString ("1e+21", "NaN", "-Infinity"). d is clamped to 0..kMaxFixedDigits (where
// ECMAScript throws a RangeError).
std::string to_fixed(double x, int d);

}  // namespace planlang::json
