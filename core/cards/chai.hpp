#pragma once
// The CHAI Applied Model Card (spec/site-and-cards.md §7): the model card of a verified run, built from its
// plan, its report (informe.json), its run manifest (corrida.json) and a small file of facts the author
// declares (`chai-declarado.json` next to the plan, format `planlang-chai-declarado/v1`, read strictly by
// read_declared below). One card per language; schema v0.2 (October 2025, the target) or v0.1.
//
// The card is the ordered element tree of §7.2. Every leaf is exactly one of (§7.3):
//   derivado  — written from plan, report or manifest values; each value used is recorded with its
//               document and RFC 6901 JSON pointer (the provenance side table, chai_provenance_json), and
//               chai_check_against_report reads every pointer again;
//   declarado — the author's text, from the declared file (its pointer recorded the same way);
//   no_aplica — "No aplica — <reason>" / "Not applicable — <reason>", the reason written from plan or report
//               facts (recorded as sources too).
// The XSD has no provenance attribute, so the metric `Interpretation` texts start with a tag: es
// `[medido]` / `[calculado]` / `[declarado]`, en `[measured]` / `[computed]` / `[declared]` (ours).
// `ValueJson` carries `{"kind":"single",…}`, or `{"kind":"estimate_ci",…}` only where the report's
// `complementos` holds an interval the verifier computed; never an interval made here.
//
// Pure: no clock, no locale, no I/O; the same inputs give the same bytes on every platform. Never throws.
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/playground/compact.hpp"
#include "core/report/numbers.hpp"

namespace planlang::cards {

enum class ChaiSchema { v0_1, v0_2 };
std::string_view schema_name(ChaiSchema schema);  // "v0.1" | "v0.2"
// The schema's target namespace ("https://mc.chai.org/v0.2/schema.xsd"), the default namespace of a card.
std::string_view schema_namespace(ChaiSchema schema);

enum class Origin { derivado, declarado, no_aplica };
std::string_view origin_name(Origin origin);  // "derivado" | "declarado" | "no_aplica"

// The documents a leaf reads.
enum class Doc { plan, informe, corrida, declarado };
std::string_view doc_name(Doc doc);  // "plan" | "informe" | "corrida" | "declarado"

// One value a leaf used: where it was read and what it was then.
struct Source {
    Doc documento = Doc::plan;
    std::string puntero;  // RFC 6901 ("/criterios/4/valor_medido")
    json::Value valor;
};

// An element of the card. A section has children and no text; a leaf has text (Markdown allowed), an
// origin and its sources. An element with no children that is not a leaf (an empty `Keywords`) is written
// empty.
struct ChaiElement {
    std::string nombre;  // the XML element name (§7.2)
    std::vector<ChaiElement> hijos;
    bool hoja = false;
    Origin origen = Origin::derivado;
    std::string texto;
    std::vector<Source> fuentes;
};

struct ChaiCard {
    report::Lang lang = report::Lang::es;
    ChaiSchema schema = ChaiSchema::v0_2;
    ChaiElement raiz;  // `AppliedModelCard`
    // Why the card could not be built (the declared file's problems, a run not loaded); the card is then
    // empty and must not be written.
    Issues problemas;
};

// The declared facts file (`planlang-chai-declarado/v1`, ours). Every key required, no other key allowed,
// every string non-blank: texts are BIL objects {es, en}; `terceros` ≥ 1 entries {nombre, version, uso: BIL};
// `claves_de_subgrupo` a list (may be empty) of the case or signal keys that define a subgroup or a locale
// (a criterion whose population reads one of them is a fairness criterion); `bibliografia` BibTeX text.
// Issues: code DECLARADO_INVALIDO, element the JSON path ("$.terceros[2].uso.en").
Issues check_declared(const json::Value& declared);

// Where the author's declared facts of a run live by default: `chai-declarado.json` beside the plan the run's
// manifest names (`plan.archivo`, repository-relative). The CLI, the app and the site all look there.
std::string declared_facts_path(const json::Value& run_manifest);

// The card of a loaded run (playground::Loaded: report = compacto->informe, plan = entradas->plan.document,
// manifest = corrida->manifest). A bad declared file or a run not loaded gives issues and an empty card.
ChaiCard build_chai_card(const playground::Loaded& loaded, const json::Value& declared, report::Lang lang, ChaiSchema schema);

// The card built, linted and checked against the report in one call — what every front end shows or writes:
// `problemas` holds the build's problems, or else every lint and check issue; a card with problems must not be
// written.
ChaiCard checked_chai_card(const playground::Loaded& loaded, const json::Value& declared, report::Lang lang, ChaiSchema schema);

// The card as CHAI XML: `<?xml version="1.0" encoding="UTF-8"?>`, root `AppliedModelCard` whose only
// attribute declares the schema's namespace as the default one (`xmlns="https://mc.chai.org/v0.2/schema.xsd"`:
// the schemas are elementFormDefault="qualified"; no xml:lang: the schema rejects it), 2-space indentation, text escaped (& < > and, for
// safety, " '), `ValueJson` as its JSON text escaped. UTF-8, "\n" line ends, ends with "\n".
std::string chai_xml(const ChaiCard& card);

// Our non-empty lint (§7.1): every leaf must say something. Rejected: empty, blank, or (trimmed, any case)
// "TBD", "TODO", "N/A", "NA", "?"-only, "xxx", "placeholder", "lorem…". Empty `Bibliography` included.
// Code CHAI_CAMPO_VACIO, element the element path ("AppliedModelCard/BasicInfo/ModelName").
Issues chai_lint(const ChaiCard& card);

// Every source of every leaf read again from `loaded` (sources in the declared file are the author's and
// are skipped): a pointer that no longer resolves or a value that differs gives CHAI_VALOR_DISTINTO
// (element: the element path, the document and the pointer).
Issues chai_check_against_report(const ChaiCard& card, const playground::Loaded& loaded);

// The provenance side table: {formato: "planlang-chai-procedencia/v1", esquema, idioma, elementos:
// [{elemento, origen, fuentes: [{documento, puntero, valor}]}]} in element order.
json::Value chai_provenance_json(const ChaiCard& card);

// An HTML fragment for the static site: `<section class="card chai">`, one heading and one table (field,
// value, origin) per section; values as escaped text, line breaks kept as <br>. No links, no scripts.
std::string chai_html(const ChaiCard& card);

// The same card as Markdown (the app's text rendering of the Fichas screen): one heading per section, each
// field with its origin; `expert` adds each field's sources (document and pointer).
std::string chai_markdown(const ChaiCard& card, bool expert);

}  // namespace planlang::cards
