// How long the run reader takes to parse a run's traces, by itself: a benchmark program, not a test. Timing
// lives here only (steady clock); the core has no clock.
//
//   trace_read_bench DIR [--traces N] [--runs R]
//
// DIR holds trace files (a run folder's trazas/, as `planlang simulate` writes it). The first N of them in
// name order (default 3,000) are read into memory once; each run then parses every one as the run reader
// does — json::read_into into a reused tree, with the canonical copy that gives the huella and the scanner
// that types `pasos`, `decisiones_de_arista` and `pausas_humanas` (core/run/trace_arrays.cpp) — and prints
// its milliseconds; the best of R runs (default 8) ends the output, with the canonical bytes written and how
// many arrays the scanner took, which must not change from run to run.
//
// Why a program of its own: inside `planlang verify` the parse shares its threads with the measurement, and
// its share moves with the machine's minutes; read alone, two builds compare in one sitting
// (bench history at 1a35ddd, "The scanner's tokens as fixed-size moves").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "bench/read_bytes.hpp"
#include "core/json/reader.hpp"
#include "core/run/fast/trace_arrays.hpp"

int main(int argc, char** argv) {
    using namespace planlang;
    if (argc < 2) {
        std::fprintf(stderr, "usage: trace_read_bench DIR [--traces N] [--runs R]\n");
        return 2;
    }
    std::size_t traces = 3000;
    int runs = 8;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--traces") traces = std::strtoul(argv[i + 1], nullptr, 10);
        else if (flag == "--runs") runs = std::max(1, std::atoi(argv[i + 1]));
    }
    std::vector<std::string> names;
    std::error_code error;
    for (std::filesystem::directory_iterator it(argv[1], error), end; !error && it != end; it.increment(error))
        if (it->is_regular_file(error)) names.push_back(it->path().string());
    if (error || names.empty()) {
        std::fprintf(stderr, "no trace files in %s\n", argv[1]);
        return 1;
    }
    std::sort(names.begin(), names.end());
    if (names.size() > traces) names.resize(traces);
    std::vector<std::string> texts;
    for (const std::string& name : names) {
        std::optional<std::string> bytes = planlang::bench::read_bytes(name);
        if (!bytes) {
            std::fprintf(stderr, "cannot read %s\n", name.c_str());
            return 1;
        }
        texts.push_back(std::move(*bytes));
    }
    json::Value tree;
    json::CanonicalCopy copy("huella");
    run::internal::TraceArrays arrays;
    run::internal::TraceArraysScanner scanner(arrays);
    double best = 0;
    std::size_t written = 0, scanned = 0;
    for (int r = 0; r < runs; ++r) {
        written = scanned = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const std::string& text : texts) {
            arrays.clear_scanned();
            if (json::read_into(tree, text, json::ReadLimits{}, &copy, &scanner)) {
                std::fprintf(stderr, "not JSON: a trace of %s\n", argv[1]);
                return 1;
            }
            written += copy.size;
            scanned += static_cast<std::size_t>(arrays.steps_scanned) + static_cast<std::size_t>(arrays.records_scanned) +
                       static_cast<std::size_t>(arrays.pauses_scanned);
        }
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        best = r == 0 ? ms : std::min(best, ms);
        std::printf("run %d: %.2f ms\n", r + 1, ms);
    }
    std::printf("%zu traces, best of %d: %.2f ms (%zu canonical bytes, %zu arrays typed)\n", texts.size(), runs, best, written, scanned);
    return 0;
}
