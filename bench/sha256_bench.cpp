// SHA-256 throughput: the portable code and the platform backend (OpenSSL natively; under Node, Node's
// crypto; in a browser the portable code again). Best of N runs, steady clock.
//   sha256_bench [megabytes=64] [runs=5]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/json/sha256.hpp"

namespace {

using planlang::json::Digest;

double best_seconds(int runs, const std::string& data, Digest (*fn)(std::string_view), Digest& out) {
    double best = 1e300;
    for (int r = 0; r < runs; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        out = fn(data);
        const auto t1 = std::chrono::steady_clock::now();
        const double s = std::chrono::duration<double>(t1 - t0).count();
        if (s < best) best = s;
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    const long megabytes = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 64;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 5;
    if (megabytes <= 0 || runs <= 0) {
        std::fprintf(stderr, "usage: sha256_bench [megabytes>0] [runs>0]\n");
        return 2;
    }
    // Deterministic filler (an LCG); the content does not affect SHA-256's speed.
    std::string data(static_cast<std::size_t>(megabytes) * 1000000, '\0');
    std::uint32_t x = 12345;
    for (char& c : data) c = static_cast<char>((x = x * 1664525u + 1013904223u) >> 24);

    Digest portable{}, backend{};
    const double tp = best_seconds(runs, data, planlang::json::sha256_portable, portable);
    const double tb = best_seconds(runs, data, planlang::json::sha256, backend);
    const double mb = static_cast<double>(data.size()) / 1e6;
    std::printf("sha256 portable          %8.1f MB/s  (%ld MB, best of %d)\n", mb / tp, megabytes, runs);
    std::printf("sha256 backend %-10s %8.1f MB/s\n", planlang::json::sha256_backend_name(), mb / tb);
    std::printf("digest %s\n", planlang::json::to_hex(portable).c_str());
    if (portable != backend) {
        std::fprintf(stderr, "sha256_bench: portable and backend digests differ\n");
        return 1;
    }
    return 0;
}
