#pragma once
// Equality and membership of rule values (rule-language.md §5.2): `==` in the spec's order, CONTIENE's
// substring and element tests (not API).
#include <string_view>

#include "core/json/value.hpp"

namespace planlang::rules::internal {

enum class Equality : std::uint8_t { unequal, equal, suspicious_kinds, suspicious_keys };

// `a == b` by §5.2: (1) null → identity; (2) an object on either side → both objects with the same key set
// (raw keys, as read), else suspicious; (3) objects or arrays → canonical JSON texts equal (computed
// structurally: keys as a set, strings and keys after NFC, numbers by value so 0 == -0); (4) strict type
// and value, strings by bytes.
Equality equals(const json::Value& a, const json::Value& b) noexcept;

// Whether `needle` occurs in `haystack` as a sequence of UTF-16 code units (String#includes); the empty
// needle always does. Bytes are compared unless a lone surrogate makes the two differ.
bool contains_text(std::string_view haystack, std::string_view needle) noexcept;

}  // namespace planlang::rules::internal
