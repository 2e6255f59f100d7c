#include "core/json/value.hpp"

#include <cstring>

namespace planlang::json {

const Value* Value::find(std::string_view key) const {
    if (!is_object()) return nullptr;
    const Object& members = as_object();
    // Size and first byte first: most members differ there, so few comparisons reach memcmp.
    const std::size_t n = key.size();
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key.size() == n && (n == 0 || (it->key[0] == key[0] && std::memcmp(it->key.data(), key.data(), n) == 0)))
            return &it->value;
    return nullptr;
}

Value* Value::find(std::string_view key) {
    return const_cast<Value*>(static_cast<const Value&>(*this).find(key));
}

bool operator==(const Value& a, const Value& b) { return a.m_data == b.m_data; }

}  // namespace planlang::json
