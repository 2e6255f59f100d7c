// The Markdown report's vocabulary: state words, the words for the format's enumerated values, numbers,
// counts and intervals, in Spanish and English (wording ours).
#include <cmath>

#include "core/json/number.hpp"
#include "core/report/internal/markdown_writer.hpp"
#include "core/report/markdown.hpp"
#include "core/report/words.hpp"

namespace planlang::report::internal {

using json::Value;

const Value& at(const Value& v, std::string_view key) {
    static const Value kNull;
    if (!v.is_object()) return kNull;
    const Value* x = v.find(key);
    return x ? *x : kNull;
}

const std::string& text(const Value& v, std::string_view key) {
    static const std::string kEmpty;
    const Value& x = at(v, key);
    return x.is_string() ? x.as_string() : kEmpty;
}

const json::Array& arr(const Value& v) {
    static const json::Array kEmpty;
    return v.is_array() ? v.as_array() : kEmpty;
}

const Value& addition(const Value& informe, std::string_view section, const std::string& id) {
    static const Value kNull;
    for (const Value& e : arr(at(at(informe, "complementos"), section)))
        if (text(e, "id") == id) return e;
    return kNull;
}

bool crosses(const Value& bounds, double x) {
    const Value &lo = at(bounds, "bajo"), &hi = at(bounds, "alto");
    return lo.is_number() && hi.is_number() && lo.as_number() < x && x < hi.as_number();
}

std::string Writer::count_of(std::size_t n, const char* es_one, const char* es_many, const char* en_one, const char* en_many) const {
    return std::to_string(n) + " " + (n == 1 ? t(es_one, en_one) : t(es_many, en_many));
}

std::string Writer::bil(const Value& v) const {
    if (v.is_string()) return v.as_string();
    return text(v, es() ? "es" : "en");
}

std::string Writer::state(const std::string& key) const { return state_word(key, es() ? Lang::es : Lang::en); }

std::string Writer::word(std::string_view kind, const std::string& key) const {
    const std::optional<std::string> w = enum_word(kind, key, es() ? Lang::es : Lang::en);
    return w ? *w : code(key);
}

std::string Writer::operator_symbol(const std::string& operador, bool inclusivo) {
    if (std::optional<std::string> symbol = report::operator_symbol(operador, inclusivo)) return *symbol;
    return code(operador);
}

std::string Writer::number(const Value& v) const {
    if (v.is_bool()) return v.as_bool() ? t("sí", "yes") : "no";
    if (!v.is_number()) return "—";
    const double x = v.as_number();
    if (std::floor(x) == x && std::fabs(x) < 1e15) return num(x, 0, m_lang);
    return num_corto(x, 4, m_lang);
}

std::string Writer::percent(const Value& v) const { return v.is_number() ? pct(v.as_number(), m_lang) : "—"; }

std::string Writer::list(const Value& ids, std::size_t max) const {
    if (!ids.is_array() || ids.as_array().empty()) return "—";
    std::string s;
    const auto& a = ids.as_array();
    for (std::size_t i = 0; i < a.size() && i < max; ++i) {
        if (i) s += ", ";
        s += a[i].is_string() ? a[i].as_string() : json::format_number(a[i].is_number() ? a[i].as_number() : 0);
    }
    if (a.size() > max) s += ", … (+" + std::to_string(a.size() - max) + ")";
    return s;
}

std::string Writer::bounds(const Value& interval, bool as_percent) const {
    const Value &lo = at(interval, "bajo"), &hi = at(interval, "alto");
    if (!lo.is_number() || !hi.is_number()) return "";
    // "80.2–90.8%": the unit once, after the upper bound
    if (as_percent) return num_corto(100 * lo.as_number(), 1, m_lang) + "–" + pct(hi.as_number(), m_lang);
    return number(lo) + "–" + number(hi);
}

std::string Writer::interval(const Value& interval, bool as_percent) const {
    const std::string b = bounds(interval, as_percent);
    return b.empty() ? b : t("IC 95 % ", "95% CI ") + b;
}

}  // namespace planlang::report::internal

namespace planlang::report {

std::optional<std::string> operator_symbol(const std::string& operador, bool inclusivo) {
    if (operador == "igual_a") return "=";
    if (operador == "distinto_de") return "≠";
    if (operador == "menor_que") return inclusivo ? "≤" : "<";
    if (operador == "mayor_que") return inclusivo ? "≥" : ">";
    if (operador == "menor_o_igual_que") return "≤";
    if (operador == "mayor_o_igual_que") return "≥";
    return std::nullopt;
}

}  // namespace planlang::report
