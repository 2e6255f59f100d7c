#include "native/cli/demo_a.hpp"

#include <utility>

#include "core/json/reader.hpp"

namespace planlang::cli {

namespace {

void add_prefixed(Issues& out, const Issues& from, const std::string& label) {
    for (const Issue& i : from) out.push_back(Issue{i.code, label + ": " + i.element, i.message});
}

}  // namespace

std::optional<DemoA> load_demo_a(const std::string& plan_bytes, const std::string& plan_label, const std::string& world_bytes,
                                 const std::string& world_label, Issues& issues) {
    DemoA demo;
    json::ReadResult plan = json::read(plan_bytes);
    if (!plan.ok()) {
        add_prefixed(issues, {*plan.error}, plan_label);
        return std::nullopt;
    }
    demo.plan_document = std::move(plan.value);
    demo.plan = plan::load_for_verification(demo.plan_document);
    if (!demo.plan.ok) {
        add_prefixed(issues, demo.plan.motivos, plan_label);
        return std::nullopt;
    }
    json::ReadResult world_document = json::read(world_bytes);
    if (!world_document.ok()) {
        add_prefixed(issues, {*world_document.error}, world_label);
        return std::nullopt;
    }
    synth::BenefitPlanResult world = synth::read_benefit_plan(world_document.value);
    if (!world.ok || !world.plan) {
        add_prefixed(issues, world.issues, world_label);
        if (world.issues.empty()) issues.push_back({"MUNDO_INCOMPATIBLE", world_label, {"no se puede leer", "cannot be read"}});
        return std::nullopt;
    }
    demo.world = std::move(*world.plan);
    return demo;
}

sim::demo_a::RunInputs demo_a_run(const DemoA& demo, const sim::demo_a::Batch& batch, std::string batch_archivo, std::string corrida_id) {
    sim::demo_a::RunInputs ri;
    ri.plan = &*demo.plan.plan;
    ri.plan_document = &demo.plan_document;
    ri.plan_huella = demo.plan.huella;
    ri.plan_archivo = kDemoAPlanPath;
    ri.world = &demo.world;
    ri.world_archivo = kDemoAWorldPath;
    ri.batch = &batch;
    ri.batch_archivo = std::move(batch_archivo);
    ri.variante = sim::Variant::multiagente;
    ri.corrida_id = std::move(corrida_id);
    ri.fecha = "2026-11-30";
    return ri;
}

}  // namespace planlang::cli
