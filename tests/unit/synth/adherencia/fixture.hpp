#pragma once
// Shared by the adherence synth tests: the approved adherence plan, our knowledge base, and the committed
// recipe's 315-case batch (seed `adherencia`), each built once.
#include <doctest/doctest.h>

#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/synth/adherencia/batch.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"
#include "support/files.hpp"

namespace planlang::testing {

struct AdherenciaFixture {
    plan::Plan plan;
    std::string plan_huella;
    synth::adherencia::KnowledgeBase kb;
    json::Value batch315;
};

inline synth::adherencia::BatchResult generate_adherencia(const AdherenciaFixture& f, const std::string& seed, std::int64_t n,
                                                          synth::adherencia::Recipe recipe = synth::adherencia::Recipe::estandar) {
    synth::adherencia::GenerateOptions o;
    o.semilla = seed;
    o.n = n;
    o.receta = recipe;
    return synth::adherencia::generate_batch(f.plan, f.plan_huella, f.kb, o);
}

inline const AdherenciaFixture& adherencia_fixture() {
    static const AdherenciaFixture f = [] {
        AdherenciaFixture out;
        const auto parsed = json::read(read_text(source_path("plans/adherencia/plan-adherencia.json")));
        REQUIRE(parsed.ok());
        const auto loaded = plan::load_for_verification(parsed.value);
        REQUIRE(loaded.ok);
        out.plan = *loaded.plan;
        out.plan_huella = loaded.huella;
        const auto kb = synth::adherencia::read_knowledge_base(synth::adherencia::make_knowledge_base());
        REQUIRE(kb.ok);
        out.kb = *kb.base;
        auto batch = generate_adherencia(out, "adherencia", 315);
        REQUIRE(batch.ok);
        out.batch315 = std::move(batch.batch);
        return out;
    }();
    return f;
}

}  // namespace planlang::testing
