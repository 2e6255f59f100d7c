#pragma once
// The two kinds of `planlang card` (cmd_card.cpp): the reproducibility card (site-and-cards.md §5, Markdown)
// and the CHAI Applied Model Card (§7, XML). cmd_card.cpp parses the words and loads the run; each kind
// builds its card from the loaded run and writes it to stdout or to `out`.
#include <optional>
#include <string>

#include "core/playground/compact.hpp"
#include "native/cli/cli.hpp"

namespace planlang::cli {

struct CardOptions {
    Lang lang = Lang::es;
    std::string rundir;                   // as given on the command line
    std::optional<std::string> root;      // --root
    std::optional<std::string> schema;    // --schema v0.1|v0.2 (chai; default v0.2)
    std::optional<std::string> declared;  // --declared FILE (chai: the author's declared facts)
    std::optional<std::string> out;       // -o FILE (written atomically), else stdout
    bool json = false;                    // --json
};

int card_repro(const playground::Loaded& loaded, const CardOptions& options);
int card_chai(const playground::Loaded& loaded, const CardOptions& options);

}  // namespace planlang::cli
