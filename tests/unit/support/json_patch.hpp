#pragma once
// Test helper: the `add`, `remove` and `replace` operations of JSON Patch (RFC 6902 §4.1–§4.3) on a
// planlang::json::Value, addressed by JSON Pointers (RFC 6901). Used to derive the broken plans of
// tests/data/plan/ from their base plan. Objects keep their member order: `replace` and an `add` on an
// existing member change the value in place, an `add` of a new member appends it (as a JavaScript
// object assignment does, which the Node side of tests/plan/ relies on).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::testing {

// RFC 6901 §3–§4: "" is the whole document; otherwise "/"-separated tokens with ~1 → "/" and ~0 → "~".
// nullopt when the text is not a pointer (no leading "/", or a "~" not followed by 0 or 1).
inline std::optional<std::vector<std::string>> parse_pointer(std::string_view pointer) {
    std::vector<std::string> tokens;
    if (pointer.empty()) return tokens;
    if (pointer[0] != '/') return std::nullopt;
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            tokens.push_back(token);
            token.clear();
            continue;
        }
        if (pointer[i] == '~') {
            if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return std::nullopt;
            token += pointer[i + 1] == '0' ? '~' : '/';
            ++i;
            continue;
        }
        token += pointer[i];
    }
    return tokens;
}

// An array index of RFC 6901 §4: "0" or a digit string without leading zeros.
inline std::optional<std::size_t> parse_index(const std::string& token) {
    if (token.empty() || token.size() > 9 || (token.size() > 1 && token[0] == '0')) return std::nullopt;
    std::size_t n = 0;
    for (char c : token) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    return n;
}

inline json::Member* find_member(json::Value& object, const std::string& key) {
    for (json::Member& m : object.as_object())
        if (m.key == key) return &m;
    return nullptr;
}

// Applies one operation {op, path, value?}; returns the error, or nullopt on success. On error `doc`
// is left unchanged.
inline std::optional<std::string> apply_operation(json::Value& doc, const json::Value& operation) {
    if (!operation.is_object()) return "an operation must be an object";
    const json::Value* op = operation.find("op");
    const json::Value* path = operation.find("path");
    if (!op || !op->is_string()) return "missing \"op\"";
    if (!path || !path->is_string()) return "missing \"path\"";
    const std::string& name = op->as_string();
    if (name != "add" && name != "remove" && name != "replace") return "unsupported op \"" + name + "\"";
    const json::Value* value = operation.find("value");
    if (name != "remove" && !value) return "\"" + name + "\" needs a \"value\"";
    const auto tokens = parse_pointer(path->as_string());
    if (!tokens) return "not a JSON Pointer: \"" + path->as_string() + "\"";
    if (tokens->empty()) {  // the whole document
        if (name == "remove") return "cannot remove the whole document";
        doc = *value;
        return std::nullopt;
    }
    // Walk to the parent of the target.
    json::Value* parent = &doc;
    for (std::size_t i = 0; i + 1 < tokens->size(); ++i) {
        const std::string& t = (*tokens)[i];
        if (parent->is_object()) {
            json::Member* m = find_member(*parent, t);
            if (!m) return "no member \"" + t + "\" on the way to " + path->as_string();
            parent = &m->value;
        } else if (parent->is_array()) {
            const auto index = parse_index(t);
            if (!index || *index >= parent->as_array().size()) return "no element \"" + t + "\" on the way to " + path->as_string();
            parent = &parent->as_array()[*index];
        } else {
            return "cannot descend into a scalar on the way to " + path->as_string();
        }
    }
    const std::string& last = tokens->back();
    if (parent->is_object()) {
        json::Member* m = find_member(*parent, last);
        if (name == "add") {
            if (m) m->value = *value;
            else parent->as_object().push_back(json::Member{last, *value});
            return std::nullopt;
        }
        if (!m) return "no member to " + name + " at " + path->as_string();
        if (name == "replace") {
            m->value = *value;
        } else {
            auto& members = parent->as_object();
            members.erase(members.begin() + (m - members.data()));
        }
        return std::nullopt;
    }
    if (parent->is_array()) {
        auto& items = parent->as_array();
        if (name == "add" && last == "-") {
            items.push_back(*value);
            return std::nullopt;
        }
        const auto index = parse_index(last);
        if (!index) return "not an array index: \"" + last + "\" in " + path->as_string();
        if (name == "add") {
            if (*index > items.size()) return "index out of range in " + path->as_string();
            items.insert(items.begin() + static_cast<std::ptrdiff_t>(*index), *value);
            return std::nullopt;
        }
        if (*index >= items.size()) return "index out of range in " + path->as_string();
        if (name == "replace") items[*index] = *value;
        else items.erase(items.begin() + static_cast<std::ptrdiff_t>(*index));
        return std::nullopt;
    }
    return "the parent of " + path->as_string() + " is a scalar";
}

// Applies the operations in order (RFC 6902 §3: stop at the first error).
inline std::optional<std::string> apply_patch(json::Value& doc, const json::Value& operations) {
    if (!operations.is_array()) return "a patch must be an array of operations";
    json::Value work = doc;
    for (std::size_t i = 0; i < operations.as_array().size(); ++i)
        if (auto error = apply_operation(work, operations.as_array()[i])) return "operation " + std::to_string(i) + ": " + *error;
    doc = std::move(work);
    return std::nullopt;
}

}  // namespace planlang::testing
