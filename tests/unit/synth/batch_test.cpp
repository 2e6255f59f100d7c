// Batch assembly (synthetic-and-simulation.md §2–§3, decisions.md C4): composition, guarantees, fill,
// shuffle, ids, the smoke recipe, determinism.
#include "core/synth/batch.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/common/prng.hpp"
#include "fixture.hpp"

using namespace planlang;
using namespace planlang::synth;
using planlang::testing::synth_fixture;

namespace {

BatchResult batch(const std::string& seed, std::int64_t n, bool caps = true, Recipe recipe = Recipe::estandar) {
    const auto& f = synth_fixture();
    GenerateOptions o;
    o.semilla = seed;
    o.n = n;
    o.receta = recipe;
    return generate_batch(f.plan, f.plan_huella, caps ? f.world : f.world_v1, o);
}

std::multiset<Subtype> as_set(const std::vector<Subtype>& v) { return {v.begin(), v.end()}; }

const char* kSeeds[] = {"demo-a", "x", "semilla ñ", "🦜", "otra/semilla", "2026", "lote-b", "z9"};

}  // namespace

TEST_CASE("type counts by largest remainder, ties in type order") {
    CHECK(type_counts(20) == std::array<int, 4>{12, 3, 3, 2});
    CHECK(type_counts(1) == std::array<int, 4>{1, 0, 0, 0});
    CHECK(type_counts(2) == std::array<int, 4>{1, 1, 0, 0});   // 1.2 .3 .3 .2 → borde wins the tie with faltante
    CHECK(type_counts(3) == std::array<int, 4>{2, 1, 0, 0});   // 1.8 .45 .45 .3 → borde wins the tie with faltante
    CHECK(type_counts(7) == std::array<int, 4>{4, 1, 1, 1});   // 4.2 1.05 1.05 .7
    CHECK(type_counts(10) == std::array<int, 4>{6, 2, 1, 1});  // 6 1.5 1.5 1 → the tie goes to borde
    for (int size = 1; size <= 20; ++size) {
        CAPTURE(size);
        const auto c = type_counts(size);
        CHECK(c[0] + c[1] + c[2] + c[3] == size);
        for (std::size_t t = 0; t < 4; ++t) {
            const double share = size * kProportions[t] / 100.0;
            CHECK(c[t] >= static_cast<int>(share));
            CHECK(c[t] <= static_cast<int>(share) + 1);
        }
    }
}

TEST_CASE("block 0 holds every ★ subtype and block 1 every † subtype") {
    for (const char* seed : kSeeds) {
        for (bool caps : {true, false}) {
            CAPTURE(seed);
            CAPTURE(caps);
            const auto b0 = as_set(assemble_block(seed, 0, 20, caps));
            const auto b1 = as_set(assemble_block(seed, 1, 20, caps));
            for (const SubtypeInfo& i : kCatalog) {
                CAPTURE(i.name);
                if (i.guarantee == Guarantee::block0 && (caps || !i.caps_only)) CHECK(b0.count(i.id) >= 1);
                if (i.guarantee == Guarantee::block0 && !caps && i.caps_only) CHECK(b0.count(i.id) == 0);
                if (i.guarantee == Guarantee::block1) CHECK(b1.count(i.id) >= 1);
            }
        }
    }
}

TEST_CASE("short blocks keep the guaranteed subtypes by priority, capped at the type's count") {
    Prng g("unused");
    // 5 cases: 3 normal, 1 borde, 1 faltante, 0 adversario; borde's priority puts the contradiction first.
    CHECK(pre_shuffle_block(0, 5, true, g) ==
          std::vector<Subtype>{Subtype::normal_aprobable, Subtype::normal_alto_costo, Subtype::normal_excluido,
                               Subtype::borde_contradiccion_orden_texto, Subtype::faltante_un_ciclo});
    // 20 cases in block 0: all guaranteed normals (6 with caps) then 6 fills; borde in priority order.
    Prng h("demo-a/bloque/0");
    const auto block = pre_shuffle_block(0, 20, true, h);
    REQUIRE(block.size() == 20);
    const std::vector<Subtype> head(block.begin(), block.begin() + 6);
    CHECK(head == std::vector<Subtype>{Subtype::normal_aprobable, Subtype::normal_alto_costo, Subtype::normal_excluido, Subtype::normal_exento,
                                       Subtype::normal_urgencia, Subtype::normal_sobre_tope});
    CHECK(std::vector<Subtype>(block.begin() + 12, block.begin() + 15) ==
          std::vector<Subtype>{Subtype::borde_contradiccion_orden_texto, Subtype::borde_urgencia_cobertura_dudosa, Subtype::borde_costo_igual_U2});
    CHECK(std::vector<Subtype>(block.begin() + 15, block.begin() + 18) ==
          std::vector<Subtype>{Subtype::faltante_un_ciclo, Subtype::faltante_dos_ciclos, Subtype::faltante_sin_respuesta});
    CHECK(std::vector<Subtype>(block.begin() + 18, block.end()) ==
          std::vector<Subtype>{Subtype::adversario_inyeccion_texto_libre, Subtype::adversario_dato_sensible});
    // Block 1 of 3 cases: 2 normal (no † normal: both filled), 1 borde = borde_texto_ambiguo.
    Prng k("s/bloque/1");
    const auto small = pre_shuffle_block(1, 3, true, k);
    CHECK(type_of(small[0]) == CaseType::normal);
    CHECK(small[2] == Subtype::borde_texto_ambiguo);
    // Block 2 and later guarantee nothing.
    Prng m("s/bloque/2");
    const auto later = pre_shuffle_block(2, 2, true, m);
    CHECK(later.size() == 2);
}

TEST_CASE("the weighted fill draws only positive weights; normal_sobre_tope only with caps") {
    std::map<Subtype, int> seen_caps, seen_plain;
    for (int b = 2; b < 300; ++b) {
        for (Subtype s : assemble_block("fill", b, 20, true)) ++seen_caps[s];
        for (Subtype s : assemble_block("fill", b, 20, false)) ++seen_plain[s];
    }
    CHECK(seen_caps.count(Subtype::borde_empate_umbrales) == 0);
    CHECK(seen_plain.count(Subtype::borde_empate_umbrales) == 0);
    CHECK(seen_plain.count(Subtype::normal_sobre_tope) == 0);
    CHECK(seen_caps[Subtype::normal_sobre_tope] > 0);
    for (const SubtypeInfo& i : kCatalog)
        if (i.weight > 0) CHECK(seen_caps[i.id] > 0);  // every positive weight shows up in 5,960 fills
    // Within normal, the fill follows the weights: aprobable (5) is drawn most often.
    CHECK(seen_caps[Subtype::normal_aprobable] > seen_caps[Subtype::normal_alto_costo]);
}

TEST_CASE("the shuffle is a permutation of the pre-shuffle block, by the block's own generator") {
    for (const char* seed : kSeeds) {
        for (int b = 0; b < 4; ++b) {
            CAPTURE(seed);
            CAPTURE(b);
            Prng g(std::string(seed) + "/bloque/" + std::to_string(b));
            const auto pre = pre_shuffle_block(b, 20, true, g);
            const auto shuffled = g.barajar(pre);
            CHECK(assemble_block(seed, b, 20, true) == shuffled);
            CHECK(as_set(shuffled) == as_set(pre));
        }
    }
}

TEST_CASE("ids: three digits, wider beyond 999 (decisions.md C4)") {
    CHECK(case_id(1) == "A-001");
    CHECK(case_id(42) == "A-042");
    CHECK(case_id(999) == "A-999");
    CHECK(case_id(1000) == "A-1000");
    CHECK(case_id(123456) == "A-123456");
    CHECK(case_id(3, true) == "AH-003");
    const auto ids = assemble("w", 1005, true);
    CHECK(ids.size() == 1005);
}

TEST_CASE("a 20-case batch: 12/3/3/2, composition, proportions, references, fingerprint") {
    const auto r = batch("demo-a", 20);
    REQUIRE(r.ok);
    const json::Value& b = r.batch;
    CHECK(b.find("id")->as_string() == "demo-a-20");
    CHECK(b.find("n")->as_number() == 20);
    CHECK(b.find("bloque")->as_number() == 20);
    CHECK(b.find("receta")->as_string() == "estandar");
    CHECK(b.find("version_generador")->as_string() == "1.1.0");
    CHECK(b.find("idioma_de_corrida")->as_string() == "es");
    CHECK(json::canonical(*b.find("proporciones")) == R"({"adversario":10,"borde":15,"faltante":15,"normal":60})");
    CHECK(json::canonical(*b.find("composicion")->find("por_tipo")) == R"({"adversario":2,"borde":3,"faltante":3,"normal":12})");
    CHECK(json::canonical(*b.find("umbrales_de_referencia")) == R"({"U1":0.75,"U2":1000,"U3":2,"U4":false})");
    CHECK(b.find("plan")->find("huella")->as_string() == synth_fixture().plan_huella);
    CHECK(b.find("plan_beneficios")->find("huella")->as_string() == synth_fixture().world.huella);
    CHECK(*b.find("huella") == json::Value(json::huella(b)));
    std::map<std::string, int> por_subtipo;
    std::set<std::string> ids;
    int i = 0;
    for (const json::Value& c : b.find("casos")->as_array()) {
        ++por_subtipo[c.find("subtipo")->as_string()];
        CHECK(c.find("id")->as_string() == case_id(++i));
        CHECK(c.find("version_generador")->as_string() == "1.1.0");
        CHECK(c.find("semilla")->as_string() == "demo-a/caso/" + c.find("id")->as_string());
        ids.insert(c.find("id")->as_string());
    }
    CHECK(ids.size() == 20);
    json::Object expected;
    for (const auto& kv : por_subtipo) expected.push_back({kv.first, json::Value(kv.second)});
    CHECK(json::canonical(*b.find("composicion")->find("por_subtipo")) == json::canonical(json::Value(expected)));
}

TEST_CASE("the first 20 cases of the 200-case batch are the 20-case batch; same seed, same bytes") {
    const auto twenty = batch("demo-a", 20);
    const auto two_hundred = batch("demo-a", 200);
    REQUIRE(twenty.ok);
    REQUIRE(two_hundred.ok);
    const auto& a = twenty.batch.find("casos")->as_array();
    const auto& b = two_hundred.batch.find("casos")->as_array();
    REQUIRE(b.size() == 200);
    for (std::size_t i = 0; i < 20; ++i) CHECK(a[i] == b[i]);
    CHECK(json::disk_form(batch("demo-a", 200).batch) == json::disk_form(two_hundred.batch));
    CHECK(json::disk_form(batch("demo-b", 20).batch) != json::disk_form(twenty.batch));
    // Blocks of 20: types per block are 12/3/3/2 in every full block.
    for (std::size_t blk = 0; blk < 10; ++blk) {
        std::map<std::string, int> per_type;
        for (std::size_t i = blk * 20; i < blk * 20 + 20; ++i) ++per_type[b[i].find("tipo")->as_string()];
        CHECK(per_type["normal"] == 12);
        CHECK(per_type["borde"] == 3);
        CHECK(per_type["faltante"] == 3);
        CHECK(per_type["adversario"] == 2);
    }
}

TEST_CASE("without caps: generator 1.0.0, no normal_sobre_tope") {
    const auto r = batch("demo-a", 60, false);
    REQUIRE(r.ok);
    CHECK(r.batch.find("version_generador")->as_string() == "1.0.0");
    for (const json::Value& c : r.batch.find("casos")->as_array()) {
        CHECK(c.find("version_generador")->as_string() == "1.0.0");
        CHECK(c.find("subtipo")->as_string() != "normal_sobre_tope");
    }
}

TEST_CASE("the smoke recipe: AH-001 normal_aprobable, AH-002 borde_empate_umbrales, AH-003 adversario_inyeccion_texto_libre") {
    const auto r = batch("humo", 3, true, Recipe::humo);
    REQUIRE(r.ok);
    CHECK(r.batch.find("proporciones")->is_null());
    CHECK(r.batch.find("bloque")->as_number() == 3);
    CHECK(r.batch.find("receta")->as_string() == "humo");
    const auto& casos = r.batch.find("casos")->as_array();
    REQUIRE(casos.size() == 3);
    const char* expected[][2] = {{"AH-001", "normal_aprobable"}, {"AH-002", "borde_empate_umbrales"}, {"AH-003", "adversario_inyeccion_texto_libre"}};
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(casos[i].find("id")->as_string() == expected[i][0]);
        CHECK(casos[i].find("subtipo")->as_string() == expected[i][1]);
        CHECK(casos[i].find("semilla")->as_string() == std::string("humo/caso/") + expected[i][0]);
    }
    CHECK(json::canonical(*r.batch.find("composicion")) ==
          R"({"por_subtipo":{"adversario_inyeccion_texto_libre":1,"borde_empate_umbrales":1,"normal_aprobable":1},"por_tipo":{"adversario":1,"borde":1,"normal":1}})");
    const auto wrong = batch("humo", 4, true, Recipe::humo);
    REQUIRE_FALSE(wrong.ok);
    CHECK(wrong.issues[0].code == "LOTE_INVALIDO");
}

TEST_CASE("batches beyond 999 cases widen their ids") {
    const auto r = batch("ancho", 1001);
    REQUIRE(r.ok);
    const auto& casos = r.batch.find("casos")->as_array();
    CHECK(casos[998].find("id")->as_string() == "A-999");
    CHECK(casos[999].find("id")->as_string() == "A-1000");
    CHECK(casos[1000].find("id")->as_string() == "A-1001");
    CHECK(casos[1000].find("semilla")->as_string() == "ancho/caso/A-1001");
}

TEST_CASE("generation refuses what it cannot do, with codes") {
    const auto& f = synth_fixture();
    GenerateOptions o;
    o.semilla = "s";
    o.n = 0;
    auto r = generate_batch(f.plan, f.plan_huella, f.world, o);
    REQUIRE_FALSE(r.ok);
    CHECK(r.issues[0].code == "LOTE_INVALIDO");
    CHECK(r.issues[0].element == "n");
    o.n = kMaxCases + 1;
    CHECK(generate_batch(f.plan, f.plan_huella, f.world, o).issues.at(0).code == "LOTE_INVALIDO");
    o.n = 5;
    o.semilla = "";
    CHECK(generate_batch(f.plan, f.plan_huella, f.world, o).issues.at(0).element == "semilla");
    o.semilla = "s";
    // A plan whose U2 no service costs exactly: the world does not fit.
    plan::Plan other = f.plan;
    for (auto& t : other.umbrales)
        if (t.id == "U2") t.valor_en_plan = json::Value(1200);
    r = generate_batch(other, f.plan_huella, f.world, o);
    REQUIRE_FALSE(r.ok);
    CHECK(r.issues[0].code == "MUNDO_INCOMPATIBLE");
    // U2 on another signal, U4 not a boolean: the plan does not fit.
    other = f.plan;
    for (auto& t : other.umbrales) {
        if (t.id == "U2") t.senal = "costo";
        if (t.id == "U4") t.valor_en_plan = json::Value(1);
    }
    r = generate_batch(other, f.plan_huella, f.world, o);
    REQUIRE(r.issues.size() == 2);
    CHECK(r.issues[0].code == "PLAN_INCOMPATIBLE");
    CHECK(r.issues[0].element == "U2");
    CHECK(r.issues[1].element == "U4");
    // A world whose high-cost limit is not U2.
    BenefitPlan w = f.world;
    w.tope_alto_costo = "umbral.U1";
    r = generate_batch(f.plan, f.plan_huella, w, o);
    REQUIRE_FALSE(r.ok);
    CHECK(r.issues[0].element == "tope_alto_costo");
}
