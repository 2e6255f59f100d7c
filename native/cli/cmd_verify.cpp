// planlang verify and planlang m9 (spec/cli.md; traces-and-verifier.md §6–§16; decisions.md F4).
//
//   planlang verify RUNDIR [--root DIR] [--base RUNDIR] [--rep RUNDIR]… [--plan P] [--plan-del-lote P]
//                   [--plan-de-la-corrida P] [--strict] [-o OUTDIR] [--json] [--lang es|en]
//   planlang m9 RUNDIR [--root DIR]
//
// Run folders and plan options are paths as given; the plan, batch and world paths inside manifests are
// resolved against --root (default: the current directory). verify writes informe.json, informe.es.md and
// informe.en.md into OUTDIR (default RUNDIR), each through a temporary file and a rename; with --json it also
// prints the report object. A rejected input prints every reason and exits 1 without writing anything.
#include <cstdio>
#include <memory>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/reader.hpp"
#include "core/run/reader.hpp"
#include "core/verify/seeded_gaps.hpp"
#include "core/verify/verifier.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/progress.hpp"
#include "native/cli/report_files.hpp"
#include "native/cli/whole_file.hpp"
#include "native/cli/workers.hpp"

namespace planlang::cli {
namespace {


// Whole files read with one allocation of their size (the verifier reads every trace once). Safe to call
// from several threads at once (Request::parallel).
run::FileSource disk() { return [](const std::string& path) { return read_whole_file(path); }; }

void print_motives(const std::vector<run::Motive>& motives, Lang lang) {
    for (const run::Motive& m : motives) print_issue(Issue{m.codigo, m.archivo, m.detalle}, lang);
}

// When a rejection comes from files the manifest names that do not exist where --root puts them, says how
// those paths are resolved: the most common first mistake is running from another folder.
void hint_root(const run::Request& request) {
    const std::optional<std::string> bytes = read_whole_file(run::join(request.main_run, "corrida.json"));
    if (!bytes) return;
    const json::ReadResult manifest = json::read(*bytes);
    if (!manifest.ok() || !manifest.value.is_object()) return;
    std::vector<std::string_view> keys = {"plan", "casos"};
    for (const run::WorldKey& w : run::world_keys()) keys.push_back(w.clave);
    for (std::string_view key : keys) {
        const json::Value* ref = manifest.value.find(key);
        const json::Value* archivo = ref && ref->is_object() ? ref->find("archivo") : nullptr;
        if (!archivo || !archivo->is_string()) continue;
        const std::string path = run::join(request.root, archivo->as_string());
        if (read_whole_file(path)) continue;
        const std::string root = request.root.empty() ? "." : request.root;
        print_note({"pista: la corrida nombra " + archivo->as_string() + " relativo a la raíz del repositorio y no está en " + root +
                        "/; ejecute planlang desde la carpeta del repositorio o dé --root CARPETA",
                    "hint: the run names " + archivo->as_string() + " relative to the repository root, and it is not under " + root +
                        "/; run planlang from the repository's folder or give --root DIR"});
        return;
    }
}

}  // namespace

int cmd_verify(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json", "--strict"}, {"--root", "--base", "--rep", "--plan", "--plan-del-lote", "--plan-de-la-corrida", "-o"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    const Lang lang = args.lang();
    run::Request request = run_request(args);
    request.plan = args.value("--plan");
    if (request.plan) request.plan_archivo = path_under(*request.plan, request.root);  // the report names it so
    request.plan_del_lote = args.value("--plan-del-lote");
    request.plan_de_la_corrida = args.value("--plan-de-la-corrida");
    // Traces prepared on every core while the verifier measures in order (PLANLANG_THREADS=1: in sequence);
    // the report is the same byte for byte.
    Workers workers;
    request.parallel = workers.parallel_for();
    verify::Options options;
    options.strict = args.flag("--strict");
    // One bar per run, drawn only when stderr is a terminal (spec/cli.md).
    std::unique_ptr<Progress> bar;
    std::string bar_run;
    options.progress = [&](const std::string& corrida, std::size_t done, std::size_t total) {
        if (!bar || bar_run != corrida) {
            bar = std::make_unique<Progress>("verify " + corrida, total);
            bar_run = corrida;
        }
        bar->step();
        (void)done;
    };

    const verify::Outcome outcome = verify::verify(request, disk(), options);
    bar.reset();
    // Which plan file was found and used, on stdout for people (stderr with --json, whose stdout is the report).
    for (const run::FoundPlan& f : outcome.planes_encontrados) {
        const bool batch = f.rol == "plan_del_lote";
        const std::string line = lang == Lang::es ? std::string(batch ? "plan del lote" : "plan de la corrida") + " encontrado bajo la raíz: " +
                                                        f.archivo + " (huella " + f.huella.substr(0, 12) + "…)\n"
                                                  : std::string(batch ? "batch plan" : "run plan") + " found under the root: " + f.archivo +
                                                        " (huella " + f.huella.substr(0, 12) + "…)\n";
        if (args.flag("--json")) std::fputs(line.c_str(), stderr);
        else write_stdout(line);
    }
    if (!outcome.ok) {
        print_motives(outcome.motivos, lang);
        hint_root(request);
        return kRejected;
    }
    const std::optional<std::string> given_out = args.value("-o");
    const std::string out_dir = strip_slash(given_out.value_or(request.main_run));
    const ReportFiles rendered = report_files(outcome.informe, request.parallel);
    const std::pair<const char*, const std::string*> files[] = {
        {"informe.json", &rendered.json}, {"informe.es.md", &rendered.es}, {"informe.en.md", &rendered.en}};
    // Without -o the report goes into the run folder, but never over a report this run and these inputs did
    // not produce (a golden report made with --base, say): that is replaced only when -o names it.
    bool unchanged = true;
    for (const auto& [name, bytes] : files) {
        const std::optional<std::string> existing = read_whole_file(out_dir + "/" + name);
        if (!existing || *existing != *bytes) unchanged = false;
        if (!given_out && existing && *existing != *bytes) {
            print_note({out_dir + " ya tiene un informe distinto (" + name + "), hecho con otras entradas (¿otro --base, --rep o plan?); no se "
                            "escribió nada. Escriba este en otra carpeta con -o CARPETA, o reemplace aquel con -o " + out_dir + ".",
                        out_dir + " already holds a different report (" + name + "), made from other inputs (another --base, --rep or plan?); "
                            "nothing was written. Write this one elsewhere with -o DIR, or replace that one with -o " + out_dir + "."});
            return kUsage;
        }
    }
    if (!unchanged) {
        if (!make_directories(out_dir)) {
            print_issue({"ARCHIVO_NO_ESCRITO", out_dir, {"no se puede crear la carpeta de salida", "the output folder cannot be created"}}, lang);
            return kRejected;
        }
        for (const auto& [name, bytes] : files)
            if (!write_file_atomically(out_dir + "/" + name, *bytes, lang)) return kRejected;
    }
    if (args.flag("--json")) {
        write_stdout(rendered.json);
        return kOk;
    }
    const json::Value* veredicto = outcome.informe.find("veredicto");
    const json::Value* valor = veredicto ? veredicto->find("valor") : nullptr;
    const std::string code = valor && valor->is_string() ? valor->as_string() : "?";
    const bool en = lang == Lang::en;
    const std::string word = code == "cumple"               ? (en ? "met" : "cumple")
                             : code == "cumple_con_alertas" ? (en ? "met with alerts" : "cumple con alertas")
                             : code == "no_cumple"          ? (en ? "not met" : "no cumple")
                                                            : code;
    std::string line = (en ? "verdict: " : "veredicto: ") + word + " (`" + code + "`) · ";
    line += unchanged ? (en ? "report unchanged in " : "informe sin cambios en ") : (en ? "report written to " : "informe escrito en ");
    line += out_dir + "/: informe.json, informe.es.md, informe.en.md\n";
    write_stdout(line);
    return kOk;
}

int cmd_m9(const std::vector<std::string>& words) {
    const Args args(words, Spec{{}, {"--root"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    // The plan resolved as verify resolves it (a batch made with an earlier version of the plan is found under
    // --root): the seeds are tried on the very run verify accepts.
    run::Request request = run_request(args);
    if (!is_directory(request.main_run)) {
        print_issue({"ARCHIVO_ILEGIBLE", request.main_run, {"no existe esa carpeta de corrida", "there is no such run folder"}}, args.lang());
        return kRejected;
    }
    const verify::SuiteOutcome outcome = verify::run_seeded_gaps(request, disk());
    if (!outcome.control_legible) {  // the run itself was rejected: its reasons, as verify gives them
        for (const Bilingual& p : outcome.problemas_del_control) print_note(p);
        return kRejected;
    }
    if (outcome.no_es_humo) {
        print_note(*outcome.no_es_humo);
        return kUsage;
    }
    write_stdout(verify::suite_table(outcome, args.lang() == Lang::en));
    return outcome.ok() ? kOk : kRejected;
}

}  // namespace planlang::cli
