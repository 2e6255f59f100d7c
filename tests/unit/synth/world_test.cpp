// The synthetic benefit plan (synthetic-and-simulation.md §9): our world's structure and the strict reader.
#include "core/synth/world.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "support/files.hpp"

using namespace planlang;
using namespace planlang::synth;

namespace {

BenefitPlan our_world(bool caps = true) {
    const auto r = read_benefit_plan(make_benefit_plan(caps));
    REQUIRE(r.ok);
    return *r.plan;
}

std::string p(int n) {
    std::string s = std::to_string(n);
    return "SYN-P-" + std::string(3 - s.size(), '0') + s;
}

// The world with one member changed by `edit`, resealed unless `reseal` is false.
json::Value edited(void (*edit)(json::Value&), bool reseal = true) {
    json::Value w = make_benefit_plan(true);
    edit(w);
    if (reseal) *w.find("huella") = json::Value(json::huella(w));
    return w;
}

std::vector<std::string> codes(const BenefitPlanResult& r) {
    std::vector<std::string> out;
    for (const Issue& i : r.issues) out.push_back(i.code + " " + i.element);
    return out;
}

}  // namespace

TEST_CASE("our world: 40 procedures in 12 categories, 5 exempt, 6 excluded a–f, 29 authorisable, 39 diagnoses") {
    const BenefitPlan w = our_world();
    CHECK(w.version == "2.0.0");
    CHECK(w.demo_id == "demo-a");
    CHECK(w.tope_alto_costo == "umbral.U2");
    REQUIRE(w.procedimientos.size() == 40);
    CHECK(w.diagnosticos.size() == 39);
    std::set<std::string> categories;
    int authorisable = 0;
    for (int i = 1; i <= 40; ++i) {
        const Procedure& pr = w.procedimientos[static_cast<std::size_t>(i - 1)];
        CAPTURE(pr.codigo);
        CHECK(pr.codigo == p(i));
        categories.insert(pr.categoria);
        CHECK((pr.exempt() == (i >= 30 && i <= 34)));
        CHECK((pr.excluded() == (i >= 35)));
        CHECK((pr.exento_motivo.has_value() == pr.exempt()));
        CHECK((pr.causal.has_value() == pr.excluded()));
        if (pr.authorisable()) ++authorisable;
        CHECK(!pr.nombre.es.empty());
        CHECK(!pr.nombre.en.empty());
    }
    CHECK(categories.size() == 12);
    CHECK(authorisable == 29);
    const char grounds[] = {'a', 'b', 'c', 'd', 'e', 'f'};
    for (int i = 0; i < 6; ++i) {
        CHECK(w.procedimientos[static_cast<std::size_t>(34 + i)].causal == std::string(1, grounds[i]));
        CHECK(w.causales_de_exclusion[static_cast<std::size_t>(i)].id == std::string(1, grounds[i]));
    }
    std::set<std::string> used;
    for (const Procedure& pr : w.procedimientos) used.insert(pr.diagnosticos_compatibles.begin(), pr.diagnosticos_compatibles.end());
    CHECK(used.size() == 39);  // every diagnosis is compatible with some procedure
    REQUIRE(w.reglas.size() == 8);
    for (int i = 0; i < 8; ++i) CHECK(w.reglas[static_cast<std::size_t>(i)].id == "RB-0" + std::to_string(i + 1));
}

TEST_CASE("our world: exactly one authorisable service costs U2, services above and below; the homonym pair") {
    const BenefitPlan w = our_world();
    int at_u2 = 0, above = 0, below = 0;
    for (const Procedure& pr : w.procedimientos) {
        if (!pr.authorisable()) continue;
        if (pr.costo == 1000) {
            ++at_u2;
            CHECK_FALSE(pr.tope_cobertura);
        }
        above += pr.costo > 1000;
        below += pr.costo < 1000;
    }
    CHECK(at_u2 == 1);
    CHECK(above > 0);
    CHECK(below > 0);
    const Procedure* functional = w.procedure("SYN-P-022");
    const Procedure* cosmetic = w.procedure("SYN-P-035");
    REQUIRE(functional);
    REQUIRE(cosmetic);
    CHECK(functional->authorisable());
    CHECK(cosmetic->excluded());
    CHECK(cosmetic->causal == std::string("a"));
    CHECK(functional->homonimo_de == std::string("SYN-P-035"));
    CHECK(cosmetic->homonimo_de == std::string("SYN-P-022"));
    int homonyms = 0;
    for (const Procedure& pr : w.procedimientos) homonyms += pr.homonimo_de.has_value();
    CHECK(homonyms == 2);
}

TEST_CASE("our world: the six caps of v2.0.0 are 70 % of cost floored to tens, on imaging, diagnostics and rehabilitation") {
    const BenefitPlan w = our_world();
    const std::map<std::string, std::pair<int, int>> reference{{"SYN-P-001", {850, 590}}, {"SYN-P-003", {600, 420}},
                                                               {"SYN-P-016", {520, 360}}, {"SYN-P-017", {350, 240}},
                                                               {"SYN-P-019", {700, 490}}, {"SYN-P-028", {480, 330}}};
    int caps = 0;
    for (const Procedure& pr : w.procedimientos) {
        CAPTURE(pr.codigo);
        const bool rule = pr.authorisable() && pr.costo >= 300 && pr.costo < 1000 &&
                          (pr.categoria == "imagenes" || pr.categoria == "pruebas_diagnosticas" || pr.categoria == "rehabilitacion");
        CHECK(pr.tope_cobertura.has_value() == rule);
        if (!pr.tope_cobertura) continue;
        ++caps;
        CHECK(*pr.tope_cobertura == pr.costo * 7 / 100 * 10);  // ⌊0.7 · cost / 10⌋ · 10
        REQUIRE(reference.count(pr.codigo));
        CHECK(pr.costo == reference.at(pr.codigo).first);
        CHECK(*pr.tope_cobertura == reference.at(pr.codigo).second);
    }
    CHECK(caps == 6);
    const BenefitPlan v1 = our_world(false);
    CHECK(v1.version == "1.0.0");
    CHECK_FALSE(v1.has_caps());
    CHECK(w.has_caps());
}

TEST_CASE("our world fits the generator: urgent pairs (one above U2), sex-specific procedures, a surgery category") {
    const BenefitPlan w = our_world();
    CHECK(check_world_fits(w, 1000).empty());
    CHECK(check_world_fits(our_world(false), 1000).empty());
    int urgent_above = 0;
    for (const UrgentPair& u : kUrgentPairs) urgent_above += w.procedure(u.procedimiento)->costo > 1000;
    CHECK(urgent_above == 1);
    // Another U2: no service costs exactly 1200, so borde_costo_igual_U2 could not be generated.
    const Issues unfit = check_world_fits(w, 1200);
    REQUIRE_FALSE(unfit.empty());
    CHECK(unfit[0].code == "MUNDO_INCOMPATIBLE");
}

TEST_CASE("read_benefit_plan: strict schema, references and huella") {
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) { w.as_object().push_back({"extra", json::Value(1)}); }))) ==
          std::vector<std::string>{"ESQUEMA $"});
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) {
              auto& p = w.find("procedimientos")->as_array()[35];
              auto& members = p.as_object();
              members.erase(std::remove_if(members.begin(), members.end(), [](const json::Member& m) { return m.key == "causal"; }), members.end());
          }))) == std::vector<std::string>{"ESQUEMA procedimientos.35.causal"});
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) {
              w.find("procedimientos")->as_array()[0].find("diagnosticos_compatibles")->as_array()[0] = json::Value("SYN-D-77");
          }))) == std::vector<std::string>{"REFERENCIA_ROTA procedimientos.0.diagnosticos_compatibles.0"});
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) { *w.find("procedimientos")->as_array()[0].find("tope_cobertura") = json::Value(900); }))) ==
          std::vector<std::string>{"ESQUEMA procedimientos.0.tope_cobertura"});
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) { w.find("causales_de_exclusion")->as_array().pop_back(); }))) ==
          std::vector<std::string>{"ESQUEMA causales_de_exclusion"});
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) { *w.find("version") = json::Value("3.0.1"); }, false))) ==
          std::vector<std::string>{"HUELLA_NO_COINCIDE huella"});
    CHECK(codes(read_benefit_plan(edited([](json::Value& w) { *w.find("huella") = json::Value(nullptr); }, false))) ==
          std::vector<std::string>{"HUELLA_AUSENTE huella"});
}

TEST_CASE("read_benefit_plan: an object's unknown keys before its members' problems, in both languages") {
    const BenefitPlanResult r = read_benefit_plan(edited([](json::Value& w) {
        json::Value& d = w.find("diagnosticos")->as_array()[0];
        d.as_object().push_back({"extra", json::Value(1)});
        *d.find("codigo") = json::Value("D-1");
        *w.find("huella") = json::Value(5);
    }, false));
    CHECK_FALSE(r.ok);
    REQUIRE(r.issues.size() == 3);
    CHECK(r.issues[0].element == "diagnosticos.0");
    CHECK(r.issues[0].message.es == "claves desconocidas: «extra»");
    CHECK(r.issues[1].element == "diagnosticos.0.codigo");
    CHECK(r.issues[1].message.es == "«D-1» no es un código SYN-D-NN");
    CHECK(r.issues[1].message.en == "\"D-1\" is not a code SYN-D-NN");
    CHECK(r.issues[2].element == "huella");
    CHECK(r.issues[2].message.en == "expected a string, found a number");

    const BenefitPlanResult list = read_benefit_plan(json::Value(json::Array{}));
    REQUIRE(list.issues.size() == 1);
    CHECK(list.issues[0].element == "$");
    CHECK(list.issues[0].message.en == "expected an object, found an array");
}

TEST_CASE("the committed world is make_benefit_plan() in disk form") {
    const std::string path = planlang::testing::source_path("synthetic/plan-beneficios/plan-beneficios-demo-a.json");
    REQUIRE(planlang::testing::file_exists(path));
    CHECK(planlang::testing::read_text(path) == json::disk_form(make_benefit_plan(true)));
}
