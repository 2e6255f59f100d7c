// ramas-esperadas.json as the reader reads it (core/run/run_files.cpp, fast/fast_paths.cpp): a
// good file in one streamed pass, its visits checked and hashed one at a time and dropped; what that pass
// does not expect — an escaped key, a visit that breaks its schema, a huella that differs — is read whole
// or reported exactly as the whole-document path reports it.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/internal/schemas.hpp"
#include "core/run/fast/streamed_document.hpp"
#include "core/run/reader.hpp"
#include "support/run_files.hpp"

using namespace planlang;
using planlang::testing::RunFiles;

namespace {

const std::string kRuns = "synthetic/runs/demo-a/";

run::ReadResult read_run(const RunFiles& files, const std::string& run) {
    run::Request rq;
    rq.main_run = run;
    return run::read(rq, files.source(), nullptr);
}

// The header's ramas equals the whole file with its visits emptied.
void header_as_whole(const RunFiles& files, const std::string& run) {
    const run::ReadResult r = read_run(files, run);
    REQUIRE(r.ok);
    json::Value whole = *files.json_of(run + "/ramas-esperadas.json");
    *whole.find("visitas") = json::Array{};
    CHECK(r.runs.front().ramas == whole);
}

std::string first_motive(const run::ReadResult& r) {
    return r.motivos.empty() ? std::string() : r.motivos.front().codigo + " " + r.motivos.front().archivo + " " + r.motivos.front().detalle.en;
}

}  // namespace

TEST_CASE("ramas: the streamed pass hashes the whole document's huella and keeps its top level") {
    RunFiles files;
    for (const char* name : {"demo-a-humo-3", "demo-a-20", "demo-a-200", "demo-a-200-base"}) {
        const std::string run = kRuns + name;
        CAPTURE(run);
        const std::string text = *files.get(run + "/ramas-esperadas.json");
        const json::Value whole = *files.json_of(run + "/ramas-esperadas.json");
        // In sequence, and on a ParallelFor that runs a chunk's tasks backwards (as threads may finish); with
        // the default chunks and tasks, and with small ones: chunks of 7 visits and tasks of one visit, of about
        // three (the last one short) and of all seven.
        const run::ParallelFor backwards = [](std::size_t n, const std::function<void(std::size_t)>& task) {
            for (std::size_t i = n; i-- > 0;) task(i);
        };
        const std::size_t mean = text.size() / std::max<std::size_t>(1, whole.find("visitas")->as_array().size());
        for (const auto& way : std::vector<std::pair<run::ParallelFor, run::internal::StreamSizes>>{
                 {run::ParallelFor{}, {}},
                 {backwards, {}},
                 {backwards, {7 * mean, 1, 7, 7}},
                 {backwards, {7 * mean, 3 * mean, 7, 7}},
                 {backwards, {7 * mean, 7 * mean, 7, 7}},
                 {run::ParallelFor{}, {7 * mean, 3 * mean, 7, 7}}}) {
            const run::ParallelFor& parallel = way.first;  // not a structured binding: clang 14 (wasm) cannot capture one
            const run::internal::StreamSizes& sizes = way.second;
            CAPTURE(sizes.task_bytes);
            std::size_t kept = 0;
            const auto doc = run::internal::stream_document(
                text, "visitas", [](const json::Value& top, std::size_t) { return run::internal::check_ramas(top).empty(); },
                [](const json::Value& visit, std::size_t i, std::string_view, run::internal::KeptItem& k) {
                    k.text = json::canonical(visit);  // made on the task that parsed it, seen in order below
                    return run::internal::check_ramas_visit(visit, i).empty();
                },
                [&](run::internal::KeptItem& k, std::size_t i) {
                    CHECK(i == kept);
                    CHECK(k.text == json::canonical(whole.find("visitas")->as_array()[i]));
                    ++kept;
                },
                parallel, sizes);
            REQUIRE(doc.has_value());
            CHECK(doc->items == whole.find("visitas")->as_array().size());
            CHECK(kept == doc->items);
            CHECK(doc->huella_calculada == json::huella(whole));
            CHECK(doc->huella_calculada == whole.find("huella")->as_string());
            CHECK(doc->top.find("visitas")->as_array().empty());
        }
        if (std::string(name) == "demo-a-200") CHECK(whole.find("visitas")->as_array().size() > 512);  // many chunks of 7
        if (std::string(name).find("-base") == std::string::npos) header_as_whole(files, run);  // a baseline is not a main run
    }
}

TEST_CASE("ramas: a file the streamed pass declines is read whole with the same header") {
    RunFiles files;
    const std::string run = kRuns + "demo-a-20";
    const std::string path = run + "/ramas-esperadas.json";
    std::string text = *files.get(path);
    const std::size_t at = text.find("\"fuente\"");
    REQUIRE(at != std::string::npos);
    text.replace(at, 2, "\"\\u0066");  // "\u0066uente": the same key to JSON, not to the span scanner
    REQUIRE(json::huella(json::read(text).value) == json::huella(*files.json_of(path)));
    REQUIRE(!run::internal::stream_document(text, "visitas", [](const json::Value&, std::size_t) { return true; },
                                            [](const json::Value&, std::size_t, std::string_view, run::internal::KeptItem&) { return true; },
                                            [](run::internal::KeptItem&, std::size_t) {}));
    files.put(path, text);
    header_as_whole(files, run);
}

TEST_CASE("ramas: a broken visit and a changed visit are reported as the whole-document path reports them") {
    const std::string run = kRuns + "demo-a-20";
    const std::string path = run + "/ramas-esperadas.json";
    {
        RunFiles files;
        json::Value v = *files.json_of(path);
        *v.find("visitas")->as_array()[5].find("paso") = json::Value(0.0);
        files.put_json(path, v);
        files.reseal(path, {run});
        files.reseal(run + "/corrida.json", {});
        const run::ReadResult r = read_run(files, run);
        CHECK_FALSE(r.ok);
        CHECK(first_motive(r).rfind("ESQUEMA " + path, 0) == 0);
        bool named = false;
        for (const Issue& i : r.esquema_completo) named |= i.element == path + " · visitas.5.paso";
        CHECK(named);
    }
    {
        RunFiles files;  // a visit changed after sealing: the declared huella no longer matches
        json::Value v = *files.json_of(path);
        *v.find("visitas")->as_array()[7].find("rama_tomada") = json::Value("otra");
        files.put_json(path, v);
        const run::ReadResult r = read_run(files, run);
        CHECK_FALSE(r.ok);
        CHECK(first_motive(r).rfind("HUELLA_NO_COINCIDE " + path, 0) == 0);
    }
}
