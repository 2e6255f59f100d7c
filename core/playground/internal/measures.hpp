#pragma once
// §6 aggregation of the per-case results at a setting (aggregate.cpp), and the verdict at that setting (ours).
#include <cstdint>
#include <vector>

#include "core/playground/replay.hpp"

namespace planlang::playground::internal {

// `camino` per case: -1 the recorded path, else an index in Compact::caminos.
// Every measure from the recorded tallies (Compact::registradas) plus the diverging cases.
std::vector<MeasureResult> remeasure(const Compact& compact, const std::vector<std::int32_t>& camino);
// The same adding up every case (the reference remeasure is checked against).
std::vector<MeasureResult> remeasure_full(const Compact& compact, const std::vector<std::int32_t>& camino);
MeasureTally tally(const Compact& compact, std::size_t measure, const std::vector<std::int32_t>& camino);
void prepare_tallies(Compact& compact);  // Compact::registradas

Verdict verdict_at(const Compact& compact, const std::vector<MeasureResult>& medidas, const std::vector<std::int32_t>& camino);

}  // namespace planlang::playground::internal
