#include "core/json/value.hpp"

#include <cstdint>
#include <cstring>

namespace planlang::json {
namespace {

// a[0, n) == b[0, n) for sizeof(Word) <= n <= 2·sizeof(Word): the first and the last word of each side
// (overlapping when n < 2·sizeof(Word)) cover every byte.
template <class Word>
bool same_two_words(const char* a, const char* b, std::size_t n) {
    Word x0, y0, x1, y1;
    std::memcpy(&x0, a, sizeof(Word));
    std::memcpy(&y0, b, sizeof(Word));
    std::memcpy(&x1, a + n - sizeof(Word), sizeof(Word));
    std::memcpy(&y1, b + n - sizeof(Word), sizeof(Word));
    return ((x0 ^ y0) | (x1 ^ y1)) == 0;
}

// a[0, n) == b[0, n) with at most two loads per side for 4 <= n <= 16, instead of a call to memcmp for
// every candidate key.
bool same_bytes(const char* a, const char* b, std::size_t n) {
    if (n > 16) return std::memcmp(a, b, n) == 0;
    if (n >= 8) return same_two_words<std::uint64_t>(a, b, n);
    if (n >= 4) return same_two_words<std::uint32_t>(a, b, n);
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}

}  // namespace

const Value* Value::find(std::string_view key) const {
    if (!is_object()) return nullptr;
    const Object& members = as_object();
    // Size and first byte first: most members differ there, so few comparisons reach memcmp.
    const std::size_t n = key.size();
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key.size() == n && (n == 0 || (it->key[0] == key[0] && same_bytes(it->key.data(), key.data(), n))))
            return &it->value;
    return nullptr;
}

Value* Value::find(std::string_view key) {
    return const_cast<Value*>(static_cast<const Value&>(*this).find(key));
}

bool operator==(const Value& a, const Value& b) { return a.m_data == b.m_data; }

const Value& member_or_null(const Value& object, std::string_view key) {
    static const Value kNull;
    const Value* v = object.is_object() ? object.find(key) : nullptr;
    return v ? *v : kNull;
}

const Array& array_items(const Value& value) {
    static const Array kEmpty;
    return value.is_array() ? value.as_array() : kEmpty;
}

}  // namespace planlang::json
