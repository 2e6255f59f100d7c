// planlang case (spec/site-and-cards.md §4: the case page, built on demand).
//
//   planlang case RUNDIR CASE_ID [--root DIR] [--demo FILE] [--expert] [--json] [--lang es|en]
//
// Loads the run as the playground does (the all-or-nothing reader, then the compact; cmd_playground.cpp),
// reads that case's trace again through the reader's checks and prints its page: Markdown for people in
// the chosen language (--expert adds the edge tables, the signals' values and the pause payload), or the
// page object with --json. Exit 0 with a page; 1 when the run is rejected, the case is not one the run
// executed, or its trace fails a check (every reason on stderr); 2 on a usage error.
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/views/case_page.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/playground_load.hpp"
#include "native/cli/whole_file.hpp"

namespace planlang::cli {

int cmd_case(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json", "--expert"}, {"--root", "--demo"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 2)
        return usage_error({"se esperan una CORRIDA (carpeta) y un CASO (id)", "one RUNDIR (folder) and one CASE_ID are expected"});
    const Lang lang = args.lang();
    playground::Loaded loaded;
    if (int code = load_playground(args.positional()[0], args.value("--root"), args.value("--demo"), lang, loaded)) return code;
    const run::FileSource files = [](const std::string& path) { return read_whole_file(path); };
    const views::CasePage page = views::build_case_page(loaded, files, args.positional()[1]);
    if (!page.ok) {
        for (const Issue& i : page.problemas) print_issue(i, lang);
        return kRejected;
    }
    if (args.flag("--json")) write_stdout(json::disk_form(views::case_page_json(page)));
    else write_stdout(views::case_page_markdown(page, lang == Lang::en, args.flag("--expert")));
    return kOk;
}

}  // namespace planlang::cli
