// The app's text catalogue (lang/es.json, lang/en.json): every key a view names exists in both languages with
// a non-empty text, both files hold the same keys, and the label is the one site-and-cards.md §1 gives.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/files.hpp"
#include "web/app/text_catalogue.hpp"

using namespace planlang::web;

namespace {

std::set<std::string> keys_named_in_views() {
    std::set<std::string> keys;
    const std::regex key(R"re("((?:app|pg|pantalla|estado|error|entrada|plan|agente|brecha|casos|caso|fichas|replay|texto)(?:\.[a-z_0-9]+)+)(\.?)")re");
    for (const auto& e : std::filesystem::recursive_directory_iterator(planlang::testing::source_path("web/app"))) {
        if (e.path().extension() != ".cpp") continue;
        const std::string text = planlang::testing::read_text(e.path().string());
        for (std::sregex_iterator it(text.begin(), text.end(), key), end; it != end; ++it)
            if (it->str(1).back() != '_' && it->str(2).empty()) keys.insert((*it)[1]);  // "pg.efecto_" + name, "agente.hace." + tipo: below
    }
    return keys;
}

}  // namespace

TEST_CASE("every catalogue key the views name has a text in Spanish and in English") {
    TextCatalogue texts;
    const auto error = texts.load(planlang::testing::read_text(planlang::testing::source_path("lang/es.json")),
                                  planlang::testing::read_text(planlang::testing::source_path("lang/en.json")));
    REQUIRE_FALSE(error.has_value());
    std::set<std::string> keys = keys_named_in_views();
    CHECK(keys.size() > 50);  // the regex still finds the views' keys
    for (const char* e : {"no_observado", "mismo_destino", "error_introducido", "revision_ahorrada", "error_evitado", "revision_de_mas"})
        keys.insert(std::string("pg.efecto_") + e);  // playground_panels.cpp effect_key(), one per §4 effect
    for (const char* t : {"enrutador", "modelo", "regla", "herramienta", "pausa_humana", "inicio", "fin"})
        keys.insert(std::string("agente.hace.") + t);  // agent_screen.cpp: per node type (plan-format.md) and START/END
    for (const char* k : {"condicional", "por_defecto", "incondicional"}) keys.insert(std::string("agente.flecha.") + k);  // views::ArrowKind
    for (const char* v : {"correcto", "senalado", "incorrecto", "sin_verdad"})
        keys.insert(std::string("caso.veredicto_frase.") + v);  // views::CaseHeader::veredicto
    for (const char* f : {"criterio", "riesgo", "evaluador"}) keys.insert(std::string("caso.fuente.") + f);  // views::Listing::fuente
    for (const std::string& k : keys) {
        INFO(k);
        CHECK(std::string(texts.text(Language::es, k)).rfind("[[", 0) != 0);
        CHECK(std::string(texts.text(Language::en, k)).rfind("[[", 0) != 0);
    }
    CHECK(std::string(texts.text(Language::es, "app.etiqueta_simulacion")) == "Simulación · no operativo · datos sintéticos");
    CHECK(std::string(texts.text(Language::en, "app.etiqueta_simulacion")) == "Simulation · not operational · synthetic data");
}

TEST_CASE("a catalogue with a key missing in one language is refused") {
    TextCatalogue texts;
    CHECK(texts.load(R"({"a.b": "uno", "a.c": "dos"})", R"({"a.b": "one"})").has_value());
    CHECK(texts.load(R"({"a.b": ""})", R"({"a.b": "one"})").has_value());
    CHECK_FALSE(texts.load(R"({"a.b": "uno"})", R"({"a.b": "one"})").has_value());
}

namespace {

// Inclusive code point ranges: "U+0020-00FF,U+26A0,…" (web/CMakeLists.txt's --unicodes) or fonts.cpp's pairs.
using Ranges = std::vector<std::pair<char32_t, char32_t>>;

Ranges ranges_in_cmake() {
    const std::string text = planlang::testing::read_text(planlang::testing::source_path("web/CMakeLists.txt"));
    const std::smatch found = [&] {
        std::smatch m;
        std::regex_search(text, m, std::regex(R"(--unicodes=([0-9A-FU+,\-]+))"));
        return m;
    }();
    Ranges out;
    const std::string list = found.empty() ? "" : found[1].str();
    const std::regex item(R"(U\+([0-9A-F]+)(?:-([0-9A-F]+))?)");
    for (std::sregex_iterator it(list.begin(), list.end(), item), end; it != end; ++it) {
        const char32_t a = static_cast<char32_t>(std::stoul((*it)[1], nullptr, 16));
        out.emplace_back(a, (*it)[2].matched ? static_cast<char32_t>(std::stoul((*it)[2], nullptr, 16)) : a);
    }
    return out;
}

Ranges ranges_in_fonts_cpp() {
    const std::string text = planlang::testing::read_text(planlang::testing::source_path("web/app/fonts.cpp"));
    Ranges out;
    const std::regex pair(R"(0x([0-9A-F]{4}), 0x([0-9A-F]{4}),)");
    for (std::sregex_iterator it(text.begin(), text.end(), pair), end; it != end; ++it)
        out.emplace_back(static_cast<char32_t>(std::stoul((*it)[1], nullptr, 16)), static_cast<char32_t>(std::stoul((*it)[2], nullptr, 16)));
    return out;
}

// The code points of a UTF-8 text (the catalogues are valid UTF-8: the loader checks).
std::vector<char32_t> code_points(const std::string& s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        char32_t cp = n == 1 ? c : c & (0x7F >> n);
        for (int k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out.push_back(cp);
        i += static_cast<std::size_t>(n);
    }
    return out;
}

}  // namespace

TEST_CASE("the shipped font subset is the glyph ranges the app loads, and covers every text it shows") {
    const Ranges subset = ranges_in_cmake(), loaded = ranges_in_fonts_cpp();
    REQUIRE(subset.size() >= 5);
    CHECK(subset == loaded);
    auto covered = [&](char32_t cp) {
        if (cp == '\n') return true;
        for (const auto& [a, b] : subset)
            if (cp >= a && cp <= b) return true;
        return false;
    };
    std::vector<std::string> sources = {"lang/es.json", "lang/en.json"};
    for (const auto& e : std::filesystem::recursive_directory_iterator(planlang::testing::source_path("web/app/screens")))
        if (e.path().extension() == ".cpp") sources.push_back(std::filesystem::relative(e.path(), planlang::testing::source_path("")).string());
    for (const std::string& file : sources) {
        const std::string text = planlang::testing::read_text(planlang::testing::source_path(file));
        for (char32_t cp : code_points(text)) {
            char hex[16];
            std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(cp));
            INFO(file << " " << hex);
            CHECK(covered(cp));
        }
    }
}
