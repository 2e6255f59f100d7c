#pragma once
// §6 aggregation of the per-case results at a setting, and the verdict at that setting (ours).
#include <cstdint>
#include <vector>

#include "core/playground/replay.hpp"

namespace planlang::playground::internal {

// `camino` per case: -1 the recorded path, else an index in Compact::caminos.
std::vector<MeasureResult> remeasure(const Compact& compact, const std::vector<std::int32_t>& camino);
Verdict verdict_at(const Compact& compact, const std::vector<MeasureResult>& medidas, const std::vector<std::int32_t>& camino);

}  // namespace planlang::playground::internal
