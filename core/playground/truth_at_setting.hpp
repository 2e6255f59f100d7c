#pragma once
// Truth per setting (spec/playground.md §10.2, our addition, labelled on screen): whether a case must go to a
// person at the played thresholds, by its domain's own truth rules. It is a facet of the domain registry
// (core/domain): demo A recomputes the generator's rules (playground/demo_a), the adherence coach's truth reads
// no threshold (playground/adherencia), a domain with no module has no truth at a setting (nullopt). The
// normative effects (§4) keep the batch's frozen truth; this is the second reading beside them.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::playground {

struct TruthAtSetting {
    bool debe_escalar = false;
    std::vector<std::string> motivos;  // the domain's escalation reasons at the setting, in its order
    json::Value decision;              // the stored truth decision (no domain's threshold changes it)
};

// One case's truth as its domain's rule keeps it, read once when the compact is built.
class CaseTruth {
public:
    virtual ~CaseTruth() = default;
    // `applied`: the played thresholds {"U1": …, …}; nullopt when they lack what the rule reads.
    virtual std::optional<TruthAtSetting> at(const json::Value& applied) const = 0;
};

class TruthRule {
public:
    virtual ~TruthRule() = default;
    // The truth depends on no threshold: at every setting it is the batch's frozen one.
    virtual bool fixed() const = 0;
    // A case's stored `verdad_conocida` read for the rule; null when it lacks what the rule reads.
    virtual std::shared_ptr<const CaseTruth> read(const json::Value& verdad_conocida) const = 0;
};

// The domain's truth rule, or nullptr.
const TruthRule* truth_rule_of(const std::string& dominio_id);

}  // namespace planlang::playground
