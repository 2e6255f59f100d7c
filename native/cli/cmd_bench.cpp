// planlang bench (spec/cli.md: "benchmarks the core on generated data — ratios and throughputs").
//
//   planlang bench [--cases N] [--lote L] [--root DIR] [--json] [--lang es|en]
//
// The whole pipeline in memory, on demo A's plan and world read from DIR (default "."): N cases in rounds
// of at most L (default 10,000; at most 100,000, the batch's cap), each round a batch generated with seed
// "bench-<round>", serialised to its disk form, simulated (multi-agent) into an in-memory run folder and
// verified from those bytes exactly as `planlang verify` verifies a folder — every fingerprint checked, the
// report and both Markdown renderings made — then dropped. So memory is bounded by one round, not by N, and
// `--cases 1000000` is the million-case pipeline.
//
// Output: per phase, seconds and cases/s (wall time, steady clock: timing lives in the CLI, never in the
// core), the ratios between phases, the peak memory, and what the runs gave — verdicts and a digest of the
// reports' huellas in round order. That digest and the verdicts do not depend on the machine, the thread
// count (PLANLANG_THREADS) or the build (native or Node), which is how a native bench is checked against a
// wasm one (tests/cli/check_bench.sh).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"
#include "core/sim/run_export.hpp"
#include "core/synth/batch.hpp"
#include "core/verify/verifier.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/demo_a.hpp"
#include "native/cli/peak_memory.hpp"
#include "native/cli/progress.hpp"
#include "native/cli/report_files.hpp"
#include "native/cli/workers.hpp"

namespace planlang::cli {
namespace {

using Clock = std::chrono::steady_clock;

const char* const kBatchPath = "bench/lote.json";
const char* const kRunDir = "bench/corrida";

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

bool parse_count(const std::string& s, std::int64_t max, std::int64_t& out) {
    if (s.empty() || s.size() > 9) return false;
    out = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
    }
    return out >= 1 && out <= max;
}

const char* platform() {
#ifdef __EMSCRIPTEN__
    return "wasm";
#else
    return "native";
#endif
}

struct Phase {
    const char* id;  // key in --json
    const char* es;
    const char* en;
    double seconds = 0;
};

// Path → bytes: the in-memory file system a round's files live in. Hashed, not ordered: the verifier looks
// up each of 10,000 traces by a path that shares its first 18 bytes with every other, so an ordered map
// spent ~14 such comparisons per lookup (0.6 % of verify's samples at one thread); nothing iterates it.
using Files = std::unordered_map<std::string, std::string>;

// The inputs every round shares, and the files the verifier reads (plan and world as on disk).
struct Shared {
    DemoA demo;
    Files files;  // repository-relative path → bytes
};

struct Tally {
    std::int64_t casos = 0;
    std::map<std::string, std::int64_t> veredictos;
    json::Sha256Stream informes;  // the reports' huellas, round by round
    std::uint64_t bytes_de_informes = 0;  // informe.json and both Markdown files, as verify writes them
};

// The first of `issues`, or one that says what failed when there is none.
Issue first_or(const Issues& issues, Bilingual what) {
    return issues.empty() ? Issue{"BENCH_FALLIDO", "bench", std::move(what)} : issues.front();
}

// One round: generate, simulate, verify. Returns an issue on any failure (nothing measured then).
std::optional<Issue> run_round(const Shared& in, std::int64_t round, std::int64_t n, std::vector<Phase>& phases, Tally& tally,
                               const run::ParallelFor& parallel) {
    Files files = in.files;
    auto t0 = Clock::now();
    synth::GenerateOptions options;
    options.semilla = "bench-" + std::to_string(round);
    options.n = n;
    synth::BatchResult generated = synth::generate_batch(*in.demo.plan.plan, in.demo.plan.huella, in.demo.world, options);
    if (!generated.ok) return first_or(generated.issues, {"el lote no se pudo generar", "the batch could not be generated"});
    files[kBatchPath] = json::disk_form(generated.batch);
    phases[0].seconds += seconds_since(t0);

    t0 = Clock::now();
    const sim::BatchResult batch = sim::read_batch(std::move(generated.batch));
    generated.batch = json::Value();
    if (!batch.batch) return first_or(batch.issues, {"el lote generado no se puede leer", "the generated batch does not read"});
    const sim::RunInputs ri = demo_a_run(in.demo, *batch.batch, kBatchPath, "corrida");
    const sim::FileSink sink = [&](const std::string& path, std::string_view chunk, bool) {
        files[std::string(kRunDir) + "/" + path].append(chunk);
        return true;
    };
    const sim::StreamedRun run = sim::simulate_run_streaming(ri, sink);
    if (!run.issues.empty()) return first_or(run.issues, {});
    if (run.stop) return *run.stop;
    phases[1].seconds += seconds_since(t0);

    t0 = Clock::now();
    run::Request request;
    request.main_run = kRunDir;
    request.parallel = parallel;
    // The run's files are read where they lie in memory (the map outlives the verification), as a
    // memory-mapped file would be: nothing is copied first.
    const run::FileSource source = [&files](const std::string& path) -> std::optional<run::FileBytes> {
        auto it = files.find(path);
        if (it == files.end()) return std::nullopt;
        return run::FileBytes(it->second, nullptr);
    };
    const verify::Outcome outcome = verify::verify(request, source);
    if (!outcome.ok) {
        const run::Motive& m = outcome.motivos.front();
        return Issue{m.codigo, m.archivo, m.detalle};
    }
    const ReportFiles rendered = report_files(outcome.informe, parallel);
    phases[2].seconds += seconds_since(t0);

    tally.casos += static_cast<std::int64_t>(run.casos_ejecutados.size());
    const json::Value* veredicto = outcome.informe.find("veredicto");
    const json::Value* valor = veredicto ? veredicto->find("valor") : nullptr;
    ++tally.veredictos[valor && valor->is_string() ? valor->as_string() : "?"];
    tally.informes.update(outcome.informe.find("huella")->as_string());
    tally.bytes_de_informes += rendered.json.size() + rendered.es.size() + rendered.en.size();
    return std::nullopt;
}

std::optional<Shared> load_shared(const std::string& root, Lang lang) {
    Shared in;
    const std::string base = root.empty() ? "" : root + "/";
    for (const char* path : {kDemoAPlanPath, kDemoAWorldPath}) {
        std::optional<std::string> bytes = read_file(base + path, lang);
        if (!bytes) return std::nullopt;
        in.files[path] = std::move(*bytes);
    }
    Issues issues;
    std::optional<DemoA> demo =
        load_demo_a(in.files[kDemoAPlanPath], base + kDemoAPlanPath, in.files[kDemoAWorldPath], base + kDemoAWorldPath, issues);
    if (!demo) {
        for (const Issue& i : issues) print_issue(i, lang);
        return std::nullopt;
    }
    in.demo = std::move(*demo);
    return in;
}

double per_second(std::int64_t cases, double seconds) { return seconds > 0 ? static_cast<double>(cases) / seconds : 0; }

// Three significant decimals are plenty for a timing; the JSON writer prints the number as ECMAScript would.
double rounded(double x) { return static_cast<double>(static_cast<std::int64_t>(x * 1000 + 0.5)) / 1000; }

}  // namespace

int cmd_bench(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--root", "--cases", "--lote"}});
    if (args.error()) return usage_error(*args.error());
    if (!args.positional().empty()) return usage_error({"argumento de más: " + args.positional()[0], "unexpected argument: " + args.positional()[0]});
    const Lang lang = args.lang();
    std::int64_t cases = 10000, lote = 10000;
    if (auto v = args.value("--cases"); v && !parse_count(*v, 100000000, cases))
        return usage_error({"--cases: un entero de 1 a 100000000", "--cases: an integer from 1 to 100000000"});
    if (auto v = args.value("--lote"); v && !parse_count(*v, synth::kMaxCases, lote))
        return usage_error({"--lote: un entero de 1 a 100000", "--round: an integer from 1 to 100000"});
    lote = std::min(lote, cases);
    const std::optional<Shared> in = load_shared(args.value("--root").value_or(""), lang);
    if (!in) return kRejected;

    Workers workers;
    const run::ParallelFor parallel = workers.parallel_for();
    std::vector<Phase> phases{{"generar", "generar el lote (y su forma en disco)", "generate the batch (and its disk form)"},
                              {"simular", "simular la corrida (archivos en memoria)", "simulate the run (files in memory)"},
                              {"verificar", "verificar (cada huella) e informar en ES y EN", "verify (every huella) and report in ES and EN"}};
    Tally tally;
    const std::int64_t rounds = (cases + lote - 1) / lote;
    Progress bar("bench", static_cast<std::uint64_t>(cases));
    const auto t_total = Clock::now();
    for (std::int64_t r = 0; r < rounds; ++r) {
        const std::int64_t n = std::min(lote, cases - r * lote);
        if (std::optional<Issue> problem = run_round(*in, r + 1, n, phases, tally, parallel)) {
            bar.finish();
            print_issue(*problem, lang);
            return kRejected;
        }
        bar.step(static_cast<std::uint64_t>(n));
    }
    const double total = seconds_since(t_total);
    bar.finish();
    const long peak = peak_memory_kb();
    const std::string digest = json::to_hex(tally.informes.finish());
    const double simulate = phases[1].seconds, verify = phases[2].seconds;

    if (args.flag("--json")) {
        json::Array fases;
        for (const Phase& p : phases)
            fases.push_back(json::Object{{"fase", p.id},
                                         {"segundos", rounded(p.seconds)},
                                         {"casos_por_segundo", rounded(per_second(tally.casos, p.seconds))}});
        json::Object veredictos;
        for (const auto& [v, k] : tally.veredictos) veredictos.push_back({v, static_cast<double>(k)});
        json::Object out{{"plataforma", platform()},
                         {"hilos", static_cast<double>(workers.size())},
                         {"casos", static_cast<double>(tally.casos)},
                         {"lote", static_cast<double>(lote)},
                         {"rondas", static_cast<double>(rounds)},
                         {"fases", std::move(fases)},
                         {"total", json::Object{{"segundos", rounded(total)}, {"casos_por_segundo", rounded(per_second(tally.casos, total))}}},
                         {"verificar_sobre_simular", simulate > 0 ? json::Value(rounded(verify / simulate)) : json::Value()},
                         {"memoria_pico_kb", peak >= 0 ? json::Value(static_cast<double>(peak)) : json::Value()},
                         {"veredictos", std::move(veredictos)},
                         {"bytes_de_informes", static_cast<double>(tally.bytes_de_informes)},
                         {"huella_de_informes", digest}};
        write_stdout(json::disk_form(json::Value(std::move(out))));
        return kOk;
    }
    const bool es = lang == Lang::es;
    std::string text;
    char line[256];
    std::snprintf(line, sizeof line, es ? "%s, %u hilo(s): %lld casos en %lld ronda(s) de hasta %lld\n" : "%s, %u thread(s): %lld cases in %lld round(s) of up to %lld\n",
                  platform(), workers.size(), static_cast<long long>(tally.casos), static_cast<long long>(rounds), static_cast<long long>(lote));
    text += line;
    for (const Phase& p : phases) {
        std::snprintf(line, sizeof line, "  %-48s %9.3f s %10.0f %s\n", es ? p.es : p.en, p.seconds, per_second(tally.casos, p.seconds),
                      es ? "casos/s" : "cases/s");
        text += line;
    }
    std::snprintf(line, sizeof line, "  %-48s %9.3f s %10.0f %s\n", "total", total, per_second(tally.casos, total), es ? "casos/s" : "cases/s");
    text += line;
    if (simulate > 0) {
        std::snprintf(line, sizeof line, es ? "  verificar / simular: %.2f×\n" : "  verify / simulate: %.2f×\n", verify / simulate);
        text += line;
    }
    if (peak >= 0) {
        std::snprintf(line, sizeof line, es ? "  memoria pico: %.1f MB%s\n" : "  peak memory: %.1f MB%s\n", peak / 1024.0,
                      std::string(platform()) == "wasm" ? (es ? " (todo el proceso de Node)" : " (the whole Node process)") : "");
        text += line;
    }
    text += es ? "  veredictos:" : "  verdicts:";
    for (const auto& [v, k] : tally.veredictos) text += " `" + v + "` " + std::to_string(k);
    text += "\n";
    text += (es ? "  huella de los informes: " : "  reports' digest: ") + digest + "\n";
    write_stdout(text);
    return kOk;
}

}  // namespace planlang::cli
