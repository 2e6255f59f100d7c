#pragma once
// The U1 × U2 sweep (spec/playground.md §10.3, ours and labelled so; spec/cli.md `sweep`): every point of a
// grid over two numeric thresholds, the others fixed at a base setting (the current U3/U4), replayed with
// play() without the criteria; per point the errors the change introduces and avoids (§4), the cases left
// without a person that must escalate (against the truth at that setting when the caller can compute it,
// else the frozen truth), the reviewer minutes (§5) and the cases not observed; then the Pareto front of
// errors against minutes and the plan's point. Pure and deterministic: axis a outer, axis b inner, both
// ascending, the same values on every build.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"

namespace planlang::playground {

// The most points a sweep evaluates: per axis and for the whole grid (a × b).
inline constexpr std::int64_t kMaxSweepPoints = 100000;

// One axis of the grid: a numeric threshold and its values, ascending.
struct GridAxis {
    std::size_t umbral = 0;  // index in Compact::umbrales
    double desde = 0, hasta = 0, paso = 0;
    // plan::slider_positions(desde, hasta, paso): redondear(desde + i·paso, 6), the last one the nearest to
    // `hasta` (it may pass it by less than half a step).
    std::vector<double> valores;
};

// "U1=0.5:0.95:0.05" (UMBRAL=desde:hasta:paso, each a JSON number). Codes, element the text:
//   PLAYGROUND_REJILLA_INVALIDA       not UMBRAL=a:b:paso, a number that is not a JSON number, paso ≤ 0, a > b
//   PLAYGROUND_REJILLA_UMBRAL         the plan has no such threshold, or it is a switch (booleano)
//   PLAYGROUND_REJILLA_FUERA_DE_RANGO a value outside the playable range by more than half the range's step
//                                     (the tolerance set_threshold allows)
//   PLAYGROUND_REJILLA_DEMASIADO_GRANDE more than kMaxSweepPoints values
std::optional<Issue> parse_grid(const Compact& compact, std::string_view text, GridAxis& out);
// The whole playable range of a numeric threshold, at the range's own step (the slider's positions).
GridAxis full_axis(const Compact& compact, std::size_t umbral);
// Two axes together: not the same threshold twice (PLAYGROUND_REJILLA_INVALIDA), and at most kMaxSweepPoints
// points in all (PLAYGROUND_REJILLA_DEMASIADO_GRANDE).
std::optional<Issue> check_grid(const Compact& compact, const GridAxis& a, const GridAxis& b);

// §10.2 supplied by the caller: whether case `caso` (index in Compact::casos) must escalate at the setting
// whose applied thresholds are `applied` ({"U1": 0.8, …}); nullopt: unknown, the frozen truth is used.
using EscalationAtSetting = std::function<std::optional<bool>(std::size_t caso, const json::Value& applied)>;
// After each point: points done, points in all.
using SweepProgress = std::function<void(std::size_t done, std::size_t total)>;

struct SweepPoint {
    Setting setting;                      // every threshold: the two axes' values, the others the base's
    std::int64_t errores_introducidos = 0;  // §4, frozen truth (normative)
    std::int64_t errores_evitados = 0;      // §4
    // Cases whose outcome here (the new one for a diverging case, else the recorded one; `no_observado` and
    // not-playable cases left out) is `solo` and that must escalate at this setting.
    std::int64_t errores_totales = 0;
    std::int64_t personas = 0;              // §5
    std::optional<double> minutos;          // personas × minutos_por_persona; nullopt without a declared cost
    std::int64_t no_observados = 0;
    std::int64_t no_jugables = 0;           // §11, left out of every figure of the point
};

struct Sweep {
    GridAxis a, b;
    Setting base;
    std::vector<SweepPoint> puntos;  // a outer, b inner: point i·|b| + j is (a.valores[i], b.valores[j])
    // Indexes of the points no other point dominates on (errores_totales, minutos — personas when there are
    // no minutes), both minimized, ascending; of points equal on both only the first in grid order is kept.
    std::vector<std::size_t> frente_pareto;
    std::optional<std::size_t> plan;    // the point at plan values for every threshold, when on the grid
    std::optional<std::size_t> actual;  // the point at the base's values of the two axes, when on the grid
    // Which truth errores_totales used: every case's at its setting (the caller's function answered every
    // time), the frozen one (no function, or it never answered), or both (it answered for some cases only).
    enum class Truth : std::uint8_t { en_este_ajuste, congelada, mixta };
    Truth verdad = Truth::congelada;
    std::int64_t respuestas_congeladas = 0;  // truth look-ups answered with the frozen truth
};

// The point indexes of `keys` = (errores, coste) pairs on the Pareto front (the rule above).
std::vector<std::size_t> pareto_front(const std::vector<std::pair<std::int64_t, double>>& keys);

// `base` holds every threshold's value (the axes' are replaced point by point). The axes must have passed
// check_grid.
Sweep sweep(const Compact& compact, const Setting& base, const GridAxis& a, const GridAxis& b, const EscalationAtSetting& truth,
            const SweepProgress& progress = {});

// spec/cli.md `sweep --json`: {corrida_id, autocomprobacion, ejes: [{id, desde, hasta, paso, valores}], base,
// puntos: [{umbrales, errores_introducidos, errores_evitados, errores_totales, minutos, no_observados,
// personas, no_jugables}], frente_pareto, plan, actual, verdad, clave_de_coste, minutos_por_persona, etiqueta}.
json::Value sweep_json(const Compact& compact, const Sweep& sweep);
// For people, ES/EN, from sweep_json's object: the grid, the Pareto points and the plan's, and counts.
std::string sweep_text(const json::Value& result, bool en);

}  // namespace planlang::playground
