#pragma once
// Demo A's approved plan and synthetic world as the benchmarks load them (`planlang bench` and
// bench/synth_sim_bench), and the multi-agent run they simulate with them. The callers read the two files
// (each its own way: the CLI prints ARCHIVO_ILEGIBLE) and print the issues.
#include <optional>
#include <string>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/demo_a/run_export.hpp"
#include "core/synth/world.hpp"

namespace planlang::cli {

inline constexpr const char* kDemoAPlanPath = "plans/demo-a/plan-demo-a.json";
inline constexpr const char* kDemoAWorldPath = "synthetic/plan-beneficios/plan-beneficios-demo-a.json";

struct DemoA {
    json::Value plan_document;
    plan::LoadResult plan;  // loaded for verification (approved, fingerprint checked)
    synth::BenefitPlan world;
};

// The plan and world from their bytes; nullopt with the issues, each element prefixed with `plan_label` or
// `world_label` (the paths as the caller names them).
std::optional<DemoA> load_demo_a(const std::string& plan_bytes, const std::string& plan_label, const std::string& world_bytes,
                                 const std::string& world_label, Issues& issues);

// The inputs of a multi-agent run of `batch` under demo A, dated 2026-11-30 (a benchmark's run carries no
// clock); `batch_archivo` and the plan and world paths above go into the manifest as given.
sim::demo_a::RunInputs demo_a_run(const DemoA& demo, const sim::demo_a::Batch& batch, std::string batch_archivo, std::string corrida_id);

}  // namespace planlang::cli
