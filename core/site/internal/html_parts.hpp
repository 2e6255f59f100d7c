#pragma once
// Small HTML builders the site's pages share: escaped text, tables whose expert columns the reading switch
// shows, the plan's bilingual texts, report lookups and state words from the catalogue.
#include <string>
#include <vector>

#include "core/report/html.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"
#include "core/site/internal/pages.hpp"

namespace planlang::site::internal {

inline std::string esc(const std::string& s) { return report::html_escape(s); }

// A plan text in the page's language (a legacy Spanish-only text is shown as written).
inline std::string pick(const plan::Text& t, bool en) { return en && !t.en.empty() ? t.en : t.es; }
// A report's {"es","en"} object, or a plain string.
std::string pick_json(const json::Value& v, bool en);

// The member `key` of a report object (null when absent), the entry of an array with that `id`, a string.
const json::Value& at(const json::Value& v, const char* key);
const json::Value& by_id(const json::Value& array, const std::string& id);
std::string str(const json::Value& v, const char* key);
// A plan or report value as the report writes it: numbers exact (ECMAScript form) with the language's decimal
// mark, booleans as words, "—" for null.
std::string number_text(const json::Value& v, bool en);

// The catalogue's word for a report state ("cumple" → "se cumple"), or the code itself.
std::string state_word(const PageContext& page, const std::string& code);
std::string state_html(const PageContext& page, const std::string& code);  // the word in a span coloured by meaning
std::string enum_word(const PageContext& page, const char* kind, const std::string& code);

struct Column {
    std::string head;  // HTML
    bool expert = false;
};

// A table of `rows` (cells already HTML); the first cell of each row is its header (th scope=row).
std::string table_html(const std::vector<Column>& columns, const std::vector<std::vector<std::string>>& rows);

std::string section(const std::string& heading, const std::string& body, int level = 2);  // <hN> + body

}  // namespace planlang::site::internal
