// Paths over the diagram (core/site/paths.hpp; spec/site-and-cards.md §3): demo-a-20's distinct paths against
// counts derived here from the trace files alone (core/json, not the run reader), and against the figures
// counted by hand from its traces; the cases per node and per arrow.
#include "core/views/paths.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "site/site_fixture.hpp"
#include "support/files.hpp"

using namespace planlang;
using planlang::testing::read_text;
using planlang::testing::source_path;
using planlang::testing::site_fixture::read_run;

namespace {

const std::string kRun = "synthetic/runs/demo-a/demo-a-20";

const json::Value& get(const json::Value& v, const char* key) { return json::member_or_null(v, key); }

json::Value file(const std::string& relative) {
    const json::ReadResult r = json::read(read_text(source_path(relative)));
    REQUIRE(r.ok());
    return r.value;
}

// From the files: the run order, each case's nodos_visitados, and per case the (desde, orden) of each
// step's first true edge record.
struct FromFiles {
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> visited;
    std::map<std::string, std::vector<std::pair<std::string, int>>> fired;  // by case: (desde, orden) per writer step with a true edge
    std::map<std::string, std::set<std::string>> defaults;                   // by case: writer nodes with a step where no edge held
};

FromFiles from_files(const std::string& run) {
    FromFiles f;
    const json::Value manifest = file(run + "/corrida.json");
    for (const json::Value& id : json::array_items(get(manifest, "casos_ejecutados"))) {
        const std::string caso = id.as_string();
        f.order.push_back(caso);
        const json::Value trace = file(run + "/trazas/" + caso + ".json");
        for (const json::Value& n : json::array_items(get(trace, "nodos_visitados"))) f.visited[caso].push_back(n.as_string());
        std::map<int, std::pair<std::string, int>> first_true;  // paso → (desde, orden)
        std::map<int, std::string> any;  // paso → desde
        for (const json::Value& rec : json::array_items(get(trace, "decisiones_de_arista"))) {
            const int paso = static_cast<int>(get(rec, "paso").as_number());
            any[paso] = get(rec, "desde").as_string();
            if (get(rec, "resultado") == json::Value(true) && !first_true.count(paso))
                first_true[paso] = {get(rec, "desde").as_string(), static_cast<int>(get(rec, "orden_arista").as_number())};
        }
        for (const auto& [paso, desde] : any) {
            if (first_true.count(paso)) f.fired[caso].push_back(first_true[paso]);
            else f.defaults[caso].insert(desde);
        }
    }
    return f;
}

}  // namespace

TEST_CASE("paths: demo-a-20's distinct paths, counted from its trace files") {
    const auto& r = read_run(kRun);
    const views::Diagram d = views::layout_diagram(r.plan(), r.graph());
    const views::Paths p = views::compute_paths(d, r.walks);
    const FromFiles f = from_files(kRun);

    // Group the files' sequences independently.
    std::map<std::vector<std::string>, std::vector<std::string>> groups;
    for (const std::string& caso : f.order) groups[f.visited.at(caso)].push_back(caso);
    REQUIRE(p.recorridos.size() == groups.size());
    std::size_t total = 0;
    for (std::size_t i = 0; i < p.recorridos.size(); ++i) {
        const views::Recorrido& rec = p.recorridos[i];
        CAPTURE(i);
        REQUIRE(groups.count(rec.nodos));
        CHECK(rec.casos == groups.at(rec.nodos));  // the same cases, in run order
        CHECK(rec.n == rec.casos.size());
        total += rec.n;
        if (i > 0) {
            const views::Recorrido& prev = p.recorridos[i - 1];
            CHECK((prev.n > rec.n || (prev.n == rec.n && prev.nodos < rec.nodos)));
        }
    }
    CHECK(total == f.order.size());
    CHECK(p.sin_flecha.empty());

    // By hand, from the 20 traces: 6 paths of 9, 5, 3, 1, 1, 1 cases.
    std::vector<std::size_t> counts;
    for (const views::Recorrido& rec : p.recorridos) counts.push_back(rec.n);
    CHECK(counts == std::vector<std::size_t>{9, 5, 3, 1, 1, 1});
    CHECK(p.recorridos[0].nodos == std::vector<std::string>{"enrutador", "extractor", "verificador_cobertura", "decision", "pausa_humana", "redactor",
                                                            "guardia_salida"});
    CHECK(p.recorridos[1].casos == std::vector<std::string>{"A-003", "A-007", "A-008", "A-014", "A-020"});
    CHECK(p.recorridos[2].nodos == std::vector<std::string>{"enrutador", "redactor", "guardia_salida"});
    CHECK(p.recorridos[2].casos == std::vector<std::string>{"A-002", "A-010", "A-018"});
    CHECK(p.recorridos[3].casos == std::vector<std::string>{"A-017"});  // three clarifications, then the pause (U3)
    CHECK(p.recorridos[3].nodos.size() == 10);
}

TEST_CASE("paths: the cases that passed each node and each arrow of demo-a-20") {
    const auto& r = read_run(kRun);
    const views::Diagram d = views::layout_diagram(r.plan(), r.graph());
    const views::Paths p = views::compute_paths(d, r.walks);
    const FromFiles f = from_files(kRun);
    REQUIRE(p.casos_por_nodo.size() == d.nodos.size());
    REQUIRE(p.casos_por_flecha.size() == d.flechas.size());

    // Per node: the cases whose nodos_visitados hold it, in run order; START and END: every case.
    for (std::size_t i = 0; i < d.nodos.size(); ++i) {
        const std::string& id = d.nodos[i].id;
        CAPTURE(id);
        std::vector<std::string> want;
        for (const std::string& caso : f.order) {
            const auto& v = f.visited.at(caso);
            if (id == "__start__" || id == "__end__" || std::find(v.begin(), v.end(), id) != v.end()) want.push_back(caso);
        }
        CHECK(p.casos_por_nodo[i] == want);
    }
    // Per conditional arrow: the cases with a step whose first true record is that edge; per default arrow of
    // a node: the cases with a step of it where no edge held; per unconditional arrow: the cases that moved so.
    for (std::size_t k = 0; k < d.flechas.size(); ++k) {
        const views::DiagramArrow& a = d.flechas[k];
        CAPTURE(a.desde);
        CAPTURE(a.hacia);
        CAPTURE(a.orden);
        std::vector<std::string> want;
        for (const std::string& caso : f.order) {
            const auto& v = f.visited.at(caso);
            bool passed = false;
            if (a.kind == views::ArrowKind::condicional) {
                for (const auto& [desde, orden] : f.fired.count(caso) ? f.fired.at(caso) : std::vector<std::pair<std::string, int>>{})
                    passed = passed || (desde == a.desde && orden == a.orden);
            } else if (a.desde == "__start__") {
                passed = !v.empty() && v.front() == a.hacia;
            } else if (a.hacia == "__end__") {
                passed = !v.empty() && v.back() == a.desde;
            } else {
                for (std::size_t s = 0; s + 1 < v.size(); ++s) passed = passed || (v[s] == a.desde && v[s + 1] == a.hacia);
                // A writer's default arrow and a conditional one may join the same two nodes: the records decide.
                if (a.kind == views::ArrowKind::por_defecto)
                    passed = passed && f.defaults.count(caso) && f.defaults.at(caso).count(a.desde);
            }
            if (passed) want.push_back(caso);
        }
        CHECK(p.casos_por_flecha[k] == want);
    }
    // By hand: 10 cases reach the pause, 5 of them by edge 3 of decision (cost above U2), one by U3 (A-017).
    const auto cases_of = [&](const std::string& desde, const std::string& hacia, int orden) {
        for (std::size_t k = 0; k < d.flechas.size(); ++k)
            if (d.flechas[k].desde == desde && d.flechas[k].hacia == hacia && d.flechas[k].orden == orden) return p.casos_por_flecha[k];
        FAIL("no arrow " << desde << " → " << hacia);
        return std::vector<std::string>{};
    };
    CHECK(p.casos_por_nodo[static_cast<std::size_t>(d.node_index("pausa_humana"))].size() == 10);
    CHECK(cases_of("decision", "pausa_humana", 3).size() == 5);
    CHECK(cases_of("aclaracion", "pausa_humana", 2) == std::vector<std::string>{"A-017"});
    CHECK(cases_of("decision", "pausa_humana", 6).empty());
    CHECK(cases_of("decision", "redactor", 0).size() == 7);
    // A path's arrows: the union of its cases' arrows.
    const views::Recorrido& shortest = p.recorridos[2];  // enrutador → redactor → guardia_salida
    std::vector<std::string> taken;
    for (std::size_t k : shortest.flechas) taken.push_back(d.flechas[k].desde + ">" + d.flechas[k].hacia + "#" + std::to_string(d.flechas[k].orden));
    CHECK(taken == std::vector<std::string>{"__start__>enrutador#0", "enrutador>redactor#1", "enrutador>redactor#2", "redactor>guardia_salida#0",
                                            "guardia_salida>__end__#0"});
}

TEST_CASE("paths: a move the diagram has no arrow for, and the JSON form") {
    const auto& r = read_run(kRun);
    const views::Diagram d = views::layout_diagram(r.plan(), r.graph());
    std::vector<run::CaseWalk> walks = r.walks;
    run::CaseWalk odd;
    odd.caso_id = "X-1";
    odd.nodos = {"enrutador", "guardia_salida"};  // no such arrow
    odd.disparo = {-1, -1};
    walks.push_back(odd);
    const views::Paths p = views::compute_paths(d, walks);
    CHECK(p.sin_flecha == std::vector<std::string>{"X-1"});
    CHECK(p.recorridos.size() == 7);
    const json::Value j = views::paths_json(d, p);
    CHECK(json::array_items(get(j, "recorridos")).size() == 7);
    CHECK(json::canonical(get(json::array_items(get(j, "recorridos"))[0], "n")) == "9");
    CHECK(json::array_items(get(j, "por_flecha")).size() == d.flechas.size());
    CHECK(json::canonical(get(j, "sin_flecha")) == "[\"X-1\"]");
}
