// The headline figures (core/site/headline.hpp) of the committed 200-case run, against values read by hand from
// its informe.json: the verdict with 0 blocking reasons and 3 alerts, 10 of 11 criteria met (C5 not), 74 of 200
// cases through the auditor's pause, 12 unforeseen gaps in 12 distinct cases starting with A-005; and a report
// with nothing in it gives zeros and nulls, never made-up figures.
#include <doctest/doctest.h>

#include "core/views/headline.hpp"
#include "playground/playground_fixture.hpp"

using namespace planlang;
using namespace planlang::testing;

TEST_CASE("headline figures of demo-a-200") {
    const std::optional<json::Value> report = RunFiles().json_of(pg::kDemo200 + "/informe.json");
    REQUIRE(report);
    const views::Headline h = views::headline(*report);
    CHECK(h.veredicto == "cumple_con_alertas");
    CHECK(h.bloqueantes == 0);
    CHECK(h.alertas == 3);
    CHECK(h.criterios_cumplen == 10);
    CHECK(h.criterios_total == 11);
    CHECK(h.criterios_no == std::vector<std::string>{"C5"});
    CHECK(h.casos_con_pausa == json::Value(74.0));
    CHECK(h.casos_ejecutados == json::Value(200.0));
    CHECK(h.rol_pausa == "auditor");
    CHECK(h.brechas == 12);
    REQUIRE(h.casos_con_brecha.size() == 12);
    CHECK(h.casos_con_brecha.front() == "A-005");
}

TEST_CASE("headline figures of an empty report: zeros and nulls") {
    const views::Headline h = views::headline(json::Value(json::Object{}));
    CHECK(h.veredicto.empty());
    CHECK(h.criterios_total == 0);
    CHECK(h.casos_con_pausa.is_null());
    CHECK(h.brechas == 0);
    CHECK(h.casos_con_brecha.empty());
}
