// The identifier validator (spec/synthetic-and-simulation.md §8, decisions.md C6). Hand-written scanners
// rather than std::regex: the same code, speed and answers in every build.
//
// [SECTION] Character classes and the scan state
// [SECTION] Text checks, in order
// [SECTION] The document walk and the key checks
#include "core/synth/identifiers.hpp"

#include <algorithm>
#include <cstdint>
#include <utf8proc.h>

#include "core/json/unicode.hpp"
#include "core/plan/internal/schema_check.hpp"
#include "core/synth/dictionaries.hpp"

namespace planlang::synth {
namespace {

// [SECTION] Character classes and the scan state

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_ascii_letter(char c) { return is_upper(c) || is_lower(c); }

// Decodes the code point starting at s[i] (WTF-8), or U+FFFD for a stray continuation byte.
std::uint32_t code_point_at(std::string_view s, std::size_t i, std::size_t* length = nullptr) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t n = b0 < 0x80 ? 1 : b0 < 0xC0 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4;
    if (i + n > s.size()) n = 1;
    if (length) *length = n;
    if (n == 1) return b0 < 0x80 ? b0 : 0xFFFD;
    std::uint32_t c = b0 & (n == 2 ? 0x1Fu : n == 3 ? 0x0Fu : 0x07u);
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    return c;
}

bool is_letter_cp(std::uint32_t c) {
    if (c < 0x80) return is_ascii_letter(static_cast<char>(c));
    if (c >= 0xD800 && c <= 0xDFFF) return false;
    const auto cat = utf8proc_category(static_cast<utf8proc_int32_t>(c));
    return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
}

// A code point a number may not touch: a letter, a digit or a hyphen.
bool is_sticky_cp(std::uint32_t c) { return c == '-' || (c < 0x80 && is_digit(static_cast<char>(c))) || is_letter_cp(c); }

std::uint32_t code_point_before(std::string_view s, std::size_t i) {
    if (i == 0) return 0;
    std::size_t j = i - 1;
    while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
    return code_point_at(s, j);
}

// A number is free when it touches no letter, digit or hyphen, and is not the tail or head of a longer
// number written with a decimal or thousands separator ("1.5", "2,300").
bool free_before(std::string_view s, std::size_t i) {
    if (i == 0) return true;
    if (i >= 2 && (s[i - 1] == '.' || s[i - 1] == ',') && is_digit(s[i - 2])) return false;
    return !is_sticky_cp(code_point_before(s, i));
}
bool free_after(std::string_view s, std::size_t end) {
    if (end >= s.size()) return true;
    if (end + 1 < s.size() && (s[end] == '.' || s[end] == ',') && is_digit(s[end + 1])) return false;
    return !is_sticky_cp(code_point_at(s, end));
}
bool letter_before(std::string_view s, std::size_t i) { return i > 0 && is_letter_cp(code_point_before(s, i)); }
bool letter_after(std::string_view s, std::size_t end) { return end < s.size() && is_letter_cp(code_point_at(s, end)); }

// Lower case for keyword matching, byte-for-byte the same length: ASCII and the Latin-1 capitals.
std::string lowered(std::string_view s) {
    std::string out(s);
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto& c = out[i];
        if (is_upper(c)) c = static_cast<char>(c - 'A' + 'a');
        if (static_cast<unsigned char>(c) == 0xC3 && i + 1 < out.size()) {
            const auto n = static_cast<unsigned char>(out[i + 1]);
            if (n >= 0x80 && n <= 0x9E && n != 0x97) out[i + 1] = static_cast<char>(n + 0x20);
            ++i;
        }
    }
    return out;
}

std::size_t digits_from(std::string_view s, std::size_t i) {
    std::size_t j = i;
    while (j < s.size() && is_digit(s[j])) ++j;
    return j - i;
}

long long number_of(std::string_view s, std::size_t i, std::size_t n) {
    long long v = 0;
    for (std::size_t k = 0; k < n && k < 18; ++k) v = v * 10 + (s[i + k] - '0');
    return v;
}

class Scan {
public:
    explicit Scan(std::string_view text) : m_text(text), m_low(lowered(text)), m_used(text.size(), false) {}
    std::string_view text() const { return m_text; }
    std::string_view low() const { return m_low; }
    bool free(std::size_t begin, std::size_t end) const {
        for (std::size_t i = begin; i < end; ++i)
            if (m_used[i]) return false;
        return true;
    }
    // Records a finding unless it overlaps an earlier one; returns whether it was recorded.
    bool add(const char* code, std::size_t begin, std::size_t end) {
        if (!free(begin, end)) return false;
        std::fill(m_used.begin() + static_cast<std::ptrdiff_t>(begin), m_used.begin() + static_cast<std::ptrdiff_t>(end), true);
        m_findings.push_back(TextFinding{code, begin, end});
        return true;
    }
    void consume(std::size_t begin, std::size_t end) {
        if (free(begin, end)) std::fill(m_used.begin() + static_cast<std::ptrdiff_t>(begin), m_used.begin() + static_cast<std::ptrdiff_t>(end), true);
    }
    std::vector<TextFinding>& findings() { return m_findings; }

private:
    std::string_view m_text;
    std::string m_low;
    std::vector<bool> m_used;
    std::vector<TextFinding> m_findings;
};

bool starts_with_at(std::string_view s, std::size_t i, std::string_view prefix) { return s.substr(i, prefix.size()) == prefix; }

// [SECTION] Text checks, in order

void check_ssn(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i + 11 <= s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        if (digits_from(s, i) == 3 && s[i + 3] == '-' && digits_from(s, i + 4) == 2 && s[i + 6] == '-' && digits_from(s, i + 7) == 4 &&
            free_after(s, i + 11) && scan.add("ID_SSN", i, i + 11))
            i += 10;
    }
}

// DIAN check digit of a 9-digit NIT.
int nit_check_digit(const std::string& nine) {
    static const int kWeights[] = {3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71};
    int sum = 0;
    for (std::size_t k = 0; k < nine.size(); ++k) sum += (nine[nine.size() - 1 - k] - '0') * kWeights[k];
    const int r = sum % 11;
    return r < 2 ? r : 11 - r;
}

void check_nit(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        std::size_t j = i;
        std::string nine;
        bool ok = true;
        for (int group = 0; group < 3 && ok; ++group) {
            if (group > 0 && j < s.size() && s[j] == '.') ++j;
            for (int k = 0; k < 3; ++k, ++j) {
                if (j >= s.size() || !is_digit(s[j])) {
                    ok = false;
                    break;
                }
                nine += s[j];
            }
        }
        if (!ok) continue;
        if (j < s.size() && s[j] == ' ') ++j;
        if (j >= s.size() || s[j] != '-') continue;
        ++j;
        if (j < s.size() && s[j] == ' ') ++j;
        if (j >= s.size() || !is_digit(s[j]) || !free_after(s, j + 1)) continue;
        if (s[j] - '0' != nit_check_digit(nine)) continue;
        if (scan.add("ID_NIT", i, j + 1)) i = j;
    }
}

// A number with optional thousands separators ('.' or ',', groups of three) starting at i: its end and value.
bool read_grouped_number(std::string_view s, std::size_t i, std::size_t& end, long long& value, int& groups) {
    const std::size_t lead = digits_from(s, i);
    if (lead == 0) return false;
    groups = 0;
    end = i + lead;
    value = number_of(s, i, lead);
    if (lead <= 3) {
        while (end + 4 <= s.size() && (s[end] == '.' || s[end] == ',') && digits_from(s, end + 1) == 3 &&
               (end + 4 == s.size() || !is_digit(s[end + 4]))) {
            value = value * 1000 + number_of(s, end + 1, 3);
            end += 4;
            ++groups;
        }
    }
    return true;
}

bool national_id_range(long long v) { return (v >= 1 && v <= 99999999) || (v >= 1000000000 && v <= 1999999999); }

void check_national_id(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    static const std::string_view kKeywords[] = {"c.c.", "c.c", "cc", "cédula", "cedula", "nuip", "documento", "dni",
                                                 "national id", "id number", "identity number"};
    static const std::string_view kNumberWords[] = {"número", "numero", "number", "nº", "n°", "no.", "no", "núm.", "num."};
    // a. A number after a keyword.
    for (std::size_t i = 0; i < low.size(); ++i) {
        const char c0 = low[i];
        if ((c0 != 'c' && c0 != 'd' && c0 != 'n' && c0 != 'i') || letter_before(low, i)) continue;
        for (std::string_view k : kKeywords) {
            if (!starts_with_at(low, i, k) || letter_after(low, i + k.size())) continue;
            std::size_t j = i + k.size();
            auto skip_separators = [&] {
                while (j < low.size() && (low[j] == ' ' || low[j] == ':' || low[j] == '.' || low[j] == '#' || low[j] == ',')) ++j;
            };
            skip_separators();
            for (std::string_view w : kNumberWords)
                if (starts_with_at(low, j, w) && !letter_after(low, j + w.size())) {
                    j += w.size();
                    skip_separators();
                    break;
                }
            std::size_t end = 0;
            long long value = 0;
            int groups = 0;
            if (j < s.size() && free_before(s, j) && read_grouped_number(s, j, end, value, groups) && free_after(s, end) &&
                national_id_range(value))
                scan.add("ID_DOCUMENTO", i, end);
            break;
        }
    }
    // b. A number with two or three dotted thousands groups.
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        std::size_t j = i + digits_from(s, i);
        if (j - i > 3) {
            i = j;
            continue;
        }
        int groups = 0;
        long long value = number_of(s, i, j - i);
        while (j + 4 <= s.size() && s[j] == '.' && digits_from(s, j + 1) == 3) {
            value = value * 1000 + number_of(s, j + 1, 3);
            j += 4;
            ++groups;
            if (j < s.size() && is_digit(s[j])) break;
        }
        if (groups >= 2 && groups <= 3 && free_after(s, j) && !(j + 1 < s.size() && s[j] == '.' && is_digit(s[j + 1])) && national_id_range(value))
            scan.add("ID_DOCUMENTO", i, j);
        i = std::max(i, j);
    }
}

void check_ipv4(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        std::size_t j = i;
        int parts[4];
        bool ok = true;
        for (int k = 0; k < 4 && ok; ++k) {
            if (k > 0) {
                if (j >= s.size() || s[j] != '.') ok = false;
                else ++j;
            }
            const std::size_t n = ok ? digits_from(s, j) : 0;
            if (n < 1 || n > 3) ok = false;
            else {
                parts[k] = static_cast<int>(number_of(s, j, n));
                if (parts[k] > 255) ok = false;
                j += n;
            }
        }
        if (!ok || !free_after(s, j) || (j + 1 < s.size() && s[j] == '.' && is_digit(s[j + 1]))) continue;
        const bool documentation = (parts[0] == 192 && parts[1] == 0 && parts[2] == 2) || (parts[0] == 198 && parts[1] == 51 && parts[2] == 100) ||
                                   (parts[0] == 203 && parts[1] == 0 && parts[2] == 113);
        if (documentation) scan.consume(i, j);
        else scan.add("ID_IPV4", i, j);
        i = j;
    }
}

bool reserved_host(std::string host) {
    while (!host.empty() && host.back() == '.') host.pop_back();
    auto ends = [&](std::string_view suffix) {
        return host.size() >= suffix.size() && host.compare(host.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    for (std::string_view d : {"example.com", "example.org", "example.net"})
        if (host == d || ends(std::string(".") + std::string(d))) return true;
    for (std::string_view tld : {".example", ".test", ".invalid", ".localhost"})
        if (ends(tld) || host == tld.substr(1)) return true;
    return false;
}

bool is_host_char(char c) { return is_ascii_letter(c) || is_digit(c) || c == '.' || c == '-'; }

void check_mail_and_url(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    for (std::size_t at = 0; at < s.size(); ++at) {
        if (s[at] != '@') continue;
        std::size_t b = at;
        while (b > 0 && (is_ascii_letter(s[b - 1]) || is_digit(s[b - 1]) || s[b - 1] == '.' || s[b - 1] == '_' || s[b - 1] == '%' ||
                         s[b - 1] == '+' || s[b - 1] == '-'))
            --b;
        std::size_t e = at + 1;
        while (e < s.size() && is_host_char(s[e])) ++e;
        while (e > at + 1 && (s[e - 1] == '.' || s[e - 1] == '-')) --e;
        const std::string host(low.substr(at + 1, e - at - 1));
        const auto dot = host.rfind('.');
        if (b == at || dot == std::string::npos || dot + 2 >= host.size() + 1 || host.size() - dot - 1 < 2) continue;
        if (reserved_host(host)) scan.consume(b, e);
        else scan.add("ID_CORREO", b, e);
    }
    for (std::size_t i = 0; i < low.size(); ++i) {
        if (low[i] != 'h' && low[i] != 'w') continue;
        std::size_t host_start;
        if (starts_with_at(low, i, "https://")) host_start = i + 8;
        else if (starts_with_at(low, i, "http://")) host_start = i + 7;
        else if (starts_with_at(low, i, "www.") && !letter_before(low, i) && !(i > 0 && (low[i - 1] == '.' || low[i - 1] == '/')))
            host_start = i;
        else continue;
        std::size_t e = host_start;
        while (e < low.size() && is_host_char(low[e])) ++e;
        while (e > host_start && (low[e - 1] == '.' || low[e - 1] == '-')) --e;
        const std::string host(low.substr(host_start, e - host_start));
        std::size_t end = e;
        while (end < s.size() && s[end] != ' ' && s[end] != '\n' && s[end] != '\t' && s[end] != '"' && s[end] != ')') ++end;
        while (end > e && (s[end - 1] == '.' || s[end - 1] == ',' || s[end - 1] == ';')) --end;
        if (host.empty()) continue;
        if (reserved_host(host)) scan.consume(i, end);
        else scan.add("ID_URL", i, end);
        i = std::max(i, end);
    }
}

struct Month {
    std::string_view name;
    bool abbreviation;
};
const Month kMonths[] = {
    {"enero", false},     {"febrero", false},   {"marzo", false},     {"abril", false},    {"mayo", false},     {"junio", false},
    {"julio", false},     {"agosto", false},    {"septiembre", false}, {"setiembre", false}, {"octubre", false},  {"noviembre", false},
    {"diciembre", false}, {"january", false},   {"february", false},  {"march", false},    {"april", false},    {"may", false},
    {"june", false},      {"july", false},      {"august", false},    {"september", false}, {"october", false},  {"november", false},
    {"december", false},  {"jan", true},        {"feb", true},        {"mar", true},       {"apr", true},       {"jun", true},
    {"jul", true},        {"aug", true},        {"sept", true},       {"sep", true},       {"oct", true},       {"nov", true},
    {"dec", true},
};

// The month name at low[i] (whole word, optional '.' after an abbreviation): its end, else 0.
std::size_t month_at(std::string_view s, std::string_view low, std::size_t i) {
    if (letter_before(low, i)) return 0;
    for (const Month& m : kMonths) {
        if (!starts_with_at(low, i, m.name) || letter_after(low, i + m.name.size())) continue;
        if (m.name == "may" && s.substr(i, 3) != "May") return 0;  // the English modal verb is not a date
        std::size_t end = i + m.name.size();
        if (m.abbreviation && end < low.size() && low[end] == '.') ++end;
        return end;
    }
    return 0;
}

bool day_month(long long a, long long b) { return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31)); }

void check_dates(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        const std::size_t n1 = digits_from(s, i);
        std::size_t j = i + n1;
        // yyyy-mm-dd
        if (n1 == 4 && j < s.size() && s[j] == '-') {
            const std::size_t n2 = digits_from(s, j + 1);
            const std::size_t k = j + 1 + n2;
            if (n2 >= 1 && n2 <= 2 && k < s.size() && s[k] == '-') {
                const std::size_t n3 = digits_from(s, k + 1);
                const long long month = number_of(s, j + 1, n2), day = number_of(s, k + 1, n3);
                if (n3 >= 1 && n3 <= 2 && free_after(s, k + 1 + n3) && month >= 1 && month <= 12 && day >= 1 && day <= 31 &&
                    scan.add("ID_FECHA", i, k + 1 + n3)) {
                    i = k + n3;
                    continue;
                }
            }
        }
        if (n1 > 2) {
            i = j - 1;
            continue;
        }
        const long long first = number_of(s, i, n1);
        // d/m[/y], d-m-y, d.m.y
        if (j < s.size() && (s[j] == '/' || s[j] == '-' || s[j] == '.')) {
            const char sep = s[j];
            const std::size_t n2 = digits_from(s, j + 1);
            const std::size_t k = j + 1 + n2;
            if (n2 >= 1 && n2 <= 2 && day_month(first, number_of(s, j + 1, n2))) {
                std::size_t end = 0;
                if (k < s.size() && s[k] == sep) {
                    const std::size_t n3 = digits_from(s, k + 1);
                    if ((n3 == 2 || n3 == 4) && free_after(s, k + 1 + n3)) end = k + 1 + n3;
                } else if (sep == '/' && free_after(s, k) && !(k < s.size() && s[k] == '/')) {
                    end = k;
                }
                if (end && scan.add("ID_FECHA", i, end)) {
                    i = end - 1;
                    continue;
                }
            }
        }
        // d [º|°|st|nd|rd|th] [de|of] <month>
        if (first >= 1 && first <= 31) {
            std::size_t k = j;
            for (std::string_view suffix : {"º", "°", "st", "nd", "rd", "th"})
                if (starts_with_at(low, k, suffix)) {
                    k += suffix.size();
                    break;
                }
            if (k < low.size() && low[k] == ' ') {
                ++k;
                for (std::string_view word : {"de ", "of "})
                    if (starts_with_at(low, k, word)) {
                        k += word.size();
                        break;
                    }
                if (const std::size_t end = month_at(s, low, k); end && scan.add("ID_FECHA", i, end)) {
                    i = end - 1;
                    continue;
                }
            }
        }
        i = j - 1;
    }
    // <month> d
    for (std::size_t i = 0; i < low.size(); ++i) {
        if (!is_lower(low[i]) || std::string_view("adefjmnos").find(low[i]) == std::string_view::npos) continue;
        const std::size_t m = month_at(s, low, i);
        if (!m) continue;
        std::size_t k = m;
        if (k < s.size() && s[k] == ' ') ++k;
        if (k == m || !is_digit(s[k])) continue;
        const std::size_t n = digits_from(s, k);
        const long long day = number_of(s, k, n);
        std::size_t end = k + n;
        for (std::string_view suffix : {"st", "nd", "rd", "th"})
            if (starts_with_at(low, end, suffix)) {
                end += suffix.size();
                break;
            }
        if (n <= 2 && day >= 1 && day <= 31 && !letter_after(low, end) && !(end < s.size() && (is_digit(s[end]) || s[end] == '-')))
            scan.add("ID_FECHA", i, end);
    }
}

void check_addresses(Scan& scan) {
    const auto s = scan.text();
    const auto low = scan.low();
    static const std::string_view kStreetWords[] = {"calle", "cll", "cl", "carrera", "cra", "kra", "kr", "avenida", "av", "diagonal", "dg",
                                                    "transversal", "tv"};
    static const std::string_view kNumberSigns[] = {"#", "no.", "no", "nº", "n°", "número", "numero"};
    for (std::size_t i = 0; i < low.size(); ++i) {
        const char c0 = low[i];
        if ((c0 != 'c' && c0 != 'k' && c0 != 'a' && c0 != 'd' && c0 != 't') || letter_before(low, i)) continue;
        for (std::string_view w : kStreetWords) {
            if (!starts_with_at(low, i, w) || letter_after(low, i + w.size())) continue;
            std::size_t j = i + w.size();
            if (j < low.size() && low[j] == '.') ++j;
            while (j < low.size() && low[j] == ' ') ++j;
            const std::size_t n1 = digits_from(low, j);
            if (n1 == 0) break;
            j += n1;
            if (j < low.size() && is_lower(low[j]) && !letter_after(low, j + 1)) ++j;
            while (j < low.size() && low[j] == ' ') ++j;
            bool sign = false;
            for (std::string_view n : kNumberSigns)
                if (starts_with_at(low, j, n) && (n == "#" || !letter_after(low, j + n.size()))) {
                    j += n.size();
                    sign = true;
                    break;
                }
            if (!sign) break;
            while (j < low.size() && low[j] == ' ') ++j;
            const std::size_t n2 = digits_from(low, j);
            if (n2 == 0) break;
            j += n2;
            if (j < low.size() && is_lower(low[j]) && !letter_after(low, j + 1)) ++j;
            std::size_t k = j;
            while (k < low.size() && low[k] == ' ') ++k;
            if (k < low.size() && low[k] == '-') {
                ++k;
                while (k < low.size() && low[k] == ' ') ++k;
                if (const std::size_t n3 = digits_from(low, k)) j = k + n3;
            }
            scan.add("ID_DIRECCION", i, j);
            break;
        }
    }
    static const std::string_view kSuffixes[] = {"Street", "St", "Avenue", "Ave", "Road", "Rd", "Boulevard", "Blvd", "Lane", "Ln",
                                                 "Drive", "Way", "Court", "Ct", "Place", "Pl", "Terrace", "Parkway"};
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!is_digit(s[i]) || !free_before(s, i)) continue;
        const std::size_t begin = i;
        std::size_t j = i + digits_from(s, i);
        i = j - 1;
        for (int words = 0; words < 4; ++words) {
            if (j >= s.size() || s[j] != ' ') break;
            const std::size_t w = j + 1;
            if (w >= s.size() || !is_upper(s[w])) break;
            std::size_t e = w + 1;
            while (e < s.size() && is_lower(s[e])) ++e;
            const std::string_view word = s.substr(w, e - w);
            if (words > 0 && !letter_after(s, e) && !(e < s.size() && is_digit(s[e]))) {
                bool suffix = false;
                for (std::string_view x : kSuffixes) suffix = suffix || word == x;
                if (suffix) {
                    if (e < s.size() && s[e] == '.') ++e;
                    scan.add("ID_DIRECCION", begin, e);
                    break;
                }
            }
            if (letter_after(s, e)) break;
            j = e;
        }
    }
}

void check_plates(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i + 6 <= s.size(); ++i) {
        if (!is_upper(s[i]) || !is_upper(s[i + 1]) || !is_upper(s[i + 2]) || !free_before(s, i)) continue;
        if (s.substr(i, 3) == "SYN") continue;
        std::size_t j = i + 3;
        if (j < s.size() && (s[j] == ' ' || s[j] == '-')) ++j;
        if (digits_from(s, j) != 3 || !free_after(s, j + 3)) continue;
        scan.add("ID_PLACA", i, j + 3);
    }
}

bool is_phone_separator(char c) { return c == ' ' || c == '-' || c == '.' || c == '(' || c == ')'; }

bool is_allowed_phone(std::string_view run) {
    return run.size() == 8 && run.substr(0, 6) == "555-01" && is_digit(run[6]) && is_digit(run[7]);
}

void check_phones(Scan& scan) {
    const auto s = scan.text();
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::size_t start = i;
        std::size_t j = i;
        if (s[j] == '+' || s[j] == '(') ++j;
        if (j >= s.size() || !is_digit(s[j]) || !free_before(s, start)) continue;
        std::size_t digits = 0, end = j;
        while (j < s.size()) {
            if (is_digit(s[j])) {
                ++digits;
                ++j;
                end = j;
                continue;
            }
            // One or two separators (e.g. ") ") between digit groups.
            std::size_t k = j, seps = 0;
            while (k < s.size() && is_phone_separator(s[k]) && seps < 2) {
                ++k;
                ++seps;
            }
            if (seps == 0 || k >= s.size() || !is_digit(s[k])) break;
            j = k;
        }
        if (end < s.size() && s[end] == ')') ++end;
        if (!free_after(s, end)) {
            i = end;
            continue;
        }
        if (digits >= 7 && digits <= 15) {
            const std::string_view run = s.substr(start, end - start);
            if (!is_allowed_phone(run)) scan.add("ID_TELEFONO", start, end);
        }
        i = end - 1;
    }
}

}  // namespace

std::vector<TextFinding> scan_text(std::string_view text) {
    // Every check needs a digit, an '@' or a URL prefix: most strings (keys, enumerations, names) have none.
    bool digit = false, at = false, url = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (is_digit(c)) digit = true;
        else if (c == '@') at = true;
        else if ((c == 'h' || c == 'H') && i + 3 < text.size() && (text[i + 1] | 0x20) == 't' && (text[i + 2] | 0x20) == 't' &&
                 (text[i + 3] | 0x20) == 'p')
            url = true;
        else if ((c == 'w' || c == 'W') && i + 3 < text.size() && (text[i + 1] | 0x20) == 'w' && (text[i + 2] | 0x20) == 'w' && text[i + 3] == '.')
            url = true;
    }
    if (!digit && !at && !url) return {};
    Scan scan(text);
    check_ssn(scan);
    check_nit(scan);
    check_national_id(scan);
    check_ipv4(scan);
    check_mail_and_url(scan);
    check_dates(scan);
    check_addresses(scan);
    check_plates(scan);
    check_phones(scan);
    return std::move(scan.findings());
}

// [SECTION] The document walk and the key checks

namespace {

using plan::internal::join;

bool is_synthetic_id(std::string_view v) {
    // SYN-<CAPITALS>-<CAPITALS/DIGITS/HYPHENS>
    if (v.substr(0, 4) != "SYN-") return false;
    std::size_t i = 4;
    const std::size_t caps = i;
    while (i < v.size() && is_upper(v[i])) ++i;
    if (i == caps || i >= v.size() || v[i] != '-') return false;
    ++i;
    if (i >= v.size()) return false;
    for (; i < v.size(); ++i)
        if (!is_upper(v[i]) && !is_digit(v[i]) && v[i] != '-') return false;
    return true;
}

bool skipped_member(const std::string& key, const json::Value& value) {
    static const std::string_view kSkipped[] = {"huella", "fecha", "aprobado_el", "verificada", "vigencia", "semilla"};
    for (std::string_view k : kSkipped)
        if (key == k) return true;
    if (key.rfind("version", 0) == 0) return true;
    if (key.size() > 3 && key.compare(key.size() - 3, 3, "_id") == 0 && value.is_string()) {
        const std::string& v = value.as_string();
        if (v.rfind("SYN-", 0) == 0 || v.rfind("A-", 0) == 0 || v.rfind("AH-", 0) == 0) return true;
    }
    return false;
}

// The path of the current value as segments, joined only when there is something to report.
class Walker {
public:
    Issues issues;

    void value(const json::Value& v, const std::string& key, const std::string& parent_key) {
        if (v.is_string()) {
            const std::string& s = v.as_string();
            static const std::string_view kIdKeys[] = {"documento", "historia_clinica", "registro", "nit", "numero_afiliacion", "titular_actividad"};
            for (std::string_view k : kIdKeys)
                if (key == k && !is_synthetic_id(s))
                    report("ID_NO_SINTETICO", {"no es un identificador SYN-…: «" + s + "»", "not a SYN-… identifier: \"" + s + "\""});
            if (key == "nombre" && (parent_key == "afiliado" || parent_key == "medico")) {
                std::size_t start = 0;
                for (;;) {
                    const auto space = s.find(' ', start);
                    const std::string word = s.substr(start, space == std::string::npos ? std::string::npos : space - start);
                    if (!is_dictionary_name_word(word)) {
                        report("ID_NOMBRE", {"palabra fuera de nuestros diccionarios: «" + word + "»", "word outside our dictionaries: \"" + word + "\""});
                        break;
                    }
                    if (space == std::string::npos) break;
                    start = space + 1;
                }
            }
            if (key == "nombre" && parent_key == "prestador" && !is_dictionary_provider(s))
                report("ID_PRESTADOR", {"prestador fuera de nuestro diccionario: «" + s + "»", "provider outside our dictionary: \"" + s + "\""});
            text(s);
        } else if (v.is_number()) {
            if (key == "edad" && v.as_number() > 89) report("ID_EDAD", {"edad mayor que 89", "age above 89"});
        } else if (v.is_array()) {
            const auto& items = v.as_array();
            for (std::size_t i = 0; i < items.size(); ++i) {
                m_path.push_back(Segment{nullptr, i});
                value(items[i], key, parent_key);
                m_path.pop_back();
            }
        } else if (v.is_object()) {
            std::vector<const json::Member*> members;
            members.reserve(v.as_object().size());
            for (const json::Member& m : v.as_object()) members.push_back(&m);
            std::stable_sort(members.begin(), members.end(),
                             [](const json::Member* a, const json::Member* b) { return json::utf16_less(a->key, b->key); });
            for (const json::Member* m : members) {
                m_path.push_back(Segment{&m->key, 0});
                text(m->key);
                if (!skipped_member(m->key, m->value)) value(m->value, m->key, key);
                m_path.pop_back();
            }
        }
    }

private:
    struct Segment {
        const std::string* key;  // nullptr: an array index
        std::size_t index;
    };

    std::string path() const {
        std::string out;
        for (const Segment& s : m_path) out = s.key ? join(out, *s.key) : join(out, s.index);
        return out.empty() ? "$" : out;
    }

    void report(const char* code, Bilingual message) { issues.push_back(Issue{code, path(), std::move(message)}); }

    void text(std::string_view s) {
        for (const TextFinding& f : scan_text(s)) {
            const std::string fragment(s.substr(f.inicio, f.fin - f.inicio));
            report(f.codigo.c_str(), {"parece un dato real: «" + fragment + "»", "looks like real data: \"" + fragment + "\""});
        }
    }

    std::vector<Segment> m_path;
};

}  // namespace

Issues scan_identifiers(const json::Value& document) {
    Walker w;
    w.value(document, "", "");
    return std::move(w.issues);
}

}  // namespace planlang::synth
