// planlang sweep (spec/cli.md; playground.md §10.3, ours).
//
//   planlang sweep RUNDIR [--root DIR] [--grid U1=a:b:paso --grid U2=a:b:paso] [--set U3=3]… [--json] [--lang es|en]
//
// Loads the run as `playground` does, replays it at every point of a grid over two numeric thresholds (the
// others at the plan's values unless --set fixes them) and prints the points, their Pareto front of errors
// against reviewer minutes and the plan's point: the JSON object with --json, else a table for people.
// Without --grid both axes are the first two numeric thresholds of the plan (demo A: U1 and U2), each over its
// whole playable range at the range's step (the slider's positions: 10 × 49 = 490 points for demo A);
// otherwise exactly two --grid. Errors are counted against the batch's frozen truth until the generator's
// truth per setting is wired in (the object says which in `verdad`). Exit 0 when swept, 1 when the run is
// rejected or has no playground, 2 on a usage error.
#include <memory>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/playground/additions.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/sweep.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/playground_load.hpp"
#include "native/cli/progress.hpp"

namespace planlang::cli {

int cmd_sweep(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--root", "--grid", "--set", "--demo"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    const std::vector<std::string> grids = args.values("--grid");
    if (!grids.empty() && grids.size() != 2)
        return usage_error({"se esperan exactamente dos --grid (o ninguno: los dos primeros umbrales numéricos en todo su rango)",
                            "exactly two --grid are expected (or none: the first two numeric thresholds over their whole range)"});
    const Lang lang = args.lang();
    playground::Loaded loaded;
    if (int code = load_playground(args.positional()[0], args.value("--root"), args.value("--demo"), lang, loaded)) return code;
    const playground::Compact& compact = *loaded.compacto;

    playground::GridAxis axes[2];
    if (grids.empty()) {
        std::size_t found = 0;
        for (std::size_t t = 0; t < compact.umbrales.size() && found < 2; ++t)
            if (!compact.umbrales[t].booleano) axes[found++] = playground::full_axis(compact, t);
        if (found < 2) {
            print_issue({"PLAYGROUND_REJILLA_INVALIDA", "umbrales",
                         {"el plan no tiene dos umbrales numéricos que barrer", "the plan does not have two numeric thresholds to sweep"}},
                        lang);
            return kRejected;
        }
    } else {
        for (std::size_t i = 0; i < 2; ++i)
            if (std::optional<Issue> bad = playground::parse_grid(compact, grids[i], axes[i])) {
                print_issue(*bad, lang);
                return kUsage;
            }
    }
    if (std::optional<Issue> bad = playground::check_grid(compact, axes[0], axes[1])) {
        print_issue(*bad, lang);
        return kUsage;
    }
    playground::Setting base = playground::plan_setting(compact);
    for (const std::string& s : args.values("--set"))
        if (std::optional<Issue> bad = playground::set_threshold(compact, base, s)) {
            print_issue(*bad, lang);
            return kUsage;
        }

    // Drawn only when stderr is a terminal (spec/cli.md).
    std::unique_ptr<Progress> bar;
    const playground::SweepProgress progress = [&](std::size_t done, std::size_t total) {
        if (!bar) bar = std::make_unique<Progress>("sweep " + compact.corrida_id, total);
        bar->step();
        (void)done;
    };
    const playground::Sweep swept = playground::sweep(compact, base, axes[0], axes[1],
                          [&compact](std::size_t caso, const json::Value& applied) { return playground::must_escalate_at(compact, caso, applied); },
                          progress);
    bar.reset();
    const json::Value result = playground::sweep_json(compact, swept);
    if (args.flag("--json")) {
        write_stdout(json::disk_form(result));
        return kOk;
    }
    write_stdout(playground::sweep_text(result, lang == Lang::en));
    return kOk;
}

}  // namespace planlang::cli
