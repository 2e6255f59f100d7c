#pragma once
// Number formatting of the report (spec/traces-and-verifier.md §15), identical natively and in wasm.
#include <string>

namespace planlang::report {

enum class Lang { es, en };

// Math.round(x·10^d) / 10^d with the product in IEEE doubles; Math.round(y) = ⌊y⌋ + (y − ⌊y⌋ ≥ 0.5);
// −0 → 0. redondear(1.005, 2) = 1.
double redondear(double x, int d = 4);

// ECMAScript Number#toFixed(d), d in 0..100: the exact decimal value of the double, ties away from zero,
// "-" kept when a negative x rounds to zero ("-0.00"); |x| ≥ 1e21 → Number#toString. NaN → "NaN".
std::string to_fixed(double x, int d);

// num(x, d) = to_fixed with the language's decimal mark (ES: ',' ; no thousands separator).
std::string num(double x, int d, Lang lang);

// numCorto(x, d = 3): to_fixed(d), then trailing zeros and a trailing '.' stripped; decimal mark by language.
std::string num_corto(double x, int d, Lang lang);

// pct(x) = numCorto(100·x, 1) + "%" (EN) or " %" (ES).
std::string pct(double x, Lang lang);

}  // namespace planlang::report
