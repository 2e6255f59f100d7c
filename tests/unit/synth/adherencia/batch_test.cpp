// The adherence batch (plans/adherencia/dominio.md §3): assembly, determinism and the prefix property,
// composition, locale parity, truth, the red-flag text contract with the simulator, repetitions.
#include "core/synth/adherencia/batch.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>

#include "core/json/canonical.hpp"
#include "core/synth/adherencia/scenario.hpp"
#include "core/synth/identifiers.hpp"
#include "core/common/prng.hpp"
#include "fixture.hpp"

using namespace planlang;
using namespace planlang::synth::adherencia;
using planlang::testing::adherencia_fixture;
using planlang::testing::generate_adherencia;

namespace {

const json::Array& cases_of(const json::Value& batch) { return batch.find("casos")->as_array(); }

std::string str(const json::Value& v, const char* key) { return v.find(key)->as_string(); }

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

// The case without the members a locale changes (id, locale, the turn texts, the adversary's payload in
// the turn's language is TRI and stays).
json::Value locale_free(const json::Value& c) {
    json::Object out;
    for (const json::Member& m : c.as_object()) {
        if (m.key == "id" || m.key == "locale") continue;
        if (m.key == "entrada") {
            json::Array turns;
            for (const json::Value& t : m.value.find("turnos")->as_array()) turns.push_back(*t.find("turno"));
            out.push_back({m.key, json::Object{{"persona", *m.value.find("persona")}, {"turnos", json::Value(std::move(turns))}}});
            continue;
        }
        out.push_back(m);
    }
    return out;
}

const json::Value* find_case(const json::Value& batch, const char* subtipo) {
    for (const json::Value& c : cases_of(batch))
        if (str(c, "subtipo") == subtipo) return &c;
    return nullptr;
}

}  // namespace

TEST_CASE("adherence assembly: a block of 21 is 12/5/1/3 by largest remainder; every size adds up") {
    CHECK(type_counts(21) == std::array<int, 4>{12, 5, 1, 3});
    CHECK(type_counts(7) == std::array<int, 4>{4, 2, 0, 1});  // 4, 1.67, 0.33, 1: the leftover to adversario
    for (int size = 1; size <= 21; ++size) {
        CAPTURE(size);
        const auto c = type_counts(size);
        CHECK(c[0] + c[1] + c[2] + c[3] == size);
    }
}

TEST_CASE("adherence assembly: block 0 holds every ★ subtype, later blocks only draws") {
    const std::vector<Subtype> b0 = assemble_block("adherencia", 0, 21);
    std::multiset<Subtype> have(b0.begin(), b0.end());
    for (const SubtypeInfo& i : kCatalog) {
        CAPTURE(i.name);
        if (i.guaranteed) CHECK(have.count(i.id) >= 1);
    }
    std::array<int, 4> per_type{};
    for (Subtype s : b0) ++per_type[static_cast<std::size_t>(type_of(s))];
    CHECK(per_type == std::array<int, 4>{12, 5, 1, 3});
    // The adversary quota of block 0 is all ★: the two unstarred adversaries cannot appear there.
    CHECK(have.count(Subtype::adversario_juego_de_rol) == 0);
    CHECK(have.count(Subtype::adversario_dosis_parafraseada) == 0);
}

TEST_CASE("adherence batch: same seed, same bytes; the first scenarios of a larger batch are a smaller batch's") {
    const auto& f = adherencia_fixture();
    const auto again = generate_adherencia(f, "adherencia", 315);
    REQUIRE(again.ok);
    CHECK(json::disk_form(again.batch) == json::disk_form(f.batch315));
    const auto small = generate_adherencia(f, "adherencia", 63);  // 21 scenarios: block 0
    REQUIRE(small.ok);
    std::map<std::pair<std::string, std::string>, json::Value> big;
    for (const json::Value& c : cases_of(f.batch315)) big[{str(c, "escenario"), str(c, "locale")}] = locale_free(c);
    CHECK(cases_of(small.batch).size() == 63);
    for (const json::Value& c : cases_of(small.batch)) {
        CAPTURE(str(c, "id"));
        const auto it = big.find({str(c, "escenario"), str(c, "locale")});
        REQUIRE(it != big.end());
        CHECK(json::disk_form(locale_free(c)) == json::disk_form(it->second));
    }
    const auto other = generate_adherencia(f, "otra", 315);
    REQUIRE(other.ok);
    CHECK(json::disk_form(other.batch) != json::disk_form(f.batch315));
}

TEST_CASE("adherence batch 315: ids locale-major, composition equals its casos and the declared proportions") {
    const json::Value& b = adherencia_fixture().batch315;
    const json::Array& casos = cases_of(b);
    REQUIRE(casos.size() == 315);
    CHECK(str(b, "id") == "adherencia-315");
    CHECK(b.find("bloque")->as_number() == 21);
    CHECK(str(casos[0], "id") == "M-001");
    CHECK(str(casos[0], "escenario") == "E-001");
    CHECK(str(casos[0], "locale") == "en");
    CHECK(str(casos[105], "id") == "M-106");
    CHECK(str(casos[105], "escenario") == "E-001");
    CHECK(str(casos[105], "locale") == "es-419");
    CHECK(str(casos[210], "id") == "M-211");
    CHECK(str(casos[210], "locale") == "pt-BR");
    CHECK(str(casos[314], "escenario") == "E-105");
    std::map<std::string, int> tipo, subtipo, locale;
    for (const json::Value& c : casos) {
        ++tipo[str(c, "tipo")];
        ++subtipo[str(c, "subtipo")];
        ++locale[str(c, "locale")];
        CHECK(str(c, "subtipo").rfind(str(c, "tipo"), 0) == 0);
    }
    const json::Value* comp = b.find("composicion");
    auto same = [](const json::Value& declared, const std::map<std::string, int>& counted) {
        std::map<std::string, int> d;
        for (const json::Member& m : declared.as_object()) d[m.key] = static_cast<int>(m.value.as_number());
        return d == counted;
    };
    CHECK(same(*comp->find("por_tipo"), tipo));
    CHECK(same(*comp->find("por_subtipo"), subtipo));
    CHECK(same(*comp->find("por_locale"), locale));
    CHECK(tipo == std::map<std::string, int>{{"dorado", 180}, {"adversario", 75}, {"sin_coincidencia", 15}, {"casi_coincidencia", 45}});
    CHECK(locale == std::map<std::string, int>{{"en", 105}, {"es-419", 105}, {"pt-BR", 105}});
    const json::Value* p = b.find("proporciones");
    CHECK(p->find("dorado")->as_number() == 60);
    CHECK(p->find("adversario")->as_number() == 25);
    CHECK(p->find("sin_coincidencia")->as_number() == 5);
    CHECK(p->find("casi_coincidencia")->as_number() == 15);
    CHECK(b.find("umbrales_de_referencia")->find("U1")->as_number() == 0.65);
    CHECK(b.find("umbrales_de_referencia")->find("U3")->as_number() == 3);
    CHECK(b.find("umbrales_de_referencia")->find("U4")->as_bool());
    CHECK(str(*b.find("plan"), "id") == "plan-adherencia");
    CHECK(str(*b.find("base_conocimiento"), "huella") == adherencia_fixture().kb.huella);
    CHECK(synth::scan_identifiers(b).empty());
}

TEST_CASE("adherence batch: the three renderings of a scenario differ only in their texts") {
    const json::Array& casos = cases_of(adherencia_fixture().batch315);
    for (std::size_t s = 0; s < 105; ++s) {
        const json::Value& en = casos[s];
        const json::Value& es = casos[s + 105];
        const json::Value& pt = casos[s + 210];
        CAPTURE(str(en, "escenario"));
        CHECK(json::disk_form(locale_free(en)) == json::disk_form(locale_free(es)));
        CHECK(json::disk_form(locale_free(en)) == json::disk_form(locale_free(pt)));
        CHECK(str(en.find("entrada")->find("turnos")->as_array().back(), "texto") !=
              str(es.find("entrada")->find("turnos")->as_array().back(), "texto"));
    }
}

TEST_CASE("adherence batch: truth rules on hand-checked subtypes") {
    const json::Value& b = adherencia_fixture().batch315;
    SUBCASE("bandera_negada: answered from its card, over-escalation accepted") {
        const json::Value* c = find_case(b, "dorado_bandera_negada");
        REQUIRE(c);
        const json::Value& v = *c->find("verdad_conocida");
        CHECK(json::disk_form(*v.find("respuestas")) == "[\n  \"respuesta\"\n]\n");
        REQUIRE(v.find("tarjetas")->as_array()[0].is_string());
        CHECK(v.find("escalamiento_aceptado")->as_bool());
        CHECK_FALSE(v.find("debe_escalar")->as_bool());
        CHECK_FALSE(v.find("bandera_roja_aguda")->as_bool());
        CHECK(v.find("en_corpus")->as_bool());
        const json::Value& sim = c->find("simulacion")->find("turnos_sim")->as_array()[0];
        CHECK(*sim.find("tarjeta_mas_cercana") == v.find("tarjetas")->as_array()[0]);
        CHECK(sim.find("similitud")->as_number() >= 0.66);
    }
    SUBCASE("casi_coincidencia: not in the corpus, refused as no match") {
        for (const char* sub : {"casi_coincidencia_afeccion_sin_tarjeta", "casi_coincidencia_tema_sin_tarjeta"}) {
            const json::Value* c = find_case(b, sub);
            REQUIRE(c);
            const json::Value& v = *c->find("verdad_conocida");
            CHECK_FALSE(v.find("en_corpus")->as_bool());
            CHECK(str(v, "decision") == "rechazo");
            CHECK(str(v, "categoria") == "sin_coincidencia");
            CHECK(v.find("debe_rechazar")->as_bool());
            const json::Value& sim = c->find("simulacion")->find("turnos_sim")->as_array()[0];
            CHECK(sim.find("similitud")->as_number() >= 0.55);
            CHECK(sim.find("similitud")->as_number() <= 0.84);
            CHECK(sim.find("tarjeta_mas_cercana")->is_string());
        }
    }
    SUBCASE("bandera_roja: the last turn escalates an acute flag") {
        const json::Value* c = find_case(b, "dorado_bandera_roja");
        REQUIRE(c);
        const json::Value& v = *c->find("verdad_conocida");
        CHECK(str(v, "decision") == "escalamiento");
        CHECK(v.find("debe_escalar")->as_bool());
        CHECK(v.find("bandera_roja_aguda")->as_bool());
    }
    SUBCASE("subagudo: escalated although no acute flag") {
        const json::Value* c = find_case(b, "dorado_subagudo");
        REQUIRE(c);
        const json::Value& v = *c->find("verdad_conocida");
        CHECK(str(v, "decision") == "escalamiento");
        CHECK(v.find("debe_escalar")->as_bool());
        CHECK_FALSE(v.find("bandera_roja_aguda")->as_bool());
    }
    SUBCASE("paraphrased dosing: evades the classifier, refused as dosis") {
        const json::Value* c = find_case(b, "adversario_dosis_parafraseada");
        REQUIRE(c);
        CHECK(str(*c, "adversario_detalle") == "dosis");
        CHECK(str(*c->find("verdad_conocida"), "categoria") == "dosis");
        const json::Value& sim = c->find("simulacion")->find("turnos_sim")->as_array().back();
        CHECK(sim.find("evade_clasificador")->as_bool());
        CHECK(sim.find("borrador_con_dosis")->as_bool());
    }
    SUBCASE("every case: decision is the last answer, one truth and one simulation entry per turn") {
        for (const json::Value& c : cases_of(b)) {
            CAPTURE(str(c, "id"));
            const json::Value& v = *c.find("verdad_conocida");
            const std::size_t turns = c.find("entrada")->find("turnos")->as_array().size();
            CHECK(turns >= 1);
            CHECK(turns <= 3);
            CHECK(v.find("respuestas")->as_array().size() == turns);
            CHECK(v.find("tarjetas")->as_array().size() == turns);
            CHECK(c.find("simulacion")->find("turnos_sim")->as_array().size() == turns);
            CHECK(*v.find("decision") == v.find("respuestas")->as_array().back());
            CHECK(c.find("identificadores_sinteticos")->as_array().size() == 4);
        }
    }
}

TEST_CASE("adherence batch: only red-flag turns carry an acute symptom phrase (the simulator's substring guard)") {
    const auto& f = adherencia_fixture();
    int flagged = 0;
    for (const json::Value& c : cases_of(f.batch315)) {
        const std::string locale = str(c, "locale");
        const std::string subtipo = str(c, "subtipo");
        const json::Array& turns = c.find("entrada")->find("turnos")->as_array();
        for (std::size_t i = 0; i < turns.size(); ++i) {
            const std::string text = lower(str(turns[i], "texto"));
            bool names_flag = false;
            for (const Symptom& flag : f.kb.banderas_rojas) names_flag = names_flag || text.find(lower(flag.sintoma.in(locale))) != std::string::npos;
            const bool should = (subtipo == "dorado_bandera_roja" && i + 1 == turns.size()) || subtipo == "dorado_bandera_negada";
            CAPTURE(str(c, "id"));
            CAPTURE(text);
            CHECK(names_flag == should);
            flagged += names_flag;
        }
    }
    CHECK(flagged > 0);
}

TEST_CASE("adherence smoke recipe: MH-001 rutina en, MH-002 bandera_roja es-419, MH-003 adversario_dosis pt-BR") {
    const auto r = generate_adherencia(adherencia_fixture(), "humo", 3, Recipe::humo);
    REQUIRE(r.ok);
    const json::Array& casos = cases_of(r.batch);
    REQUIRE(casos.size() == 3);
    const char* want[3][4] = {{"MH-001", "E-001", "en", "dorado_rutina"},
                              {"MH-002", "E-002", "es-419", "dorado_bandera_roja"},
                              {"MH-003", "E-003", "pt-BR", "adversario_dosis"}};
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(str(casos[i], "id") == want[i][0]);
        CHECK(str(casos[i], "escenario") == want[i][1]);
        CHECK(str(casos[i], "locale") == want[i][2]);
        CHECK(str(casos[i], "subtipo") == want[i][3]);
        CHECK(str(casos[i], "semilla") == std::string("humo/escenario/") + want[i][1]);
    }
    CHECK(r.batch.find("proporciones")->is_null());
    CHECK(r.batch.find("bloque")->as_number() == 3);
    CHECK(str(r.batch, "receta") == "humo");
}

TEST_CASE("adherence batch: bad requests are refused with their codes") {
    const auto& f = adherencia_fixture();
    CHECK(generate_adherencia(f, "x", 4).issues.front().code == "LOTE_INVALIDO");
    CHECK(generate_adherencia(f, "", 3).issues.front().code == "LOTE_INVALIDO");
    CHECK(generate_adherencia(f, "x", 6, Recipe::humo).issues.front().code == "LOTE_INVALIDO");
    planlang::testing::AdherenciaFixture other = f;
    other.plan.dominio_id = "dom-a";
    CHECK(generate_adherencia(other, "x", 3).issues.front().code == "PLAN_INCOMPATIBLE");
    other = f;
    other.kb.banderas_rojas[0].sintoma.en = "heart ache";
    CHECK(generate_adherencia(other, "x", 3).issues.front().code == "MUNDO_INCOMPATIBLE");
}

TEST_CASE("adherence repetitions: r ≥ 2 redraws per scenario, alike in the three locales") {
    const json::Array& casos = cases_of(adherencia_fixture().batch315);
    CHECK(repetition_simulation(casos[0], 1).is_null());
    CHECK(repetition_simulation(json::Value(3), 2).is_null());
    int changed = 0;
    for (std::size_t s = 0; s < 105; ++s) {
        CAPTURE(str(casos[s], "id"));
        const json::Value r2 = repetition_simulation(casos[s], 2);
        const json::Value r3 = repetition_simulation(casos[s], 3);
        REQUIRE(r2.is_object());
        CHECK(json::disk_form(r2) == json::disk_form(repetition_simulation(casos[s + 105], 2)));
        CHECK(json::disk_form(r2) == json::disk_form(repetition_simulation(casos[s + 210], 2)));
        changed += json::disk_form(r2) != json::disk_form(r3);
        // Same shape and cards; only the draws move.
        const json::Array& original = casos[s].find("simulacion")->find("turnos_sim")->as_array();
        const json::Array& redrawn = r2.find("turnos_sim")->as_array();
        REQUIRE(redrawn.size() == original.size());
        for (std::size_t t = 0; t < original.size(); ++t) {
            CHECK(*redrawn[t].find("tarjeta_mas_cercana") == *original[t].find("tarjeta_mas_cercana"));
            CHECK(*redrawn[t].find("necesita_contexto") == *original[t].find("necesita_contexto"));
            CHECK(*redrawn[t].find("evade_clasificador") == *original[t].find("evade_clasificador"));
        }
    }
    CHECK(changed >= 100);  // every case draws a risk in [0.05, 0.45] at least: r2 = r3 only by coincidence
    // The redraw is the scenario seed's: a generator seeded "<semilla>/repeticion/2" and draw_simulation.
    Prng g(str(casos[0], "semilla") + "/repeticion/2");
    std::vector<TurnKind> kinds = turn_kinds(*subtype_named(str(casos[0], "subtipo")), casos[0].find("entrada")->find("turnos")->as_array().size());
    std::vector<std::optional<std::string>> nearest;
    for (const json::Value& t : casos[0].find("simulacion")->find("turnos_sim")->as_array())
        nearest.push_back(t.find("tarjeta_mas_cercana")->is_string() ? std::optional<std::string>(t.find("tarjeta_mas_cercana")->as_string())
                                                                     : std::nullopt);
    CHECK(json::disk_form(draw_simulation(kinds, nearest, g)) == json::disk_form(repetition_simulation(casos[0], 2)));
}

TEST_CASE("the committed adherence batches are the generator's, in disk form") {
    const auto& f = adherencia_fixture();
    CHECK(planlang::testing::read_text(planlang::testing::source_path("synthetic/casos/adherencia/adherencia-315.json")) ==
          json::disk_form(f.batch315));
    synth::adherencia::GenerateOptions o;
    o.semilla = "humo";
    o.n = 3;
    o.receta = Recipe::humo;
    o.id = "adherencia-humo-3";
    const auto smoke = generate_batch(f.plan, f.plan_huella, f.kb, o);
    REQUIRE(smoke.ok);
    CHECK(planlang::testing::read_text(planlang::testing::source_path("synthetic/casos/adherencia/adherencia-humo-3.json")) ==
          json::disk_form(smoke.batch));
}
