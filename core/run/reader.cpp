// The reader's orchestration and motive order (traces-and-verifier.md §7): the run headers are read first
// (the main manifest names plan, batch and world), then plan, batch, world, each run's references and
// traces, then planDelLote, planDeLaCorrida and the per-run cross checks; motives are concatenated in §7's
// order: plan, batch, (world), each run (files, references, traces, casos_con_error), the late checks.
#include "core/run/reader.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/run/internal/fast_paths.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/internal/state.hpp"

namespace planlang::run {

using json::Value;
using namespace internal;

FileBytes::FileBytes(std::string bytes) {
    auto owned = std::make_shared<const std::string>(std::move(bytes));
    m_view = *owned;
    m_keeper = std::move(owned);
}

FileBytes::FileBytes(std::string_view view, std::shared_ptr<const void> keeper) : m_keeper(std::move(keeper)), m_view(view) {}

std::string join(const std::string& base, const std::string& relative) {
    if (base.empty() || (!relative.empty() && relative[0] == '/')) return relative;
    if (relative.empty()) return base;
    return base.back() == '/' ? base + relative : base + "/" + relative;
}

namespace {

// A plan file for verification (plan-format.md §12): every loading reason becomes one motive with `code`.
std::optional<LoadedPlan> load_plan(const FileSource& files, const std::string& path, const std::string& archivo, const char* code,
                                    std::vector<Motive>& out) {
    std::optional<Value> doc = load_json(files, path, archivo, {code, code}, out);
    if (!doc) return std::nullopt;
    plan::LoadResult r = plan::load_for_verification(*doc);
    if (!r.ok) {
        for (const Issue& i : r.motivos)
            out.push_back(motive(code, archivo, {"«" + path + "»: " + i.code + " @ " + i.element + ": " + i.message.es,
                                                 "\"" + path + "\": " + i.code + " @ " + i.element + ": " + i.message.en}));
        return std::nullopt;
    }
    return LoadedPlan{std::move(*r.plan), std::move(*doc), r.huella, path};
}

std::optional<World> load_world(const FileSource& files, const std::string& root, const Value& manifest, std::vector<Motive>& out) {
    const char* key = world_key(manifest);
    const std::string path = join(root, str(at(manifest, key), "archivo"));
    std::optional<Value> doc = load_json(files, path, key, {"REFERENCIA_ROTA", "ESQUEMA"}, out);
    if (!doc) return std::nullopt;
    World w;
    w.clave = key;
    w.huella = own_huella(*doc, key, out);
    w.archivo = path;
    w.document = std::move(*doc);
    return w;
}

// Request::plan_candidates, in their order: the first that is an approved plan whose huella — declared
// and computed — is `huella` (a file that does not even contain those 64 characters is not parsed), or
// nullopt. A candidate that cannot be read, is not JSON or not a loadable plan is simply not that plan.
std::optional<std::string> find_plan(const FileSource& files, const std::vector<std::string>& candidates, const std::string& huella) {
    if (huella.empty()) return std::nullopt;
    for (const std::string& path : candidates) {
        const std::optional<FileBytes> bytes = files(path);
        if (!bytes || bytes->view().find(huella) == std::string_view::npos) continue;
        const json::ReadResult r = json::read(bytes->view());
        if (!r.ok() || json::declared_huella(r.value) != std::optional<std::string>(huella)) continue;
        const plan::LoadResult loaded = plan::load_for_verification(r.value);
        if (loaded.ok && loaded.huella == huella) return path;
    }
    return std::nullopt;
}

}  // namespace

ReadResult read(const Request& request, const FileSource& files, TraceSink* sink) {
    ReadResult result;
    std::vector<RunState> runs(1);
    runs[0].dir = request.main_run;
    for (const std::string& dir : request.repetitions) {
        runs.emplace_back();
        runs.back().role = Role::repeticion;
        runs.back().dir = dir;
    }
    if (request.baseline) {
        runs.emplace_back();
        runs.back().role = Role::base;
        runs.back().dir = *request.baseline;
    }
    // The accelerator may read the main header while it walks the batch ahead (the batch's bytes then kept
    // in `prescanned` for load_batch).
    std::shared_ptr<const fast::Prescans> prescanned;
    if (!(request.fast_paths && fast::read_main_header(files, request, runs.front(), result.esquema_completo, prescanned)))
        read_header(files, runs.front(), result.esquema_completo, request.parallel, request.fast_paths);
    for (std::size_t k = 1; k < runs.size(); ++k)
        read_header(files, runs[k], result.esquema_completo, request.parallel, request.fast_paths);
    const RunState& main = runs.front();
    const Value* main_manifest = main.manifest_ok ? &main.header.manifest : nullptr;

    std::vector<Motive> plan_motives, batch_motives, world_motives, late;
    std::optional<LoadedPlan> plan;
    if (request.plan) plan = load_plan(files, *request.plan, "plan", "PLAN_INVALIDO", plan_motives);
    else if (main_manifest) plan = load_plan(files, join(request.root, str(at(*main_manifest, "plan"), "archivo")), "plan", "PLAN_INVALIDO", plan_motives);
    std::optional<Batch> batch;
    std::optional<World> world;
    if (main_manifest) {
        batch = load_batch(files, join(request.root, str(at(*main_manifest, "casos"), "archivo")), batch_motives, result.esquema_completo,
                           request.parallel, request.batch_case_members, request.fast_paths, prescanned.get());
        world = load_world(files, request.root, *main_manifest, world_motives);
    }
    // Files are named as the run declares them, never by where --root put them (the report must be the
    // same bytes wherever the repository lies): the manifest's repository-relative paths; a plan given on
    // the command line as Request::plan_archivo says (its path relative to the root), else as given — the
    // manifest's path when it is the plan the manifest names.
    if (plan && main_manifest) {
        const Value& declared = at(*main_manifest, "plan");
        if (!request.plan || plan->huella == str(declared, "huella")) plan->archivo = str(declared, "archivo");
        else if (request.plan_archivo) plan->archivo = *request.plan_archivo;
    }
    if (batch && main_manifest) batch->archivo = str(at(*main_manifest, "casos"), "archivo");
    if (world && main_manifest) world->archivo = str(at(*main_manifest, world->clave.c_str()), "archivo");
    prescanned.reset();
    // From here on the plan and the batch are used through these pointers (moved into the result when both
    // were read, so a large batch is not copied).
    const LoadedPlan* P = plan ? &*plan : nullptr;
    const Batch* B = batch ? &*batch : nullptr;
    if (plan && batch) {
        result.inputs = Inputs{std::move(*plan), std::move(*batch), world, std::nullopt, std::nullopt};
        P = &result.inputs->plan;
        B = &result.inputs->batch;
    }
    TraceSink* stream = nullptr;
    if (sink && result.inputs && plan_motives.empty() && batch_motives.empty() && world_motives.empty()) {
        stream = sink;
        sink->begin(*result.inputs);
    }

    for (RunState& run : runs) {
        if (!run.header_ok) continue;
        check_references(run);
        if (stream) stream->run(run.header);
        read_traces(files, run, stream, result.esquema_completo, request.parallel, request.prepare_ahead, request.fast_paths);
    }

    if (P && B && main.header_ok) {
        Accepted accepted{P->plan.id, P->plan.version, P->huella, B, std::nullopt};
        if (world) accepted.world_huella = world->huella;
        // A plan the batch or the main run names and no flag gives is looked for among the candidates under
        // the root (as the original finds it); found, it is read as if it had been given.
        auto found = [&](const char* rol, const std::string& huella) -> std::optional<std::string> {
            std::optional<std::string> path = find_plan(files, request.plan_candidates, huella);
            if (path) result.planes_encontrados.push_back(FoundPlan{rol, *path, huella});
            return path;
        };
        const std::string searched = std::to_string(request.plan_candidates.size());
        // planDelLote: the plan that generated the batch.
        const std::string& batch_plan_huella = str(at(B->document, "plan"), "huella");
        std::optional<std::string> plan_del_lote = request.plan_del_lote;
        if (!plan_del_lote && batch_plan_huella != P->huella) plan_del_lote = found("plan_del_lote", batch_plan_huella);
        if (plan_del_lote) {
            if (std::optional<LoadedPlan> p = load_plan(files, *plan_del_lote, "casos", "HUELLA_NO_COINCIDE", late)) {
                if (p->huella != batch_plan_huella)
                    late.push_back(motive("HUELLA_NO_COINCIDE", "casos",
                                          {"el plan del lote (" + p->huella + ") no es el que declara el lote (" + batch_plan_huella + ")",
                                           "the batch's plan (" + p->huella + ") is not the one the batch declares (" + batch_plan_huella + ")"}));
                else if (batch_plan_huella != P->huella && !plan::same_truth(p->document, P->document))
                    late.push_back(motive("CORRIDA_INCOMPATIBLE", "casos",
                                          {"el lote viene de otro plan que no comparte la verdad del plan verificado",
                                           "the batch comes from another plan that does not share the verified plan's truth"}));
                else
                    result.inputs->plan_del_lote = std::move(*p);
            }
        } else if (batch_plan_huella != P->huella) {
            late.push_back(motive("CORRIDA_INCOMPATIBLE", "casos",
                                  {"el lote se generó con otro plan (" + batch_plan_huella + "): no se dio un plan del lote (--plan-del-lote) y "
                                       "ninguno de los " + searched + " archivos de plan bajo la raíz tiene esa huella",
                                   "the batch was generated by another plan (" + batch_plan_huella + "): no batch plan was given "
                                       "(--plan-del-lote) and none of the " + searched + " plan files under the root has that huella"}));
        }
        // planDeLaCorrida: the plan the runs executed; accepted, it is the identity runs are compared with.
        const std::string& run_plan_huella = str(at(main.header.manifest, "plan"), "huella");
        std::optional<std::string> plan_de_la_corrida = request.plan_de_la_corrida;
        if (!plan_de_la_corrida && run_plan_huella != P->huella) plan_de_la_corrida = found("plan_de_la_corrida", run_plan_huella);
        if (plan_de_la_corrida) {
            const std::string archivo = join(main.dir, "corrida.json");
            if (std::optional<LoadedPlan> p = load_plan(files, *plan_de_la_corrida, archivo, "HUELLA_NO_COINCIDE", late)) {
                if (p->huella != run_plan_huella)
                    late.push_back(motive("HUELLA_NO_COINCIDE", archivo,
                                          {"el plan de la corrida (" + p->huella + ") no es el del manifiesto (" + run_plan_huella + ")",
                                           "the run's plan (" + p->huella + ") is not the manifest's (" + run_plan_huella + ")"}));
                else if (p->plan.id != P->plan.id || !plan::same_truth(p->document, P->document))
                    late.push_back(motive("CORRIDA_INCOMPATIBLE", archivo,
                                          {"el plan de la corrida tiene otro id o no comparte la verdad del plan verificado",
                                           "the run's plan has another id or does not share the verified plan's truth"}));
                else {
                    accepted.plan_id = p->plan.id;
                    accepted.plan_version = p->plan.version;
                    accepted.plan_huella = p->huella;
                    result.inputs->plan_de_la_corrida = std::move(*p);
                }
            }
        }
        cross_check_runs(runs, accepted, late);
    }

    if (B)
        for (const RunState& run : runs)
            if (run.header_ok && at(at(run.header.manifest, "casos"), "n_lote").as_number() != static_cast<double>(B->n))
                result.n_lote_distinto.push_back(run.header.corrida_id);

    auto append = [&](std::vector<Motive>& from) {
        for (Motive& m : from) result.motivos.push_back(std::move(m));
    };
    append(plan_motives);
    append(batch_motives);
    append(world_motives);
    for (RunState& run : runs) {
        append(run.files);
        append(run.references);
        append(run.traces);
        append(run.errors);
        if (run.header_ok) result.runs.push_back(std::move(run.header));
    }
    append(late);
    result.ok = result.motivos.empty();
    return result;
}

}  // namespace planlang::run
