#pragma once
// The playground's results as JSON (spec/cli.md `playground --json`; the keys scripts rely on are the issue's:
// corrida_id, umbrales, autocomprobacion, cambios, introducidos, evitados, no_observados, no_jugables, personas,
// personas_plan, minutos, minutos_plan, criterios, franja_observada, veredicto, complementos). Everything under
// `complementos` is ours (playground.md §10) and is left out with `strict`.
#include <optional>
#include <vector>

#include "core/json/value.hpp"
#include "core/playground/replay.hpp"

namespace planlang::playground {

// §3.7: one change record, with the edge that decides now (`ahora_decide`) and, when the default branch is
// taken now, the edge that decided at plan values evaluated with the played ones (`ya_no_decide`).
json::Value change_record(const Compact& compact, const Replay& replay, const Change& change);

// The additions that need more than the compact (§10.1 continuation, §10.2 truth per setting), computed by
// the caller (additions.hpp) and placed under `complementos`.
struct Extras {
    std::optional<json::Value> continuacion_simulada;
    std::optional<json::Value> decisiones_simuladas;
    std::optional<json::Value> verdad_en_este_ajuste;
};

json::Value replay_json(const Compact& compact, const Replay& replay, bool strict, const Extras& extras = {});

}  // namespace planlang::playground
