#pragma once
// Number formatting of the report in its language (spec/traces-and-verifier.md §15). The rounding itself
// (redondear, toFixed) is json's (core/json/rounding.hpp), shared with the generator, agent and verifier.
#include <string>

namespace planlang::report {

enum class Lang { es, en };

// num(x, d) = json::to_fixed with the language's decimal mark (ES: ',' ; no thousands separator).
std::string num(double x, int d, Lang lang);

// numCorto(x, d = 3): json::to_fixed(d), then trailing zeros and a trailing '.' stripped; decimal mark by language.
// Only digits after a '.' are stripped: num_corto(100, 0, ·) = "100", num_corto(1e30, 3, ·) = "1e+30" (the spec's
// rule read literally would strip integer zeros too). A negative x rounding to zero keeps its sign ("-0"),
// as toFixed does.
std::string num_corto(double x, int d, Lang lang);

// pct(x) = numCorto(100·x, 1) + "%" (EN) or " %" (ES).
std::string pct(double x, Lang lang);

}  // namespace planlang::report
