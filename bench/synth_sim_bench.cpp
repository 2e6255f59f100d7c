// Generate + simulate throughput of demo A (issue 4, "Performance"): a benchmark program, not a test.
// Timing lives here only (steady clock); the core has no clock.
//
//   synth_sim_bench [--cases N] [--threads T] [--root DIR] [--json-round-trip]
//                                                             in-memory streaming pipeline (default N = 1000000)
//   synth_sim_bench --to-disk RUNDIR [--cases N] [--root DIR] a run folder written with the export code
//
// DIR is the repository root (default "."): the plan plans/demo-a/plan-demo-a.json and the world
// synthetic/plan-beneficios/plan-beneficios-demo-a.json are read from it. Seed "demo-a", variant multiagente.
//
// Streaming: block by block (20 cases, the batch's own blocks) synth::assemble_block → synth::generate_case →
// sim::demo_a::case_of → sim::demo_a::Agent::run → sim::sealed (the trace's huella, as the export does); nothing of a block
// survives the next one. --json-round-trip reads each case as the agent reads a batch instead,
// synth::to_json → sim::demo_a::read_case (the same typed case, tests/unit/sim/inputs_test.cpp; the path measured
// before sim::demo_a::case_of existed). The core has no block-level batch API: this is the per-case API
// generate_batch itself loops over, so the cases are the batch's cases but no batch document (no batch
// huella, no composition) and no run files (no grafo.json, no ramas-esperadas.json, no identifier scan).
// Blocks are independent (per-block and per-case seeds), so T threads (default: the hardware's; 1 in wasm)
// take blocks from a shared counter; the output (counts and a digest of every trace's huella in case order)
// does not depend on T, which is how a run on 2 threads is checked against a run on 1.
//
// To disk: synth::generate_batch (the whole batch as one JSON tree, at most synth::kMaxCases = 100000 cases)
// → sim::demo_a::read_batch (the cases moved into the typed batch) → sim::demo_a::simulate_run_streaming, each file written
// under RUNDIR (which must not exist) as the export hands it over. The traces are not held, so peak memory
// is the batch in memory plus a few bytes per case and visit.
//
// One line per measurement: "<label> <phase> <cases/s> cases/s (<cases> cases, <s> s)" and
// "<label> peak_memory ...". Natively the peak is VmHWM of /proc/self/status; under Node (NODERAWFS) the same
// file is the Node process's own, so it includes Node; the wasm heap size is printed too.
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#else
#include <thread>  // hardware_concurrency
#endif

#include "bench/read_bytes.hpp"
#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/sha256.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/demo_a/agent.hpp"
#include "core/sim/baseline.hpp"
#include "core/sim/demo_a/inputs.hpp"
#include "core/sim/demo_a/run_export.hpp"
#include "core/synth/batch.hpp"
#include "core/synth/case.hpp"
#include "core/synth/world.hpp"
#include "native/cli/allocator.hpp"
#include "native/cli/demo_a.hpp"
#include "native/cli/peak_memory.hpp"
#include "native/cli/workers.hpp"

namespace {

using namespace planlang;
using Clock = std::chrono::steady_clock;

const char* const kSeed = "demo-a";

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

const char* build_label() {
#ifdef __EMSCRIPTEN__
    return "wasm";
#else
    return "native";
#endif
}

// Natively the machine's hardware threads; 1 in wasm (no pthreads in our Emscripten build).
int default_threads() {
#ifdef __EMSCRIPTEN__
    return 1;
#else
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
#endif
}

int fail(const std::string& message) {
    std::fprintf(stderr, "synth_sim_bench: %s\n", message.c_str());
    return 1;
}

void print_issues(const Issues& issues) {
    for (const Issue& i : issues) std::fprintf(stderr, "  %s %s: %s\n", i.code.c_str(), i.element.c_str(), i.message.en.c_str());
}

void print_peak_memory() {
    const long kb = cli::peak_memory_kb();
#ifdef __EMSCRIPTEN__
    const double heap_mb = static_cast<double>(emscripten_get_heap_size()) / 1e6;
    if (kb < 0) std::printf("wasm peak_memory n/a (no /proc/self/status); wasm heap %.1f MB\n", heap_mb);
    else std::printf("wasm peak_memory %.1f MB (VmHWM of the whole Node process); wasm heap %.1f MB\n", kb / 1024.0, heap_mb);
#else
    if (kb < 0) std::printf("native peak_memory n/a (no /proc/self/status)\n");
    else std::printf("native peak_memory %.1f MB (VmHWM)\n", kb / 1024.0);
#endif
}

void print_rate(const char* phase, std::int64_t cases, double seconds) {
    std::printf("%s %s %.0f cases/s (%lld cases, %.3f s)\n", build_label(), phase, seconds > 0 ? cases / seconds : 0.0,
                static_cast<long long>(cases), seconds);
}

bool make_directories(const std::string& path) {
    struct stat st {};
    if (path.empty() || (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))) return true;
    const auto slash = path.find_last_of('/');
    if (slash != std::string::npos && slash > 0 && !make_directories(path.substr(0, slash))) return false;
    return ::mkdir(path.c_str(), 0777) == 0 || (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode));
}

using Inputs = cli::DemoA;

using planlang::bench::read_bytes;

std::optional<Inputs> load(const std::string& root) {
    const std::string plan_path = root + "/" + cli::kDemoAPlanPath, world_path = root + "/" + cli::kDemoAWorldPath;
    const std::optional<std::string> plan = read_bytes(plan_path), world = read_bytes(world_path);
    if (!plan || !world) {
        fail("cannot read " + (plan ? world_path : plan_path));
        return std::nullopt;
    }
    Issues issues;
    std::optional<Inputs> in = cli::load_demo_a(*plan, plan_path, *world, world_path, issues);
    if (!in) {
        fail("the plan or the world does not load");
        print_issues(issues);
    }
    return in;
}

// One block of the in-memory pipeline: its cases generated, simulated and sealed, nothing kept but counts
// and the digest of the block's trace huellas in case order.
struct BlockResult {
    std::int64_t done = 0;
    std::int64_t paused = 0;
    json::Digest huellas{};
    double t_generate = 0, t_simulate = 0;  // seconds on whichever thread ran it
    std::optional<std::string> error;       // why the block stopped
};

struct Pipeline {
    const Inputs& in;
    const synth::PlanFacts& facts;
    const sim::demo_a::Agent& agent;
    bool caps = false;
    std::string corrida_id;
    std::int64_t n = 0;
    bool json_round_trip = false;

    std::optional<std::string> run_block(std::int64_t b, BlockResult& out) const {
        const std::int64_t start = b * synth::kBlockSize;
        const int size = static_cast<int>(std::min<std::int64_t>(synth::kBlockSize, n - start));
        // Generation: the block's subtypes, then each case (in the batch's JSON shape with --json-round-trip).
        auto t0 = Clock::now();
        const std::vector<synth::Subtype> subtypes = synth::assemble_block(kSeed, static_cast<int>(b), size, caps);
        std::vector<synth::Case> block_cases;
        std::vector<json::Value> block_json;
        if (json_round_trip) block_json.reserve(static_cast<std::size_t>(size));
        else block_cases.reserve(static_cast<std::size_t>(size));
        for (int i = 0; i < size; ++i) {
            synth::Case c = synth::generate_case(in.world, facts, kSeed, synth::case_id(start + i + 1), subtypes[static_cast<std::size_t>(i)]);
            if (json_round_trip) block_json.push_back(synth::to_json(c));
            else block_cases.push_back(std::move(c));
        }
        out.t_generate = seconds_since(t0);
        // Simulation: the agent's typed case, run, the trace sealed.
        t0 = Clock::now();
        json::Sha256Stream huellas;
        for (int i = 0; i < size; ++i) {
            std::optional<sim::demo_a::Case> c;
            if (json_round_trip) {
                Issues case_issues;
                c = sim::demo_a::read_case(std::move(block_json[static_cast<std::size_t>(i)]), "casos." + std::to_string(start + i), case_issues);
                if (!c) {
                    print_issues(case_issues);
                    return "a generated case does not read";
                }
            } else {
                c = sim::demo_a::case_of(std::move(block_cases[static_cast<std::size_t>(i)]));
            }
            sim::CaseRun run = agent.run(*c, corrida_id);
            if (run.stopped) return "safety stop at case " + c->id;
            const json::Value trace = sim::sealed(std::move(run.trace));
            const json::Value* huella = trace.find("huella");
            if (!huella || !huella->is_string()) return "a sealed trace has no huella";
            huellas.update(huella->as_string());
            const json::Value* senales = trace.find("senales");
            const json::Value* p = senales ? senales->find("pausa_humana") : nullptr;
            if (p && p->is_bool() && p->as_bool()) ++out.paused;
            ++out.done;
        }
        out.huellas = huellas.finish();
        out.t_simulate = seconds_since(t0);
        return std::nullopt;
    }
};

// Blocks are independent (each has its own seeds), so the CLI's workers (native/cli/workers.hpp) run them
// in any order; every result is stored by block number and combined in block order, so the printed counts
// and the digest are the same whatever the number of threads.
int streaming(const Inputs& in, std::int64_t n, int threads, bool json_round_trip) {
    Issues issues;
    const synth::PlanFacts facts = synth::plan_facts(*in.plan.plan, in.plan.huella, issues);
    for (Issue& i : synth::check_world_fits(in.world, facts.u2)) issues.push_back(std::move(i));
    sim::SimGraphResult graph = sim::make_graph(*in.plan.plan, in.plan_document, sim::Variant::multiagente);
    for (const Issue& i : graph.issues) issues.push_back(i);
    if (!issues.empty()) {
        print_issues(issues);
        return fail("inputs cannot be used together");
    }
    const sim::demo_a::Agent agent(*in.plan.plan, in.plan.huella, in.world, *graph.graph, in.plan.plan->threshold_values());
    if (!agent.issues().empty()) {
        print_issues(agent.issues());
        return fail("the agent cannot run");
    }
    const Pipeline pipeline{in, facts, agent, in.world.has_caps(), "bench-" + std::to_string(n), n, json_round_trip};
    const std::int64_t blocks = (n + synth::kBlockSize - 1) / synth::kBlockSize;
    std::vector<BlockResult> results(static_cast<std::size_t>(blocks));
    std::atomic<bool> failed{false};  // the blocks not yet started are skipped
    auto task = [&](std::size_t b) {
        if (failed) return;
        BlockResult& r = results[b];
        r.error = pipeline.run_block(static_cast<std::int64_t>(b), r);
        if (r.error) failed = true;
    };
    cli::Workers workers(static_cast<unsigned>(threads));
    const run::ParallelFor parallel = workers.parallel_for();
    const std::clock_t cpu0 = std::clock();
    const auto t_total = Clock::now();
    if (parallel) parallel(results.size(), task);
    else
        for (std::size_t b = 0; b < results.size(); ++b) task(b);
    const double total = seconds_since(t_total);
    const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    for (const BlockResult& r : results)
        if (r.error) return fail(*r.error);

    std::int64_t done = 0, paused = 0;
    json::Sha256Stream digest;
    for (const BlockResult& r : results) {
        done += r.done;
        paused += r.paused;
        digest.update(r.huellas.data(), r.huellas.size());
    }
    double generate = 0, simulate = 0;
    for (const BlockResult& r : results) {
        generate += r.t_generate;
        simulate += r.t_simulate;
    }
    std::printf("%s threads %d\n", build_label(), threads);
    print_rate("generate (thread-seconds)", done, generate);
    print_rate("simulate (thread-seconds)", done, simulate);
    print_rate("total", done, total);
#ifndef __EMSCRIPTEN__
    // std::clock is the process's CPU time natively; Emscripten's counts wall time, so wasm prints none.
    std::printf("%s cpu %.3f s (process CPU time, all threads) = %.0f cases per CPU-second\n", build_label(), cpu,
                cpu > 0 ? done / cpu : 0.0);
#else
    (void)cpu;
#endif
    std::printf("%s paused %lld of %lld cases (senales.pausa_humana)\n", build_label(), static_cast<long long>(paused),
                static_cast<long long>(done));
    std::printf("%s traces digest %s (SHA-256 of the per-block SHA-256 of the traces' huellas, in case order)\n", build_label(),
                json::to_hex(digest.finish()).c_str());
    print_peak_memory();
    return 0;
}

int to_disk(const Inputs& in, std::int64_t n, const std::string& rundir) {
    struct stat st {};
    if (::stat(rundir.c_str(), &st) == 0) return fail(rundir + " exists; give a new folder");
    const auto t_total = Clock::now();
    auto t0 = Clock::now();
    synth::GenerateOptions options;
    options.semilla = kSeed;
    options.n = n;
    synth::BatchResult generated = synth::generate_batch(*in.plan.plan, in.plan.huella, in.world, options);
    if (!generated.ok) {
        print_issues(generated.issues);
        return fail("generate_batch failed");
    }
    const double t_generate = seconds_since(t0);

    t0 = Clock::now();
    const std::string batch_id = generated.batch.find("id")->as_string();
    const sim::demo_a::BatchResult batch = sim::demo_a::read_batch(std::move(generated.batch));  // the cases move into the typed batch
    generated.batch = json::Value();
    if (!batch.batch) {
        print_issues(batch.issues);
        return fail("read_batch failed");
    }
    const auto slash = rundir.find_last_of('/');
    // The batch is not written: it stays in memory; the manifest names it where it would be.
    const sim::demo_a::RunInputs ri = cli::demo_a_run(in, *batch.batch, "bench/" + batch_id + ".json",
                                              slash == std::string::npos ? rundir : rundir.substr(slash + 1));
    if (!make_directories(rundir + "/trazas")) return fail("cannot create " + rundir + "/trazas");
    // The files go to disk as the export hands them over (simulate_run_streaming), as `planlang simulate` does.
    std::uint64_t bytes = 0, files = 0;
    std::ofstream out;
    std::string open_path;
    const sim::FileSink sink = [&](const std::string& path, std::string_view chunk, bool last) {
        if (open_path != path) {
            out.close();
            out.open(rundir + "/" + path, std::ios::binary | std::ios::trunc);
            open_path = path;
            ++files;
        }
        out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        bytes += chunk.size();
        if (last) {
            out.close();
            open_path.clear();
        }
        return !out.fail();
    };
    const sim::StreamedRun run = sim::demo_a::simulate_run_streaming(ri, sink);
    if (!run.issues.empty()) {
        print_issues(run.issues);
        return fail("simulate_run_streaming failed");
    }
    if (run.stop) return fail("safety stop");
    const double t_simulate = seconds_since(t0);
    const double total = seconds_since(t_total);
    const auto cases = static_cast<std::int64_t>(run.casos_ejecutados.size());
    print_rate("to_disk_generate_batch", cases, t_generate);
    print_rate("to_disk_read_batch_simulate_write", cases, t_simulate);
    print_rate("to_disk_total", cases, total);
    std::printf("%s to_disk_files %llu files, %.1f MB in %s\n", build_label(), static_cast<unsigned long long>(files), bytes / 1e6,
                rundir.c_str());
    print_peak_memory();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    planlang::cli::tune_allocator();
    std::int64_t n = -1;
    std::string root = ".";
    std::optional<std::string> disk;
    int threads = default_threads();
    bool json_round_trip = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--cases" && i + 1 < argc) n = std::atoll(argv[++i]);
        else if (a == "--root" && i + 1 < argc) root = argv[++i];
        else if (a == "--to-disk" && i + 1 < argc) disk = argv[++i];
        else if (a == "--threads" && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (a == "--json-round-trip") json_round_trip = true;
        else {
            std::fprintf(stderr, "usage: synth_sim_bench [--cases N>=1] [--threads T>=1] [--root DIR] [--to-disk RUNDIR | --json-round-trip]\n");
            return 2;
        }
    }
    if (n < 0) n = disk ? 100000 : 1000000;
    if (n < 1 || (disk && n > synth::kMaxCases)) {
        std::fprintf(stderr, "synth_sim_bench: --cases must be 1..%lld with --to-disk, >= 1 otherwise\n",
                     static_cast<long long>(synth::kMaxCases));
        return 2;
    }
    if (threads < 1 || threads > 256) {
        std::fprintf(stderr, "synth_sim_bench: --threads must be 1..256\n");
        return 2;
    }
    const std::optional<Inputs> in = load(root);
    if (!in) return 1;
    return disk ? to_disk(*in, n, *disk) : streaming(*in, n, threads, json_round_trip);
}
