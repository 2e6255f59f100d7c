// Portable SHA-256, FIPS 180-4 (August 2015): constants §4.2.2, functions §4.1.2, padding §5.1.1,
// initial hash value §5.3.3, computation §6.2.2. Used by the wasm build as its backend and by every
// build as the reference the platform backend is tested against.
#include "core/json/sha256.hpp"

#include <cstring>

#include "core/json/internal/sha256_constants.hpp"

namespace planlang::json {
namespace {

constexpr const std::uint32_t (&kRound)[64] = internal::kSha256Round;  // FIPS 180-4 §4.2.2

// Compilers turn this pattern into a single rotate instruction (and wasm has i32.rotr).
inline std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

// §4.1.2, with Ch and Maj in the forms that need one operation less than the spec's.
inline std::uint32_t big_sigma0(std::uint32_t x) { return rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22); }
inline std::uint32_t big_sigma1(std::uint32_t x) { return rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25); }
inline std::uint32_t small_sigma0(std::uint32_t x) { return rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3); }
inline std::uint32_t small_sigma1(std::uint32_t x) { return rotr(x, 17) ^ rotr(x, 19) ^ (x >> 10); }
inline std::uint32_t ch(std::uint32_t x, std::uint32_t y, std::uint32_t z) { return z ^ (x & (y ^ z)); }
inline std::uint32_t maj(std::uint32_t x, std::uint32_t y, std::uint32_t z) { return (x & y) | (z & (x | y)); }

// Byte order is explicit (§3.1: words are big-endian), so the result is the same on every host.
inline std::uint32_t load_be32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
inline void store_be32(std::uint8_t* p, std::uint32_t v) {
    p[0] = static_cast<std::uint8_t>(v >> 24);
    p[1] = static_cast<std::uint8_t>(v >> 16);
    p[2] = static_cast<std::uint8_t>(v >> 8);
    p[3] = static_cast<std::uint8_t>(v);
}

}  // namespace

Sha256::Sha256() : m_buffer{} { std::memcpy(m_state.data(), internal::kSha256Initial, sizeof internal::kSha256Initial); }

// §6.2.2 steps 1–4. The schedule W lives in a 16-word ring (W[t] only needs W[t-2], W[t-7], W[t-15],
// W[t-16]) and the eight working variables rotate by renaming instead of by seven moves per round.
void Sha256::compress(const std::uint8_t* block) {
    std::uint32_t w[16];
    for (int t = 0; t < 16; ++t) w[t] = load_be32(block + 4 * t);

    std::uint32_t a = m_state[0], b = m_state[1], c = m_state[2], d = m_state[3];
    std::uint32_t e = m_state[4], f = m_state[5], g = m_state[6], h = m_state[7];

#define PLANLANG_SHA256_ROUND(a, b, c, d, e, f, g, h, k, wt)                   \
    do {                                                                       \
        const std::uint32_t t1 = h + big_sigma1(e) + ch(e, f, g) + (k) + (wt); \
        d += t1;                                                               \
        h = t1 + big_sigma0(a) + maj(a, b, c);                                 \
    } while (0)
// W[t] for t >= 16, written over W[t-16] in the ring.
#define PLANLANG_SHA256_W(t) \
    (w[(t) & 15] += small_sigma1(w[((t) - 2) & 15]) + w[((t) - 7) & 15] + small_sigma0(w[((t) - 15) & 15]))
#define PLANLANG_SHA256_EIGHT(t, W)                                \
    PLANLANG_SHA256_ROUND(a, b, c, d, e, f, g, h, kRound[(t) + 0], W((t) + 0)); \
    PLANLANG_SHA256_ROUND(h, a, b, c, d, e, f, g, kRound[(t) + 1], W((t) + 1)); \
    PLANLANG_SHA256_ROUND(g, h, a, b, c, d, e, f, kRound[(t) + 2], W((t) + 2)); \
    PLANLANG_SHA256_ROUND(f, g, h, a, b, c, d, e, kRound[(t) + 3], W((t) + 3)); \
    PLANLANG_SHA256_ROUND(e, f, g, h, a, b, c, d, kRound[(t) + 4], W((t) + 4)); \
    PLANLANG_SHA256_ROUND(d, e, f, g, h, a, b, c, kRound[(t) + 5], W((t) + 5)); \
    PLANLANG_SHA256_ROUND(c, d, e, f, g, h, a, b, kRound[(t) + 6], W((t) + 6)); \
    PLANLANG_SHA256_ROUND(b, c, d, e, f, g, h, a, kRound[(t) + 7], W((t) + 7))
#define PLANLANG_SHA256_W_LOAD(t) w[(t)]

    PLANLANG_SHA256_EIGHT(0, PLANLANG_SHA256_W_LOAD);
    PLANLANG_SHA256_EIGHT(8, PLANLANG_SHA256_W_LOAD);
    PLANLANG_SHA256_EIGHT(16, PLANLANG_SHA256_W);
    PLANLANG_SHA256_EIGHT(24, PLANLANG_SHA256_W);
    PLANLANG_SHA256_EIGHT(32, PLANLANG_SHA256_W);
    PLANLANG_SHA256_EIGHT(40, PLANLANG_SHA256_W);
    PLANLANG_SHA256_EIGHT(48, PLANLANG_SHA256_W);
    PLANLANG_SHA256_EIGHT(56, PLANLANG_SHA256_W);

#undef PLANLANG_SHA256_W_LOAD
#undef PLANLANG_SHA256_EIGHT
#undef PLANLANG_SHA256_W
#undef PLANLANG_SHA256_ROUND

    m_state[0] += a;
    m_state[1] += b;
    m_state[2] += c;
    m_state[3] += d;
    m_state[4] += e;
    m_state[5] += f;
    m_state[6] += g;
    m_state[7] += h;
}

void Sha256::update(const void* data, std::size_t size) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    m_length += size;
    if (m_buffered > 0) {
        const std::size_t take = size < 64 - m_buffered ? size : 64 - m_buffered;
        std::memcpy(m_buffer.data() + m_buffered, p, take);
        m_buffered += take;
        p += take;
        size -= take;
        if (m_buffered < 64) return;
        compress(m_buffer.data());
        m_buffered = 0;
    }
    // Full blocks are compressed straight from the caller's memory: no copy, no per-byte work.
    for (; size >= 64; p += 64, size -= 64) compress(p);
    if (size > 0) {
        std::memcpy(m_buffer.data(), p, size);
        m_buffered = size;
    }
}

// §5.1.1: append bit 1, zeros up to 448 mod 512 bits, then the message length in bits as 64 bits.
Digest Sha256::finish() {
    const std::uint64_t bits = m_length * 8;  // the length is defined modulo 2^64 bits
    m_buffer[m_buffered++] = 0x80;
    if (m_buffered > 56) {
        std::memset(m_buffer.data() + m_buffered, 0, 64 - m_buffered);
        compress(m_buffer.data());
        m_buffered = 0;
    }
    std::memset(m_buffer.data() + m_buffered, 0, 56 - m_buffered);
    store_be32(m_buffer.data() + 56, static_cast<std::uint32_t>(bits >> 32));
    store_be32(m_buffer.data() + 60, static_cast<std::uint32_t>(bits));
    compress(m_buffer.data());

    Digest out;
    for (int i = 0; i < 8; ++i) store_be32(out.data() + 4 * i, m_state[i]);
    return out;
}

Digest sha256_portable(std::string_view data) {
    Sha256 h;
    h.update(data);
    return h.finish();
}

std::string to_hex(const Digest& d) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string s(2 * d.size(), '0');
    for (std::size_t i = 0; i < d.size(); ++i) {
        s[2 * i] = kHex[d[i] >> 4];
        s[2 * i + 1] = kHex[d[i] & 15];
    }
    return s;
}

}  // namespace planlang::json
