// Truth per setting (playground.md §10.2) through the generator's rules (core/synth/truth.hpp).
#include "core/playground/truth_at_setting.hpp"

#include "core/synth/truth.hpp"

namespace planlang::playground {

std::optional<TruthAtSetting> truth_at_setting(const json::Value& verdad_conocida, const json::Value& applied) {
    const std::optional<synth::TruthFacts> facts = synth::truth_facts_of(verdad_conocida);
    if (!facts) return std::nullopt;
    return truth_at_setting(*facts, applied);
}

std::optional<TruthAtSetting> truth_at_setting(const synth::TruthFacts& fact, const json::Value& applied) {
    const synth::TruthFacts* facts = &fact;
    if (!applied.is_object()) return std::nullopt;
    const json::Value* u2 = applied.find("U2");
    const json::Value* u3 = applied.find("U3");
    const json::Value* u4 = applied.find("U4");
    if (!u2 || !u2->is_number() || !u3 || !u3->is_number() || !u4 || !u4->is_bool()) return std::nullopt;
    TruthAtSetting out;
    out.motivos = synth::escalation_reasons(*facts, synth::TruthThresholds{u2->as_number(), u3->as_number(), u4->as_bool()});
    out.debe_escalar = !out.motivos.empty();
    out.decision = json::Value(facts->decision);
    return out;
}

}  // namespace planlang::playground
