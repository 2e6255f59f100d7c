#pragma once
// The three files of a report as `planlang verify` writes them (spec/cli.md): informe.json in its disk form
// and the Markdown rendering in each language. `planlang bench` makes the same three per round.
#include <string>

#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::cli {

struct ReportFiles {
    std::string json;  // informe.json
    std::string es;    // informe.es.md
    std::string en;    // informe.en.md
};

// Renders the three on the workers when `parallel` is set, else one after the other; same bytes either way.
ReportFiles report_files(const json::Value& informe, const run::ParallelFor& parallel);

}  // namespace planlang::cli
