#pragma once
// Our additions at a played setting that need more than the compact (spec/playground.md §10.1, §10.2),
// labelled everywhere as ours and never mixed into the replay's figures:
// - `continuacion_simulada`: each case the replay leaves `no_observado` is run again by the deterministic
//   simulated agent at the played thresholds (continuation.hpp), tagged `simulado`, with its own counts and
//   effects (§4's table on the simulated outcome, frozen truth); the replay's column still says no_observado.
// - `verdad_en_este_ajuste`: the generator's truth rules at the played thresholds (truth_at_setting.hpp):
//   how many cases must escalate here and at plan values, each change's effect against that truth beside
//   the normative one, and the errors here (cases leaving without a person that must escalate here).
#include <memory>
#include <optional>

#include "core/common/issue.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/continuation.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"

namespace planlang::playground {

// §4's effect with a given truth (`debe_escalar` of the case at the reading's setting).
Effect effect_with_truth(const Change& change, bool debe_escalar);

// Truth per setting for one case (nullopt when the case's truth cannot be read by the rules).
std::optional<bool> must_escalate_at(const Compact& compact, std::size_t caso, const json::Value& applied);

class Additions {
public:
    // Builds the simulated continuation once (or keeps why it cannot run for this run).
    explicit Additions(const Loaded& loaded);
    Extras at(const Replay& replay) const;

private:
    std::shared_ptr<const Compact> m_compact;
    std::optional<Continuation> m_continuation;
    Issues m_sin_continuacion;
};

}  // namespace planlang::playground
