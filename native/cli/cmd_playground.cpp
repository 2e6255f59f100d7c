// planlang playground (spec/cli.md; playground.md §1–§8, §10, §11).
//
//   planlang playground RUNDIR [--root DIR] [--set U1=0.8]… [--demo FILE] [--strict] [--json] [--lang es|en]
//
// Loads the run through the all-or-nothing reader, builds the compact, runs the self-check, replays the run
// at the setting --set gives (the plan's values for every threshold it does not name) and prints the result:
// the JSON object with --json, else a text for people. Exit 0 when replayed (also when the self-check fails:
// the object says so), 1 when the run is rejected or has no playground, 2 on a usage error.
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/playground/additions.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "core/playground/text.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/playground_load.hpp"
#include "native/cli/whole_file.hpp"
#include "native/cli/workers.hpp"

namespace planlang::cli {

// Shared with sweep (cmd_sweep.cpp): the run loaded for the playground, or the exit code after saying why not.
int load_playground(const std::string& rundir, const std::optional<std::string>& root, const std::optional<std::string>& demo, Lang lang,
                    playground::Loaded& loaded) {
    playground::LoadRequest request;
    request.lectura = run_request(rundir, root);
    if (!is_directory(request.lectura.main_run)) {
        print_issue({"ARCHIVO_ILEGIBLE", request.lectura.main_run, {"no existe esa carpeta de corrida", "there is no such run folder"}}, lang);
        return kRejected;
    }
    if (demo) {
        request.opciones = read_whole_file(*demo);
        if (!request.opciones) {
            print_issue({"ARCHIVO_ILEGIBLE", *demo, {"no se puede leer el manifiesto de demo", "the demo manifest cannot be read"}}, lang);
            return kRejected;
        }
    }
    Workers workers;
    request.lectura.parallel = workers.parallel_for();
    const run::FileSource files = [](const std::string& path) { return read_whole_file(path); };
    loaded = playground::load(request, files);
    if (!loaded.ok) {
        for (const run::Motive& m : loaded.motivos) print_issue(Issue{m.codigo, m.archivo, m.detalle}, lang);
        for (const Issue& i : loaded.problemas) print_issue(i, lang);
        return kRejected;
    }
    return kOk;
}

int cmd_playground(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json", "--strict"}, {"--root", "--set", "--demo"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    const Lang lang = args.lang();
    playground::Loaded loaded;
    if (int code = load_playground(args.positional()[0], args.value("--root"), args.value("--demo"), lang, loaded)) return code;
    const playground::Compact& compact = *loaded.compacto;
    playground::Setting setting = playground::plan_setting(compact);
    for (const std::string& s : args.values("--set"))
        if (std::optional<Issue> bad = playground::set_threshold(compact, setting, s)) {
            print_issue(*bad, lang);
            return kUsage;
        }
    const playground::Replay replay = playground::play(compact, setting);
    const bool strict = args.flag("--strict");
    playground::Extras extras;
    if (!strict) extras = playground::Additions(loaded).at(replay);
    const json::Value result = playground::replay_json(compact, replay, strict, extras);
    if (args.flag("--json")) {
        write_stdout(json::disk_form(result));
        return kOk;
    }
    write_stdout(playground::replay_text(result, lang == Lang::en));
    return kOk;
}

}  // namespace planlang::cli
