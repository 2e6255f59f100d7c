#pragma once
// The strict schemas of the files the reader reads (traces-and-verifier.md §2–§5; batch cases:
// synthetic-and-simulation.md §4). Each returns every ESQUEMA issue in schema order (keys in the order the
// spec lists them, array items by index, unknown keys last at the object's path); empty when the file fits.
// The reader reports the first one (decisions.md E3) and keeps the rest as an addition.
#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "core/common/issue.hpp"
#include "core/json/schema.hpp"
#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::run::internal {

inline constexpr const char* kTraceFormat = "planlang-trace/v1";
inline constexpr const char* kGraphFormat = "planlang-grafo/v1";
inline constexpr const char* kRamasFormat = "planlang-ramas/v1";
inline constexpr const char* kBatchFormat = "planlang-casos/v1";
inline constexpr std::string_view kBatchDemo = "demo-a";  // demo A: the accelerator reads only its batches
inline constexpr std::string_view kAdherenciaDemo = "adherencia";  // the adherence coach (plans/adherencia/dominio.md)
// Whether a batch may be of this demo (else LOTE_INVALIDO): demo A or the adherence coach.
inline bool is_batch_demo(std::string_view demo) { return demo == kBatchDemo || demo == kAdherenciaDemo; }
// A step's error_proveedor codes (§3) and an edge record's operators (rule-language.md §7.5).
extern const std::initializer_list<std::string_view> kProviderErrors;
// The world key a manifest that fits its schema holds (run::world_keys: exactly one).
const char* world_key(const json::Value& manifest);
extern const std::initializer_list<std::string_view> kOperators;

// The members of a step (§3), of its tokens, of an edge record (rule-language.md §7.5) and of a pause record
// (§3), in canonical key order: the order a canonical trace writes them in, which check_trace's shortcut
// and the accelerator's scanner (fast/trace_arrays.cpp) both read them in.
inline constexpr std::array<std::string_view, 9> kStepKeys = {"costo_nominal_usd", "duracion_ms", "error_proveedor", "inicio_ms", "nodo",
                                                              "orden", "reintentos_esquema", "tipo_nodo", "tokens"};
inline constexpr std::array<std::string_view, 2> kStepTokenKeys = {"entrada", "salida"};
inline constexpr std::array<std::string_view, 14> kEdgeRecordKeys = {"desde", "entradas", "funcion", "inclusivo", "operador",
                                                                     "orden_arista", "paso", "rama_tomada", "resultado", "senal",
                                                                     "tipo", "umbral_aplicado", "valor_declarado", "valor_observado"};
inline constexpr std::array<std::string_view, 5> kPauseRecordKeys = {"nodo", "paso", "payload", "respuesta_simulada", "rol"};

Issues check_manifest(const json::Value& doc);            // corrida.json, §2
// trazas/<caso_id>.json, §3. `shortcut`: records already in canonical key order and within the schema are
// not walked (the same issues either way; false walks every record, for the tests that show it).
// `steps_scanned`, `records_scanned`, `pauses_scanned`: `pasos`, `decisiones_de_arista`, `pausas_humanas` were
// taken by scan_steps, scan_edge_records, scan_pause_records (fast/trace_arrays.hpp), which read only items
// that fit, and are null in `doc`.
// `demo_id`: the manifest's; the adherence demo's optional `conversacion` (dominio.md §5) and typed signals
// (§4) are checked for demo "adherencia" only, and `conversacion` is an unknown key in any other demo's trace.
Issues check_trace(const json::Value& doc, bool shortcut = true, bool steps_scanned = false, bool records_scanned = false,
                   bool pauses_scanned = false, std::string_view demo_id = {});
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
// The adherence demo's batch (plans/adherencia/dominio.md §3, schema_batch_adherencia.cpp), its cases and ids
// (^M[H]?-\d{3,}$).
Issues check_batch_adherencia(const json::Value& doc);
// Both batch schemas: case ids unique (the second occurrence is the problem) and `n` equal to `count`.
void check_case_ids_and_count(json::schema::Check& c, const json::Value& doc, const json::Array& items, std::size_t count);
Issues check_batch_case_adherencia(const json::Value& item, std::size_t index);
bool is_adherencia_case_id(std::string_view s);
// The adherence demo's trace parts (dominio.md §4–§5; schema_trace_adherencia.cpp): `conversacion` and the
// domain's signals in `senales` (each checked when present; SENAL_FALTANTE is the verifier's).
void check_conversation(json::schema::Check& c, const json::Value& v);
void check_adherencia_signals(json::schema::Check& c, const json::Value& senales);
// The words of a batch case's closed lists, shared by check_batch_case and the accelerator's plain case
// (fast/plain_case.cpp), so the two cannot drift apart. Its missing fields (aporta, campos_ausentes_en_texto):
extern const std::initializer_list<std::string_view> kMissingFields;
extern const std::initializer_list<std::string_view> kSexes;  // afiliado.sexo
extern const std::initializer_list<std::string_view> kCareTypes;  // orden_adjunta.tipo_atencion
extern const std::initializer_list<std::string_view> kDecisions;  // verdad_conocida.decision
extern const std::initializer_list<std::string_view> kEscalationReasons;  // verdad_conocida.motivos_escalamiento
extern const std::initializer_list<std::string_view> kCausales;  // verdad_conocida.causal
extern const std::initializer_list<std::string_view> kCaseTypes;  // tipo
extern const std::initializer_list<std::string_view> kAdversaryDetails;  // adversario_detalle
extern const std::initializer_list<std::string_view> kAttackVectors;  // adversario.vector

}  // namespace planlang::run::internal
