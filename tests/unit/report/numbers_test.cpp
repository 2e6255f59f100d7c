// core/report/numbers (traces-and-verifier.md §15): the language's decimal mark over json::to_fixed
// (tested in tests/unit/json/rounding_test.cpp). Every expected text below is what Node 20
// prints for the same call.
#include "core/report/numbers.hpp"

#include <doctest/doctest.h>

#include <string>

using planlang::report::Lang;
using planlang::report::num;
using planlang::report::num_corto;
using planlang::report::pct;

TEST_CASE("num, num_corto and pct in both languages") {
    struct Row {
        const char* what;
        std::string got;
        const char* expected;
    };
    const Row rows[] = {
        {"num es", num(0.5, 2, Lang::es), "0,50"},
        {"num en", num(0.5, 2, Lang::en), "0.50"},
        {"num es, no thousands separator", num(1234567.25, 1, Lang::es), "1234567,3"},
        {"num en, no thousands separator", num(1234567.25, 1, Lang::en), "1234567.3"},
        {"num keeps -0", num(-0.0005, 2, Lang::es), "-0,00"},
        {"num d = 0", num(8.5, 0, Lang::es), "9"},
        {"num ≥ 1e21", num(2.5e21, 2, Lang::es), "2,5e+21"},
        {"num_corto strips zeros", num_corto(0.962, 3, Lang::en), "0.962"},
        {"num_corto strips zeros es", num_corto(1.1, 3, Lang::es), "1,1"},
        {"num_corto strips the point", num_corto(2.0004, 3, Lang::en), "2"},
        {"num_corto keeps integer zeros", num_corto(100, 0, Lang::en), "100"},
        {"num_corto keeps integer zeros after a point", num_corto(100, 3, Lang::es), "100"},
        {"num_corto keeps the exponent", num_corto(1e30, 3, Lang::en), "1e+30"},
        {"num_corto rounds first", num_corto(8.1165, 3, Lang::es), "8,117"},
        {"num_corto keeps toFixed's sign", num_corto(-0.0001, 3, Lang::en), "-0"},
        {"num_corto of −0", num_corto(-0.0, 3, Lang::en), "0"},
        {"pct en", pct(0.962, Lang::en), "96.2%"},
        {"pct es", pct(0.962, Lang::es), "96,2 %"},
        {"pct of 1", pct(1, Lang::en), "100%"},
        {"pct of 0 es", pct(0, Lang::es), "0 %"},
        {"pct 2 %", pct(0.02, Lang::es), "2 %"},
        {"pct rounds to one digit", pct(0.8333, Lang::en), "83.3%"},
        {"pct 0.05 → 0.1 (0.05 is 0.05000000000000000277)", pct(0.0005, Lang::en), "0.1%"},
    };
    for (const Row& r : rows) {
        CAPTURE(r.what);
        CHECK(r.got == r.expected);
    }
}
