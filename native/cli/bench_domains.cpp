// The demos `planlang bench` measures (native/cli/bench_domains.hpp), each through its domain's generator and
// simulated agent (synth::Generator, sim::Simulation: the domain registry).
#include "native/cli/bench_domains.hpp"

#include <memory>

#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/simulation.hpp"
#include "core/synth/generator.hpp"

namespace planlang::cli {
namespace {

// Where each demo's committed plan and world are in the repository, and the date its bench runs carry (a
// benchmark's run carries no clock). Files, not domain knowledge: what to do with them is the registry's.
struct CommittedDemo {
    const char* demo;
    const char* plan;
    const char* world;
    const char* fecha;
};
constexpr CommittedDemo kCommitted[] = {
    {"demo-a", "plans/demo-a/plan-demo-a.json", "synthetic/plan-beneficios/plan-beneficios-demo-a.json", "2026-11-30"},
    {"adherencia", "plans/adherencia/plan-adherencia.json", "synthetic/base-conocimiento/base-adherencia.json", "2026-12-06"},
};

// The first of `issues`, or one that says what failed when there is none.
Issue first_or(const Issues& issues, Bilingual what) {
    return issues.empty() ? Issue{"BENCH_FALLIDO", "bench", std::move(what)} : issues.front();
}

// The plan and world, read once and kept alive by the generator's and simulator's closures.
struct Loaded {
    json::Value plan_document;
    plan::LoadResult plan;
    json::Value world_document;
    std::shared_ptr<const synth::GeneratorWorld> world;
    const synth::Generator* generator = nullptr;
    const sim::Simulation* simulation = nullptr;
    CommittedDemo files{};
};

}  // namespace

std::optional<BenchDomain> load_bench_domain(std::string_view demo, const std::string& root, Lang lang) {
    const std::string base = root.empty() ? "" : root + "/";
    const CommittedDemo* committed = nullptr;
    for (const CommittedDemo& c : kCommitted)
        if (demo == c.demo) committed = &c;
    const synth::Generator* generator = synth::generator_of_demo(demo);
    if (!committed || !generator) {
        print_issue(Issue{"BENCH_FALLIDO", std::string(demo), {"no hay datos de esta demo para medir", "there is no data of this demo to measure"}}, lang);
        return std::nullopt;
    }
    BenchDomain d;
    d.id = std::string(demo);
    d.max_batch = generator->max_cases();
    d.multiple = generator->case_multiple();
    for (const char* path : {committed->plan, committed->world}) {
        std::optional<std::string> bytes = read_file(base + path, lang);
        if (!bytes) return std::nullopt;
        d.files.emplace_back(path, std::move(*bytes));
    }
    auto fail = [&](const Issues& issues, const std::string& label) -> std::optional<BenchDomain> {
        for (const Issue& i : issues) print_issue(Issue{i.code, label + ": " + i.element, i.message}, lang);
        return std::nullopt;
    };
    auto in = std::make_shared<Loaded>();
    in->files = *committed;
    in->generator = generator;
    json::ReadResult plan = json::read(d.files[0].second);
    if (!plan.ok()) return fail({*plan.error}, base + committed->plan);
    in->plan_document = std::move(plan.value);
    in->plan = plan::load_for_verification(in->plan_document);
    if (!in->plan.ok) return fail(in->plan.motivos, base + committed->plan);
    in->simulation = sim::find_simulation(in->plan.plan->dominio_id);
    if (!in->simulation || synth::find_generator(in->plan.plan->dominio_id) != generator)
        return fail({Issue{"PLAN_NO_SIMULABLE", "dominio_id", {"el plan no es de esta demo", "the plan is not of this demo"}}}, base + committed->plan);
    json::ReadResult world = json::read(d.files[1].second);
    if (!world.ok()) return fail({*world.error}, base + committed->world);
    in->world_document = std::move(world.value);
    Issues world_issues;
    in->world = generator->read_world(in->world_document, world_issues);
    if (!in->world) return fail(world_issues, base + committed->world);

    d.generate = [in](const std::string& semilla, std::int64_t n, json::Value& batch) -> std::optional<Issue> {
        synth::GenerateOptions options;
        options.semilla = semilla;
        options.n = n;
        synth::BatchResult generated = in->generator->generate(*in->plan.plan, in->plan.huella, *in->world, options, {});
        if (!generated.ok) return first_or(generated.issues, {"el lote no se pudo generar", "the batch could not be generated"});
        batch = std::move(generated.batch);
        return std::nullopt;
    };
    d.simulate = [in](json::Value batch, const std::string& batch_path, const sim::FileSink& sink, std::int64_t& cases) -> std::optional<Issue> {
        sim::RunRequest request;
        request.plan = &*in->plan.plan;
        request.plan_document = &in->plan_document;
        request.plan_huella = in->plan.huella;
        request.plan_archivo = in->files.plan;
        request.world_document = &in->world_document;
        request.world_archivo = in->files.world;
        request.batch_document = std::move(batch);
        request.batch_archivo = batch_path;
        request.variante = sim::Variant::multiagente;
        request.corrida_id = "corrida";
        request.fecha = in->files.fecha;
        const sim::Prepared prepared = in->simulation->prepare(std::move(request));
        if (!prepared.run)
            return first_or(prepared.world_issues.empty() ? prepared.batch_issues : prepared.world_issues,
                            {"el lote generado no se puede leer", "the generated batch does not read"});
        const sim::StreamedRun run = prepared.run->stream(sink, {});
        if (!run.issues.empty()) return first_or(run.issues, {});
        if (run.stop) return *run.stop;
        cases = static_cast<std::int64_t>(run.casos_ejecutados.size());
        return std::nullopt;
    };
    return d;
}

}  // namespace planlang::cli
