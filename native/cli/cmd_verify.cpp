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
#include <string>

#include "core/verify/seeded_gaps.hpp"
#include "core/verify/verifier.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/progress.hpp"
#include "native/cli/report_files.hpp"
#include "native/cli/whole_file.hpp"
#include "native/cli/workers.hpp"

namespace planlang::cli {
namespace {

const char* const kVerifyUsage =
    "uso / usage: planlang verify RUNDIR [--root DIR] [--base RUNDIR] [--rep RUNDIR]... [--plan P] [--plan-del-lote P] "
    "[--plan-de-la-corrida P] [--strict] [-o OUTDIR] [--json]";

// Whole files read with one allocation of their size (the verifier reads every trace once). Safe to call
// from several threads at once (Request::parallel).
run::FileSource disk() { return [](const std::string& path) { return read_whole_file(path); }; }

std::string strip_slash(std::string p) {
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    return p;
}

void print_motives(const std::vector<run::Motive>& motives, Lang lang) {
    for (const run::Motive& m : motives) print_issue(Issue{m.codigo, m.archivo, m.detalle}, lang);
}

}  // namespace

int cmd_verify(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json", "--strict"},
                                {"--lang", "--root", "--base", "--rep", "--plan", "--plan-del-lote", "--plan-de-la-corrida", "-o"}});
    if (args.error()) return usage_error(*args.error() + "\n" + kVerifyUsage);
    if (args.positional().size() != 1) return usage_error(std::string("falta RUNDIR / missing RUNDIR\n") + kVerifyUsage);
    const Lang lang = args.lang();
    run::Request request;
    request.root = args.value("--root").value_or("");
    request.main_run = strip_slash(args.positional()[0]);
    for (const std::string& r : args.values("--rep")) request.repetitions.push_back(strip_slash(r));
    if (auto b = args.value("--base")) request.baseline = strip_slash(*b);
    request.plan = args.value("--plan");
    if (request.plan) request.plan_archivo = path_under(*request.plan, request.root);  // the report names it so
    // A plan the batch or the run names and no flag gives is looked for as the original does, among the
    // repository's plans: every .json under <root>/plans/.
    request.plan_candidates = json_files_under(run::join(request.root, "plans"));
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
        return kRejected;
    }
    const std::string out_dir = strip_slash(args.value("-o").value_or(request.main_run));
    const ReportFiles rendered = report_files(outcome.informe, request.parallel);
    if (!make_directories(out_dir)) {
        print_issue({"ARCHIVO_ILEGIBLE", out_dir, {"no se puede crear la carpeta de salida", "the output folder cannot be created"}}, lang);
        return kRejected;
    }
    if (!write_file_atomically(out_dir + "/informe.json", rendered.json, lang) ||
        !write_file_atomically(out_dir + "/informe.es.md", rendered.es, lang) ||
        !write_file_atomically(out_dir + "/informe.en.md", rendered.en, lang))
        return kRejected;
    if (args.flag("--json")) {
        write_stdout(rendered.json);
        return kOk;
    }
    const json::Value* veredicto = outcome.informe.find("veredicto");
    const json::Value* valor = veredicto ? veredicto->find("valor") : nullptr;
    const std::string line = (lang == Lang::es ? "veredicto: " : "verdict: ") + (valor && valor->is_string() ? valor->as_string() : "?") +
                             " · " + out_dir + "/informe.json · informe.es.md · informe.en.md\n";
    write_stdout(line);
    return kOk;
}

int cmd_m9(const std::vector<std::string>& words) {
    const Args args(words, Spec{{}, {"--lang", "--root"}});
    if (args.error()) return usage_error(*args.error() + "\nuso / usage: planlang m9 RUNDIR [--root DIR]");
    if (args.positional().size() != 1) return usage_error("falta RUNDIR / missing RUNDIR\nuso / usage: planlang m9 RUNDIR [--root DIR]");
    run::Request request;
    request.root = args.value("--root").value_or("");
    request.main_run = strip_slash(args.positional()[0]);
    const verify::SuiteOutcome outcome = verify::run_seeded_gaps(request, disk());
    write_stdout(verify::suite_table(outcome));
    return outcome.ok() ? kOk : kRejected;
}

}  // namespace planlang::cli
