#pragma once
// A trace's `pasos` and `decisiones_de_arista` (traces-and-verifier.md §3, rule-language.md §7.5) read
// straight from its text into typed steps and records when they have the plain shape planlang writes,
// instead of into the trace's tree: the two arrays are three fifths of a trace's bytes and most of its
// members, and the verifier reads a handful of fields of each (bench history at 1a35ddd, "Typed steps and records").
// Arrays of any other shape are read into the tree as before and typed from there (read_steps,
// read_edge_records), so that what the verifier measures never depends on the way a trace was read.
#include <cstddef>
#include <string_view>
#include <vector>

#include "core/json/reader.hpp"
#include "core/run/internal/trace_records.hpp"
#include "core/run/reader.hpp"
#include "core/rules/recorded_edges.hpp"

namespace planlang::run::internal {

// Reads the array of edge records that starts `text` (whitespace between tokens allowed; the text may go
// on after it) when every record is plain: an object of exactly the fourteen members of §7.5 in canonical
// key order, within check_trace's schema for a record (a triplet or a function record), whose strings are
// ASCII without a control character or an escape, whose numbers are plain literals of at most 15 digits
// written as canonical form writes them, and whose `entradas`, in a function record, is an object of such
// scalars (null, booleans, numbers, strings) with keys of that kind in strictly increasing order. Such an
// array is one json::read_into reads without an error to a canonical form, fits check_trace, and gives,
// record by record, what rules::read_recorded_edge reads from its tree. Then: `out` holds its records, its
// canonical form (the array without its whitespace) is written at `canonical` (`written` bytes) and the
// bytes it takes are returned. Anything else — including arrays the reader and the schema accept — gives
// 0; `out` and the bytes at `canonical` are then unspecified. `depth_left`: the levels allowed below the
// array's owner (3 needed: the array, a record, its entradas).
std::size_t scan_edge_records(std::string_view text, std::size_t depth_left, std::vector<rules::RecordedEdge>& out, char* canonical,
                              std::size_t& written);

// The same for the array of steps: objects of exactly the nine members of §3 in canonical key order, within
// check_trace's schema for a step (costo_nominal_usd a number ≥ 0, error_proveedor null or one of the four
// codes, tipo_nodo null or a string, tokens {entrada, salida}, the integers ≥ 0, orden ≥ 1), of the same
// plain tokens; `out` then holds what read_steps reads from its tree. 2 levels needed (a step, its tokens).
std::size_t scan_steps(std::string_view text, std::size_t depth_left, std::vector<Step>& out, char* canonical, std::size_t& written);

// The same for the array of pause records: objects of exactly nodo, paso, payload, respuesta_simulada and rol
// in that (canonical) order, within check_trace's schema for a record (nodo and rol non-empty strings of
// plain ASCII, paso an integer ≥ 1, respuesta_simulada {decision, politica} two strings), whose payload is an
// object of any JSON whose keys are plain ASCII in strictly increasing order and whose strings are as
// PlainScan::text_string reads them; `out` then holds what read_pauses reads from its tree. The payload's
// values are checked and copied, never kept (the verifier reads a payload's keys only). 3 levels needed (the
// array, a record, its payload), and one more per level nested in a payload.
std::size_t scan_pause_records(std::string_view text, std::size_t depth_left, std::vector<PauseRecord>& out, char* canonical,
                               std::size_t& written);

// The scanner the run reader hands json::read_into for a trace: it takes `pasos`, `decisiones_de_arista` and
// `pausas_humanas` when scan_steps, scan_edge_records and scan_pause_records do, leaving those members null
// in the tree.
class TraceArraysScanner final : public json::MemberScanner {
public:
    explicit TraceArraysScanner(TraceArrays& into) : m_into(&into) {}  // the arrays typed, and which were scanned

    std::size_t scan(std::string_view key, std::string_view text, std::size_t depth_left, char* canonical,
                     std::size_t& written) override;

private:
    TraceArrays* m_into;
};

}  // namespace planlang::run::internal
