#pragma once
// The counterfactual replay (spec/playground.md §3–§6 and §8): a verified run's compact at a played
// setting — which cases diverge and where, each change's effect, the reviewer minutes on the same
// population, every criterion and case-scope risk re-measured with the plan's own rules, and (ours, labelled)
// the verdict at that setting. Pure and deterministic: the same compact and setting give the same values on
// every build.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/compact.hpp"

namespace planlang::playground {

// One value per threshold of the compact, plan order: a number, or a bool for a switch.
struct Setting {
    std::vector<json::Value> valores;
    friend bool operator==(const Setting& a, const Setting& b) { return a.valores == b.valores; }
};
Setting plan_setting(const Compact& compact);
// "U1=0.8" / "U4=true": the threshold's value in `setting`. A number must lie in the playable range
// (a slider position or not); a switch takes true/false (sí/no, on/off). Errors name the text.
std::optional<Issue> set_threshold(const Compact& compact, Setting& setting, std::string_view assignment);
// The setting as the rules read applied thresholds: {"U1": 0.8, …}.
json::Value applied_object(const Compact& compact, const Setting& setting);

// §4.
enum class Effect : std::uint8_t { no_observado, mismo_destino, error_introducido, revision_ahorrada, error_evitado, revision_de_mas };
std::string_view effect_name(Effect effect);

// §3.7, the parts computed for every diverging case (change_record() adds the edge records).
struct Change {
    std::uint32_t caso = 0;    // index in Compact::casos
    std::uint32_t visita = 0;  // index of the diverging visit in the case's visits
    Outcome antes = Outcome::solo;
    Outcome ahora = Outcome::no_observado;
    std::string rama_nueva;
    Effect efecto = Effect::mismo_destino;
    bool exigida_por_texas = false;  // ours: the proposal is the partial one and its switch is on (§4)
    bool adversa = false;            // the proposal at the diverging visit is adverse (§4)
    std::uint32_t visitas_ahorradas = 0;
};

// §11: a case whose edges cannot be evaluated at this setting.
struct NotPlayable {
    std::uint32_t caso = 0;
    Issue motivo;
};

// §6 for one criterion, or the same re-measurement for a case-scope risk detector (ours).
struct MeasureResult {
    std::size_t medida = 0;  // index in Compact::medidas
    std::string estado;
    json::Value valor;
    std::vector<std::uint32_t> casos_que_incumplen;  // criteria: the failing cases; risks: the cases where it occurred
    std::vector<std::uint32_t> no_evaluables;
    bool recalculado = false;
    std::int64_t n_poblacion = 0, verdaderos = 0;  // the counts behind a rate (Wilson, ours)
};

struct Verdict {
    std::string valor;
    json::Array bloqueantes, alertas;
};

struct Replay {
    Setting setting;
    std::vector<Change> cambios;  // run order
    std::vector<NotPlayable> no_jugables;
    // Per case: the path its criteria are read on (-1: the recorded one; else an index in Compact::caminos).
    std::vector<std::int32_t> camino;
    std::vector<std::uint32_t> introducidos, evitados, no_observados;  // case indexes, run order
    std::int64_t personas = 0, personas_plan = 0;
    std::optional<double> minutos, minutos_plan;
    std::vector<MeasureResult> medidas;  // Compact::medidas order
    Verdict veredicto;                   // ours: the gap's verdict at this setting
};

struct PlayOptions {
    bool medidas = true;  // re-measure criteria and risks and the verdict (the sweep needs only the paths)
    bool atajos = true;   // with Compact::plan_reproducido, judge only what reads a moved threshold (same results)
};

Replay play(const Compact& compact, const Setting& setting, const PlayOptions& options = {});

// §8 observed strip at a setting: per threshold {id, n, min, mediana, max, verdaderos, casos_en_el_umbral}.
json::Value observed_strip(const Compact& compact, const Setting& setting);

// §8 self-check at plan values: {ok, motivo (bilingual or null)}.
struct SelfCheck {
    bool ok = false;
    std::optional<Bilingual> motivo;
};
SelfCheck self_check(const Compact& compact);

// Fills each playable visit's bits_plan and sets compact.plan_reproducido when the replay at plan values,
// every edge judged, reproduces every recorded branch (load() calls it).
void prepare_shortcuts(Compact& compact);

// Fills compact.llevado_* and compact.autocomprobacion_* (load() calls it once the report is attached).
void check_at_load(Compact& compact);

}  // namespace planlang::playground
