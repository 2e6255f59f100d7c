#pragma once
// A JSON object built member by member, each value moved in. `json::Object{{k, v}, …}` goes through an
// initializer list, whose elements can only be copied: every nested array and object twice.
// Keys are string literals: their length is known at compile time (no strlen per member; a case adds ~340).
#include <cstddef>
#include <utility>

#include "core/json/value.hpp"

namespace planlang::json {

class ObjectBuilder {
public:
    explicit ObjectBuilder(std::size_t members) { m_members.reserve(members); }
    template <std::size_t N>
    ObjectBuilder& add(const char (&key)[N], Value value) {
        m_members.push_back(Member{std::string(key, N - 1), std::move(value)});
        return *this;
    }
    Value done() { return Value(std::move(m_members)); }

private:
    Object m_members;
};

}  // namespace planlang::json
