// sim::demo_a::case_of (a generated case straight into the agent's typed case) against the JSON round trip it
// replaces, read_case(synth::to_json(c)): every field the agent reads, and the sealed trace of both.
#include "core/sim/demo_a/inputs.hpp"

#include <doctest/doctest.h>

#include <string>

#include "core/sim/demo_a/run_export.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/case.hpp"
#include "sim/sim_fixture.hpp"

using planlang::json::Value;
using namespace planlang;
using namespace planlang::testing;

namespace {

void check_same_fields(const sim::demo_a::Fields& a, const sim::demo_a::Fields& b) {
    CHECK(a.procedimiento == b.procedimiento);
    CHECK(a.diagnostico == b.diagnostico);
    CHECK(a.urgencia == b.urgencia);
    CHECK(a.costo_estimado == b.costo_estimado);
}

void check_same_bilingual(const Bilingual& a, const Bilingual& b) {
    CHECK(a.es == b.es);
    CHECK(a.en == b.en);
}

// Every field but `source` (case_of leaves it null).
void check_same_case(const sim::demo_a::Case& a, const sim::demo_a::Case& b) {
    CHECK(a.id == b.id);
    CHECK(a.tipo == b.tipo);
    CHECK(a.subtipo == b.subtipo);
    CHECK(a.adversario_detalle == b.adversario_detalle);
    CHECK(a.documento == b.documento);
    CHECK(a.nombre == b.nombre);
    CHECK(a.telefono == b.telefono);
    CHECK(a.correo == b.correo);
    CHECK(a.historia_clinica == b.historia_clinica);
    CHECK(a.edad == b.edad);
    CHECK(a.sexo == b.sexo);
    CHECK(a.tipo_atencion == b.tipo_atencion);
    CHECK(a.codigo_orden == b.codigo_orden);
    check_same_bilingual(a.observaciones_orden, b.observaciones_orden);
    check_same_bilingual(a.texto_medico, b.texto_medico);
    CHECK(a.orden_adjunta == b.orden_adjunta);  // member order included
    REQUIRE(a.aclaraciones_simuladas.size() == b.aclaraciones_simuladas.size());
    for (std::size_t i = 0; i < a.aclaraciones_simuladas.size(); ++i) {
        CHECK(a.aclaraciones_simuladas[i].ciclo == b.aclaraciones_simuladas[i].ciclo);
        CHECK(a.aclaraciones_simuladas[i].aporta == b.aclaraciones_simuladas[i].aporta);
        check_same_bilingual(a.aclaraciones_simuladas[i].texto, b.aclaraciones_simuladas[i].texto);
    }
    CHECK(a.verdad_decision == b.verdad_decision);
    CHECK(a.verdad_causal == b.verdad_causal);
    check_same_fields(a.verdad_campos, b.verdad_campos);
    CHECK(a.confianza_extractor == b.confianza_extractor);
    check_same_fields(a.campos_extraidos, b.campos_extraidos);
    CHECK(a.redactor_repite_identificador == b.redactor_repite_identificador);
    CHECK(a.campos_ausentes_en_texto == b.campos_ausentes_en_texto);
}

}  // namespace

TEST_CASE("inputs: case_of gives what read_case(to_json(case)) gives, and the same traces") {
    const Value plan_document = read_json("plans/demo-a/plan-demo-a.json");
    const plan::LoadResult loaded = plan::load_for_verification(plan_document);
    REQUIRE(loaded.ok);
    const synth::BenefitPlanResult world = synth::read_benefit_plan(read_json("synthetic/plan-beneficios/plan-beneficios-demo-a.json"));
    REQUIRE(world.ok);
    Issues issues;
    const synth::PlanFacts facts = synth::plan_facts(*loaded.plan, loaded.huella, issues);
    REQUIRE(issues.empty());
    REQUIRE(synth::check_world_fits(*world.plan, facts.u2).empty());
    const sim::SimGraphResult graph = sim::make_graph(*loaded.plan, plan_document, sim::Variant::multiagente);
    REQUIRE(graph.issues.empty());
    const sim::demo_a::Agent agent(*loaded.plan, loaded.huella, *world.plan, *graph.graph, loaded.plan->threshold_values());
    REQUIRE(agent.issues().empty());
    // 30 blocks of 20: every subtype several times, both branches of most draws.
    for (int block = 0; block < 30; ++block) {
        const auto subtypes = synth::assemble_block("case-of", block, synth::kBlockSize, world.plan->has_caps());
        for (int i = 0; i < synth::kBlockSize; ++i) {
            const std::string id = synth::case_id(block * synth::kBlockSize + i + 1);
            CAPTURE(id);
            const synth::Case generated = synth::generate_case(*world.plan, facts, "case-of", id, subtypes[static_cast<std::size_t>(i)]);
            Issues read_issues;
            const std::optional<sim::demo_a::Case> read = sim::demo_a::read_case(synth::to_json(generated), "casos.0", read_issues);
            REQUIRE(read);
            const sim::demo_a::Case direct = sim::demo_a::case_of(synth::Case(generated));
            CHECK(direct.source.is_null());
            check_same_case(direct, *read);
            const sim::CaseRun a = agent.run(direct, "corrida-case-of");
            const sim::CaseRun b = agent.run(*read, "corrida-case-of");
            REQUIRE(!a.stopped);
            REQUIRE(!b.stopped);
            CHECK(canonical_of(sim::sealed(a.trace)) == canonical_of(sim::sealed(b.trace)));
        }
    }
}
