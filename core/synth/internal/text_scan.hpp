#pragma once
// The identifier validator's text scanning (core/synth/identifiers.hpp, synthetic-and-simulation.md §8):
// character classes, the scan state, and the text checks, which run in this order on one string:
//   identifiers_numbers.cpp: check_ssn, check_nit, check_national_id, check_ipv4 (then, after the text
//                            checks, check_plates and check_phones)
//   identifiers_text.cpp:    check_mail_and_url, check_dates, check_addresses, and scan_text itself
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <utf8proc.h>

#include "core/synth/identifiers.hpp"

namespace planlang::synth::internal {

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
inline bool is_ascii_letter(char c) { return is_upper(c) || is_lower(c); }

// Decodes the code point starting at s[i] (WTF-8), or U+FFFD for a stray continuation byte.
inline std::uint32_t code_point_at(std::string_view s, std::size_t i, std::size_t* length = nullptr) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t n = b0 < 0x80 ? 1 : b0 < 0xC0 ? 1 : b0 < 0xE0 ? 2 : b0 < 0xF0 ? 3 : 4;
    if (i + n > s.size()) n = 1;
    if (length) *length = n;
    if (n == 1) return b0 < 0x80 ? b0 : 0xFFFD;
    std::uint32_t c = b0 & (n == 2 ? 0x1Fu : n == 3 ? 0x0Fu : 0x07u);
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    return c;
}

inline bool is_letter_cp(std::uint32_t c) {
    if (c < 0x80) return is_ascii_letter(static_cast<char>(c));
    if (c >= 0xD800 && c <= 0xDFFF) return false;
    const auto cat = utf8proc_category(static_cast<utf8proc_int32_t>(c));
    return cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO;
}

// A code point a number may not touch: a letter, a digit or a hyphen.
inline bool is_sticky_cp(std::uint32_t c) { return c == '-' || (c < 0x80 && is_digit(static_cast<char>(c))) || is_letter_cp(c); }

inline std::uint32_t code_point_before(std::string_view s, std::size_t i) {
    if (i == 0) return 0;
    std::size_t j = i - 1;
    while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
    return code_point_at(s, j);
}

// A number is free when it touches no letter, digit or hyphen, and is not the tail or head of a longer
// number written with a decimal or thousands separator ("1.5", "2,300").
inline bool free_before(std::string_view s, std::size_t i) {
    if (i == 0) return true;
    if (i >= 2 && (s[i - 1] == '.' || s[i - 1] == ',') && is_digit(s[i - 2])) return false;
    return !is_sticky_cp(code_point_before(s, i));
}
inline bool free_after(std::string_view s, std::size_t end) {
    if (end >= s.size()) return true;
    if (end + 1 < s.size() && (s[end] == '.' || s[end] == ',') && is_digit(s[end + 1])) return false;
    return !is_sticky_cp(code_point_at(s, end));
}
inline bool letter_before(std::string_view s, std::size_t i) { return i > 0 && is_letter_cp(code_point_before(s, i)); }
inline bool letter_after(std::string_view s, std::size_t end) { return end < s.size() && is_letter_cp(code_point_at(s, end)); }

// Lower case for keyword matching, byte-for-byte the same length: ASCII and the Latin-1 capitals.
inline std::string lowered(std::string_view s) {
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

inline std::size_t digits_from(std::string_view s, std::size_t i) {
    std::size_t j = i;
    while (j < s.size() && is_digit(s[j])) ++j;
    return j - i;
}

inline long long number_of(std::string_view s, std::size_t i, std::size_t n) {
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

inline bool starts_with_at(std::string_view s, std::size_t i, std::string_view prefix) { return s.substr(i, prefix.size()) == prefix; }

// Each check records its findings in `scan`, skipping spans an earlier check consumed.
void check_ssn(Scan& scan);
void check_nit(Scan& scan);
void check_national_id(Scan& scan);
void check_ipv4(Scan& scan);
void check_mail_and_url(Scan& scan);
void check_dates(Scan& scan);
void check_addresses(Scan& scan);
void check_plates(Scan& scan);
void check_phones(Scan& scan);

}  // namespace planlang::synth::internal
