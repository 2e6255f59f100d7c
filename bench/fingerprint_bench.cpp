// Fingerprint throughput: planlang::json::read followed by planlang::json::huella over one file, the
// work `planlang fingerprint` does, natively and as wasm under Node (run-fingerprint.sh compares both
// with bench/baseline_fingerprint.mjs). Timing lives here only; the core has no clock.
//
//   fingerprint_bench FILE [--runs 5]
//
// Prints "huella <hex>" and "<label> <MB/s> MB/s ..." for read + huella (MB = 10^6 bytes of FILE, best
// of the runs, steady clock), then the best time of each phase on its own. Loading the file and freeing
// the value are not timed. Exit 1 if the file is unreadable, is not accepted by the reader, or two runs
// disagree.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <utility>

#include "bench/read_bytes.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

const char* build_label() {
#ifdef __EMSCRIPTEN__
    return "wasm";
#else
    return "native";
#endif
}

}  // namespace

int main(int argc, char** argv) {
    int runs = 5;
    const char* path = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
        } else if (!path) {
            path = argv[i];
        } else {
            path = nullptr;
            break;
        }
    }
    if (!path || runs < 1) {
        std::fprintf(stderr, "usage: fingerprint_bench FILE [--runs N>=1]\n");
        return 2;
    }
    std::optional<std::string> read = planlang::bench::read_bytes(path);
    if (!read) {
        std::fprintf(stderr, "fingerprint_bench: cannot read %s\n", path);
        return 1;
    }
    const std::string text = std::move(*read);

    double best_total = 1e300, best_read = 1e300, best_huella = 1e300;
    std::string first;
    for (int r = 0; r < runs; ++r) {
        const auto t0 = Clock::now();
        planlang::json::ReadResult result = planlang::json::read(text);
        const double t_read = seconds_since(t0);
        if (!result.ok()) {
            std::fprintf(stderr, "fingerprint_bench: %s: %s at %s: %s\n", path, result.error->code.c_str(),
                         result.error->element.c_str(), result.error->message.en.c_str());
            return 1;
        }
        const auto t1 = Clock::now();
        const std::string h = planlang::json::huella(result.value);
        const double t_huella = seconds_since(t1);
        const double t_total = seconds_since(t0);
        if (r == 0) first = h;
        if (h != first) {
            std::fprintf(stderr, "fingerprint_bench: run %d gave huella %s, run 0 gave %s\n", r, h.c_str(), first.c_str());
            return 1;
        }
        if (t_total < best_total) best_total = t_total;
        if (t_read < best_read) best_read = t_read;
        if (t_huella < best_huella) best_huella = t_huella;
        // `result` is destroyed here, after the clock stopped.
    }
    const double mb = static_cast<double>(text.size()) / 1e6;
    std::printf("huella %s\n", first.c_str());
    std::printf("%s %.1f MB/s (%.1f MB, best of %d: %.3f s)\n", build_label(), mb / best_total, mb, runs, best_total);
    std::printf("  read %.1f MB/s (%.3f s), huella %.1f MB/s (%.3f s; canonical + NFC + SHA-256)\n",
                mb / best_read, best_read, mb / best_huella, best_huella);
    return 0;
}
