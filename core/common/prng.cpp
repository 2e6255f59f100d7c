#include "core/common/prng.hpp"

#include <cmath>

namespace planlang {
namespace {

// The UTF-16 code units of a WTF-8 string, fed one by one to `unit`.
template <class F>
void for_each_utf16_unit(std::string_view s, F&& unit) {
    for (std::size_t i = 0; i < s.size();) {
        const auto b0 = static_cast<unsigned char>(s[i]);
        std::uint32_t c;
        auto cont = [&](std::size_t k) {
            return i + k < s.size() ? static_cast<std::uint32_t>(static_cast<unsigned char>(s[i + k]) & 0x3F) : 0u;
        };
        if (b0 < 0x80) {
            c = b0;
            i += 1;
        } else if (b0 < 0xE0) {
            c = ((b0 & 0x1Fu) << 6) | cont(1);
            i += 2;
        } else if (b0 < 0xF0) {
            c = ((b0 & 0x0Fu) << 12) | (cont(1) << 6) | cont(2);
            i += 3;
        } else {
            c = ((b0 & 0x07u) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3);
            i += 4;
        }
        if (c >= 0x10000) {
            c -= 0x10000;
            unit(0xD800u + (c >> 10));
            unit(0xDC00u + (c & 0x3FFu));
        } else {
            unit(c);
        }
    }
}

constexpr std::uint32_t mul(std::uint32_t a, std::uint32_t b) { return a * b; }  // Math.imul, as uint32

}  // namespace

// spec/synthetic-and-simulation.md §1 (bryc's cyrb128).
std::array<std::uint32_t, 4> cyrb128(std::string_view wtf8) {
    std::uint32_t h1 = 1779033703u, h2 = 3144134277u, h3 = 1013904242u, h4 = 2773480762u;
    for_each_utf16_unit(wtf8, [&](std::uint32_t k) {
        h1 = h2 ^ mul(h1 ^ k, 597399067u);
        h2 = h3 ^ mul(h2 ^ k, 2869860233u);
        h3 = h4 ^ mul(h3 ^ k, 951274213u);
        h4 = h1 ^ mul(h4 ^ k, 2716044179u);
    });
    h1 = mul(h3 ^ (h1 >> 18), 597399067u);
    h2 = mul(h4 ^ (h2 >> 22), 2869860233u);
    h3 = mul(h1 ^ (h3 >> 17), 951274213u);
    h4 = mul(h2 ^ (h4 >> 19), 2716044179u);
    h1 ^= h2 ^ h3 ^ h4;
    h2 ^= h1;
    h3 ^= h1;
    h4 ^= h1;
    return {h1, h2, h3, h4};
}

Prng::Prng(std::string_view seed) {
    const auto h = cyrb128(seed);
    m_a = h[0];
    m_b = h[1];
    m_c = h[2];
    m_d = h[3];
    for (int i = 0; i < 15; ++i) next_u32();
}

std::int64_t Prng::entero(std::int64_t a, std::int64_t b) {
    assert(b >= a && "entero(a, b) needs b >= a (§1)");
    const double span = static_cast<double>(b - a + 1);
    return a + static_cast<std::int64_t>(std::floor(real() * span));
}

bool Prng::probabilidad(double p) { return real() < p; }

std::size_t Prng::elegir_ponderado_indice(const std::vector<double>& weights) {
    assert(!weights.empty() && "elegirPonderado needs a non-empty list (§1)");
    double total = 0;
    for (double w : weights) total += w;
    assert(total > 0 && "elegirPonderado needs a positive total (§1)");
    double r = real() * total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (r < weights[i]) return i;
        r -= weights[i];
    }
    return weights.size() - 1;
}

}  // namespace planlang
