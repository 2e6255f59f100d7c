// planlang card (spec/cli.md; site-and-cards.md §5, §7).
//
//   planlang card RUNDIR --kind repro|chai [--schema v0.1|v0.2] [--declared FILE] [--root DIR] [--json]
//                 [--lang es|en] [-o FILE]
//
// Loads the run as `case` and `playground` do (the all-or-nothing reader, then the compact with its report)
// and hands it to the kind's writer (card_kinds.hpp). Exit 0 card written; 1 run rejected or a card that
// fails its own checks; 2 usage error.
#include <string>
#include <vector>

#include "native/cli/card_kinds.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/playground_load.hpp"

namespace planlang::cli {

int cmd_card(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--root", "--kind", "--schema", "--declared", "-o", "--demo"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    const std::optional<std::string> kind = args.value("--kind");
    if (!kind || (*kind != "repro" && *kind != "chai"))
        return usage_error({"--kind debe ser repro o chai", "--kind must be repro or chai"});
    CardOptions options;
    options.lang = args.lang();
    options.rundir = args.positional()[0];
    options.root = args.value("--root");
    options.schema = args.value("--schema");
    options.declared = args.value("--declared");
    options.out = args.value("-o");
    options.json = args.flag("--json");
    if (options.schema && *kind != "chai") return usage_error({"--schema solo vale con --kind chai", "--schema only goes with --kind chai"});
    if (options.schema && *options.schema != "v0.1" && *options.schema != "v0.2")
        return usage_error({"--schema debe ser v0.1 o v0.2", "--schema must be v0.1 or v0.2"});
    if (options.declared && *kind != "chai") return usage_error({"--declared solo vale con --kind chai", "--declared only goes with --kind chai"});
    playground::Loaded loaded;
    if (int code = load_playground(options.rundir, options.root, args.value("--demo"), options.lang, loaded)) return code;
    return *kind == "repro" ? card_repro(loaded, options) : card_chai(loaded, options);
}

}  // namespace planlang::cli
