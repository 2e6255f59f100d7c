#pragma once
// Shared pieces of the Markdown report: language choice, bilingual values, the words for the format's codes,
// numbers, counts and intervals. The English report carries no Spanish word: the format's enumerated values
// (aggregations, detector kinds, node types, variants, categories…) are shown as words of the report's
// language, identifiers (node ids, signals, keys) as code.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/json/value.hpp"
#include "core/report/numbers.hpp"

namespace planlang::report::internal {

class Writer {
public:
    explicit Writer(Lang lang) : m_lang(lang) {}
    Lang lang() const { return m_lang; }
    bool es() const { return m_lang == Lang::es; }

    // The phrase in the report's language.
    const char* t(const char* es, const char* en) const { return m_lang == Lang::es ? es : en; }
    std::string t(const std::string& es, const std::string& en) const { return m_lang == Lang::es ? es : en; }
    // "1 caso" / "2 casos": the count and the noun in the right number.
    std::string count_of(std::size_t n, const char* es_one, const char* es_many, const char* en_one, const char* en_many) const;
    // A BIL value ({es, en}) or a plain string; "" for anything else.
    std::string bil(const json::Value& v) const;
    // The word for a state key (cumple, ocurrio, confirmado, …), or the key itself.
    std::string state(const std::string& key) const;
    // The word for one of the format's enumerated values. `kind`: "agregacion", "detector", "ambito",
    // "nodo", "variante", "categoria", "evaluador", "tipo_caso", "proveedor"; an unknown key is shown as code.
    std::string word(std::string_view kind, const std::string& key) const;
    // An identifier as code: `extractor`.
    static std::string code(const std::string& id) { return id.empty() ? std::string("—") : "`" + id + "`"; }
    // An edge operator as a symbol (rule-language.md §7.2; `inclusivo` turns < and > into ≤ and ≥).
    static std::string operator_symbol(const std::string& operador, bool inclusivo);
    // A number as the report shows it: integers plain, others numCorto(x, 4); null → "—".
    std::string number(const json::Value& v) const;
    std::string percent(const json::Value& v) const;  // pct(x); null → "—"
    std::string list(const json::Value& ids, std::size_t max = 12) const;  // "A-001, A-002, … (+n)"; "—" if empty
    // "80.2–90.8%" from {bajo, alto} (percentages, or numbers as number() shows them); "" when not an interval.
    std::string bounds(const json::Value& interval, bool as_percent) const;
    // The same with its name: "95% CI 80.2–90.8%" (ES "IC 95 % 80,2–90,8 %").
    std::string interval(const json::Value& interval, bool as_percent) const;

    std::string out;
    void line(const std::string& s = "") { out += s + "\n"; }

private:
    Lang m_lang;
};

const json::Value& at(const json::Value& v, std::string_view key);
const std::string& text(const json::Value& v, std::string_view key);
const json::Array& arr(const json::Value& v);  // empty unless an array
// The entry of `complementos.<section>` whose `id` is `id` (null when the report has none: --strict).
const json::Value& addition(const json::Value& informe, std::string_view section, const std::string& id);
// Whether an interval {bajo, alto} strictly contains `x` (the run cannot tell on which side the truth lies).
bool crosses(const json::Value& bounds, double x);

void section_summary(Writer& w, const json::Value& informe);
void section_plan(Writer& w, const json::Value& informe);
void section_criteria(Writer& w, const json::Value& informe);
void section_risks_and_contract(Writer& w, const json::Value& informe);
void section_gaps(Writer& w, const json::Value& informe);
void section_assumptions(Writer& w, const json::Value& informe);
void section_examples(Writer& w, const json::Value& informe);
void section_playground(Writer& w, const json::Value& informe);
void section_reproducibility(Writer& w, const json::Value& informe);

}  // namespace planlang::report::internal
