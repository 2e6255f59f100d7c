#include "core/json/value.hpp"

namespace planlang::json {

const Value* Value::find(std::string_view key) const {
    if (!is_object()) return nullptr;
    const Object& members = as_object();
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key == key) return &it->value;
    return nullptr;
}

Value* Value::find(std::string_view key) {
    return const_cast<Value*>(static_cast<const Value&>(*this).find(key));
}

bool operator==(const Value& a, const Value& b) { return a.m_data == b.m_data; }

}  // namespace planlang::json
