#pragma once
// Shared by the core/synth tests: demo A's approved plan and our world, loaded once.
#include <doctest/doctest.h>

#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/world.hpp"
#include "support/files.hpp"

namespace planlang::testing {

struct SynthFixture {
    plan::Plan plan;
    std::string plan_huella;
    synth::BenefitPlan world;         // v2.0.0, with caps
    synth::BenefitPlan world_v1;      // v1.0.0, without caps
    synth::PlanFacts facts;
};

inline const SynthFixture& synth_fixture() {
    static const SynthFixture f = [] {
        SynthFixture out;
        const auto parsed = json::read(read_text(source_path("plans/demo-a/plan-demo-a.json")));
        REQUIRE(parsed.ok());
        const auto loaded = plan::load_for_verification(parsed.value);
        REQUIRE(loaded.ok);
        out.plan = *loaded.plan;
        out.plan_huella = loaded.huella;
        out.world = *synth::read_benefit_plan(synth::make_benefit_plan(true)).plan;
        out.world_v1 = *synth::read_benefit_plan(synth::make_benefit_plan(false)).plan;
        Issues issues;
        out.facts = synth::plan_facts(out.plan, out.plan_huella, issues);
        REQUIRE(issues.empty());
        return out;
    }();
    return f;
}

}  // namespace planlang::testing
