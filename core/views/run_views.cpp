// The views of a loaded run in one call (run_views.hpp).
#include "core/views/run_views.hpp"

#include "core/run/one_trace.hpp"
#include "core/run/walks.hpp"

namespace planlang::views {

RunViews run_views(const playground::Loaded& loaded, const FileSource& files) {
    RunViews out;
    std::vector<run::CaseWalk> walks;
    for (const std::string& id : loaded.corrida->casos_ejecutados) {
        // Each trace read once: its page and its walk come from the same reading. A trace that does not read
        // gets build_case_page's account of why (it reads the file again, for that case only).
        const run::OneTrace one = run::read_one_trace(files, *loaded.corrida, id);
        CasePage page = one.declarada && one.ok ? case_page_from_trace(loaded, one.tree, one.archivo) : build_case_page(loaded, files, id);
        if (!page.ok) {
            for (Issue& i : page.problemas) out.problemas.push_back(std::move(i));
            continue;
        }
        out.pages.push_back(std::move(page));
        walks.push_back(run::case_walk(run::Trace{one.tree, one.steps, one.records, one.pauses}));
    }
    out.diagram = layout_diagram(loaded.entradas->plan.plan, loaded.corrida->grafo);
    out.paths = compute_paths(out.diagram, walks);
    return out;
}

}  // namespace planlang::views
