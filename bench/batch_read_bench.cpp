// How long the verifier takes to read a batch (traces-and-verifier.md §5), by itself: a benchmark program,
// not a test. Timing lives here only (steady clock); the core has no clock.
//
//   batch_read_bench FILE [--runs N] [--threads T]
//
// FILE is a batch as `planlang generate` writes it (for instance synthetic/casos/bench-20000.json from
// bench/run-verify.sh). Each run reads it as `planlang verify` does — the streamed pass of core/run/fast/batch_stream.cpp:
// every case parsed, schema-checked and hashed into the batch's huella, the members the verifier measures
// kept (verify::internal::Measurer::case_members) — once on one thread and once on T (default: the
// hardware's; 1 in wasm). Per run: milliseconds, cases/s and MB/s, the best of N runs (default 5) too, and
// the huella, which must not change from run to run or with T.
//
// Why a program of its own: in `planlang bench` the batch is read inside each round's verify, on both
// threads, next to the ramas and the manifest, where a profile's stacks lose it on the worker threads. Read
// alone, it is a fifth of verify's CPU time on our runs (bench history at 1a35ddd, fourteenth session).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "bench/read_bytes.hpp"
#include "core/run/internal/state.hpp"
#include "core/verify/internal/measure.hpp"
#include "native/cli/workers.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace planlang;

struct Timing {
    double ms = 0;
    std::string huella;
    std::size_t cases = 0;
};

Timing read_once(const std::string& bytes, const run::ParallelFor& parallel) {
    const std::vector<std::string>& members = verify::internal::Measurer::case_members();
    const run::FileSource source = [&bytes](const std::string&) -> std::optional<run::FileBytes> {
        return run::FileBytes(std::string_view(bytes), nullptr);
    };
    std::vector<run::Motive> out;
    Issues schema_all;
    const auto t0 = Clock::now();
    const std::optional<run::Batch> batch = run::internal::load_batch(source, "lote.json", out, schema_all, parallel, members);
    Timing t;
    t.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (!batch || !out.empty()) {
        std::fprintf(stderr, "batch_read_bench: the batch does not read (%s)\n", out.empty() ? "?" : out.front().codigo.c_str());
        std::exit(1);
    }
    t.huella = batch->huella;
    t.cases = batch->case_ids().size();
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    const char* const usage = "usage: batch_read_bench FILE [--runs N>=1] [--threads T>=1]\n";
    if (argc < 2 || (argc - 2) % 2 != 0) {  // a flag without its value is refused, not ignored
        std::fputs(usage, stderr);
        return 2;
    }
    int runs = 5;
    unsigned threads = 0;  // 0: Workers' default (PLANLANG_THREADS, else the hardware's)
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const int value = std::atoi(argv[i + 1]);
        if (value < 1 || (flag != "--runs" && flag != "--threads")) {
            std::fputs(usage, stderr);
            return 2;
        }
        if (flag == "--runs") runs = value;
        else threads = static_cast<unsigned>(value);
    }
    const std::optional<std::string> read = planlang::bench::read_bytes(argv[1]);
    if (!read) {
        std::fprintf(stderr, "batch_read_bench: cannot read %s\n", argv[1]);
        return 1;
    }
    const std::string& bytes = *read;

    cli::Workers one(1u);
    const std::unique_ptr<cli::Workers> many = threads ? std::make_unique<cli::Workers>(threads) : std::make_unique<cli::Workers>();
    std::string first;
    std::vector<cli::Workers*> passes{&one};
    if (many->size() > 1) passes.push_back(many.get());  // wasm has one thread: one pass
    for (cli::Workers* w : passes) {
        double best = 0;
        for (int r = 0; r < runs; ++r) {
            const Timing t = read_once(bytes, w->parallel_for());
            if (first.empty()) first = t.huella;
            if (t.huella != first) {
                std::fprintf(stderr, "batch_read_bench: huella %s on %u thread(s), %s before\n", t.huella.c_str(), w->size(), first.c_str());
                return 1;
            }
            best = r == 0 ? t.ms : std::min(best, t.ms);
            std::printf("threads %u run %d: %.2f ms, %.0f cases/s, %.0f MB/s\n", w->size(), r + 1, t.ms, t.cases / (t.ms / 1000),
                        bytes.size() / 1e6 / (t.ms / 1000));
        }
        std::printf("threads %u best of %d: %.2f ms (%zu bytes), huella %s\n", w->size(), runs, best, bytes.size(), first.c_str());
    }
    return 0;
}
