// Compares planlang::json::format_number and parse_number with the oracle make_oracle.mjs wrote from
// Node (String(x) and JSON.parse), natively and in wasm.
//
//   number_oracle_check FORMAT_TSV PARSE_TSV [--min-format N] [--min-parse N]
//
// Checks per format.tsv line: format_number(x) == String(x), and parse_number(String(x)) == x (the
// printed text reads back; "0" for -0 reads back as +0). Per parse.tsv line: parse_number(literal)
// gives JSON.parse's bits, or nullopt where JSON.parse throws or overflows. Prints the first mismatches
// and "<N> passed, <N> failed"; exits 1 on a mismatch, on a malformed line, or when a file holds fewer
// lines than the minimum (so an empty or truncated oracle cannot pass).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "core/json/number.hpp"

namespace {

constexpr int kShownMismatches = 20;

struct Tally {
    long long passed = 0;
    long long failed = 0;
    long long lines = 0;
};

std::optional<std::uint64_t> parse_hex64(std::string_view s) {
    if (s.size() != 16) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return std::nullopt;
        v = (v << 4) | static_cast<std::uint64_t>(d);
    }
    return v;
}

std::uint64_t bits_of(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

double double_of(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

std::string hex_of(std::uint64_t b) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(b));
    return buf;
}

// Literals can be 2000 characters long; the report shows their ends.
std::string shorten(std::string_view s) {
    if (s.size() <= 80) return std::string(s);
    return std::string(s.substr(0, 38)) + "…(" + std::to_string(s.size()) + " chars)…" +
           std::string(s.substr(s.size() - 30));
}

class Checker {
public:
    void fail(const std::string& where, const std::string& what) {
        ++m_failed;
        if (m_failed <= kShownMismatches) std::printf("MISMATCH %s: %s\n", where.c_str(), what.c_str());
    }
    long long failed() const { return m_failed; }

private:
    long long m_failed = 0;
};

// Calls fn(line_number, category, line) for every data line; returns false if the file cannot be read.
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

long long arg_value(int argc, char** argv, const char* name, long long fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], name) == 0) return std::atoll(argv[i + 1]);
    return fallback;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: number_oracle_check FORMAT_TSV PARSE_TSV [--min-format N] [--min-parse N]\n");
        return 2;
    }
    const char* format_path = argv[1];
    const char* parse_path = argv[2];
    const long long min_format = arg_value(argc, argv, "--min-format", 1000000);
    const long long min_parse = arg_value(argc, argv, "--min-parse", 1000);
    using planlang::json::format_number;
    using planlang::json::parse_number;

    Checker check;
    Tally format, round_trip, parse;
    auto where = [](const char* file, long long n, const std::string& cat) {
        return std::string(file) + ":" + std::to_string(n) + " [" + cat + "]";
    };

    const bool format_read = for_each_line(format_path, [&](long long n, const std::string& cat, const std::string& line) {
        ++format.lines;
        const std::size_t tab = line.find('\t');
        const auto bits = tab == std::string::npos ? std::nullopt : parse_hex64(std::string_view(line).substr(0, tab));
        if (!bits) {
            check.fail(where("format.tsv", n, cat), "malformed line '" + shorten(line) + "'");
            ++format.failed;
            return;
        }
        const double x = double_of(*bits);
        const std::string expected = line.substr(tab + 1);
        if (!std::isfinite(x)) {
            check.fail(where("format.tsv", n, cat), "the oracle lists a non-finite double " + hex_of(*bits));
            ++format.failed;
            return;
        }
        const std::string got = format_number(x);
        if (got == expected) {
            ++format.passed;
        } else {
            ++format.failed;
            check.fail(where("format.tsv", n, cat), hex_of(*bits) + " Node '" + expected + "', ours '" + got + "'");
        }
        const std::optional<double> back = parse_number(expected);
        if (back && *back == x) {  // == so that "0" reading back +0 from -0 counts as a match
            ++round_trip.passed;
        } else {
            ++round_trip.failed;
            check.fail(where("format.tsv", n, cat), "'" + expected + "' reads back as " +
                                                        (back ? hex_of(bits_of(*back)) : std::string("nothing")) +
                                                        ", not " + hex_of(*bits));
        }
    });

    const bool parse_read = for_each_line(parse_path, [&](long long n, const std::string& cat, const std::string& line) {
        ++parse.lines;
        const std::size_t tab = line.rfind('\t');
        if (tab == std::string::npos) {
            check.fail(where("parse.tsv", n, cat), "malformed line '" + shorten(line) + "'");
            ++parse.failed;
            return;
        }
        const std::string_view literal = std::string_view(line).substr(0, tab);
        const std::string_view expected = std::string_view(line).substr(tab + 1);
        const std::optional<double> got = parse_number(literal);
        const std::string got_text = got ? hex_of(bits_of(*got)) : std::string("reject");
        if (expected != "reject" && !parse_hex64(expected)) {
            check.fail(where("parse.tsv", n, cat), "malformed expectation '" + std::string(expected) + "'");
            ++parse.failed;
        } else if (got_text == expected) {
            ++parse.passed;
        } else {
            ++parse.failed;
            check.fail(where("parse.tsv", n, cat),
                       "'" + shorten(literal) + "' Node " + std::string(expected) + ", ours " + got_text);
        }
    });

    bool ok = check.failed() == 0;
    if (!format_read || !parse_read) {
        std::printf("cannot read %s\n", !format_read ? format_path : parse_path);
        ok = false;
    }
    if (format.lines < min_format || parse.lines < min_parse) {
        std::printf("too few oracle lines: %lld doubles (minimum %lld), %lld literals (minimum %lld)\n",
                    format.lines, min_format, parse.lines, min_parse);
        ok = false;
    }
    const long long passed = format.passed + round_trip.passed + parse.passed;
    const long long failed = format.failed + round_trip.failed + parse.failed;
    std::printf("format_number: %lld passed, %lld failed; read back: %lld passed, %lld failed; "
                "parse_number: %lld passed, %lld failed\n",
                format.passed, format.failed, round_trip.passed, round_trip.failed, parse.passed, parse.failed);
    std::printf("%lld passed, %lld failed\n", passed, failed);
    return ok && failed == 0 ? 0 : 1;
}
