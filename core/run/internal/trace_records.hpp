#pragma once
// A trace's typed arrays (reader.hpp's Trace): `pasos`, `decisiones_de_arista` and `pausas_humanas` as the
// verifier reads them, typed from the trace's tree once check_trace accepted it — or taken from its text
// by the accelerator (fast/trace_arrays.hpp), which then leaves those members null in the tree and gives
// exactly what typing them from the tree gives.
#include <vector>

#include "core/json/value.hpp"
#include "core/run/reader.hpp"
#include "core/rules/recorded_edges.hpp"

namespace planlang::run::internal {

struct TraceArrays {
    std::vector<Step> steps;  // capacity kept from trace to trace
    std::vector<rules::RecordedEdge> records;
    std::vector<PauseRecord> pauses;
    bool steps_scanned = false;  // the last read took them from the text (they are null in the tree)
    bool records_scanned = false;
    bool pauses_scanned = false;

    bool any_scanned() const { return steps_scanned || records_scanned || pauses_scanned; }
    void clear_scanned() { steps_scanned = records_scanned = pauses_scanned = false; }
};

// The steps of `pasos` as read into a tree that passed check_trace.
void read_steps(const json::Value& pasos, std::vector<Step>& out);
// The records of `pausas_humanas` as read into a tree that passed check_trace.
void read_pauses(const json::Value& pausas, std::vector<PauseRecord>& out);
// The records of `decisiones_de_arista` as read into a tree that passed check_trace.
void read_edge_records(const json::Value& decisiones, std::vector<rules::RecordedEdge>& out);

}  // namespace planlang::run::internal
