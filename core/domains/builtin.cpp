// The one place that names the built-in domains: each stage's module of each domain, registered once
// (architecture: core/domains). A new domain adds its modules under `<stage>/<domain>/` and one block here.
#include "core/domain/registry.hpp"
#include "core/playground/adherencia/truth.hpp"
#include "core/playground/demo_a/truth.hpp"
#include "core/sim/adherencia/simulation.hpp"
#include "core/sim/demo_a/simulation.hpp"
#include "core/synth/adherencia/generator.hpp"
#include "core/synth/demo_a/generator.hpp"
#include "core/verify/adherencia/domain_facts.hpp"
#include "core/verify/adherencia/seeds.hpp"
#include "core/verify/demo_a/domain_facts.hpp"
#include "core/verify/demo_a/seeds.hpp"
#include "core/views/demo_a/node_roles.hpp"

namespace planlang::domain {

void register_builtin_domains(Registrar& r) {
    // Demo A: the health-benefits auditor (plans/demo-a).
    const std::string demo_a = "dom-salud";
    r.add<synth::Generator>(demo_a, synth::demo_a::generator());
    r.add<sim::Simulation>(demo_a, sim::demo_a::simulation());
    r.add<verify::DomainFacts>(demo_a, verify::demo_a::domain_facts());
    r.add<verify::SeedSuite>(demo_a, verify::demo_a::seed_suite());
    r.add<playground::TruthRule>(demo_a, playground::demo_a::truth_rule());
    r.add<views::NodeRoles>(demo_a, views::demo_a::node_roles());

    // The medication-adherence coach (plans/adherencia).
    const std::string adherencia = "dom-adherencia";
    r.add<synth::Generator>(adherencia, synth::adherencia::generator());
    r.add<sim::Simulation>(adherencia, sim::adherencia::simulation());
    r.add<verify::DomainFacts>(adherencia, verify::adherencia::domain_facts());
    r.add<verify::SeedSuite>(adherencia, verify::adherencia::seed_suite());
    r.add<playground::TruthRule>(adherencia, playground::adherencia::truth_rule());
}

}  // namespace planlang::domain
