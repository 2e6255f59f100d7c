// Compares planlang::json::to_fixed and redondear with the oracle make_fixed_oracle.mjs wrote from
// Node (Number#toFixed and Math.round(x·10^d) / 10^d), natively and in wasm.
//
//   fixed_oracle_check FIXED_TSV REDONDEAR_TSV [--min N]
//
// Per fixed.tsv line: to_fixed(x, d) == x.toFixed(d), byte for byte. Per redondear.tsv line: the bits of
// redondear(x, d) equal Node's (any NaN matches any NaN). Prints the first mismatches and
// "<N> passed, <N> failed"; exits 1 on a mismatch, a malformed line, or when either file holds fewer than
// N data lines (default 100000), so an empty or truncated oracle cannot pass.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "core/json/rounding.hpp"

namespace {

constexpr int kShownMismatches = 20;

std::optional<std::uint64_t> parse_hex64(std::string_view s) {
    if (s.size() != 16) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return std::nullopt;
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    return v;
}

std::optional<int> parse_digits(std::string_view s) {
    if (s.empty() || s.size() > 3) return std::nullopt;
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

double double_of(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

std::uint64_t bits_of(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

std::string hex_of(std::uint64_t b) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(b));
    return buf;
}

struct Tally {
    long long lines = 0, passed = 0, failed = 0;
};

// One oracle line: "<hex x>\t<d>\t<expected>", d within the function's limit.
struct Line {
    double x;
    int d;
    std::string_view expected;
};
std::optional<Line> split(std::string_view line, int max_d) {
    const std::size_t t1 = line.find('\t');
    const std::size_t t2 = t1 == std::string_view::npos ? t1 : line.find('\t', t1 + 1);
    if (t2 == std::string_view::npos) return std::nullopt;
    const auto bits = parse_hex64(line.substr(0, t1));
    const auto d = parse_digits(line.substr(t1 + 1, t2 - t1 - 1));
    if (!bits || !d || *d > max_d) return std::nullopt;
    return Line{double_of(*bits), *d, line.substr(t2 + 1)};
}

template <typename Fn>
bool for_each_line(const char* path, Fn fn) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::string line, category = "(none)";
    long long number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line[0] == '#') {
            category = line.substr(line.find_first_not_of("# "));
            continue;
        }
        fn(number, category, line);
    }
    return in.eof();
}

long long shown = 0;
void mismatch(Tally& t, const char* file, long long n, const std::string& category, const std::string& what) {
    ++t.failed;
    if (++shown <= kShownMismatches) std::printf("MISMATCH %s:%lld [%s]: %s\n", file, n, category.c_str(), what.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: fixed_oracle_check FIXED_TSV REDONDEAR_TSV [--min N]\n");
        return 2;
    }
    long long min_lines = 100000;
    for (int i = 3; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--min") == 0) min_lines = std::atoll(argv[i + 1]);
    using planlang::json::kMaxFixedDigits;
    using planlang::json::kMaxRedondearDigits;

    Tally fixed, rounded;
    const bool fixed_read = for_each_line(argv[1], [&](long long n, const std::string& cat, const std::string& text) {
        ++fixed.lines;
        const auto line = split(text, kMaxFixedDigits);
        if (!line) return mismatch(fixed, "fixed.tsv", n, cat, "malformed line '" + text + "'");
        const std::string got = planlang::json::to_fixed(line->x, line->d);
        if (got == line->expected) {
            ++fixed.passed;
        } else {
            mismatch(fixed, "fixed.tsv", n, cat,
                     hex_of(bits_of(line->x)) + ".toFixed(" + std::to_string(line->d) + ") Node '" +
                         std::string(line->expected) + "', ours '" + got + "'");
        }
    });
    const bool rounded_read = for_each_line(argv[2], [&](long long n, const std::string& cat, const std::string& text) {
        ++rounded.lines;
        const auto line = split(text, kMaxRedondearDigits);
        const auto expected = line ? parse_hex64(line->expected) : std::nullopt;
        if (!expected) return mismatch(rounded, "redondear.tsv", n, cat, "malformed line '" + text + "'");
        const double got = planlang::json::redondear(line->x, line->d);
        const double want = double_of(*expected);
        if (bits_of(got) == *expected || (std::isnan(got) && std::isnan(want))) {
            ++rounded.passed;
        } else {
            mismatch(rounded, "redondear.tsv", n, cat,
                     "redondear(" + hex_of(bits_of(line->x)) + ", " + std::to_string(line->d) + ") Node " +
                         hex_of(*expected) + ", ours " + hex_of(bits_of(got)));
        }
    });

    bool ok = fixed.failed == 0 && rounded.failed == 0;
    if (!fixed_read || !rounded_read) {
        std::printf("cannot read %s\n", fixed_read ? argv[2] : argv[1]);
        ok = false;
    }
    if (fixed.lines < min_lines || rounded.lines < min_lines) {
        std::printf("too few oracle lines: %lld toFixed, %lld redondear (minimum %lld each)\n", fixed.lines,
                    rounded.lines, min_lines);
        ok = false;
    }
    std::printf("to_fixed: %lld passed, %lld failed; redondear: %lld passed, %lld failed\n", fixed.passed,
                fixed.failed, rounded.passed, rounded.failed);
    std::printf("%lld passed, %lld failed\n", fixed.passed + rounded.passed, fixed.failed + rounded.failed);
    return ok ? 0 : 1;
}
