// The accelerator (core/run/fast/) may only decline a file or give exactly what the reference reader gives
// (core/run/internal/fast_paths.hpp): every committed run and hand-edited ones — good and bad — read with
// Request::fast_paths on and off, in sequence and on a ParallelFor, must give the same result: motives,
// schema issues, run headers, the batch (its top level and every case, whole and member by member) and
// every trace the sink sees (its tree apart from the arrays the accelerator may take from its text, which
// are compared typed). In a build without the accelerator both ways are the reference reader.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/run/internal/case_store.hpp"
#include "core/run/internal/fast_paths.hpp"
#include "core/run/reader.hpp"
#include "support/run_files.hpp"

using namespace planlang;
using planlang::testing::RunFiles;

namespace {

const std::string kRuns = "synthetic/runs/demo-a/";

// Everything a sink is handed, as text: one line per call, trees in canonical form without the three
// arrays (the accelerator leaves them null in the tree), the typed arrays compared as values.
struct Recorder : run::TraceSink {
    std::vector<std::string> calls;
    std::vector<std::vector<run::Step>> steps;
    std::vector<std::vector<rules::RecordedEdge>> records;
    std::vector<std::vector<run::PauseRecord>> pauses;

    void begin(const run::Inputs& in) override { calls.push_back("begin " + in.batch.huella + " " + in.plan.huella); }
    void run(const run::RunHeader& h) override { calls.push_back("run " + h.dir); }
    void trace(const run::RunHeader& h, const run::Trace& t) override {
        json::Value tree = t.tree;
        for (const char* key : {"pasos", "decisiones_de_arista", "pausas_humanas"})
            if (json::Value* v = tree.find(key)) *v = json::Value();
        calls.push_back("trace " + h.dir + " " + json::canonical(tree));
        steps.push_back(t.steps);
        records.push_back(t.records);
        pauses.push_back(t.pauses);
    }
};

// Runs task(0) … task(n-1) last first, on this thread: another order than the sequential one.
run::ParallelFor backwards() {
    return [](std::size_t n, const std::function<void(std::size_t)>& task) {
        for (std::size_t i = n; i-- > 0;) task(i);
    };
}

struct Reading {
    run::ReadResult result;
    Recorder sink;
};

std::unique_ptr<Reading> read_with(const RunFiles& files, run::Request rq, bool fast_paths) {
    auto r = std::make_unique<Reading>();
    rq.fast_paths = fast_paths;
    r->result = run::read(rq, files.source(), &r->sink);
    return r;
}

void same_issues(const Issues& a, const Issues& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].code == b[i].code);
        CHECK(a[i].element == b[i].element);
        CHECK(a[i].message.es == b[i].message.es);
        CHECK(a[i].message.en == b[i].message.en);
    }
}

void same_batch(const run::Batch& a, const run::Batch& b) {
    CHECK(a.document == b.document);
    CHECK(a.huella == b.huella);
    CHECK(a.archivo == b.archivo);
    CHECK(a.n == b.n);
    const std::vector<std::string> ids = a.case_ids();
    REQUIRE(ids == b.case_ids());
    const std::vector<std::vector<std::string_view>> key_sets = {{}, {"tipo", "verdad_conocida"}, {"id", "no_existe", "entrada"}};
    json::Value into_a, into_b;
    for (const std::string& id : ids) {
        CAPTURE(id);
        CHECK(a.has_case(id));
        CHECK(b.has_case(id));
        CHECK(a.find_case(id) == b.find_case(id));
        for (const std::vector<std::string_view>& keys : key_sets) {
            REQUIRE(a.read_case_members(id, keys, into_a));
            REQUIRE(b.read_case_members(id, keys, into_b));
            CHECK(into_a == into_b);
        }
    }
    CHECK_FALSE(a.has_case("A-no-existe"));
    CHECK_FALSE(b.find_case("A-no-existe").has_value());
}

void same_reading(const Reading& fast, const Reading& reference) {
    const run::ReadResult& f = fast.result;
    const run::ReadResult& r = reference.result;
    CHECK(f.ok == r.ok);
    REQUIRE(f.motivos.size() == r.motivos.size());
    for (std::size_t i = 0; i < f.motivos.size(); ++i) {
        CAPTURE(r.motivos[i].detalle.en);
        CHECK(f.motivos[i].codigo == r.motivos[i].codigo);
        CHECK(f.motivos[i].archivo == r.motivos[i].archivo);
        CHECK(f.motivos[i].detalle.es == r.motivos[i].detalle.es);
        CHECK(f.motivos[i].detalle.en == r.motivos[i].detalle.en);
    }
    same_issues(f.esquema_completo, r.esquema_completo);
    CHECK(f.n_lote_distinto == r.n_lote_distinto);
    REQUIRE(f.runs.size() == r.runs.size());
    for (std::size_t i = 0; i < f.runs.size(); ++i) {
        CHECK(f.runs[i].manifest == r.runs[i].manifest);
        CHECK(f.runs[i].huella == r.runs[i].huella);
        CHECK(f.runs[i].casos_ejecutados == r.runs[i].casos_ejecutados);
        CHECK(f.runs[i].grafo.document == r.runs[i].grafo.document);
        CHECK(f.runs[i].grafo.huella == r.runs[i].grafo.huella);
        CHECK(f.runs[i].ramas == r.runs[i].ramas);
    }
    REQUIRE(f.inputs.has_value() == r.inputs.has_value());
    if (f.inputs) same_batch(f.inputs->batch, r.inputs->batch);
    CHECK(fast.sink.calls == reference.sink.calls);
    CHECK(fast.sink.steps == reference.sink.steps);
    CHECK(fast.sink.records == reference.sink.records);
    CHECK(fast.sink.pauses == reference.sink.pauses);
}

// The run read both ways, in sequence and on a ParallelFor, with every case member kept and with a few.
void both_ways(const RunFiles& files, const std::string& main_run, const std::vector<std::string>& repetitions = {}) {
    for (const bool parallel : {false, true})
        for (const std::vector<std::string>& kept : std::vector<std::vector<std::string>>{{}, {"tipo", "verdad_conocida"}}) {
            CAPTURE(parallel);
            CAPTURE(kept.size());
            run::Request rq;
            rq.main_run = main_run;
            rq.repetitions = repetitions;
            rq.batch_case_members = kept;
            if (parallel) rq.parallel = backwards();
            same_reading(*read_with(files, rq, true), *read_with(files, rq, false));
        }
}

// One trace file of the run, parsed.
std::string first_trace(const RunFiles& files, const std::string& run) {
    const json::Value manifest = *files.json_of(run + "/corrida.json");
    return run + "/" + manifest.find("trazas")->as_array().front().find("archivo")->as_string();
}

std::string batch_path(const RunFiles& files, const std::string& run) {
    return files.json_of(run + "/corrida.json")->find("casos")->find("archivo")->as_string();
}

// The run read both ways after one edit of its batch's text, made at the first occurrence of `needle`.
template <class Edit>
void both_ways_after_batch_edit(const std::string& run, std::string_view needle, Edit edit) {
    RunFiles files;
    const std::string path = batch_path(files, run);
    std::string text = *files.get(path);
    const std::size_t at = text.find(needle);
    REQUIRE(at != std::string::npos);
    edit(text, at);
    files.put(path, text);
    both_ways(files, run);
}

}  // namespace

TEST_CASE("fast == reference: the switch chooses the reader (the comparisons below compare two readers)") {
    RunFiles files;
    run::Request rq;
    rq.main_run = kRuns + "demo-a-20";
    const std::unique_ptr<Reading> fast = read_with(files, rq, true);
    const std::unique_ptr<Reading> reference = read_with(files, rq, false);
    REQUIRE(fast->result.ok);
    REQUIRE(reference->result.ok);
    // A build with the accelerator holds a good batch as its compact text; the reference reader never does.
    CHECK(fast->result.inputs->batch.cases->held_compact() == run::internal::fast::built());
    CHECK_FALSE(reference->result.inputs->batch.cases->held_compact());
}

TEST_CASE("fast == reference: every committed demo A run") {
    RunFiles files;
    for (const char* run : {"demo-a-20", "demo-a-20-base", "demo-a-200", "demo-a-200-base", "demo-a-humo-3"}) {
        CAPTURE(run);
        both_ways(files, kRuns + run);
    }
    both_ways(files, kRuns + "demo-a-20", {kRuns + "demo-a-20-r2", kRuns + "demo-a-20-r3"});
}

TEST_CASE("fast == reference: hand-edited batches, good and bad") {
    const std::string run = kRuns + "demo-a-20";
    SUBCASE("pretty-printed and resealed") {
        RunFiles files;
        const std::string path = batch_path(files, run);
        files.put(path, json::disk_form(*files.json_of(path)));
        files.reseal(path, {run});
        files.reseal(run + "/corrida.json", {});
        both_ways(files, run);
    }
    SUBCASE("a case's key written with an escape") {
        both_ways_after_batch_edit(run, "\"verdad_conocida\"", [](std::string& text, std::size_t at) { text.replace(at, 2, "\"\\u0076"); });
    }
    SUBCASE("a case out of its schema") {
        both_ways_after_batch_edit(run, "\"sexo\": \"", [](std::string& text, std::size_t at) { text.replace(at + 9, 1, "X"); });
    }
    SUBCASE("a repeated case id") {
        both_ways_after_batch_edit(run, "\"A-002\"", [](std::string& text, std::size_t at) { text.replace(at, 7, "\"A-001\""); });
    }
    SUBCASE("a huella that differs") {
        both_ways_after_batch_edit(run, "\"huella\": \"", [](std::string& text, std::size_t at) { text[at + 11] = text[at + 11] == '0' ? '1' : '0'; });
    }
}

TEST_CASE("fast == reference: hand-edited traces and expected visits") {
    const std::string run = kRuns + "demo-a-20";
    SUBCASE("a trace written in another key order (not canonical), resealed") {
        RunFiles files;
        const std::string path = first_trace(files, run);
        json::Value t = *files.json_of(path);
        for (const char* key : {"pasos", "decisiones_de_arista"})
            for (json::Value& item : t.find(key)->as_array()) std::reverse(item.as_object().begin(), item.as_object().end());
        files.put_json(path, t);
        files.reseal(path, {run});
        files.reseal(run + "/corrida.json", {});
        both_ways(files, run);
    }
    SUBCASE("a step out of its schema") {
        RunFiles files;
        const std::string path = first_trace(files, run);
        json::Value t = *files.json_of(path);
        *t.find("pasos")->as_array().front().find("orden") = json::Value(-1.0);
        files.put_json(path, t);
        both_ways(files, run);
    }
    SUBCASE("an expected visit out of its schema, and one with an escaped key") {
        RunFiles files;
        const std::string path = run + "/ramas-esperadas.json";
        std::string text = *files.get(path);
        const std::size_t at = text.find("\"paso\": ");
        REQUIRE(at != std::string::npos);
        std::string broken = text;
        broken.replace(at + 8, 1, "0");
        files.put(path, broken);
        both_ways(files, run);
        text.replace(at, 2, "\"\\u0070");
        files.put(path, text);
        both_ways(files, run);
    }
}

TEST_CASE("fast == reference: the adherence fixture (the accelerator declines its batch, the reference reads it)") {
    RunFiles files;
    const std::string run = "tests/data/adherencia-mini/runs/adherencia-mini-9";
    both_ways(files, run);
    // A bad adherence case: both readers give the same ESQUEMA motive.
    both_ways_after_batch_edit(run, "\"locale\": \"en\"", [](std::string& text, std::size_t at) {
        text.replace(at, std::string_view("\"locale\": \"en\"").size(), "\"locale\": \"fr\"");
    });
}
