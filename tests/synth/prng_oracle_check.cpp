// Compares core/synth/prng with the vectors tests/synth/prng_oracle.mjs wrote from an independent
// JavaScript implementation (natively, and as wasm under Node).
//
//   prng_oracle_check ORACLE_TSV [--min N]
//
// Prints the first mismatches and "<N> passed, <N> failed"; exits 1 on a mismatch, a malformed line, or
// fewer than N vectors (default 600), so an empty or truncated oracle cannot pass.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/json/number.hpp"
#include "core/json/reader.hpp"
#include "core/json/rounding.hpp"
#include "core/common/prng.hpp"

namespace {

using planlang::Prng;

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> cells;
    std::size_t start = 0;
    for (;;) {
        const auto tab = line.find('\t', start);
        cells.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos) return cells;
        start = tab + 1;
    }
}

bool parse_seed(const std::string& cell, std::string& seed) {
    auto r = planlang::json::read(cell);
    if (!r.ok() || !r.value.is_string()) return false;
    seed = r.value.as_string();
    return true;
}

std::int64_t to_i64(const std::string& s) { return std::stoll(s); }

// What our implementation prints for one vector line (cells after the seed), or "" for a bad line.
std::string ours(const std::vector<std::string>& c, const std::string& seed) {
    const std::string& kind = c[0];
    std::ostringstream out;
    auto cells_from = [&](std::size_t first) { return c.size() - first; };
    if (kind == "cyrb128") {
        const auto h = planlang::cyrb128(seed);
        out << h[0] << '\t' << h[1] << '\t' << h[2] << '\t' << h[3];
    } else if (kind == "u32") {
        Prng g(seed);
        for (std::size_t i = 0; i < cells_from(2); ++i) out << (i ? "\t" : "") << g.next_u32();
    } else if (kind == "real") {
        Prng g(seed);
        for (std::size_t i = 0; i < cells_from(2); ++i) out << (i ? "\t" : "") << planlang::json::format_number(g.real());
    } else if (kind == "entero") {
        Prng g(seed);
        const auto a = to_i64(c[2]), b = to_i64(c[3]);
        out << c[2] << '\t' << c[3];
        for (std::size_t i = 0; i < cells_from(4); ++i) out << '\t' << g.entero(a, b);
    } else if (kind == "prob") {
        Prng g(seed);
        const double p = *planlang::json::parse_number(c[2]);
        out << c[2];
        for (std::size_t i = 0; i < cells_from(3); ++i) out << '\t' << (g.probabilidad(p) ? 1 : 0);
    } else if (kind == "elegir") {
        Prng g(seed);
        std::vector<int> list(static_cast<std::size_t>(to_i64(c[2])));
        for (std::size_t i = 0; i < list.size(); ++i) list[i] = static_cast<int>(i);
        out << c[2];
        for (std::size_t i = 0; i < cells_from(3); ++i) out << '\t' << g.elegir(list);
    } else if (kind == "ponderado") {
        Prng g(seed);
        auto w = planlang::json::read(c[2]);
        if (!w.ok() || !w.value.is_array()) return "";
        std::vector<std::pair<int, double>> items;
        for (const auto& v : w.value.as_array()) items.emplace_back(static_cast<int>(items.size()), v.as_number());
        out << c[2];
        for (std::size_t i = 0; i < cells_from(3); ++i) out << '\t' << g.elegir_ponderado(items);
    } else if (kind == "barajar") {
        Prng g(seed);
        std::vector<int> list(static_cast<std::size_t>(to_i64(c[2])));
        for (std::size_t i = 0; i < list.size(); ++i) list[i] = static_cast<int>(i);
        out << c[2];
        for (int v : g.barajar(list)) out << '\t' << v;
    } else {
        return "";
    }
    return out.str();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: prng_oracle_check ORACLE_TSV [--min N]\n");
        return 2;
    }
    long long min_vectors = 600;
    if (argc >= 4 && std::string(argv[2]) == "--min") min_vectors = std::stoll(argv[3]);
    std::ifstream in(argv[1]);
    std::string line;
    long long passed = 0, failed = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const auto c = split_tabs(line);
        std::string expected, got;
        bool ok = c.size() >= 3;
        if (ok && c[0] == "round") {
            const auto x = planlang::json::parse_number(c[1]);
            ok = x.has_value();
            if (ok) got = planlang::json::format_number(planlang::json::ecma_round(*x));
            expected = c[2];
        } else if (ok) {
            std::string seed;
            ok = parse_seed(c[1], seed);
            if (ok) got = ours(c, seed);
            for (std::size_t i = 2; i < c.size(); ++i) expected += (i > 2 ? "\t" : "") + c[i];
            ok = ok && !got.empty();
        }
        if (ok && got == expected) {
            ++passed;
        } else {
            if (++failed <= 20) std::printf("MISMATCH %s\n  oracle: %s\n  ours:   %s\n", line.substr(0, 80).c_str(), expected.c_str(), got.c_str());
        }
    }
    std::printf("%lld passed, %lld failed\n", passed, failed);
    if (passed + failed < min_vectors) {
        std::printf("only %lld vectors (at least %lld expected)\n", passed + failed, min_vectors);
        return 1;
    }
    return failed == 0 ? 0 : 1;
}
