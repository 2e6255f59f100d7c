#pragma once
// The seeded generator the synthetic world is drawn with (in common: the generator draws cases with it and
// the verifier its bootstrap resamples): cyrb128 over the seed's UTF-16 code units
// seeds sfc32, whose first 15 outputs are discarded; every derived function is built on real().
// All arithmetic is IEEE double exactly as written (the core compiles with -ffp-contract=off), so a seed
// gives the same draws natively, in WebAssembly and in the original's JavaScript.
#include <array>
#include <cassert>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace planlang {

// cyrb128 (§1) of a WTF-8 string, hashed as its UTF-16 code units (a supplementary character counts as
// its two surrogates, a lone surrogate as itself). Returns (h1, h2, h3, h4).
std::array<std::uint32_t, 4> cyrb128(std::string_view wtf8);

class Prng {
public:
    // Seeded by cyrb128(seed); the 15 first outputs are already discarded.
    explicit Prng(std::string_view seed);

    // The next sfc32 output (§1). Inline: the bootstrap and the generator draw millions of them.
    std::uint32_t next_u32() {
        const std::uint32_t t = m_a + m_b + m_d;
        m_d = m_d + 1;
        m_a = m_b ^ (m_b >> 9);
        m_b = m_c + (m_c << 3);
        m_c = (m_c << 21) | (m_c >> 11);
        m_c = m_c + t;
        return t;
    }

    // next / 2^32, in [0, 1).
    double real() { return static_cast<double>(next_u32()) / 4294967296.0; }

    // a + ⌊real() × (b − a + 1)⌋. Precondition: b ≥ a, both within ±2^53 (integers by type).
    std::int64_t entero(std::int64_t a, std::int64_t b);

    // real() < p.
    bool probabilidad(double p);

    // list[entero(0, n − 1)]. Precondition: a non-empty list.
    template <class T>
    const T& elegir(const std::vector<T>& list) {
        assert(!list.empty() && "elegir needs a non-empty list (§1)");
        return list[static_cast<std::size_t>(entero(0, static_cast<std::int64_t>(list.size()) - 1))];
    }

    // Index into `weights` chosen by elegirPonderado (§1): total summed in list order, r = real() × total,
    // walk the list (r < w → pick, else r −= w), the last item as fallback.
    // Precondition: a non-empty list whose total is > 0.
    std::size_t elegir_ponderado_indice(const std::vector<double>& weights);

    template <class T>
    const T& elegir_ponderado(const std::vector<std::pair<T, double>>& items) {
        std::vector<double> weights;
        weights.reserve(items.size());
        for (const auto& item : items) weights.push_back(item.second);
        return items[elegir_ponderado_indice(weights)].first;
    }

    // barajar (§1): a copy shuffled by i = n−1 … 1, j = entero(0, i), swap(i, j).
    template <class T>
    std::vector<T> barajar(std::vector<T> list) {
        for (std::size_t i = list.size(); i-- > 1;) {
            const auto j = static_cast<std::size_t>(entero(0, static_cast<std::int64_t>(i)));
            std::swap(list[i], list[j]);
        }
        return list;
    }

private:
    std::uint32_t m_a, m_b, m_c, m_d;
};

}  // namespace planlang
