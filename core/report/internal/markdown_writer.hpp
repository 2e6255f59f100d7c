#pragma once
// Shared pieces of the Markdown report: language choice, bilingual values, state words and number cells.
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
    // A BIL value ({es, en}) or a plain string; "" for anything else.
    std::string bil(const json::Value& v) const;
    // The word for a state key (cumple, ocurrio, confirmado, …), or the key itself.
    std::string state(const std::string& key) const;
    // A number as the report shows it: integers plain, others numCorto(x, 4); null → "—".
    std::string number(const json::Value& v) const;
    std::string percent(const json::Value& v) const;  // pct(x); null → "—"
    std::string list(const json::Value& ids, std::size_t max = 12) const;  // "A-001, A-002, … (+n)"; "—" if empty

    std::string out;
    void line(const std::string& s = "") { out += s + "\n"; }

private:
    Lang m_lang;
};

const json::Value& at(const json::Value& v, std::string_view key);
const std::string& text(const json::Value& v, std::string_view key);
const json::Array& arr(const json::Value& v);  // empty unless an array

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
