#pragma once
// The JSON value every stage of planlang reads: members keep the order they were read in
// (plan-format.md §15.5), numbers are IEEE doubles, strings are WTF-8 (UTF-8 that may hold a lone
// surrogate from a "\uD8xx" escape; canonical output writes it back as an escape).
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace planlang::json {

class Value;
struct Member;
using Array = std::vector<Value>;
using Object = std::vector<Member>;

class Value {
public:
    enum class Kind : std::uint8_t { null, boolean, number, string, array, object };

    Value() = default;
    Value(std::nullptr_t) {}
    Value(bool b) : m_data(b) {}
    Value(double d) : m_data(d) {}
    Value(int i) : m_data(static_cast<double>(i)) {}
    Value(std::string s) : m_data(std::move(s)) {}
    Value(const char* s) : m_data(std::string(s)) {}
    Value(Array a) : m_data(std::move(a)) {}
    Value(Object o) : m_data(std::move(o)) {}

    Kind kind() const { return static_cast<Kind>(m_data.index()); }
    bool is_null() const { return kind() == Kind::null; }
    bool is_bool() const { return kind() == Kind::boolean; }
    bool is_number() const { return kind() == Kind::number; }
    bool is_string() const { return kind() == Kind::string; }
    bool is_array() const { return kind() == Kind::array; }
    bool is_object() const { return kind() == Kind::object; }

    // Accessors assert the kind: asking a string for its number is a bug, not bad input.
    bool as_bool() const { return std::get<bool>(m_data); }
    double as_number() const { return std::get<double>(m_data); }
    const std::string& as_string() const { return std::get<std::string>(m_data); }
    std::string& as_string() { return std::get<std::string>(m_data); }
    const Array& as_array() const { return std::get<Array>(m_data); }
    Array& as_array() { return std::get<Array>(m_data); }
    const Object& as_object() const { return std::get<Object>(m_data); }
    Object& as_object() { return std::get<Object>(m_data); }

    // The member named `key` of an object (the last one if NFC made two keys equal), else nullptr.
    const Value* find(std::string_view key) const;
    Value* find(std::string_view key);

    friend bool operator==(const Value& a, const Value& b);
    friend bool operator!=(const Value& a, const Value& b) { return !(a == b); }

private:
    std::variant<std::monostate, bool, double, std::string, Array, Object> m_data;
};

struct Member {
    std::string key;
    Value value;
};

inline bool operator==(const Member& a, const Member& b) { return a.key == b.key && a.value == b.value; }

// Reading a document whose shape was checked elsewhere (or need not be): the member `key` of an object, or a
// null value when `object` is not an object or has no such member; the items of an array, or none for any
// other value. Both return references (a static null or empty array), never copies.
const Value& member_or_null(const Value& object, std::string_view key);
const Array& array_items(const Value& value);

}  // namespace planlang::json
