#pragma once
// A JSON object built member by member, each value moved in. `json::Object{{k, v}, …}` goes through an
// initializer list, whose elements can only be copied: every nested array and object twice.
#include <cstddef>
#include <utility>

#include "core/json/value.hpp"

namespace planlang::json {

class ObjectBuilder {
public:
    explicit ObjectBuilder(std::size_t members) { m_members.reserve(members); }
    ObjectBuilder& add(const char* key, Value value) {
        m_members.push_back(Member{key, std::move(value)});
        return *this;
    }
    Value done() { return Value(std::move(m_members)); }

private:
    Object m_members;
};

}  // namespace planlang::json
