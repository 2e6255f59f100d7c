#pragma once
// Demo A's truth per setting: the generator's own escalation rules (core/synth/truth.hpp) at the played
// thresholds, Texas included as a rule change (U4 on: every decision other than `aprobar` requires a person).
// Registered by core/domains.
#include <memory>
#include <optional>

#include "core/json/value.hpp"
#include "core/playground/truth_at_setting.hpp"
#include "core/synth/truth.hpp"

namespace planlang::playground::demo_a {

// `verdad_conocida`: a batch case's truth as stored (planlang-casos/v1); `applied`: the played thresholds
// {"U1": …, "U2": …, "U3": …, "U4": …} (U1 plays no part in the truth). nullopt when the truth lacks what
// the rules read (a case of another domain) or `applied` lacks a numeric U2 and U3 or a boolean U4.
// `motivos` in §6's order: aclaracion_agotada alone, or costo_mayor_que_U2, contradiccion_orden_texto,
// propuesta_negar, modo_texas.
std::optional<TruthAtSetting> truth_at_setting(const json::Value& verdad_conocida, const json::Value& applied);
// The same from the facts already read (synth::truth_facts_of).
std::optional<TruthAtSetting> truth_at_setting(const synth::TruthFacts& facts, const json::Value& applied);

std::unique_ptr<const TruthRule> truth_rule();

}  // namespace planlang::playground::demo_a
