// SHA-256 throughput: the portable code and the platform backend (OpenSSL natively; under Node, Node's
// crypto; in a browser the portable code again), and the backend on trace-sized messages (8,704 bytes, a
// trace's canonical form) one at a time against two at a time (json::sha256_pair, as the verifier hashes
// traces), in the same run. Best of N runs, steady clock.
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

// The messages of `data` cut into kTrace-byte pieces, hashed one by one or two by two.
constexpr std::size_t kTrace = 8704;

double best_pieces(int runs, const std::string& data, bool pairs, std::uint8_t& fold) {
    const std::size_t pieces = data.size() / kTrace;
    double best = 1e300;
    for (int r = 0; r < runs; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i + 1 < pieces; i += 2) {
            const std::string_view a(data.data() + i * kTrace, kTrace), b(data.data() + (i + 1) * kTrace, kTrace);
            Digest da{}, db{};
            if (pairs) {
                planlang::json::sha256_pair(a, b, da, db);
            } else {
                da = planlang::json::sha256(a);
                db = planlang::json::sha256(b);
            }
            fold = static_cast<std::uint8_t>(fold ^ da[0] ^ db[31]);
        }
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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
    std::uint8_t single_fold = 0, pair_fold = 0;
    const double t1 = best_pieces(runs, data, false, single_fold);
    const double t2 = best_pieces(runs, data, true, pair_fold);
    const double pieces_mb = static_cast<double>(data.size() / kTrace / 2 * 2 * kTrace) / 1e6;
    std::printf("sha256 8704-byte messages, one at a time %8.1f MB/s\n", pieces_mb / t1);
    std::printf("sha256 8704-byte messages, two at a time %8.1f MB/s  (%.2fx)\n", pieces_mb / t2, t1 / t2);
    std::printf("digest %s\n", planlang::json::to_hex(portable).c_str());
    if (single_fold != pair_fold) {
        std::fprintf(stderr, "sha256_bench: sha256_pair and sha256 digests differ\n");
        return 1;
    }
    if (portable != backend) {
        std::fprintf(stderr, "sha256_bench: portable and backend digests differ\n");
        return 1;
    }
    return 0;
}
