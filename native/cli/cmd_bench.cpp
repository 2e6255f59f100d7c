// planlang bench (spec/cli.md: "benchmarks the core on generated data — ratios and throughputs").
//
//   planlang bench [--demo demo-a|adherencia] [--cases N] [--lote L] [--root DIR] [--json] [--lang es|en]
//
// The whole pipeline in memory, on the demo's plan and world read from DIR (default "."; demo A unless
// --demo adherencia, the medication-adherence coach: native/cli/bench_domains.hpp): N cases in rounds
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
#include "core/synth/batch.hpp"
#include "core/synth/generator.hpp"
#include "core/verify/verifier.hpp"
#include "native/cli/cli.hpp"
#include "native/cli/bench_domains.hpp"
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

// The inputs every round shares: the demo, and the files the verifier reads (plan and world as on disk).
struct Shared {
    BenchDomain domain;
    Files files;  // repository-relative path → bytes
};

struct Tally {
    std::int64_t casos = 0;
    std::map<std::string, std::int64_t> veredictos;
    json::Sha256Stream informes;  // the reports' huellas, round by round
    std::uint64_t bytes_de_informes = 0;  // informe.json and both Markdown files, as verify writes them
};

// One round: generate, simulate, verify. Returns an issue on any failure (nothing measured then).
std::optional<Issue> run_round(const Shared& in, std::int64_t round, std::int64_t n, std::vector<Phase>& phases, Tally& tally,
                               const run::ParallelFor& parallel) {
    Files files = in.files;
    auto t0 = Clock::now();
    json::Value batch;
    if (std::optional<Issue> problem = in.domain.generate("bench-" + std::to_string(round), n, batch)) return problem;
    files[kBatchPath] = json::disk_form(batch);
    phases[0].seconds += seconds_since(t0);

    t0 = Clock::now();
    const sim::FileSink sink = [&](const std::string& path, std::string_view chunk, bool) {
        files[std::string(kRunDir) + "/" + path].append(chunk);
        return true;
    };
    std::int64_t cases = 0;
    if (std::optional<Issue> problem = in.domain.simulate(std::move(batch), kBatchPath, sink, cases)) return problem;
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

    tally.casos += cases;
    const json::Value* veredicto = outcome.informe.find("veredicto");
    const json::Value* valor = veredicto ? veredicto->find("valor") : nullptr;
    ++tally.veredictos[valor && valor->is_string() ? valor->as_string() : "?"];
    tally.informes.update(outcome.informe.find("huella")->as_string());
    tally.bytes_de_informes += rendered.json.size() + rendered.es.size() + rendered.en.size();
    return std::nullopt;
}

std::optional<Shared> load_shared(std::string_view demo, const std::string& root, Lang lang) {
    std::optional<BenchDomain> domain = load_bench_domain(demo, root, lang);
    if (!domain) return std::nullopt;
    Shared in;
    for (const auto& [path, bytes] : domain->files) in.files[path] = bytes;
    in.domain = std::move(*domain);
    return in;
}

double per_second(std::int64_t cases, double seconds) { return seconds > 0 ? static_cast<double>(cases) / seconds : 0; }

// Three significant decimals are plenty for a timing; the JSON writer prints the number as ECMAScript would.
double rounded(double x) { return static_cast<double>(static_cast<std::int64_t>(x * 1000 + 0.5)) / 1000; }

}  // namespace

int cmd_bench(const std::vector<std::string>& words) {
    const Args args(words, Spec{{"--json"}, {"--root", "--cases", "--lote", "--demo"}});
    if (args.error()) return usage_error(*args.error());
    if (!args.positional().empty()) return usage_error({"argumento de más: " + args.positional()[0], "unexpected argument: " + args.positional()[0]});
    const Lang lang = args.lang();
    // Defaults: 10,000 cases in one round, rounded down to the demo's multiple (9,999 for the adherence coach,
    // whose batches hold each scenario in three locales).
    const std::string demo = args.value("--demo").value_or("demo-a");
    const synth::Generator* generator = synth::generator_of_demo(demo);
    const std::int64_t multiple = generator ? generator->case_multiple() : 1;
    const std::int64_t default_count = 10000 / multiple * multiple;
    std::int64_t cases = default_count, lote = default_count;
    if (auto v = args.value("--cases"); v && !parse_count(*v, 100000000, cases))
        return usage_error({"--cases: un entero de 1 a 100000000", "--cases: an integer from 1 to 100000000"});
    if (auto v = args.value("--lote"); v && !parse_count(*v, synth::kMaxCases, lote))
        return usage_error({"--lote: un entero de 1 a 100000", "--round: an integer from 1 to 100000"});
    if (!synth::generator_of_demo(demo)) {
        std::string es, en;
        for (const std::string& d : synth::generator_demos()) {
            es += (es.empty() ? "" : " o ") + d;
            en += (en.empty() ? "" : " or ") + d;
        }
        return usage_error({"--demo: " + es, "--demo: " + en});
    }
    lote = std::min(lote, cases);
    const std::optional<Shared> in = load_shared(demo, args.value("--root").value_or(""), lang);
    if (!in) return kRejected;
    // The adherence coach renders each scenario in three locales: its batches hold a multiple of three cases.
    if (cases % in->domain.multiple != 0 || lote % in->domain.multiple != 0)
        return usage_error({"--cases y --lote: múltiplos de " + std::to_string(in->domain.multiple) + " para " + demo,
                            "--cases and --lote: multiples of " + std::to_string(in->domain.multiple) + " for " + demo});
    if (lote > in->domain.max_batch)
        return usage_error({"--lote: a lo sumo " + std::to_string(in->domain.max_batch) + " para " + demo,
                            "--lote: at most " + std::to_string(in->domain.max_batch) + " for " + demo});

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
        json::Object out{{"demo", demo},
                         {"plataforma", platform()},
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
    std::snprintf(line, sizeof line, es ? "%s · %s, %u hilo(s): %lld casos en %lld ronda(s) de hasta %lld\n" : "%s · %s, %u thread(s): %lld cases in %lld round(s) of up to %lld\n",
                  demo.c_str(), platform(), workers.size(), static_cast<long long>(tally.casos), static_cast<long long>(rounds), static_cast<long long>(lote));
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
