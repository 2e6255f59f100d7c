#pragma once
// Truth per setting (spec/playground.md §10.2, our addition, labelled on screen): a case's `debe_escalar`,
// escalation reasons and truth decision recomputed at the played thresholds with the generator's own truth
// rules (synthetic-and-simulation.md §6, core/synth/truth.hpp), Texas included as a rule change (U4 on:
// every decision other than `aprobar` requires a person). The normative effects (§4) keep the batch's
// frozen truth; this is the second reading beside them.
#include <optional>
#include <string>
#include <vector>

#include "core/json/value.hpp"
#include "core/synth/truth.hpp"

namespace planlang::playground {

struct TruthAtSetting {
    bool debe_escalar = false;
    std::vector<std::string> motivos;  // §6's order: aclaracion_agotada alone, or costo_mayor_que_U2,
                                       // contradiccion_orden_texto, propuesta_negar, modo_texas
    json::Value decision;              // the stored truth decision: §6 derives it from the world, never
                                       // from a threshold, so it is the same at every setting
};

// `verdad_conocida`: a batch case's truth as stored (planlang-casos/v1); `applied`: the played thresholds
// {"U1": …, "U2": …, "U3": …, "U4": …} (U1 plays no part in the truth). nullopt when the truth lacks what
// the rules read (a case of another domain) or `applied` lacks a numeric U2 and U3 or a boolean U4.
std::optional<TruthAtSetting> truth_at_setting(const json::Value& verdad_conocida, const json::Value& applied);
// The same from the facts already read (synth::truth_facts_of): the compact keeps these, not the truth's JSON.
std::optional<TruthAtSetting> truth_at_setting(const synth::TruthFacts& facts, const json::Value& applied);

}  // namespace planlang::playground
