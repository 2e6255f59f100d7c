// The all-or-nothing reader (traces-and-verifier.md §7): our committed runs read with no motive and stream
// every trace once, in manifest order; the broken-run corpus (tests/data/run/, see its README.md) gives
// exactly the expected motives, codes and files in §7's order.
#include "core/run/reader.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "support/json_patch.hpp"
#include "support/run_files.hpp"

using namespace planlang;
using planlang::testing::RunFiles;

namespace {

const std::string kRuns = "synthetic/runs/demo-a/";

// Records what the reader streams.
struct Recorder : run::TraceSink {
    int begins = 0;
    std::vector<std::string> runs;    // corrida_id
    std::vector<std::string> traces;  // corrida_id/caso_id
    std::string plan_id;
    std::int64_t batch_n = 0;
    void begin(const run::Inputs& in) override {
        ++begins;
        plan_id = in.plan.plan.id;
        batch_n = in.batch.n;
    }
    void run(const run::RunHeader& h) override { runs.push_back(h.corrida_id); }
    void trace(const run::RunHeader& h, const run::Trace& t) override {
        traces.push_back(h.corrida_id + "/" + t.tree.find("caso_id")->as_string());
    }
};

std::string lines(const std::vector<run::Motive>& motives) {
    std::string out;
    for (const run::Motive& m : motives) out += m.codigo + " @ " + m.archivo + " · " + m.detalle.en + "\n";
    return out;
}

std::string issue_lines(const Issues& issues) {
    std::string out;
    for (const Issue& i : issues) out += i.code + " @ " + i.element + " · " + i.message.en + "\n";
    return out;
}

// `rq` with tasks run on this thread in index order, or the last first (Request::parallel), and traces
// prepared two at a time.
run::Request with_tasks(run::Request rq, bool last_first) {
    rq.parallel = [last_first](std::size_t n, const std::function<void(std::size_t)>& task) {
        for (std::size_t i = 0; i < n; ++i) task(last_first ? n - 1 - i : i);
    };
    rq.prepare_ahead = 2;
    return rq;
}

std::vector<std::string> executed(const RunFiles& files, const std::string& dir) {
    std::vector<std::string> out;
    const json::Value manifest = *files.json_of(dir + "/corrida.json");
    for (const json::Value& id : manifest.find("casos_ejecutados")->as_array())
        out.push_back(dir.substr(dir.rfind('/') + 1) + "/" + id.as_string());
    return out;
}

}  // namespace

TEST_CASE("reader: our committed runs read with no motive and stream every trace once, in order") {
    struct Row {
        std::string main;
        std::vector<std::string> repetitions;
        std::string baseline;
    };
    const Row rows[] = {
        {"demo-a-humo-3", {}, ""},
        {"demo-a-20", {"demo-a-20-r2", "demo-a-20-r3"}, "demo-a-20-base"},
        {"demo-a-200", {}, "demo-a-200-base"},
    };
    RunFiles files;
    for (const Row& row : rows) {
        CAPTURE(row.main);
        run::Request rq;
        rq.main_run = kRuns + row.main;
        for (const std::string& r : row.repetitions) rq.repetitions.push_back(kRuns + r);
        if (!row.baseline.empty()) rq.baseline = kRuns + row.baseline;
        Recorder sink;
        const run::ReadResult r = run::read(rq, files.source(), &sink);
        INFO(lines(r.motivos));
        CHECK(r.ok);
        CHECK(r.motivos.empty());
        CHECK(r.esquema_completo.empty());
        CHECK(r.n_lote_distinto.empty());
        REQUIRE(r.inputs);
        CHECK(r.inputs->plan.plan.id == "plan-demo-a");
        CHECK(r.inputs->world);
        CHECK(sink.begins == 1);
        CHECK(sink.plan_id == "plan-demo-a");
        CHECK(sink.batch_n == static_cast<std::int64_t>(files.json_of(rq.main_run + "/corrida.json")->find("casos_ejecutados")->as_array().size()));
        std::vector<std::string> dirs{rq.main_run};
        for (const std::string& d : rq.repetitions) dirs.push_back(d);
        if (rq.baseline) dirs.push_back(*rq.baseline);
        std::vector<std::string> expected_runs, expected_traces;
        for (const std::string& d : dirs) {
            expected_runs.push_back(d.substr(d.rfind('/') + 1));
            for (std::string& t : executed(files, d)) expected_traces.push_back(std::move(t));
        }
        CHECK(sink.runs == expected_runs);
        CHECK(sink.traces == expected_traces);
        REQUIRE(r.runs.size() == dirs.size());
        CHECK(r.runs.front().role == run::Role::principal);
        CHECK(r.runs.back().role == (row.baseline.empty() ? run::Role::principal : run::Role::base));
        // The batch index finds every executed case and nothing else.
        for (const std::string& id : r.runs.front().casos_ejecutados) {
            CAPTURE(id);
            const std::optional<json::Value> c = r.inputs->batch.find_case(id);
            REQUIRE(c);
            CHECK(r.inputs->batch.has_case(id));
            CHECK(c->find("id")->as_string() == id);
        }
        CHECK_FALSE(r.inputs->batch.find_case("A-000").has_value());
        CHECK_FALSE(r.inputs->batch.has_case(""));
    }
}

TEST_CASE("reader: the graph is typed with the plan's shapes") {
    RunFiles files;
    run::Request rq;
    rq.main_run = kRuns + "demo-a-humo-3";
    const run::ReadResult r = run::read(rq, files.source(), nullptr);
    REQUIRE(r.ok);
    const run::Graph& g = r.runs.front().grafo;
    const json::Value doc = *files.json_of(rq.main_run + "/grafo.json");
    CHECK(g.variante == "multiagente");
    CHECK(g.demo_id == "demo-a");
    CHECK(g.nodos.size() == doc.find("nodos")->as_array().size());
    CHECK(g.aristas_condicionales.size() == doc.find("aristas_condicionales")->as_array().size());
    CHECK(g.ramas_por_defecto.size() == doc.find("ramas_por_defecto")->as_object().size());
    REQUIRE(g.pausas_humanas.size() == 1);
    CHECK(g.pausas_humanas[0].nodo == "pausa_humana");
    CHECK(g.huella == doc.find("huella")->as_string());
    CHECK(r.runs.front().huella == files.json_of(rq.main_run + "/corrida.json")->find("huella")->as_string());
}

TEST_CASE("reader: join") {
    const std::pair<std::pair<std::string, std::string>, std::string> rows[] = {
        {{"a/b", "c/d.json"}, "a/b/c/d.json"}, {{"", "c.json"}, "c.json"}, {{"a/", "c.json"}, "a/c.json"},
        {{"a", ""}, "a"},                      {{"a", "/abs/x.json"}, "/abs/x.json"},
    };
    for (const auto& row : rows) {
        CAPTURE(row.first.first);
        CAPTURE(row.first.second);
        CHECK(run::join(row.first.first, row.first.second) == row.second);
    }
}

TEST_CASE("reader: a missing main run, and no file source at all, are motives, not crashes") {
    RunFiles files;
    run::Request rq;
    rq.main_run = kRuns + "no-existe";
    Recorder sink;
    const run::ReadResult r = run::read(rq, files.source(), &sink);
    CHECK_FALSE(r.ok);
    REQUIRE(r.motivos.size() == 2);
    CHECK(r.motivos[0].codigo == "ESQUEMA");
    CHECK(r.motivos[0].archivo == rq.main_run + "/corrida.json");
    CHECK(r.motivos[1].codigo == "REFERENCIA_ROTA");
    CHECK(r.motivos[1].archivo == rq.main_run + "/grafo.json");
    CHECK(sink.begins == 0);
    const run::ReadResult none = run::read(rq, run::FileSource{}, nullptr);
    CHECK_FALSE(none.ok);
}

// [SECTION] the broken-run corpus
namespace {

struct Expected {
    std::string codigo, archivo;
};

std::string expected_lines(const json::Value& list) {
    std::string out;
    for (const json::Value& e : list.as_array()) out += e.find("codigo")->as_string() + " @ " + e.find("archivo")->as_string() + "\n";
    return out;
}

std::string actual_lines(const std::vector<run::Motive>& motives) {
    std::string out;
    for (const run::Motive& m : motives) out += m.codigo + " @ " + m.archivo + "\n";
    return out;
}

const json::Value* member(const json::Value& v, const char* key) { return v.is_object() ? v.find(key) : nullptr; }

std::optional<std::string> opt_string(const json::Value& v, const char* key) {
    const json::Value* m = member(v, key);
    if (!m || m->is_null()) return std::nullopt;
    return m->as_string();
}

}  // namespace

TEST_CASE("reader: the broken-run corpus (tests/data/run/)") {
    const auto cases = planlang::testing::list_files(planlang::testing::source_path("tests/data/run"), ".json");
    REQUIRE(cases.size() >= 30);
    for (const std::string& file : cases) {
        CAPTURE(file);
        const json::ReadResult spec_read = json::read(planlang::testing::read_text(file));
        REQUIRE(spec_read.ok());
        const json::Value& spec = spec_read.value;
        for (const json::Member& m : spec.as_object()) {
            CAPTURE(m.key);
            CHECK((m.key == "descripcion" || m.key == "solicitud" || m.key == "cambios" || m.key == "resellar" || m.key == "esperado" ||
                   m.key == "encontrados"));
        }
        // The request (default: the smoke run alone).
        run::Request rq;
        rq.main_run = kRuns + "demo-a-humo-3";
        if (const json::Value* s = member(spec, "solicitud")) {
            if (auto v = opt_string(*s, "principal")) rq.main_run = *v;
            if (const json::Value* reps = member(*s, "repeticiones"))
                for (const json::Value& r : reps->as_array()) rq.repetitions.push_back(r.as_string());
            rq.baseline = opt_string(*s, "base");
            rq.plan = opt_string(*s, "plan");
            rq.plan_del_lote = opt_string(*s, "plan_del_lote");
            rq.plan_de_la_corrida = opt_string(*s, "plan_de_la_corrida");
            if (const json::Value* c = member(*s, "candidatos"))
                for (const json::Value& path : c->as_array()) rq.plan_candidates.push_back(path.as_string());
        }
        std::vector<std::string> dirs{rq.main_run};
        for (const std::string& d : rq.repetitions) dirs.push_back(d);
        if (rq.baseline) dirs.push_back(*rq.baseline);
        // The changes, in order.
        RunFiles files;
        if (const json::Value* changes = member(spec, "cambios"))
            for (const json::Value& c : changes->as_array()) {
                if (auto from = opt_string(c, "copiar_corrida")) {
                    files.copy_run(*from, c.find("a")->as_string());
                    continue;
                }
                const std::string path = c.find("archivo")->as_string();
                CAPTURE(path);
                if (auto from = opt_string(c, "copia_de")) {
                    std::optional<json::Value> doc = files.json_of(*from);
                    REQUIRE(doc);
                    if (const json::Value* patch = member(c, "patch")) REQUIRE_FALSE(planlang::testing::apply_patch(*doc, *patch));
                    files.put_json(path, *doc);
                } else if (const json::Value* patch = member(c, "patch")) {
                    std::optional<json::Value> doc = files.json_of(path);
                    REQUIRE(doc);
                    const auto error = planlang::testing::apply_patch(*doc, *patch);
                    INFO((error ? *error : std::string()));
                    REQUIRE_FALSE(error);
                    files.put_json(path, *doc);
                } else if (auto text = opt_string(c, "texto")) {
                    files.put(path, *text);
                } else if (member(c, "borrar")) {
                    files.remove(path);
                } else {
                    FAIL("unknown change");
                }
            }
        if (const json::Value* reseal = member(spec, "resellar"))
            for (const json::Value& p : reseal->as_array()) files.reseal(p.as_string(), dirs);
        Recorder sink;
        const run::ReadResult r = run::read(rq, files.source(), &sink);
        const json::Value* expected = member(spec, "esperado");
        REQUIRE(expected);
        INFO(lines(r.motivos));
        CHECK(actual_lines(r.motivos) == expected_lines(*expected));
        CHECK(r.ok == expected->as_array().empty());
        for (const run::Motive& m : r.motivos) {
            CHECK_FALSE(m.detalle.es.empty());
            CHECK_FALSE(m.detalle.en.empty());
        }
        // Optional `detalle`: a text both languages' details must contain (a JSON path, a line:column).
        const json::Array& items = expected->as_array();
        for (std::size_t i = 0; i < items.size() && i < r.motivos.size(); ++i)
            if (auto detail = opt_string(items[i], "detalle")) {
                CAPTURE(*detail);
                CHECK(r.motivos[i].detalle.es.find(*detail) != std::string::npos);
                CHECK(r.motivos[i].detalle.en.find(*detail) != std::string::npos);
            }
        // Plans found among the candidates, in the order they were looked for (none when the case lists none).
        std::string found, expected_found;
        for (const run::FoundPlan& f : r.planes_encontrados) found += f.rol + " @ " + f.archivo + "\n";
        if (const json::Value* e = member(spec, "encontrados"))
            for (const json::Value& f : e->as_array()) expected_found += f.find("rol")->as_string() + " @ " + f.find("archivo")->as_string() + "\n";
        CHECK(found == expected_found);
        // With tasks (the main run's batch and visits walked while its manifest is read), in either order:
        // the same reading, motive for motive.
        for (const bool last_first : {false, true}) {
            CAPTURE(last_first);
            const run::Request tasked = with_tasks(rq, last_first);
            Recorder tasked_sink;
            const run::ReadResult t = run::read(tasked, files.source(), &tasked_sink);
            CHECK(t.ok == r.ok);
            CHECK(lines(t.motivos) == lines(r.motivos));
            CHECK(issue_lines(t.esquema_completo) == issue_lines(r.esquema_completo));
            CHECK(tasked_sink.begins == sink.begins);
            CHECK(tasked_sink.runs == sink.runs);
            CHECK(tasked_sink.traces == sink.traces);
        }
    }
}

TEST_CASE("reader: with tasks, a main run's files are read once and read the same, whatever its manifest's text") {
    const std::string dir = kRuns + "demo-a-humo-3";
    const std::string manifest_path = dir + "/corrida.json";
    const std::string batch_path = "synthetic/casos/demo-a/demo-a-humo-3.json";
    const std::string ramas_path = dir + "/ramas-esperadas.json";
    RunFiles original;
    const std::string text = *original.get(manifest_path);
    auto replaced = [](std::string t, const std::string& from, const std::string& to) {
        const std::size_t at = t.find(from);
        REQUIRE(at != std::string::npos);
        return t.replace(at, from.size(), to);
    };
    // Each manifest text has the same canonical form, so the same huella: all three read clean.
    const std::vector<std::pair<const char*, std::string>> manifests = {
        {"as written", text},
        {"both paths with escapes (taken from the text decoded)",
         replaced(replaced(text, "\"ramas-esperadas.json\"", "\"ramas\\u002desperadas.json\""), "\"synthetic/casos/", "\"synthetic\\/casos\\/")},
        {"a top-level key with an escape (the walk declines: nothing read ahead)", replaced(text, "\"casos\": {", "\"\\u0063asos\": {")}};
    for (const auto& named : manifests) {  // not a structured binding: clang 14 (wasm) cannot capture one
        const char* const name = named.first;
        CAPTURE(name);
        RunFiles files;
        files.put(manifest_path, named.second);
        for (const bool tasks : {false, true}) {
            CAPTURE(tasks);
            run::Request rq;
            rq.main_run = dir;
            if (tasks) rq = with_tasks(rq, false);
            std::map<std::string, int> reads;
            const run::FileSource inner = files.source();
            const run::FileSource counting = [&](const std::string& path) {
                ++reads[path];
                return inner(path);
            };
            Recorder sink;
            const run::ReadResult r = run::read(rq, counting, &sink);
            INFO(lines(r.motivos));
            CHECK(r.ok);
            CHECK(sink.traces.size() == 3);
            CHECK(reads[manifest_path] == 1);
            CHECK(reads[batch_path] == 1);
            CHECK(reads[ramas_path] == 1);
        }
    }
}

TEST_CASE("reader: additions — n_lote against the batch's n, and every schema issue of a failing file") {
    const std::string dir = kRuns + "demo-a-humo-3";
    for (const double n_lote : {3.0, 5.0, 1.0}) {
        CAPTURE(n_lote);
        RunFiles files;
        json::Value manifest = *files.json_of(dir + "/corrida.json");
        *manifest.find("casos")->find("n_lote") = json::Value(n_lote);
        files.put_json(dir + "/corrida.json", manifest);
        files.reseal(dir + "/corrida.json", {dir});
        run::Request rq;
        rq.main_run = dir;
        const run::ReadResult r = run::read(rq, files.source(), nullptr);
        CHECK(r.ok);  // decisions.md E1: not a motive
        CHECK(r.n_lote_distinto == (n_lote == 3 ? std::vector<std::string>{} : std::vector<std::string>{"demo-a-humo-3"}));
    }
    // A trace with three schema problems: one motive (the first, with its path), three issues kept.
    RunFiles files;
    json::Value trace = *files.json_of(dir + "/trazas/AH-002.json");
    *trace.find("pasos")->as_array()[0].find("duracion_ms") = json::Value(-1);
    *trace.find("resultado") = json::Value("quizá");
    trace.as_object().push_back(json::Member{"extra", json::Value(true)});
    files.put_json(dir + "/trazas/AH-002.json", trace);
    run::Request rq;
    rq.main_run = dir;
    const run::ReadResult r = run::read(rq, files.source(), nullptr);
    REQUIRE(r.motivos.size() == 1);
    CHECK(r.motivos[0].codigo == "ESQUEMA");
    CHECK(r.motivos[0].detalle.en.rfind("resultado: ", 0) == 0);  // schema order: resultado before pasos
    REQUIRE(r.esquema_completo.size() == 3);
    CHECK(r.esquema_completo[0].element == dir + "/trazas/AH-002.json · resultado");
    CHECK(r.esquema_completo[1].element == dir + "/trazas/AH-002.json · pasos.0.duracion_ms");
    CHECK(r.esquema_completo[2].element == dir + "/trazas/AH-002.json · $");
}

TEST_CASE("reader: FileBytes shows its own string through copies and moves, or the bytes its source keeps") {
    // A short string lives inside the std::string object (SSO): the view must not point into a moved-from one.
    run::FileBytes owned(std::string("{}"));
    const run::FileBytes copy = owned;
    run::FileBytes moved = std::move(owned);
    CHECK(copy.view() == "{}");
    CHECK(moved.view() == "{}");
    std::vector<run::FileBytes> many;
    for (int i = 0; i < 100; ++i) many.emplace_back(std::string(static_cast<std::size_t>(i % 20), 'x'));  // reallocations move them
    for (int i = 0; i < 100; ++i) CHECK(many[static_cast<std::size_t>(i)].view() == std::string(static_cast<std::size_t>(i % 20), 'x'));
    // A view of bytes the source keeps: the keeper is held as long as the FileBytes.
    auto kept = std::make_shared<const std::string>("[1,2]");
    std::weak_ptr<const std::string> watch = kept;
    {
        const run::FileBytes view(*kept, kept);
        kept.reset();
        CHECK_FALSE(watch.expired());
        CHECK(view.view() == "[1,2]");
    }
    CHECK(watch.expired());
}
