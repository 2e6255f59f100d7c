#pragma once
// Draft review (spec/plan-format.md §13, decisions.md E5): the contradictions and pending items of a draft
// plan, and whether it can be approved given the reviewer's `revision.json`.
//
// Works on the raw JSON of the draft, which may fail the schema: anything that cannot be read where a
// rule expects it (a missing section, a wrong type) is skipped. Never throws.
//
// Contradictions come in the order of §13 (items 1–7):
//   SEVERIDAD_SIN_CRITERIO · PAUSA_SIN_UMBRAL · UMBRAL_SIN_SENAL / UMBRAL_SIN_ARISTA (per threshold) ·
//   CRITERIO_SIN_REGLA · SOLO_UN_IDIOMA · SUPUESTO_NO_DECIDIBLE · SIN_LINEA_BASE
// then the PENDIENTE items (item 8): pending questions of the revision, thresholds with no value, then
// every string value of the draft containing kPendingMarker, walking the document in member order.
//
// `elemento` is the element's id as §13 gives it. Choices of ours where §13 is silent:
//   - an element without a usable id (absent, empty or not a string) is named by its path in bracket form,
//     like the PENDIENTE paths: `riesgos[2]`, `contrato_de_grafo.pausas_humanas[0]`, `umbrales[1].valor_en_plan`;
//   - PENDIENTE paths: members joined with `.`, indices as `[i]`, keys written as they are; `$` for the
//     root itself; children of a non-object root start bare (`[0]`). Only string values are searched,
//     not keys;
//   - pending questions are named `P1`, `P2`… by their 1-based position in `preguntas_pendientes`;
//   - one SOLO_UN_IDIOMA and one SUPUESTO_NO_DECIDIBLE per element, listing every field or key found;
//   - an assumption without `medible_en_trazas` is not judged (SUPUESTO_NO_DECIDIBLE needs it); a
//     non-object `umbral_confirmacion` counts as "no keys";
//   - CRITERIO_SIN_REGLA: a part is missing when it is absent or not a string with a non-blank character;
//     any `agregacion` other than todos_cumplen, pass^k and tasa (absent included) needs `metrica`;
//   - UMBRAL_SIN_SENAL: `senal` absent, not a string, blank, containing kPendingMarker, or not listed in
//     `contrato_de_grafo.senales_obligatorias_en_traza`.
//
// Approval (§13 last paragraph, §12): the draft is validated as approval would see it — a copy marked
// `estado_aprobacion: aprobado`, `huella: null`, without `aprobado_por`/`aprobado_el` (approval writes
// them) — ignoring HUELLA_AUSENTE, with SENAL_NO_DECLARADA warnings promoted to blocking reasons.
// `aprobable` = no motivo (validation reasons, promoted warnings, REVISION_INVALIDA), no PENDIENTE, and
// every contradiction accepted by an entry of `contradicciones_aceptadas` with the same codigo and elemento.
//
// revision.json (decisions.md E5): `{preguntas_pendientes?: [BIL], contradicciones_aceptadas?:
// [{codigo, elemento}]}`. Its shape is checked leniently: each problem is a REVISION_INVALIDA motivo
// (ours; `elemento` = path inside revision.json, `$` for its root), blocking approval, and the readable
// parts are still used. A malformed revision never makes approval easier: every item of
// `preguntas_pendientes` stays a pending question whatever its shape; an invalid acceptance accepts
// nothing; a PENDIENTE cannot be accepted (its codigo is not a contradiction code).
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::plan {

// The marker an interviewer leaves in a text it could not fill (U+27E8 … U+00B7 … U+27E9).
inline constexpr std::string_view kPendingMarker = "\xE2\x9F\xA8pendiente \xC2\xB7 pending\xE2\x9F\xA9";

struct Contradiction {
    Issue issue;
    bool aceptada = false;  // listed in revision.json's contradicciones_aceptadas
};

struct ReviewResult {
    std::vector<Contradiction> contradicciones;  // §13 items 1–7, in order
    Issues pendientes;                           // §13 item 8 (code PENDIENTE)
    Issues motivos;   // validation reasons (no HUELLA_AUSENTE), promoted SENAL_NO_DECLARADA, REVISION_INVALIDA
    bool aprobable = false;

    // {contradicciones: [{codigo, elemento, mensaje: {es, en}, aceptada?: true}], pendientes: [...],
    //  aprobable: bool, motivos: [...]} — `aceptada` only on accepted contradictions; `motivos` is ours.
    json::Value to_json() const;
};

// `revision` may be null (no revision.json: no pending question, nothing accepted).
ReviewResult review(const json::Value& draft, const json::Value* revision = nullptr);

}  // namespace planlang::plan
