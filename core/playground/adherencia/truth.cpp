// The adherence coach's frozen truth (truth.hpp).
#include "core/playground/adherencia/truth.hpp"

#include <utility>

namespace planlang::playground::adherencia {

namespace {

class Frozen final : public CaseTruth {
public:
    Frozen(bool debe_escalar, json::Value decision) : m_debe_escalar(debe_escalar), m_decision(std::move(decision)) {}
    std::optional<TruthAtSetting> at(const json::Value&) const override {
        TruthAtSetting t;
        t.debe_escalar = m_debe_escalar;
        t.decision = m_decision;
        return t;
    }

private:
    bool m_debe_escalar;
    json::Value m_decision;
};

class ThresholdFree final : public TruthRule {
public:
    bool fixed() const override { return true; }
    std::shared_ptr<const CaseTruth> read(const json::Value& verdad_conocida) const override {
        const json::Value* debe = verdad_conocida.is_object() ? verdad_conocida.find("debe_escalar") : nullptr;
        const json::Value* decision = verdad_conocida.is_object() ? verdad_conocida.find("decision") : nullptr;
        return std::make_shared<Frozen>(debe && *debe == json::Value(true), decision ? *decision : json::Value());
    }
};

}  // namespace

std::unique_ptr<const TruthRule> truth_rule() { return std::make_unique<ThresholdFree>(); }

}  // namespace planlang::playground::adherencia
