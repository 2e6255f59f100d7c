// The adherence knowledge base (plans/adherencia/dominio.md §2): our content's invariants and the strict reader.
#include "core/synth/adherencia/knowledge_base.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/synth/identifiers.hpp"
#include "support/files.hpp"

using namespace planlang;
using namespace planlang::synth::adherencia;

namespace {

KnowledgeBase our_kb() {
    const auto r = read_knowledge_base(make_knowledge_base());
    REQUIRE(r.ok);
    return *r.base;
}

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// Our KB with one member changed by `edit`, resealed unless `reseal` is false.
json::Value edited(void (*edit)(json::Value&), bool reseal = true) {
    json::Value kb = make_knowledge_base();
    edit(kb);
    if (reseal) *kb.find("huella") = json::Value(json::huella(kb));
    return kb;
}

json::Value& item(json::Value& v, const char* list, std::size_t i) { return v.find(list)->as_array()[i]; }

std::string first_issue(const KnowledgeBaseResult& r) {
    REQUIRE_FALSE(r.issues.empty());
    return r.issues.front().code + " " + r.issues.front().element;
}

}  // namespace

TEST_CASE("adherence KB: 5 groups, 6 temas, 24 cards KB-01…KB-24, 4 conditions, 6 acute flags, 4 subacute, 6 categories") {
    const KnowledgeBase kb = our_kb();
    CHECK(kb.id == "base-adherencia");
    CHECK(kb.version == "1.0.0");
    CHECK(kb.demo_id == "adherencia");
    CHECK(kb.dominio_id == "dom-adherencia");
    REQUIRE(kb.grupos.size() == 5);
    REQUIRE(kb.temas.size() == 6);
    for (std::size_t i = 0; i < 5; ++i) CHECK(kb.grupos[i].id == kGroups[i]);
    for (std::size_t i = 0; i < 6; ++i) CHECK(kb.temas[i].id == kTemas[i]);
    REQUIRE(kb.tarjetas.size() == 24);
    for (std::size_t i = 0; i < 24; ++i) {
        const std::string n = std::to_string(i + 1);
        CHECK(kb.tarjetas[i].id == "KB-" + std::string(2 - n.size(), '0') + n);
    }
    CHECK(kb.afecciones_sin_tarjeta.size() == 4);
    CHECK(kb.banderas_rojas.size() == 6);
    CHECK(kb.banderas_rojas.front().id == "RF-01");
    CHECK(kb.sintomas_subagudos.size() == 4);
    CHECK(kb.sintomas_subagudos.back().id == "SA-04");
    REQUIRE(kb.categorias_fuera_de_alcance.size() == 6);
    for (std::size_t i = 0; i < 6; ++i) CHECK(kb.categorias_fuera_de_alcance[i] == kOutOfScope[i]);
}

TEST_CASE("adherence KB: every group has cards, exactly the six listed (group, tema) pairs have none") {
    const KnowledgeBase kb = our_kb();
    std::set<std::pair<std::string, std::string>> missing;
    for (std::string_view g : kGroups) {
        CAPTURE(g);
        CHECK(kb.cards_of_group(g).size() >= 2);
        for (std::string_view t : kTemas) {
            bool covered = false;
            for (const Card& c : kb.tarjetas) covered = covered || (c.grupo == g && c.tema == t);
            if (!covered) missing.emplace(std::string(g), std::string(t));
        }
    }
    std::set<std::pair<std::string, std::string>> listed;
    for (const auto& [g, t] : kMissingPairs) listed.emplace(std::string(g), std::string(t));
    CHECK(missing == listed);
    CHECK(missing.size() == 6);
    // No (group, tema) pair has two cards: a card is the one answer to its question.
    std::set<std::pair<std::string, std::string>> seen;
    for (const Card& c : kb.tarjetas) CHECK(seen.emplace(c.grupo, c.tema).second);
}

TEST_CASE("adherence KB: cards are behavioural — no dose, drug change, diagnosis or lab value, in any locale") {
    const KnowledgeBase kb = our_kb();
    // Superset of the simulated output guard's dosing phrases (core/sim/adherencia/texts.cpp) and our own list.
    const std::vector<std::string> forbidden = {
        "dose", "dosage", "dosis", " mg", "milligram", "miligram", "double", "doble", "dobrad", "extra tablet", "two tablets",
        "dos tabletas", "dois comprimidos", "stop taking", "dejar de tomar", "parar de tomar", "switch to", "cambiar a", "trocar por",
        "diagnos", "diagnós", "laborator", "inr", "result", "resultado", "mmol", "mg/dl", "%"};
    for (const Card& c : kb.tarjetas)
        for (std::string_view locale : kLocales)
            for (const std::string* text : {&c.titulo.in(locale), &c.texto.in(locale)})
                for (const std::string& word : forbidden) {
                    CAPTURE(c.id);
                    CAPTURE(locale);
                    CAPTURE(word);
                    CHECK(lower(*text).find(word) == std::string::npos);
                }
}

TEST_CASE("adherence KB: symptom phrases are lower case and no acute flag hides inside a subacute symptom") {
    const KnowledgeBase kb = our_kb();
    for (const std::vector<Symptom>* list : {&kb.banderas_rojas, &kb.sintomas_subagudos})
        for (const Symptom& s : *list)
            for (std::string_view locale : kLocales) {
                CAPTURE(s.id);
                CHECK(lower(s.sintoma.in(locale)) == s.sintoma.in(locale));
                for (const Symptom& flag : kb.banderas_rojas)
                    if (flag.id != s.id) CHECK(s.sintoma.in(locale).find(flag.sintoma.in(locale)) == std::string::npos);
            }
}

TEST_CASE("adherence KB: deterministic, sealed, disk form reads back the same, no identifier findings") {
    const json::Value a = make_knowledge_base();
    CHECK(json::disk_form(a) == json::disk_form(make_knowledge_base()));
    CHECK(a.find("huella")->as_string() == json::huella(a));
    const auto reread = json::read(json::disk_form(a));
    REQUIRE(reread.ok());
    CHECK(read_knowledge_base(reread.value).ok);
    CHECK(synth::scan_identifiers(a).empty());
}

TEST_CASE("adherence KB reader: bad inputs give their code and dotted path") {
    SUBCASE("missing key") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) {
            json::Object& o = kb.as_object();
            o.erase(std::remove_if(o.begin(), o.end(), [](const json::Member& m) { return m.key == "temas"; }), o.end());
        }));
        CHECK(first_issue(r) == "ESQUEMA temas");
    }
    SUBCASE("wrong type") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { *item(kb, "tarjetas", 3).find("titulo")->find("en") = json::Value(5); }));
        CHECK(first_issue(r) == "ESQUEMA tarjetas.3.titulo.en");
    }
    SUBCASE("a TRI without pt-BR") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) {
            json::Object& t = item(kb, "banderas_rojas", 1).find("sintoma")->as_object();
            t.erase(std::remove_if(t.begin(), t.end(), [](const json::Member& m) { return m.key == "pt-BR"; }), t.end());
        }));
        CHECK(first_issue(r) == "ESQUEMA banderas_rojas.1.sintoma.pt-BR");
    }
    SUBCASE("bad card id") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { *item(kb, "tarjetas", 0).find("id") = json::Value("KB-1"); }));
        CHECK(first_issue(r) == "ESQUEMA tarjetas.0.id");
    }
    SUBCASE("groups out of order") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { std::swap(item(kb, "grupos", 0), item(kb, "grupos", 1)); }));
        CHECK(first_issue(r) == "ESQUEMA grupos");
    }
    SUBCASE("a seventh category") {
        const auto r = read_knowledge_base(
            edited([](json::Value& kb) { kb.find("categorias_fuera_de_alcance")->as_array().push_back(json::Value("recetas")); }));
        CHECK(first_issue(r) == "ESQUEMA categorias_fuera_de_alcance");
    }
    SUBCASE("unknown key") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { kb.as_object().push_back({"extra", json::Value(true)}); }));
        REQUIRE_FALSE(r.ok);
        CHECK(r.issues.front().code == "ESQUEMA");
    }
    SUBCASE("duplicate card id") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { *item(kb, "tarjetas", 1).find("id") = json::Value("KB-01"); }));
        CHECK(first_issue(r) == "REFERENCIA_ROTA tarjetas.1.id");
    }
    SUBCASE("duplicate red flag id") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { *item(kb, "banderas_rojas", 5).find("id") = json::Value("RF-02"); }));
        CHECK(first_issue(r) == "REFERENCIA_ROTA banderas_rojas.5.id");
    }
    SUBCASE("a card on an undeclared group") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { *item(kb, "tarjetas", 2).find("grupo") = json::Value("epilepsia"); }));
        CHECK(first_issue(r) == "REFERENCIA_ROTA tarjetas.2.grupo");
    }
    SUBCASE("huella that is not the computed one") {
        const auto r = read_knowledge_base(
            edited([](json::Value& kb) { *item(kb, "tarjetas", 0).find("tema") = json::Value("rutina"); }, /*reseal=*/false));
        CHECK(first_issue(r) == "HUELLA_NO_COINCIDE huella");
    }
    SUBCASE("no huella") {
        const auto r = read_knowledge_base(edited([](json::Value& kb) { *kb.find("huella") = json::Value(); }, false));
        CHECK(first_issue(r) == "HUELLA_AUSENTE huella");
    }
    SUBCASE("not an object") { CHECK_FALSE(read_knowledge_base(json::Value(3)).ok); }
}

TEST_CASE("the committed knowledge base is make_knowledge_base() in disk form") {
    const std::string path = planlang::testing::source_path("synthetic/base-conocimiento/base-adherencia.json");
    REQUIRE(planlang::testing::file_exists(path));
    CHECK(planlang::testing::read_text(path) == json::disk_form(make_knowledge_base()));
}
