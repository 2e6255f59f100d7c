#pragma once
// A JSON object built member by member, each value moved in. `json::Object{{k, v}, …}` goes through an
// initializer list, whose elements can only be copied: every nested array and object twice.
#include <cstddef>
#include <utility>

#include "core/json/value.hpp"

namespace planlang::sim::internal {

class ObjectBuilder {
public:
    explicit ObjectBuilder(std::size_t members) { m_members.reserve(members); }
    ObjectBuilder& add(const char* key, json::Value value) {
        m_members.push_back(json::Member{key, std::move(value)});
        return *this;
    }
    json::Value done() { return json::Value(std::move(m_members)); }

private:
    json::Object m_members;
};

}  // namespace planlang::sim::internal
