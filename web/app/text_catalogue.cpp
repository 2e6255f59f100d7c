#include "web/app/text_catalogue.hpp"

#include "core/json/reader.hpp"

namespace planlang::web {

const char* language_code(Language lang) { return lang == Language::es ? "es" : "en"; }

namespace {

using Strings = std::map<std::string, std::string, std::less<>>;

std::optional<std::string> read_strings(std::string_view text, const char* file, Strings& out) {
    const json::ReadResult parsed = json::read(text);
    if (!parsed.ok()) {
        return std::string(file) + ": " + parsed.error->code + " at " + parsed.error->element;
    }
    if (!parsed.value.is_object()) return std::string(file) + ": the top level must be an object";
    for (const json::Member& m : parsed.value.as_object()) {
        if (!m.value.is_string() || m.value.as_string().empty()) {
            return std::string(file) + ": \"" + m.key + "\" must be a non-empty string";
        }
        out[m.key] = m.value.as_string();
    }
    return std::nullopt;
}

// The first key of `a` absent from `b`, if any.
std::optional<std::string> first_missing(const Strings& a, const Strings& b) {
    for (const auto& [key, value] : a) {
        if (b.find(key) == b.end()) return key;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> TextCatalogue::load(std::string_view es_json, std::string_view en_json) {
    Strings es, en;
    if (auto err = read_strings(es_json, "lang/es.json", es)) return err;
    if (auto err = read_strings(en_json, "lang/en.json", en)) return err;
    if (auto key = first_missing(es, en)) return "lang/en.json lacks \"" + *key + "\"";
    if (auto key = first_missing(en, es)) return "lang/es.json lacks \"" + *key + "\"";
    m_es = std::move(es);
    m_en = std::move(en);
    return std::nullopt;
}

const char* TextCatalogue::text(Language lang, std::string_view key) const {
    const Strings& strings = lang == Language::es ? m_es : m_en;
    if (auto it = strings.find(key); it != strings.end()) return it->second.c_str();
    return m_missing.try_emplace(std::string(key), "[[" + std::string(key) + "]]").first->second.c_str();
}

}  // namespace planlang::web
