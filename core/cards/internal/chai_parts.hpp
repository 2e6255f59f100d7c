#pragma once
// Shared by the CHAI card's sources (chai_build.cpp, chai_metrics.cpp, chai_declared.cpp, chai_render.cpp):
// JSON pointers, the documents a card reads, and the writer of one leaf that records every value it uses.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/cards/chai.hpp"
#include "core/json/value.hpp"

namespace planlang::cards::internal {

// RFC 6901: the value `pointer` names in `root` ("" = root; "~1" = '/', "~0" = '~'; array indices in decimal),
// or nullptr.
const json::Value* resolve(const json::Value& root, std::string_view pointer);
// "/" + the key with '~' and '/' escaped (RFC 6901 §3).
std::string key_step(std::string_view key);
std::string index_step(std::size_t i);

// The four documents of a card. A null pointer reads as an absent document (every pointer fails).
struct Docs {
    const json::Value* plan = nullptr;
    const json::Value* informe = nullptr;
    const json::Value* corrida = nullptr;
    const json::Value* declarado = nullptr;
    const json::Value* get(Doc doc) const;
};
Docs docs_of(const playground::Loaded& loaded, const json::Value* declared);

// The text of this language.
inline const char* pick(report::Lang lang, const char* es, const char* en) { return lang == report::Lang::es ? es : en; }
inline std::string_view lang_key(report::Lang lang) { return lang == report::Lang::es ? "es" : "en"; }

// A value as the card writes it inside a sentence: strings as they are, numbers as ECMAScript prints them
// (json::format_number, the report's own digits), booleans and null as JSON does.
std::string plain(const json::Value& value);

// The first 12 hex digits of a huella and "…" (as people read it; the full value stays in the sources).
std::string short_huella(std::string_view huella);

// One leaf being written: its text in the card's language and every value read for it.
class LeafWriter {
public:
    LeafWriter(const Docs& docs, report::Lang lang) : m_docs(docs), m_lang(lang) {}

    report::Lang lang() const { return m_lang; }
    const Docs& docs() const { return m_docs; }

    // The value at `pointer`, recorded as a source (a null value when it does not resolve: recorded too,
    // so the check says the pointer broke).
    const json::Value& read(Doc doc, const std::string& pointer);
    // A text field: a BIL object read in the card's language (pointer + "/es" or "/en"), or a plain string
    // (LIBRE); recorded. "" when neither.
    std::string text(Doc doc, const std::string& pointer);
    // read() then plain().
    std::string value(Doc doc, const std::string& pointer) { return plain(read(doc, pointer)); }
    // A value looked at without being used in the text (a shape test): not recorded.
    const json::Value& peek(Doc doc, const std::string& pointer) const;

    // Our words, per language.
    LeafWriter& say(std::string_view es, std::string_view en);
    LeafWriter& put(std::string_view text);  // text already in the card's language, or a value
    bool empty() const { return m_text.empty(); }
    const std::string& text_so_far() const { return m_text; }

    ChaiElement leaf(std::string nombre, Origin origen);

private:
    const Docs& m_docs;
    report::Lang m_lang;
    std::string m_text;
    std::vector<Source> m_sources;
};

// The section element `nombre` with these children.
ChaiElement section(std::string nombre, std::vector<ChaiElement> hijos);

// State words of the report (traces-and-verifier.md §8, §9, §10) in the card's language.
std::string criterion_state(std::string_view estado, report::Lang lang);
std::string risk_state(std::string_view estado, report::Lang lang);
std::string assumption_state(std::string_view estado, report::Lang lang);

// The card's tags for Interpretation texts (§7.3): [medido] [calculado] [declarado] / [measured] [computed]
// [declared].
std::string_view tag_measured(report::Lang lang);
std::string_view tag_computed(report::Lang lang);
std::string_view tag_declared(report::Lang lang);

// Sections of the card (chai_build.cpp: everything before KeyMetrics and after it; chai_metrics.cpp: KeyMetrics).
ChaiElement basic_info(const Docs& docs, report::Lang lang);
ChaiElement release_info(const Docs& docs, report::Lang lang);
ChaiElement model_summary(const Docs& docs, report::Lang lang);
ChaiElement uses_and_directions(const Docs& docs, report::Lang lang);
ChaiElement warnings(const Docs& docs, report::Lang lang);
ChaiElement trust_ingredients(const Docs& docs, report::Lang lang);
ChaiElement key_metrics(const Docs& docs, report::Lang lang, ChaiSchema schema);
ChaiElement resources(const Docs& docs, report::Lang lang);
ChaiElement bibliography(const Docs& docs, report::Lang lang);

// The fairness criteria (§7.3: per-locale or subgroup criteria): indices into the plan's
// criterios_aceptacion whose population reads a root listed in the declared `claves_de_subgrupo`.
std::vector<std::size_t> fairness_criteria(const Docs& docs);

}  // namespace planlang::cards::internal
