// Demo A's truth per setting through the generator's rules (truth.hpp).
#include "core/playground/demo_a/truth.hpp"

#include <utility>

namespace planlang::playground::demo_a {

std::optional<TruthAtSetting> truth_at_setting(const json::Value& verdad_conocida, const json::Value& applied) {
    const std::optional<synth::TruthFacts> facts = synth::truth_facts_of(verdad_conocida);
    if (!facts) return std::nullopt;
    return truth_at_setting(*facts, applied);
}

std::optional<TruthAtSetting> truth_at_setting(const synth::TruthFacts& facts, const json::Value& applied) {
    if (!applied.is_object()) return std::nullopt;
    const json::Value* u2 = applied.find("U2");
    const json::Value* u3 = applied.find("U3");
    const json::Value* u4 = applied.find("U4");
    if (!u2 || !u2->is_number() || !u3 || !u3->is_number() || !u4 || !u4->is_bool()) return std::nullopt;
    TruthAtSetting out;
    out.motivos = synth::escalation_reasons(facts, synth::TruthThresholds{u2->as_number(), u3->as_number(), u4->as_bool()});
    out.debe_escalar = !out.motivos.empty();
    out.decision = json::Value(facts.decision);
    return out;
}

namespace {

class Facts final : public CaseTruth {
public:
    explicit Facts(synth::TruthFacts facts) : m_facts(std::move(facts)) {}
    std::optional<TruthAtSetting> at(const json::Value& applied) const override { return truth_at_setting(m_facts, applied); }

private:
    synth::TruthFacts m_facts;
};

class GeneratorRules final : public TruthRule {
public:
    bool fixed() const override { return false; }
    std::shared_ptr<const CaseTruth> read(const json::Value& verdad_conocida) const override {
        std::optional<synth::TruthFacts> facts = synth::truth_facts_of(verdad_conocida);
        if (!facts) return nullptr;
        return std::make_shared<Facts>(std::move(*facts));
    }
};

}  // namespace

std::unique_ptr<const TruthRule> truth_rule() { return std::make_unique<GeneratorRules>(); }

}  // namespace planlang::playground::demo_a
