// See sha256_sha_ni.hpp. Only the functions that use the SHA, SSE4.1 and SSSE3 intrinsics carry the target
// attribute, so the file builds for plain x86-64 and the instructions run only after available() said yes.
#include "native/crypto/sha256_sha_ni.hpp"

#include <cpuid.h>
#include <immintrin.h>

#include <cstring>
#include <utility>

#include "core/json/internal/sha256_constants.hpp"

#define PLANLANG_SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))
// Inlined, the state stays in registers; as calls, the __m128i references would go through memory.
#define PLANLANG_SHA_INLINE PLANLANG_SHA_TARGET __attribute__((always_inline)) static inline

namespace planlang::native::sha_ni {

namespace {

constexpr const std::uint32_t (&kInitial)[8] = json::internal::kSha256Initial;  // FIPS 180-4 §5.3.3
constexpr const std::uint32_t (&kRound)[64] = json::internal::kSha256Round;     // §4.2.2, 16-byte aligned

// sha256rnds2 holds the working variables as {A,B,E,F} and {C,D,G,H}, highest lane first.
struct Lane {
    __m128i abef;
    __m128i cdgh;
};

PLANLANG_SHA_INLINE Lane load_state(const std::uint32_t s[8]) {
    const __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
    const __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 4));
    const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    return {_mm_alignr_epi8(cdab, efgh, 8), _mm_blend_epi16(efgh, cdab, 0xF0)};
}

PLANLANG_SHA_INLINE void store_state(std::uint32_t s[8], Lane l) {
    const __m128i feba = _mm_shuffle_epi32(l.abef, 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(l.cdgh, 0xB1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(s), _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(s + 4), _mm_alignr_epi8(dchg, feba, 8));
}

// Four big-endian message words.
PLANLANG_SHA_INLINE __m128i load_words(const std::uint8_t* p) {
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), swap);
}

// W[t..t+3] from w0 = W[t-16..t-13] … w3 = W[t-4..t-1]: W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16].
PLANLANG_SHA_INLINE __m128i schedule(__m128i w0, __m128i w1, __m128i w2, __m128i w3) {
    const __m128i t = _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4));
    return _mm_sha256msg2_epu32(t, w3);
}

// Rounds 4g..4g+3: each sha256rnds2 takes two words of w + K and makes the new ABEF; the old ABEF becomes CDGH.
PLANLANG_SHA_INLINE void rounds4(Lane& l, __m128i w, int g) {
    const __m128i wk = _mm_add_epi32(w, _mm_load_si128(reinterpret_cast<const __m128i*>(kRound + 4 * g)));
    l.cdgh = _mm_sha256rnds2_epu32(l.cdgh, l.abef, wk);
    l.abef = _mm_sha256rnds2_epu32(l.abef, l.cdgh, _mm_shuffle_epi32(wk, 0x0E));
}

// Group G of every lane, one lane after the other, so the instruction stream alternates and the core runs
// one lane's rounds while the other waits. G is a template argument so every index into w is a constant and
// w stays in registers (with a loop over G, GCC -O2 left the two-lane body rolled, behind a jump table).
// w[i] is a ring of the last four groups; from G = 4 the slot overwritten held W[t-16..t-13].
template <int N, int G>
PLANLANG_SHA_INLINE void group(Lane (&l)[N], __m128i (&w)[N][4], const std::uint8_t* const (&p)[N]) {
#pragma GCC unroll 2
    for (int i = 0; i < N; ++i) {
        if constexpr (G < 4) w[i][G] = load_words(p[i] + 16 * G);
        else w[i][G & 3] = schedule(w[i][G & 3], w[i][(G + 1) & 3], w[i][(G + 2) & 3], w[i][(G + 3) & 3]);
        rounds4(l[i], w[i][G & 3], G);
    }
}

template <int N, std::size_t... G>
PLANLANG_SHA_INLINE void groups(Lane (&l)[N], __m128i (&w)[N][4], const std::uint8_t* const (&p)[N], std::index_sequence<G...>) {
    (group<N, static_cast<int>(G)>(l, w, p), ...);
}

// One 64-byte block of each of N lanes.
template <int N>
PLANLANG_SHA_INLINE void compress(Lane (&l)[N], const std::uint8_t* const (&p)[N]) {
    Lane before[N];
    __m128i w[N][4];
#pragma GCC unroll 2
    for (int i = 0; i < N; ++i) before[i] = l[i];
    groups<N>(l, w, p, std::make_index_sequence<16>{});
#pragma GCC unroll 2
    for (int i = 0; i < N; ++i) {
        l[i].abef = _mm_add_epi32(l[i].abef, before[i].abef);
        l[i].cdgh = _mm_add_epi32(l[i].cdgh, before[i].cdgh);
    }
}

PLANLANG_SHA_TARGET void blocks_one(std::uint32_t state[8], const std::uint8_t* data, std::size_t blocks) {
    Lane l[1] = {load_state(state)};
    for (; blocks > 0; --blocks, data += 64) {
        const std::uint8_t* const p[1] = {data};
        compress<1>(l, p);
    }
    store_state(state, l[0]);
}

PLANLANG_SHA_TARGET void blocks_two(std::uint32_t state_a[8], const std::uint8_t* a, std::uint32_t state_b[8],
                                    const std::uint8_t* b, std::size_t blocks) {
    Lane l[2] = {load_state(state_a), load_state(state_b)};
    for (; blocks > 0; --blocks, a += 64, b += 64) {
        const std::uint8_t* const p[2] = {a, b};
        compress<2>(l, p);
    }
    store_state(state_a, l[0]);
    store_state(state_b, l[1]);
}

void store_big_endian(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v >> 24);
    p[1] = static_cast<std::uint8_t>(v >> 16);
    p[2] = static_cast<std::uint8_t>(v >> 8);
    p[3] = static_cast<std::uint8_t>(v);
}

// The message from byte `done` (a multiple of 64) on: its whole blocks, then the padded tail — the bytes
// left, 0x80, zeros and the length in bits, big-endian, in one or two blocks (FIPS 180-4 §5.1.1).
void finish(std::uint32_t state[8], const std::uint8_t* data, std::size_t n, std::size_t done, std::uint8_t out[32]) {
    const std::size_t whole = (n - done) / 64;
    if (whole > 0) blocks_one(state, data + done, whole);
    const std::size_t consumed = done + 64 * whole, left = n - consumed;
    std::uint8_t tail[128] = {};
    if (left > 0) std::memcpy(tail, data + consumed, left);
    tail[left] = 0x80;
    const std::size_t tail_blocks = left + 9 <= 64 ? 1 : 2;
    const std::uint64_t bits = static_cast<std::uint64_t>(n) * 8;
    store_big_endian(tail + 64 * tail_blocks - 8, static_cast<std::uint32_t>(bits >> 32));
    store_big_endian(tail + 64 * tail_blocks - 4, static_cast<std::uint32_t>(bits));
    blocks_one(state, tail, tail_blocks);
    for (int i = 0; i < 8; ++i) store_big_endian(out + 4 * i, state[i]);
}

bool cpu_has_instructions() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    const bool ssse3 = (c & bit_SSSE3) != 0, sse41 = (c & bit_SSE4_1) != 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return ssse3 && sse41 && (b & bit_SHA) != 0;
}

}  // namespace

bool available() {
    static const bool present = cpu_has_instructions();
    return present;
}

void sha256_two(const std::uint8_t* a, std::size_t na, const std::uint8_t* b, std::size_t nb, std::uint8_t out_a[32],
                std::uint8_t out_b[32]) {
    std::uint32_t state_a[8], state_b[8];
    std::memcpy(state_a, kInitial, sizeof state_a);
    std::memcpy(state_b, kInitial, sizeof state_b);
    // The blocks both messages have go together; the longer one's extra blocks and both tails, one at a time
    // (for two traces of ours, ~8.7 KB each, a few per cent of the blocks).
    const std::size_t common = (na < nb ? na : nb) / 64;
    if (common > 0) blocks_two(state_a, a, state_b, b, common);
    finish(state_a, a, na, 64 * common, out_a);
    finish(state_b, b, nb, 64 * common, out_b);
}

}  // namespace planlang::native::sha_ni
