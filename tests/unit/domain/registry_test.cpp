// The domain registry (core/domain): the built-in domains are there on the first lookup, keyed by the plan's
// `dominio_id` alone; a domain without a module is nullptr, not a fallback; an id added twice keeps the first.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "core/domain/registry.hpp"
#include "core/playground/truth_at_setting.hpp"
#include "core/verify/domain_facts.hpp"
#include "core/verify/seeded_gaps.hpp"
#include "core/views/node_roles.hpp"
#include "core/sim/simulation.hpp"
#include "core/synth/generator.hpp"

using namespace planlang;

namespace {

// A facet type only this test declares: the registry keeps one table per facet type.
struct Greeting {
    std::string text;
};

}  // namespace

TEST_CASE("the built-in domains answer by dominio_id, listed in registration order") {
    CHECK(domain::ids<verify::DomainFacts>() == std::vector<std::string>{"dom-salud", "dom-adherencia"});
    CHECK(domain::ids<verify::SeedSuite>() == std::vector<std::string>{"dom-salud", "dom-adherencia"});
    const verify::DomainFacts* salud = domain::find<verify::DomainFacts>("dom-salud");
    REQUIRE(salud != nullptr);
    CHECK(salud->evaluadores.size() == 4);
    CHECK(salud->senal_de_persona == "pausa_humana");
    const verify::DomainFacts* coach = domain::find<verify::DomainFacts>("dom-adherencia");
    REQUIRE(coach != nullptr);
    CHECK(coach->senal_de_persona == "escalado");
    // Every stage's facet of both demos, but the case page's node roles: only demo A's agent leaves trace members
    // the page explains (the adherence coach's page reads its `conversacion`).
    CHECK(sim::simulated_domains() == std::vector<std::string>{"dom-salud", "dom-adherencia"});
    CHECK(synth::generator_demos() == std::vector<std::string>{"demo-a", "adherencia"});
    CHECK(synth::generator_of_demo("adherencia") == synth::find_generator("dom-adherencia"));
    REQUIRE(views::node_roles_of("dom-salud") != nullptr);
    CHECK(views::node_roles_of("dom-salud")->clarification_node() == "aclaracion");
    CHECK(views::node_roles_of("dom-adherencia") == nullptr);
    // The truth at a played setting: demo A recomputes its generator's rules, the coach's truth is frozen.
    REQUIRE(playground::truth_rule_of("dom-salud") != nullptr);
    CHECK_FALSE(playground::truth_rule_of("dom-salud")->fixed());
    REQUIRE(playground::truth_rule_of("dom-adherencia") != nullptr);
    CHECK(playground::truth_rule_of("dom-adherencia")->fixed());
    // The demo's id (a run's demo_id) is not a domain id: only the plan's dominio_id keys the registry.
    CHECK(domain::find<verify::DomainFacts>("demo-a") == nullptr);
    CHECK(domain::find<verify::DomainFacts>("adherencia") == nullptr);
}

TEST_CASE("a domain with no module has none, and the verifier's lookups fall back to the spec's defaults") {
    CHECK(domain::find<verify::DomainFacts>("dom-urbanismo") == nullptr);
    CHECK(domain::find<verify::SeedSuite>("dom-urbanismo") == nullptr);
    CHECK(sim::find_simulation("dom-urbanismo") == nullptr);
    CHECK(synth::find_generator("dom-urbanismo") == nullptr);
    CHECK(synth::generator_of_demo("demo-b") == nullptr);
    CHECK(verify::person_signal("dom-urbanismo") == "pausa_humana");
    CHECK(playground::truth_rule_of("dom-urbanismo") == nullptr);
    CHECK(verify::person_signal("dom-adherencia") == "escalado");
}

TEST_CASE("a facet type of one's own, added once") {
    CHECK(domain::find<Greeting>("dom-prueba") == nullptr);
    CHECK(domain::ids<Greeting>().empty());
    CHECK(domain::add<Greeting>("dom-prueba", std::make_unique<Greeting>(Greeting{"hola"})));
    CHECK_FALSE(domain::add<Greeting>("dom-prueba", std::make_unique<Greeting>(Greeting{"otra"})));
    REQUIRE(domain::find<Greeting>("dom-prueba") != nullptr);
    CHECK(domain::find<Greeting>("dom-prueba")->text == "hola");
    CHECK(domain::ids<Greeting>() == std::vector<std::string>{"dom-prueba"});
    // Another facet type does not see it.
    CHECK(domain::find<verify::DomainFacts>("dom-prueba") == nullptr);
}
