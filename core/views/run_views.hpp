#pragma once
// What the app and the site both draw of a loaded run, built in one call: every executed case's page, the
// diagram of the graph that ran and the paths the cases took over it. The traces are read once each, through the
// run reader's per-trace checks (run::read_one_trace), so no stage above reads a trace file itself.
#include <vector>

#include "core/common/issue.hpp"
#include "core/playground/compact.hpp"
#include "core/run/reader.hpp"
#include "core/views/case_page.hpp"
#include "core/views/diagram.hpp"
#include "core/views/paths.hpp"

namespace planlang::views {

// Where trace files come from (the caller's: disk, memory, the browser's fetched data).
using FileSource = run::FileSource;

struct RunViews {
    std::vector<CasePage> pages;  // run order; a case whose page cannot be built is left out, its problems below
    Diagram diagram;              // the graph that ran, against the plan's contract
    Paths paths;                  // over `diagram`, from every readable case's walk
    Issues problemas;
};

// `loaded` must be ok (playground::Loaded with its run, inputs and compact).
RunViews run_views(const playground::Loaded& loaded, const FileSource& files);

}  // namespace planlang::views
