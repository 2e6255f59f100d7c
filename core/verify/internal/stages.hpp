#pragma once
// The verifier's stages after the streaming pass (traces-and-verifier.md §8–§13), each producing the report
// object's section with the keys §14 names, plus structured additions (§18) for `complementos`.
#include <optional>
#include <string>
#include <vector>

#include "core/json/rounding.hpp"
#include "core/json/value.hpp"
#include "core/verify/internal/measure.hpp"
#include "core/verify/stats.hpp"

namespace planlang::verify::internal {

// §8. One result per criterion, plan order. `complementos` receives one entry per criterion (§18.1–3).
json::Value criteria(const Measurer& m, json::Array& complementos);

// §9. The main run's risks, plan order; and per repetition the ids of risks that occurred.
json::Value risks(const Measurer& m, const RunState& run, json::Array& complementos);
std::vector<std::string> occurred_risks(const json::Value& risk_results);

// §10 calibration (§18.4): the 95 % bootstrap intervals of one assumption measured by calibration. They are
// most of the work left once the traces are read, so with tasks verify() sets them up first and draws them
// while the other stages run; `assumptions` reads them (and draws those it was not given).
struct CalibrationBootstrap {
    std::size_t supuesto = 0;     // index in the plan's supuestos
    std::vector<Sample> samples;  // the main run's, sorted by case id
    std::string seed;             // "bootstrap/<corrida_id>/<assumption id>"
    std::optional<Interval> ece, auroc;  // once drawn (draw_bootstrap)
};
// One per assumption that §10 measures by calibration and that has a sample, in plan order.
std::vector<CalibrationBootstrap> calibration_bootstraps(const Measurer& m);
void draw_bootstrap(CalibrationBootstrap& b, Statistic statistic);  // ece or auroc

// §10, with the intervals calibration_bootstraps set up and draw_bootstrap drew; an assumption missing from
// `bootstraps` has its intervals drawn here.
json::Value assumptions(const Measurer& m, const std::vector<CalibrationBootstrap>& bootstraps, json::Array& complementos);

// §11: nodes, signals, pauses, RF-09.2 per run and the findings in emission order.
json::Value contract(const Measurer& m);

// §12: {brechas, evaluadores}; `risk_results` per run (main first, then repetitions) to know which cases the
// covering risks list.
// `complementos` receives per evaluator of the main run {id, casos_evaluados: the population's ids} (the
// report gives their count).
json::Value gaps(const Measurer& m, const std::vector<json::Value>& risk_results, json::Array& complementos);

// §13: {valor, bloqueantes, alertas}.
json::Value verdict(const Measurer& m, const json::Value& criterios, const json::Value& riesgos,
                    const std::vector<json::Value>& riesgos_repeticiones, const json::Value& supuestos,
                    const json::Value& contrato, const json::Value& brechas);

// §14: resumen and casos_ejemplares.
json::Value summary(const Measurer& m, const json::Value& veredicto, const json::Value& criterios, const json::Value& riesgos,
                    const std::vector<json::Value>& riesgos_repeticiones, const json::Value& supuestos,
                    const json::Value& brechas);
json::Value example_cases(const Measurer& m, const json::Value& criterios, const json::Value& riesgos, const json::Value& brechas);

// Helpers.
const RunState& main_run(const Measurer& m);
std::vector<const RunState*> repetitions(const Measurer& m);
const RunState* baseline(const Measurer& m);
using json::redondear;  // traces-and-verifier.md §15, d = 4 unless given
json::Value number_or_null(const std::optional<double>& v);

}  // namespace planlang::verify::internal
