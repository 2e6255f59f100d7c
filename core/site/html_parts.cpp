#include "core/site/internal/html_parts.hpp"

#include "core/json/number.hpp"

namespace planlang::site::internal {

std::string pick_json(const json::Value& v, bool en) {
    if (v.is_string()) return v.as_string();
    const json::Value& own = json::member_or_null(v, en ? "en" : "es");
    if (own.is_string() && !own.as_string().empty()) return own.as_string();
    const json::Value& es = json::member_or_null(v, "es");
    return es.is_string() ? es.as_string() : std::string();
}

const json::Value& at(const json::Value& v, const char* key) { return json::member_or_null(v, key); }

const json::Value& by_id(const json::Value& array, const std::string& id) {
    for (const json::Value& item : json::array_items(array))
        if (str(item, "id") == id) return item;
    static const json::Value kNull;
    return kNull;
}

std::string str(const json::Value& v, const char* key) {
    const json::Value& m = json::member_or_null(v, key);
    return m.is_string() ? m.as_string() : std::string();
}

std::string number_text(const json::Value& v, bool en) {
    if (v.is_number()) {
        const std::string s = json::format_number(v.as_number());  // exact (ECMAScript), with the report's decimal mark
        return en ? s : json::with_decimal_comma(s);
    }
    if (v.is_bool()) return v.as_bool() ? (en ? "yes" : "sí") : "no";
    if (v.is_string()) return v.as_string();
    return "—";
}

std::string state_word(const PageContext& page, const std::string& code) {
    if (code.empty()) return "—";
    return page.texts->known("brecha.estado." + code, page.en).value_or(code);
}

std::string state_html(const PageContext& page, const std::string& code) {
    static const char* const kGood[] = {"cumple", "no_ocurrio", "confirmado", "ejecutado"};
    static const char* const kBad[] = {"incumple", "ocurrio", "refutado", "no_cumple", "mal_formado", "bloqueante", "sin_implementacion", "no_ejecutado"};
    const char* cls = "estado-alerta";
    for (const char* g : kGood)
        if (code == g) cls = "estado-bueno";
    for (const char* b : kBad)
        if (code == b) cls = "estado-malo";
    return "<span class=\"" + std::string(cls) + "\">" + esc(state_word(page, code)) + "</span>";
}

std::string enum_word(const PageContext& page, const char* kind, const std::string& code) {
    return page.texts->known(std::string("brecha.palabra.") + kind + "." + code, page.en).value_or(code);
}

std::string table_html(const std::vector<Column>& columns, const std::vector<std::vector<std::string>>& rows) {
    std::string h = "<div class=\"tabla\"><table>\n<thead><tr>";
    for (const Column& c : columns) h += std::string("<th scope=\"col\"") + (c.expert ? " class=\"experto\"" : "") + ">" + c.head + "</th>";
    h += "</tr></thead>\n<tbody>\n";
    for (const auto& row : rows) {
        h += "<tr>";
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const std::string cell = i < row.size() ? row[i] : std::string();
            const std::string cls = columns[i].expert ? " class=\"experto\"" : "";
            h += i == 0 ? "<th scope=\"row\"" + cls + ">" + cell + "</th>" : "<td" + cls + ">" + cell + "</td>";
        }
        h += "</tr>\n";
    }
    return h + "</tbody>\n</table></div>\n";
}

std::string section(const std::string& heading, const std::string& body, int level) {
    const std::string tag = "h" + std::to_string(level);
    return "<" + tag + ">" + heading + "</" + tag + ">\n" + body;
}

}  // namespace planlang::site::internal
