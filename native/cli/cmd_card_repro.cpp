// planlang card --kind repro (site-and-cards.md §5; core/cards/repro.hpp).
//
//   planlang card RUNDIR --kind repro [--root DIR] [--json] [--lang es|en] [-o FILE]
//
// The reproducibility card of a run the reader accepts: Markdown in the expert form (rows, thresholds and the
// commands that rebuild the run and its report), or the card object with --json. The commands name the run
// folder relative to the root (--root, default the working directory), as they are meant to run from there.
// A real run's `entorno.json`, when its folder has one, is shown as recorded; an unreadable one is refused.
#include <string>

#include "core/cards/repro.hpp"
#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "native/cli/card_kinds.hpp"
#include "native/cli/whole_file.hpp"

namespace planlang::cli {

int card_repro(const playground::Loaded& loaded, const CardOptions& options) {
    std::string folder = options.rundir;
    if (std::optional<std::string> under = path_under(options.rundir, options.root.value_or(""))) folder = *under;
    while (folder.size() > 1 && folder.back() == '/') folder.pop_back();

    const std::string entorno_path = options.rundir + "/entorno.json";
    const std::optional<std::string> bytes = read_whole_file(entorno_path);
    const cards::RecordedEnvironment entorno =
        cards::read_environment(bytes ? std::optional<std::string_view>(*bytes) : std::nullopt, entorno_path);
    if (entorno.problema) {
        print_issue(*entorno.problema, options.lang);
        return kRejected;
    }

    const cards::ReproCard card = cards::build_repro_card(loaded, folder, entorno.valor ? &*entorno.valor : nullptr);
    const std::string text = options.json ? json::disk_form(cards::repro_json(card)) : cards::repro_markdown(card, options.lang == Lang::en, true);
    if (!options.out) {
        write_stdout(text);
        return kOk;
    }
    if (!write_file_atomically(*options.out, text, options.lang)) return kRejected;
    return kOk;
}

}  // namespace planlang::cli
