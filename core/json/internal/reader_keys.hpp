#pragma once
// The order of the reader's keys, for the duplicate and canonical-order checks (core/json/reader.cpp is
// its only user).
#include <string>

#include "core/json/unicode.hpp"

namespace planlang::json::internal {

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
