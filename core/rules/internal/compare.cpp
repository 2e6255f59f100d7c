// rule-language.md §5.2: `==` and CONTIENE's tests.
#include "core/rules/internal/compare.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/unicode.hpp"
#include "core/rules/internal/program.hpp"

namespace planlang::rules::internal {
namespace {

using json::Value;
using Kind = json::Value::Kind;

// Well-formed WTF-8 (UTF-8 that may hold encoded surrogates). Context values always are (the JSON reader
// guarantees it); rule literals are raw bytes of the rule text and may not be. The NFC helpers of
// core/json need well-formed input, so anything else is compared as bytes.
bool well_formed(std::string_view s) noexcept {
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        std::uint32_t c = 0;
        if (b < 0x80) { ++i; continue; }
        if (b >= 0xC2 && b <= 0xDF) { n = 1; c = b & 0x1Fu; }
        else if (b >= 0xE0 && b <= 0xEF) { n = 2; c = b & 0x0Fu; }
        else if (b >= 0xF0 && b <= 0xF4) { n = 3; c = b & 0x07u; }
        else return false;
        if (i + n >= s.size()) return false;
        for (std::size_t k = 1; k <= n; ++k) {
            const auto cb = static_cast<unsigned char>(s[i + k]);
            if ((cb & 0xC0) != 0x80) return false;
            c = (c << 6) | (cb & 0x3Fu);
        }
        if ((n == 2 && c < 0x800) || (n == 3 && (c < 0x10000 || c > 0x10FFFF))) return false;
        i += n + 1;
    }
    return true;
}

// Equal canonical texts of two strings: equal after NFC (escaping is one-to-one). Two different strings
// that are both their own NFC stay different.
bool same_text(const std::string& a, const std::string& b, bool normalised) noexcept {
    if (a == b) return true;
    if (normalised || !well_formed(a) || !well_formed(b)) return false;
    if (json::is_nfc_quick(a) && json::is_nfc_quick(b)) return false;
    return json::nfc(a) == json::nfc(b);
}

// Whether every key of an object (raw) is its own NFC and well-formed, so that canonicalisation only sorts.
bool plain_keys(const json::Object& members) noexcept {
    for (const json::Member& m : members)
        if (!well_formed(m.key) || !json::is_nfc_quick(m.key)) return false;
    return true;
}

bool all_well_formed_keys(const json::Object& members) noexcept {
    for (const json::Member& m : members)
        if (!well_formed(m.key)) return false;
    return true;
}

// Raw key sets equal (duplicates, which the reader rejects, count once).
bool same_keys(const json::Object& a, const json::Object& b) noexcept {
    auto covers = [](const json::Object& x, const json::Object& y) {
        for (const json::Member& m : x) {
            bool found = false;
            for (const json::Member& n : y)
                if (n.key == m.key) { found = true; break; }
            if (!found) return false;
        }
        return true;
    };
    if (a.size() <= 32 && b.size() <= 32) return covers(a, b) && covers(b, a);
    std::vector<std::string_view> ka, kb;
    ka.reserve(a.size());
    kb.reserve(b.size());
    for (const json::Member& m : a) ka.push_back(m.key);
    for (const json::Member& m : b) kb.push_back(m.key);
    std::sort(ka.begin(), ka.end());
    std::sort(kb.begin(), kb.end());
    ka.erase(std::unique(ka.begin(), ka.end()), ka.end());
    kb.erase(std::unique(kb.begin(), kb.end()), kb.end());
    return ka == kb;
}

bool same_canonical(const Value& a, const Value& b, bool normalised) noexcept;

// Objects with the same ASCII keys in the same strictly increasing order — two objects read from canonical
// text, as a trace's and a batch case's are: no key repeats or needs normalising, so their canonical texts are
// equal iff their values are, pair by pair (what same_members finds by looking each key up in both). nullopt
// for any other pair of objects.
std::optional<bool> same_aligned_members(const json::Object& a, const json::Object& b, bool normalised) noexcept {
    if (a.size() != b.size()) return std::nullopt;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::string& key = a[i].key;
        if (key != b[i].key || (i > 0 && !(a[i - 1].key < key))) return std::nullopt;
        for (const char c : key)
            if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
    }
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same_canonical(a[i].value, b[i].value, normalised)) return false;
    return true;
}

// Objects whose keys need no normalisation: canonical texts equal iff the key sets are equal and the
// values under every key (the last member of a key, as canonicalisation keeps) are.
bool same_members(const Value& a, const Value& b, bool normalised) noexcept {
    const json::Object& ma = a.as_object();
    const json::Object& mb = b.as_object();
    if (!same_keys(ma, mb)) return false;
    for (const json::Member& m : ma)
        if (!same_canonical(*member(a, m.key), *member(b, m.key), normalised)) return false;
    return true;
}

bool same_canonical(const Value& a, const Value& b, bool normalised) noexcept {
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
        case Kind::null: return true;
        case Kind::boolean: return a.as_bool() == b.as_bool();
        case Kind::number: return a.as_number() == b.as_number();  // one shortest text per value; "0" for ±0
        case Kind::string: return same_text(a.as_string(), b.as_string(), normalised);
        case Kind::array: {
            const json::Array& xa = a.as_array();
            const json::Array& xb = b.as_array();
            if (xa.size() != xb.size()) return false;
            for (std::size_t i = 0; i < xa.size(); ++i)
                if (!same_canonical(xa[i], xb[i], normalised)) return false;
            return true;
        }
        case Kind::object: {
            if (const std::optional<bool> same = same_aligned_members(a.as_object(), b.as_object(), normalised)) return *same;
            if (normalised || (plain_keys(a.as_object()) && plain_keys(b.as_object())))
                return same_members(a, b, normalised);
            // Keys that NFC changes (and may make equal, the later one winning): canonicalise both
            // (core/json, the same rule as hashing), then compare the normalised values as they are.
            if (!all_well_formed_keys(a.as_object()) || !all_well_formed_keys(b.as_object()))
                return same_members(a, b, true);
            return same_canonical(json::canonical_value(a), json::canonical_value(b), true);
        }
    }
    return false;
}

// Whether the bytes hold an encoded surrogate (ED A0..BF): memchr speed on long texts without one.
bool lone_surrogate(std::string_view s) noexcept {
    for (std::size_t i = s.find('\xED'); i != std::string_view::npos; i = s.find('\xED', i + 1))
        if (i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xA0) return true;
    return false;
}

// UTF-16 code units of a WTF-8 string (bytes of an ill-formed sequence become U+FFFD one by one).
std::u16string utf16(std::string_view s) {
    std::u16string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t n = 0;
        std::uint32_t c = 0;
        if (b < 0x80) { out.push_back(b); ++i; continue; }
        if (b >= 0xC2 && b <= 0xDF) { n = 1; c = b & 0x1Fu; }
        else if (b >= 0xE0 && b <= 0xEF) { n = 2; c = b & 0x0Fu; }
        else if (b >= 0xF0 && b <= 0xF4) { n = 3; c = b & 0x07u; }
        bool ok = n > 0 && i + n < s.size();
        for (std::size_t k = 1; ok && k <= n; ++k) {
            const auto cb = static_cast<unsigned char>(s[i + k]);
            if ((cb & 0xC0) != 0x80) ok = false;
            else c = (c << 6) | (cb & 0x3Fu);
        }
        if (ok && ((n == 2 && c < 0x800) || (n == 3 && (c < 0x10000 || c > 0x10FFFF)))) ok = false;
        if (!ok) { out.push_back(0xFFFD); ++i; continue; }
        if (c >= 0x10000) {
            out.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
            out.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
        } else {
            out.push_back(static_cast<char16_t>(c));
        }
        i += n + 1;
    }
    return out;
}

}  // namespace

Equality equals(const Value& a, const Value& b) noexcept {
    if (a.is_null() || b.is_null()) return a.is_null() && b.is_null() ? Equality::equal : Equality::unequal;
    if (a.is_object() || b.is_object()) {
        if (!a.is_object() || !b.is_object()) return Equality::suspicious_kinds;
        if (const std::optional<bool> same = same_aligned_members(a.as_object(), b.as_object(), false))
            return *same ? Equality::equal : Equality::unequal;
        if (!same_keys(a.as_object(), b.as_object())) return Equality::suspicious_keys;
        return same_canonical(a, b, false) ? Equality::equal : Equality::unequal;
    }
    if (a.is_array() || b.is_array())
        return same_canonical(a, b, false) ? Equality::equal : Equality::unequal;
    if (a.kind() != b.kind()) return Equality::unequal;
    switch (a.kind()) {
        case Kind::boolean: return a.as_bool() == b.as_bool() ? Equality::equal : Equality::unequal;
        case Kind::number: return a.as_number() == b.as_number() ? Equality::equal : Equality::unequal;
        case Kind::string: return a.as_string() == b.as_string() ? Equality::equal : Equality::unequal;
        default: return Equality::unequal;
    }
}

bool contains_text(std::string_view haystack, std::string_view needle) noexcept {
    if (needle.empty()) return true;
    // With well-formed UTF-8 on both sides a code-unit match starts and ends on character boundaries, so it
    // is a byte match. A lone surrogate in the needle can match half of a pair in the haystack (and a lone
    // one in the haystack is matched only by the same lone one): compare code units then.
    if (!lone_surrogate(needle) && !lone_surrogate(haystack))
        return haystack.find(needle) != std::string_view::npos;
    return utf16(haystack).find(utf16(needle)) != std::u16string::npos;
}

}  // namespace planlang::rules::internal
