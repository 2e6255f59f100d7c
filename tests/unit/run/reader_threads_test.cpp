// Request::parallel (core/run/reader.hpp): the reader prepares traces on several real threads, a chunk
// ahead, and gives exactly what the sequential reading gives — the report object (canonical text), every
// motive in order, esquema_completo, the traces streamed and the progress calls — whatever the chunk size
// and the order the tasks run in. Native only (tests/CMakeLists.txt): the wasm build has no threads.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/number.hpp"
#include "core/run/reader.hpp"
#include "core/verify/verifier.hpp"
#include "support/run_files.hpp"

using namespace planlang;
using planlang::testing::RunFiles;

namespace {

const std::string kRuns = "synthetic/runs/demo-a/";

// `threads` std::threads per call taking indices from one counter (the CLI's scheduling, without its pool).
run::ParallelFor threads_for(unsigned threads) {
    return [threads](std::size_t n, const std::function<void(std::size_t)>& task) {
        std::atomic<std::size_t> next{0};
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back([&] {
                for (std::size_t i; (i = next.fetch_add(1)) < n;) task(i);
            });
        for (std::thread& t : pool) t.join();
    };
}

// Last index first, on the calling thread: the next chunk is prepared before the current one is applied.
run::ParallelFor reversed() {
    return [](std::size_t n, const std::function<void(std::size_t)>& task) {
        for (std::size_t i = n; i-- > 0;) task(i);
    };
}

struct Way {
    const char* name;
    run::ParallelFor parallel;
    std::size_t ahead;
};

std::vector<Way> ways() {
    return {{"4 threads, chunks of 1", threads_for(4), 1}, {"2 threads, chunks of 3", threads_for(2), 3},
            {"3 threads, chunks of 7", threads_for(3), 7}, {"2 threads, chunks of 256", threads_for(2), 256},
            {"reversed, chunks of 5", reversed(), 5}};
}

std::string motive_text(const std::vector<run::Motive>& motives) {
    std::string out;
    for (const run::Motive& m : motives) out += m.codigo + " @ " + m.archivo + " · " + m.detalle.es + " · " + m.detalle.en + "\n";
    return out;
}

std::string issue_text(const Issues& issues) {
    std::string out;
    for (const Issue& i : issues) out += i.code + " @ " + i.element + " · " + i.message.es + " · " + i.message.en + "\n";
    return out;
}

// A trace as text: its tree in canonical form, then each typed edge record.
std::string trace_text(const run::Trace& t) {
    std::string out = json::canonical(t.tree);
    for (const run::Step& s : t.steps)
        out += " / " + s.nodo + " " + std::to_string(s.orden) + (s.has_tipo_nodo ? " " + s.tipo_nodo : std::string(" -")) + " " +
               json::format_number(s.costo_nominal_usd) + " " + std::to_string(s.reintentos_esquema) + (s.error_proveedor ? " e " : " - ") +
               std::to_string(s.tokens_entrada) + " " + std::to_string(s.tokens_salida);
    for (const rules::RecordedEdge& r : t.records)
        out += " | " + std::to_string(r.paso) + " " + r.desde + " " + std::to_string(r.orden_arista) + " " + (r.resultado ? "1" : "0") +
               (r.has_rama ? " " + r.rama_tomada : std::string(" -")) +
               (r.state == rules::RecordedEdge::State::tripleta ? " " + r.senal + " " + json::canonical(r.valor_observado)
                : r.state == rules::RecordedEdge::State::funcion ? " " + json::canonical(r.entradas)
                                                               : std::string(" ilegible"));
    return out;
}

// What a sink sees, in order (a whole trace as text).
struct Recorder : run::TraceSink {
    std::string seen;
    void begin(const run::Inputs& in) override { seen += "begin " + in.plan.huella + "\n"; }
    void run(const run::RunHeader& h) override { seen += "run " + h.corrida_id + "\n"; }
    void trace(const run::RunHeader& h, const run::Trace& t) override { seen += h.corrida_id + " " + trace_text(t) + "\n"; }
};

// The same record through TraceSink::measure and apply: the text is made where the trace was prepared.
struct MeasuringRecorder : Recorder {
    struct Text : run::TraceMeasure {
        std::string line;
    };
    mutable std::atomic<int> measured{0};
    void trace(const run::RunHeader&, const run::Trace&) override { seen += "trace() called\n"; }
    std::unique_ptr<run::TraceMeasure> measure(const run::RunHeader& h, const run::Trace& t) const override {
        ++measured;
        auto text = std::make_unique<Text>();
        text->line = h.corrida_id + " " + trace_text(t) + "\n";
        return text;
    }
    void apply(const run::RunHeader&, run::TraceMeasure& m) override { seen += static_cast<Text&>(m).line; }
};

run::Request demo_a_20() {
    run::Request rq;
    rq.main_run = kRuns + "demo-a-20";
    rq.repetitions = {kRuns + "demo-a-20-r2", kRuns + "demo-a-20-r3"};
    rq.baseline = kRuns + "demo-a-20-base";
    return rq;
}

}  // namespace

TEST_CASE("reader threads: demo-a-20 with r2, r3 and base verifies to the same report and progress") {
    RunFiles files;
    const run::Request sequential = demo_a_20();
    std::string progress_seq;
    verify::Options options;
    options.progress = [&](const std::string& corrida, std::size_t done, std::size_t total) {
        progress_seq += corrida + " " + std::to_string(done) + "/" + std::to_string(total) + "\n";
    };
    const verify::Outcome expected = verify::verify(sequential, files.source(), options);
    REQUIRE(expected.ok);
    const std::string expected_text = json::canonical(expected.informe);
    for (const Way& way : ways()) {
        CAPTURE(way.name);
        run::Request rq = demo_a_20();
        rq.parallel = way.parallel;
        rq.prepare_ahead = way.ahead;
        std::string progress;
        verify::Options o;
        o.progress = [&](const std::string& corrida, std::size_t done, std::size_t total) {
            progress += corrida + " " + std::to_string(done) + "/" + std::to_string(total) + "\n";
        };
        const verify::Outcome got = verify::verify(rq, files.source(), o);
        CHECK(got.ok);
        CHECK(json::canonical(got.informe) == expected_text);
        CHECK(got.motivos.empty());
        CHECK(progress == progress_seq);
    }
}

TEST_CASE("reader threads: a run with several broken traces gives the same motives, schema issues and stream") {
    // demo-a-20 with a trace that is not JSON, one absent, one with three schema problems, two altered
    // without re-sealing (their huella), one malformed and re-sealed, one whose caso_id differs, and
    // casos_con_error then not judged; the repetitions and the baseline untouched.
    const std::string dir = kRuns + "demo-a-20";
    RunFiles files;
    files.put(dir + "/trazas/A-003.json", "{\"caso_id\": ");
    files.remove(dir + "/trazas/A-006.json");
    json::Value t = *files.json_of(dir + "/trazas/A-008.json");
    *t.find("pasos")->as_array()[0].find("duracion_ms") = json::Value(-1);
    *t.find("resultado") = json::Value("quizá");
    t.as_object().push_back(json::Member{"extra", json::Value(true)});
    files.put_json(dir + "/trazas/A-008.json", t);
    for (const char* id : {"A-010", "A-015"}) {
        json::Value u = *files.json_of(dir + "/trazas/" + std::string(id) + ".json");
        *u.find("error_de_esquema_en_traspaso") = json::Value(true);
        files.put_json(dir + "/trazas/" + std::string(id) + ".json", u);
    }
    json::Value m = *files.json_of(dir + "/trazas/A-012.json");
    *m.find("nodos_visitados") = json::Array{};
    files.put_json(dir + "/trazas/A-012.json", m);
    json::Value c = *files.json_of(dir + "/trazas/A-017.json");
    *c.find("caso_id") = json::Value("A-999");
    files.put_json(dir + "/trazas/A-017.json", c);
    const std::vector<std::string> dirs{dir, kRuns + "demo-a-20-r2", kRuns + "demo-a-20-r3", kRuns + "demo-a-20-base"};
    files.reseal(dir + "/trazas/A-012.json", dirs);
    files.reseal(dir + "/trazas/A-017.json", dirs);
    files.reseal(dir + "/corrida.json", dirs);

    Recorder seq_sink;
    const run::ReadResult expected = run::read(demo_a_20(), files.source(), &seq_sink);
    INFO(motive_text(expected.motivos));
    REQUIRE_FALSE(expected.ok);
    CHECK(expected.motivos.size() == 7);  // one per broken trace; A-006 absent → casos_con_error not judged
    CHECK(expected.esquema_completo.size() == 3);
    for (const Way& way : ways()) {
        CAPTURE(way.name);
        run::Request rq = demo_a_20();
        rq.parallel = way.parallel;
        rq.prepare_ahead = way.ahead;
        Recorder sink;
        const run::ReadResult got = run::read(rq, files.source(), &sink);
        CHECK(got.ok == expected.ok);
        CHECK(motive_text(got.motivos) == motive_text(expected.motivos));
        CHECK(issue_text(got.esquema_completo) == issue_text(expected.esquema_completo));
        CHECK(got.n_lote_distinto == expected.n_lote_distinto);
        CHECK(sink.seen == seq_sink.seen);
        MeasuringRecorder measuring;
        CHECK(motive_text(run::read(rq, files.source(), &measuring).motivos) == motive_text(expected.motivos));
        CHECK(measuring.seen == seq_sink.seen);
        // Measured once per clean trace of the four runs: the lines that are neither begin nor run.
        const auto lines = std::count(seq_sink.seen.begin(), seq_sink.seen.end(), '\n');
        const auto headers = std::count_if(seq_sink.seen.begin(), seq_sink.seen.end(), [&](const char& c) {
            const std::size_t at = static_cast<std::size_t>(&c - seq_sink.seen.data());
            return (at == 0 || seq_sink.seen[at - 1] == '\n') && (seq_sink.seen.compare(at, 4, "run ") == 0 || seq_sink.seen.compare(at, 6, "begin ") == 0);
        });
        CHECK(measuring.measured.load() == lines - headers);
        const run::ReadResult unsunk = run::read(rq, files.source(), nullptr);
        CHECK(motive_text(unsunk.motivos) == motive_text(expected.motivos));
        const verify::Outcome outcome = verify::verify(rq, files.source());
        CHECK_FALSE(outcome.ok);
        CHECK(motive_text(outcome.motivos) == motive_text(expected.motivos));
    }
}
