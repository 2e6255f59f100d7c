#pragma once
// The reader's keys: their order, for the duplicate and canonical-order checks, and how they appear in the
// JSON path of an error (core/json/reader.cpp is their only user).
#include <cstdio>
#include <string>

#include "core/json/unicode.hpp"

namespace planlang::json::internal {

inline bool is_identifier(const std::string& key) {
    if (key.empty()) return false;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

// A key as a JSON string, with lone surrogates escaped so the path stays printable.
inline void append_quoted_key(std::string& out, const std::string& key) {
    out += '"';
    for (std::size_t i = 0; i < key.size(); ++i) {
        const auto c = static_cast<unsigned char>(key[i]);
        char buf[8];
        if (c == '"' || c == '\\') {
            out += '\\';
            out += key[i];
        } else if (c < 0x20) {
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else if (c == 0xED && i + 2 < key.size() && static_cast<unsigned char>(key[i + 1]) >= 0xA0) {
            const unsigned unit = 0xD000u | ((static_cast<unsigned char>(key[i + 1]) & 0x3Fu) << 6) |
                                  (static_cast<unsigned char>(key[i + 2]) & 0x3Fu);
            std::snprintf(buf, sizeof buf, "\\u%04x", unit);
            out += buf;
            i += 2;
        } else {
            out += key[i];
        }
    }
    out += '"';
}

// Whether key a sorts strictly before key b by bytes (std::string's order, for the duplicate check) and in
// UTF-16 order (canonical form's), in one pass and without a call to memcmp: keys nearly always differ in
// their first bytes, and where the first difference is between two ASCII bytes both orders agree.
struct KeyOrder {
    bool bytes = false;
    bool utf16 = false;
};
inline KeyOrder key_order(const std::string& a, const std::string& b) {
    const std::size_t n = a.size() < b.size() ? a.size() : b.size();
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) {
            const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
            if (x < 0x80 && y < 0x80) return {x < y, x < y};
            return {x < y, utf16_less(a, b)};
        }
    return {a.size() < b.size(), a.size() < b.size()};
}

}  // namespace planlang::json::internal
