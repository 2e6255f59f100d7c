#pragma once
// Every UI string of the app, in Spanish and English, from lang/es.json and lang/en.json (style.md: flat
// objects whose keys are dotted names, e.g. "plan.huella_calculada"). The two files must hold the same keys,
// each non-empty; load() reports the first key that breaks that rule instead of showing a half-translated UI.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace planlang::web {

enum class Language { es, en };

const char* language_code(Language lang);  // "es" / "en"

class TextCatalogue {
public:
    // Parses both files with the core's strict reader. On failure returns a message (in English, since the
    // catalogue that would translate it is what failed) and leaves the catalogue empty.
    std::optional<std::string> load(std::string_view es_json, std::string_view en_json);

    bool loaded() const { return !m_es.empty(); }

    // The text of `key` in `lang`. A key missing from the catalogue is a bug in the app: it is shown as
    // "[[key]]" so that it is visible on screen and in screenshots rather than silently blank.
    const char* text(Language lang, std::string_view key) const;

private:
    std::map<std::string, std::string, std::less<>> m_es;
    std::map<std::string, std::string, std::less<>> m_en;
    mutable std::map<std::string, std::string, std::less<>> m_missing;  // keeps the "[[key]]" strings alive
};

}  // namespace planlang::web
