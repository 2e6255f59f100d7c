// The app's text catalogue (lang/es.json, lang/en.json): every key a view names exists in both languages with
// a non-empty text, both files hold the same keys, and the label is the one site-and-cards.md §1 gives.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "support/files.hpp"
#include "web/app/text_catalogue.hpp"

using namespace planlang::web;

namespace {

std::set<std::string> keys_named_in_views() {
    std::set<std::string> keys;
    const std::regex key(R"re("((?:app|pg|pantalla|estado|error|entrada|plan|agente|brecha|casos|caso|fichas|replay)(?:\.[a-z_0-9]+)+)(\.?)")re");
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
    for (const char* k : {"condicional", "por_defecto", "incondicional"}) keys.insert(std::string("agente.flecha.") + k);  // site::ArrowKind
    for (const char* v : {"correcto", "senalado", "incorrecto", "sin_verdad"})
        keys.insert(std::string("caso.veredicto_frase.") + v);  // site::CaseHeader::veredicto
    for (const char* f : {"criterio", "riesgo", "evaluador"}) keys.insert(std::string("caso.fuente.") + f);  // site::Listing::fuente
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
