#pragma once
// Word-at-a-time scanning of plain bytes, shared by the JSON reader (core/json/reader.cpp) and the run
// reader's plain scanner (core/run/fast/plain_scan.hpp): where a run of string bytes that need no
// escape, check or normalisation ends, and which byte of a word a mask flags.
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace planlang::json {

// Nonzero when one of eight bytes ends a run of plain string bytes: '"', '\\', a control or a non-ASCII
// byte (the bit tricks of "Bit Twiddling Hacks", "Determine if a word has a byte less than n" / "equal
// to n"). A borrow only runs upwards from a byte that matches, so the flag of the first stop byte (in
// memory order) is exact, and none is set below it: first_flagged_byte() finds it.
inline std::uint64_t plain_run_stops(std::uint64_t w) {
    constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
    const auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    return ((w - kOnes * 0x20) & ~w & kHigh) | (w & kHigh) | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\'));
}

// Index in memory order of the first byte whose high bit (or any bit, for a word compared by XOR) is set
// in a word loaded with memcpy. Precondition: mask != 0.
inline std::size_t first_flagged_byte(std::uint64_t mask) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return static_cast<std::size_t>(__builtin_clzll(mask)) / 8;
#else
    return static_cast<std::size_t>(__builtin_ctzll(mask)) / 8;  // g++, clang and Emscripten all have it
#endif
}

// Where the run of plain string bytes starting at `from` ends: the first '"', '\\', control or non-ASCII
// byte at or after it, or `end` when there is none. Sixteen bytes at a time with SSE2 or wasm SIMD128 —
// a string's end is then one load, three compares and a bit scan away, where the eight-byte words of
// plain_run_stops took a chain of a dozen dependent operations per word, most of parse_string's time on
// a run's traces (short keys and values) — else eight, then byte by byte.
inline const char* plain_run_end(const char* from, const char* end) {
    const char* p = from;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
    for (; end - p >= 16; p += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        // Signed, a byte below 0x20 is a control and one from 0x80 on is negative: one compare finds both.
        const __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), _mm_cmplt_epi8(v, space));
        if (const int bits = _mm_movemask_epi8(stop)) return p + __builtin_ctz(static_cast<unsigned>(bits));
    }
#elif defined(__wasm_simd128__)
    const v128_t quote = wasm_i8x16_splat('"'), backslash = wasm_i8x16_splat('\\'), space = wasm_i8x16_splat(0x20);
    for (; end - p >= 16; p += 16) {
        const v128_t v = wasm_v128_load(p);
        const v128_t stop = wasm_v128_or(wasm_v128_or(wasm_i8x16_eq(v, quote), wasm_i8x16_eq(v, backslash)), wasm_i8x16_lt(v, space));
        if (const std::uint32_t bits = wasm_i8x16_bitmask(stop)) return p + __builtin_ctz(bits);
    }
#endif
    for (std::uint64_t w; end - p >= 8; p += 8) {
        std::memcpy(&w, p, 8);
        if (const std::uint64_t stops = plain_run_stops(w)) return p + first_flagged_byte(stops);
    }
    for (; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) return p;
    }
    return end;
}

}  // namespace planlang::json
