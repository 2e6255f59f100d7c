#pragma once
// Canonical JSON (plan-format.md §15.1: RFC 8785 + NFC) and disk form (§15.4).
#include <string>
#include <string_view>

#include "core/json/sha256.hpp"
#include "core/json/value.hpp"

namespace planlang::json {

enum class Canon {
    planlang,  // RFC 8785 with NFC on keys and strings (the form planlang hashes)
    rfc8785,   // plain RFC 8785, no normalisation (`planlang canon --rfc8785`)
};

// Precondition: every number is finite (the reader guarantees it).
std::string canonical(const Value& v, Canon mode = Canon::planlang);

// The same value after canonicalisation: keys and strings NFC-normalised, keys sorted by UTF-16 code
// units, of keys NFC made equal the later one kept.
Value canonical_value(const Value& v, Canon mode = Canon::planlang);

// JSON.stringify(JSON.parse(canonical(v)), null, 2) + "\n": integer-like keys first in numeric order.
std::string disk_form(const Value& v);

}  // namespace planlang::json

namespace planlang::json {

// canonical() of an object without its top-level member `key` (used for the huella, §15.3); any other
// value is written whole.
std::string canonical_without_key(const Value& v, std::string_view key, Canon mode = Canon::planlang);

// sha256(canonical_without_key(v, key, mode)) with the platform backend, the text hashed in 32 KB chunks
// as it is written (no string of the whole text).
Digest canonical_sha256(const Value& v, std::string_view key, Canon mode = Canon::planlang);

}  // namespace planlang::json
