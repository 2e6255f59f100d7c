#pragma once
// Test helper: a text with one byte inserted, deleted or replaced at a seeded position — the random mutations
// the plain-shape scanners are checked against the general path with (plain_visit_test, trace_arrays_test).
#include <cstdint>
#include <string>

#include "core/common/prng.hpp"

namespace planlang::testing {

// Bytes a mutation inserts or writes: JSON's structure, whitespace, digits, letters of its literals, DEL and
// the two bytes of "é".
inline const std::string kMutationBytes = " \n\t\r\"\\{}[],:0123456789.eE-+ntfalsrux\x7F\xC3\xA9";

inline std::string mutated(std::string text, Prng& g) {
    const auto at = static_cast<std::size_t>(g.entero(0, static_cast<std::int64_t>(text.size()) - 1));
    const char byte = kMutationBytes[static_cast<std::size_t>(g.entero(0, static_cast<std::int64_t>(kMutationBytes.size()) - 1))];
    switch (g.entero(0, 2)) {
        case 0: text.insert(at, 1, byte); break;
        case 1: text.erase(at, 1); break;
        default: text[at] = byte; break;
    }
    return text;
}

}  // namespace planlang::testing
