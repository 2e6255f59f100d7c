#pragma once
// The strict schemas of the files the reader reads (traces-and-verifier.md §2–§5; batch cases:
// synthetic-and-simulation.md §4). Each returns every ESQUEMA issue in schema order (keys in the order the
// spec lists them, array items by index, unknown keys last at the object's path); empty when the file fits.
// The reader reports the first one (decisions.md E3) and keeps the rest as an addition.
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::run::internal {

inline constexpr const char* kTraceFormat = "planlang-trace/v1";
inline constexpr const char* kGraphFormat = "planlang-grafo/v1";
inline constexpr const char* kRamasFormat = "planlang-ramas/v1";
inline constexpr const char* kBatchFormat = "planlang-casos/v1";
// A step's error_proveedor codes (§3) and an edge record's operators (rule-language.md §7.5).
extern const std::initializer_list<std::string_view> kProviderErrors;
extern const std::initializer_list<std::string_view> kOperators;

Issues check_manifest(const json::Value& doc);            // corrida.json, §2
// trazas/<caso_id>.json, §3. `shortcut`: records already in canonical key order and within the schema are
// not walked (the same issues either way; false walks every record, for the tests that show it).
// `steps_scanned`, `records_scanned`, `pauses_scanned`: `pasos`, `decisiones_de_arista`, `pausas_humanas` were
// taken by scan_steps, scan_edge_records, scan_pause_records (internal/trace_arrays.hpp), which read only items
// that fit, and are null in `doc`.
Issues check_trace(const json::Value& doc, bool shortcut = true, bool steps_scanned = false, bool records_scanned = false,
                   bool pauses_scanned = false);
// decisiones_de_arista[index] of a trace, alone: the issues check_trace gives for that record.
Issues check_trace_edge_record(const json::Value& record, std::size_t index);
Issues check_graph(const json::Value& doc, Graph& out);   // grafo.json, §4 (typed with the plan's shapes)
Issues check_ramas(const json::Value& doc);               // ramas-esperadas.json, §4
Issues check_ramas_visit(const json::Value& item, std::size_t index);  // visitas[index] (streamed like batch cases)
Issues check_batch(const json::Value& doc, std::optional<std::size_t> streamed_cases = std::nullopt);  // planlang-casos/v1, §5
// casos[index] of a batch (the reader's streamed path takes the cases out of the document, checks each with
// this and passes their count as `streamed_cases`; duplicate ids are then its to find).
Issues check_batch_case(const json::Value& item, std::size_t index);
// A batch case's id: ^A[H]?-\d{3,}$ (decisions.md C4).
bool is_case_id(std::string_view s);
// The words a batch case lists as its missing fields (aporta, campos_ausentes_en_texto).
extern const std::initializer_list<std::string_view> kMissingFields;

}  // namespace planlang::run::internal
