#include "core/report/numbers.hpp"

#include <utility>

#include "core/json/number.hpp"
#include "core/json/rounding.hpp"

namespace planlang::report {
namespace {

std::string with_mark(std::string s, Lang lang) { return lang == Lang::es ? json::with_decimal_comma(std::move(s)) : s; }

}  // namespace

std::string num(double x, int d, Lang lang) { return with_mark(json::to_fixed(x, d), lang); }

std::string num_corto(double x, int d, Lang lang) {
    std::string s = json::to_fixed(x, d);
    // Only a fraction loses its trailing zeros: "100" (d = 0) and "1e+30" stay as they are.
    if (s.find('.') != std::string::npos && s.find('e') == std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return with_mark(std::move(s), lang);
}

std::string pct(double x, Lang lang) { return num_corto(100 * x, 1, lang) + (lang == Lang::es ? " %" : "%"); }

}  // namespace planlang::report
