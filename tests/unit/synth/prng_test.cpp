// core/synth/prng (synthetic-and-simulation.md §1). The full vector set is prng_oracle.mjs's (CTest
// synth.prng.oracle.*); these few, copied from its output, keep the unit tests self-contained.
#include "core/common/prng.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

using planlang::cyrb128;
using planlang::Prng;

TEST_CASE("cyrb128 hashes UTF-16 code units") {
    CHECK(cyrb128("") == std::array<std::uint32_t, 4>{41608494u, 3485963809u, 1435736333u, 1262568316u});
    CHECK(cyrb128("a") == std::array<std::uint32_t, 4>{1589175524u, 148824423u, 2405369273u, 1476957317u});
    CHECK(cyrb128("señal-ñandú") == std::array<std::uint32_t, 4>{3699357167u, 3315819u, 3720252369u, 54944848u});
    // U+1F600 is the surrogate pair D83D DE00.
    CHECK(cyrb128("\xF0\x9F\x98\x80") == std::array<std::uint32_t, 4>{1049635535u, 2057009066u, 629794321u, 3360502434u});
    // A lone surrogate (WTF-8 ED A0 80) hashes as the code unit D800.
    CHECK(cyrb128("\xED\xA0\x80x") == std::array<std::uint32_t, 4>{1464270295u, 3112101073u, 2675487952u, 2262859648u});
    // No normalisation: "café" precomposed and decomposed are different seeds.
    CHECK(cyrb128("caf\xC3\xA9") != cyrb128("cafe\xCC\x81"));
}

TEST_CASE("sfc32 after discarding 15 outputs") {
    Prng a("a");
    const std::uint32_t expected_a[] = {3673899221u, 990667247u, 3312596446u, 3040130840u, 4004746764u};
    for (auto v : expected_a) CHECK(a.next_u32() == v);
    Prng d("demo-a");
    CHECK(d.next_u32() == 3580342u);
    CHECK(d.next_u32() == 1956976320u);
    Prng e("\xF0\x9F\x98\x80");
    CHECK(e.next_u32() == 1052484352u);
}

TEST_CASE("real, entero, probabilidad, elegir") {
    Prng r("cafe\xCC\x81");
    CHECK(r.real() == 0.7265675677917898);
    CHECK(r.real() == 0.8921887057367712);
    Prng g("demo-a/caso/A-001");
    const std::int64_t ages[] = {33, 27, 78, 43, 41, 25, 70, 18, 41, 62};
    for (auto age : ages) CHECK(g.entero(18, 89) == age);
    Prng c("a");
    const std::vector<int> three{0, 1, 2};
    const int picks[] = {2, 0, 2, 2, 2, 0, 2, 0, 1, 2};
    for (int p : picks) CHECK(c.elegir(three) == p);
    Prng z("x");
    for (int i = 0; i < 100; ++i) {
        CHECK_FALSE(z.probabilidad(0));
        CHECK(z.probabilidad(1));
        const auto v = z.entero(-3, 3);
        CHECK((v >= -3 && v <= 3));
        CHECK(z.entero(7, 7) == 7);
    }
}

TEST_CASE("elegirPonderado walks the list in order and never picks a zero weight") {
    Prng g("demo-a");
    const std::vector<std::pair<int, double>> catalog{{0, 5}, {1, 2}, {2, 2}, {3, 1.5}, {4, 1.5}, {5, 1.5}};
    const int expected[] = {0, 1, 0, 0, 2, 3, 2, 3, 1, 1, 0, 2, 5, 0, 0, 4};
    for (int e : expected) CHECK(g.elegir_ponderado(catalog) == e);
    Prng h("zeros");
    const std::vector<std::pair<char, double>> with_zero{{'a', 0}, {'b', 1}, {'c', 0}};
    for (int i = 0; i < 200; ++i) CHECK(h.elegir_ponderado(with_zero) == 'b');
}

TEST_CASE("barajar is a permutation, in the spec's order") {
    Prng g("demo-a/bloque/0");
    std::vector<int> list(20);
    std::iota(list.begin(), list.end(), 0);
    const std::vector<int> expected{9, 10, 0, 6, 7, 14, 12, 13, 3, 5, 19, 2, 1, 16, 15, 4, 17, 18, 8, 11};
    const auto shuffled = g.barajar(list);
    CHECK(shuffled == expected);
    auto sorted = shuffled;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == list);
    Prng e("empty");
    CHECK(e.barajar(std::vector<int>{}).empty());
    CHECK(e.barajar(std::vector<int>{4}) == std::vector<int>{4});
}
