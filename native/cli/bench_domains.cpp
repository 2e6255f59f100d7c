// The demos `planlang bench` measures (native/cli/bench_domains.hpp).
#include "native/cli/bench_domains.hpp"

#include <memory>

#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/adherencia/run.hpp"
#include "core/synth/adherencia/batch.hpp"
#include "core/synth/batch.hpp"
#include "native/cli/demo_a.hpp"

namespace planlang::cli {
namespace {

const char* const kAdherenciaPlanPath = "plans/adherencia/plan-adherencia.json";
const char* const kAdherenciaWorldPath = "synthetic/base-conocimiento/base-adherencia.json";

// The first of `issues`, or one that says what failed when there is none.
Issue first_or(const Issues& issues, Bilingual what) {
    return issues.empty() ? Issue{"BENCH_FALLIDO", "bench", std::move(what)} : issues.front();
}

std::optional<Issue> stopped(const sim::StreamedRun& run, std::int64_t& cases) {
    if (!run.issues.empty()) return first_or(run.issues, {});
    if (run.stop) return *run.stop;
    cases = static_cast<std::int64_t>(run.casos_ejecutados.size());
    return std::nullopt;
}

std::optional<BenchDomain> demo_a(const std::string& base, Lang lang) {
    BenchDomain d;
    d.id = "demo-a";
    d.max_batch = synth::kMaxCases;
    for (const char* path : {kDemoAPlanPath, kDemoAWorldPath}) {
        std::optional<std::string> bytes = read_file(base + path, lang);
        if (!bytes) return std::nullopt;
        d.files.emplace_back(path, std::move(*bytes));
    }
    Issues issues;
    std::optional<DemoA> loaded = load_demo_a(d.files[0].second, base + kDemoAPlanPath, d.files[1].second, base + kDemoAWorldPath, issues);
    if (!loaded) {
        for (const Issue& i : issues) print_issue(i, lang);
        return std::nullopt;
    }
    auto demo = std::make_shared<DemoA>(std::move(*loaded));
    d.generate = [demo](const std::string& semilla, std::int64_t n, json::Value& batch) -> std::optional<Issue> {
        synth::GenerateOptions options;
        options.semilla = semilla;
        options.n = n;
        synth::BatchResult generated = synth::generate_batch(*demo->plan.plan, demo->plan.huella, demo->world, options);
        if (!generated.ok) return first_or(generated.issues, {"el lote no se pudo generar", "the batch could not be generated"});
        batch = std::move(generated.batch);
        return std::nullopt;
    };
    d.simulate = [demo](json::Value batch, const std::string& batch_path, const sim::FileSink& sink, std::int64_t& cases) -> std::optional<Issue> {
        const sim::BatchResult read = sim::read_batch(std::move(batch));
        if (!read.batch) return first_or(read.issues, {"el lote generado no se puede leer", "the generated batch does not read"});
        const sim::RunInputs ri = demo_a_run(*demo, *read.batch, batch_path, "corrida");
        return stopped(sim::simulate_run_streaming(ri, sink), cases);
    };
    return d;
}

// The adherence coach's plan and knowledge base, kept alive by the generator's and simulator's closures.
struct Adherencia {
    json::Value plan_document;
    plan::LoadResult plan;
    synth::adherencia::KnowledgeBase kb;
};

std::optional<BenchDomain> adherencia(const std::string& base, Lang lang) {
    BenchDomain d;
    d.id = "adherencia";
    d.max_batch = synth::adherencia::kMaxCases;
    d.multiple = 3;
    for (const char* path : {kAdherenciaPlanPath, kAdherenciaWorldPath}) {
        std::optional<std::string> bytes = read_file(base + path, lang);
        if (!bytes) return std::nullopt;
        d.files.emplace_back(path, std::move(*bytes));
    }
    auto fail = [&](const Issues& issues, const std::string& label) -> std::optional<BenchDomain> {
        for (const Issue& i : issues) print_issue(Issue{i.code, label + ": " + i.element, i.message}, lang);
        return std::nullopt;
    };
    auto in = std::make_shared<Adherencia>();
    json::ReadResult plan = json::read(d.files[0].second);
    if (!plan.ok()) return fail({*plan.error}, base + kAdherenciaPlanPath);
    in->plan_document = std::move(plan.value);
    in->plan = plan::load_for_verification(in->plan_document);
    if (!in->plan.ok) return fail(in->plan.motivos, base + kAdherenciaPlanPath);
    json::ReadResult world = json::read(d.files[1].second);
    if (!world.ok()) return fail({*world.error}, base + kAdherenciaWorldPath);
    synth::adherencia::KnowledgeBaseResult kb = synth::adherencia::read_knowledge_base(world.value);
    if (!kb.base) return fail(kb.issues, base + kAdherenciaWorldPath);
    in->kb = std::move(*kb.base);

    d.generate = [in](const std::string& semilla, std::int64_t n, json::Value& batch) -> std::optional<Issue> {
        synth::adherencia::GenerateOptions options;
        options.semilla = semilla;
        options.n = n;
        synth::adherencia::BatchResult generated = synth::adherencia::generate_batch(*in->plan.plan, in->plan.huella, in->kb, options);
        if (!generated.ok) return first_or(generated.issues, {"el lote no se pudo generar", "the batch could not be generated"});
        batch = std::move(generated.batch);
        return std::nullopt;
    };
    d.simulate = [in](json::Value batch, const std::string& batch_path, const sim::FileSink& sink, std::int64_t& cases) -> std::optional<Issue> {
        const sim::adherencia::BatchResult read = sim::adherencia::read_batch(batch);
        if (!read.batch) return first_or(read.issues, {"el lote generado no se puede leer", "the generated batch does not read"});
        sim::adherencia::RunInputs ri;
        ri.plan = &*in->plan.plan;
        ri.plan_document = &in->plan_document;
        ri.plan_huella = in->plan.huella;
        ri.plan_archivo = kAdherenciaPlanPath;
        ri.kb = &in->kb;
        ri.kb_archivo = kAdherenciaWorldPath;
        ri.batch = &*read.batch;
        ri.batch_archivo = batch_path;
        ri.variante = sim::Variant::multiagente;
        ri.corrida_id = "corrida";
        ri.fecha = "2026-12-06";  // a benchmark's run carries no clock
        return stopped(sim::adherencia::simulate_run_streaming(ri, sink), cases);
    };
    return d;
}

}  // namespace

std::optional<BenchDomain> load_bench_domain(std::string_view demo, const std::string& root, Lang lang) {
    const std::string base = root.empty() ? "" : root + "/";
    if (demo == "adherencia") return adherencia(base, lang);
    return demo_a(base, lang);
}

}  // namespace planlang::cli
