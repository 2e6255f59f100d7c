#pragma once
// SHA-256 of two messages at once with the x86 SHA extensions (SHA-NI), for json::sha256_pair.
//
// Why two: each sha256rnds2 instruction does two rounds and needs the previous one's result, so one message
// is bound by that instruction's latency, not by the SHA unit's throughput. A second, independent message
// fills the idle slots: two 8 KB traces hash ~1.5× faster together than one after the other (OpenSSL, which
// uses the same instructions, hashes one message at a time). bench/sha256_bench measures the ratio.
#include <cstddef>
#include <cstdint>

namespace planlang::native::sha_ni {

// Whether this CPU has the instructions (cpuid: SHA, SSE4.1, SSSE3); asked once per process.
bool available();

// The SHA-256 digests of a[0, na) and b[0, nb). Precondition: available().
void sha256_two(const std::uint8_t* a, std::size_t na, const std::uint8_t* b, std::size_t nb, std::uint8_t out_a[32],
                std::uint8_t out_b[32]);

}  // namespace planlang::native::sha_ni
