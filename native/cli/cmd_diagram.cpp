// planlang diagram (spec/cli.md style; site-and-cards.md §3): the diagram of the graph a run ran.
//
//   planlang diagram RUNDIR [--root DIR] [--svg | --json] [--lang es|en]
//
// Reads the run through the all-or-nothing reader (plans looked for under <root>/plans/, as verify does; a
// baseline folder "<run>-base" with <run> as its main run, as verify --base reads it),
// lays out its graph against the plan's graph contract and takes each case's walk from its trace. Prints the
// SVG with --svg (its texts in the session's language), one JSON document with --json ({"corrida_id",
// "diagrama": core/site diagram_json, "recorridos": paths_json}), else a text for people: nodes, arrows and
// paths, each with the number of cases that passed there. Exit 0, 1 when the run is rejected, 2 on a usage error.
#include <algorithm>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/object_builder.hpp"
#include "core/site/diagram_svg.hpp"
#include "core/views/diagram.hpp"
#include "core/views/paths.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/whole_file.hpp"
#include "native/cli/workers.hpp"

namespace planlang::cli {

namespace {

std::string cases(std::size_t n, bool en) {
    return std::to_string(n) + (en ? (n == 1 ? " case" : " cases") : (n == 1 ? " caso" : " casos"));
}

// Ids, types and rules are the format's words: written as code (`enrutador`), in either language.
std::string code(const std::string& s) { return "`" + s + "`"; }

std::string name(const std::string& id, bool en) {
    if (id == "__start__") return en ? "START" : "INICIO";
    if (id == "__end__") return en ? "END" : "FIN";
    return code(id);
}

std::string band_words(views::Band band, bool en) {
    switch (band) {
        case views::Band::orquestacion: return en ? "orchestration" : "orquestación";
        case views::Band::agentes: return en ? "agents" : "agentes";
        case views::Band::reglas: return en ? "rules and tools" : "reglas y herramientas";
        case views::Band::pausa_humana: return en ? "human pause" : "pausa humana";
        case views::Band::extremo: return en ? "start/end" : "inicio/fin";
    }
    return "";
}

std::string status_words(views::NodeStatus status, bool en) {
    switch (status) {
        case views::NodeStatus::implementado: return en ? "implemented" : "implementado";
        case views::NodeStatus::requerido_ausente: return en ? "required, missing" : "requerido, ausente";
        case views::NodeStatus::fuera_de_contrato: return en ? "outside the contract" : "fuera del contrato";
    }
    return "";
}

std::string padded(const std::string& s, std::size_t width) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n < width ? s + std::string(width - n, ' ') : s;
}

std::string text(const std::string& corrida_id, const views::Diagram& d, const views::Paths& p, bool en) {
    std::string t = (en ? "Diagram of the graph run " + corrida_id + " ran" : "Diagrama del grafo que corrió en " + corrida_id) + "\n";
    t += (en ? "\nNodes (" : "\nNodos (") + std::to_string(d.nodos.size()) + "):\n";
    std::size_t width = 0;
    for (const views::DiagramNode& n : d.nodos) width = std::max(width, name(n.id, en).size());
    for (std::size_t i = 0; i < d.nodos.size(); ++i) {
        const views::DiagramNode& n = d.nodos[i];
        std::string line = "  " + padded(name(n.id, en), width) + "  " + padded(code(n.tipo), 14) + "  " + padded(band_words(n.band, en), 21) + "  " +
                           padded(status_words(n.status, en), 20) + "  " + cases(p.casos_por_nodo[i].size(), en);
        t += line + "\n";
    }
    t += (en ? "\nArrows (" : "\nFlechas (") + std::to_string(d.flechas.size()) + "):\n";
    for (std::size_t k = 0; k < d.flechas.size(); ++k) {
        const views::DiagramArrow& a = d.flechas[k];
        std::string what;
        switch (a.kind) {
            case views::ArrowKind::condicional: what = (en ? "if " : "si ") + std::to_string(a.orden) + " · " + code(a.regla); break;
            case views::ArrowKind::por_defecto: what = en ? "otherwise" : "si no"; break;
            case views::ArrowKind::incondicional: what = en ? "always" : "siempre"; break;
        }
        t += "  " + padded(name(a.desde, en) + " → " + name(a.hacia, en), 2 * width + 3) + "  " + padded(what, 58) + "  " +
             cases(p.casos_por_flecha[k].size(), en) + "\n";
    }
    t += (en ? "\nPaths (" : "\nRecorridos (") + std::to_string(p.recorridos.size()) + "):\n";
    for (const views::Recorrido& r : p.recorridos) {
        std::string seq;
        for (const std::string& n : r.nodos) seq += (seq.empty() ? "" : " → ") + code(n);
        std::string ids;
        for (std::size_t i = 0; i < r.casos.size() && i < 8; ++i) ids += (i ? ", " : "") + r.casos[i];
        if (r.casos.size() > 8) ids += ", …";
        t += "  " + padded(cases(r.n, en), 9) + "  " + seq + "\n      " + ids + "\n";
    }
    if (!p.sin_flecha.empty()) {
        t += en ? "\nCases with a move the diagram has no arrow for:" : "\nCasos con un paso sin flecha en el diagrama:";
        for (const std::string& id : p.sin_flecha) t += " " + id;
        t += "\n";
    }
    for (const Issue& i : d.avisos) t += "\n" + i.code + ": " + i.element + ": " + (en ? i.message.en : i.message.es) + "\n";
    return t;
}

}  // namespace

int cmd_diagram(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json", "--svg"}, {"--root"}});
    if (args.error()) return usage_error(*args.error());
    if (args.positional().size() != 1) return usage_error({"se espera una CORRIDA (carpeta)", "one RUNDIR (folder) is expected"});
    if (args.flag("--json") && args.flag("--svg")) return usage_error({"--svg y --json se excluyen", "--svg and --json exclude each other"});
    const Lang lang = args.lang();
    const bool en = lang == Lang::en;
    run::Request request = run_request(args);
    if (!is_directory(request.main_run)) {
        print_issue({"ARCHIVO_ILEGIBLE", request.main_run, {"no existe esa carpeta de corrida", "there is no such run folder"}}, lang);
        return kRejected;
    }
    // A single-agent baseline ("<run>-base" beside its run) is read as the reader reads it: with its main run.
    const bool baseline = request.main_run.size() > 5 && request.main_run.compare(request.main_run.size() - 5, 5, "-base") == 0 &&
                          is_directory(request.main_run.substr(0, request.main_run.size() - 5));
    if (baseline) {
        request.baseline = request.main_run;
        request.main_run.resize(request.main_run.size() - 5);
    }
    Workers workers;
    request.parallel = workers.parallel_for();
    run::WalkSink sink(baseline ? run::Role::base : run::Role::principal);
    const run::FileSource files = [](const std::string& path) { return read_whole_file(path); };
    const run::ReadResult read = run::read(request, files, &sink);
    if (!read.ok || !read.inputs || read.runs.empty()) {
        for (const run::Motive& m : read.motivos) print_issue(Issue{m.codigo, m.archivo, m.detalle}, lang);
        return kRejected;
    }
    const run::RunHeader* header = &read.runs.front();
    for (const run::RunHeader& h : read.runs)
        if (baseline && h.role == run::Role::base) header = &h;
    const run::RunHeader& main = *header;
    const views::Diagram diagram = views::layout_diagram(read.inputs->plan.plan, main.grafo);
    if (args.flag("--svg")) {
        write_stdout(site::diagram_svg(diagram, en));
        return kOk;
    }
    const views::Paths paths = views::compute_paths(diagram, sink.walks());
    if (args.flag("--json")) {
        write_stdout(json::disk_form(json::ObjectBuilder(3)
                                         .add("corrida_id", main.corrida_id)
                                         .add("diagrama", views::diagram_json(diagram))
                                         .add("recorridos", views::paths_json(diagram, paths))
                                         .done()));
        return kOk;
    }
    write_stdout(text(main.corrida_id, diagram, paths, en));
    return kOk;
}

}  // namespace planlang::cli
