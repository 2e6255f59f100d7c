// synthetic-and-simulation.md §10: token rule and the response JSON it measures.
#include "core/sim/clock.hpp"

#include <cstdio>

#include "core/json/number.hpp"

namespace planlang::sim {
namespace {

void append_string(std::string& out, const std::string& s) {
    out.push_back('"');
    for (const char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                if (c < 0x20) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                    out += buffer;
                } else {
                    out.push_back(ch);
                }
        }
    }
    out.push_back('"');
}

void append(std::string& out, const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::null: out += "null"; break;
        case json::Value::Kind::boolean: out += v.as_bool() ? "true" : "false"; break;
        case json::Value::Kind::number: json::append_number(out, v.as_number()); break;
        case json::Value::Kind::string: append_string(out, v.as_string()); break;
        case json::Value::Kind::array: {
            out.push_back('[');
            bool first = true;
            for (const json::Value& item : v.as_array()) {
                if (!first) out += ", ";
                first = false;
                append(out, item);
            }
            out.push_back(']');
            break;
        }
        case json::Value::Kind::object: {
            out.push_back('{');
            bool first = true;
            for (const json::Member& m : v.as_object()) {
                if (!first) out += ", ";
                first = false;
                append_string(out, m.key);
                out += ": ";
                append(out, m.value);
            }
            out.push_back('}');
            break;
        }
    }
}

// code_points(response_json(v)) without writing it.
std::size_t string_code_points(std::string_view s) {
    std::size_t n = 2;  // the quotes
    for (const char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f') n += 2;
        else if (c < 0x20) n += 6;
        else if ((c & 0xC0u) != 0x80u) ++n;
    }
    return n;
}

std::size_t json_code_points(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::null: return 4;
        case json::Value::Kind::boolean: return v.as_bool() ? 4 : 5;
        case json::Value::Kind::number: {
            char buffer[json::kMaxNumberLength];
            return json::write_number(buffer, v.as_number());
        }
        case json::Value::Kind::string: return string_code_points(v.as_string());
        case json::Value::Kind::array: {
            const json::Array& items = v.as_array();
            std::size_t n = 2 + (items.empty() ? 0 : 2 * (items.size() - 1));
            for (const json::Value& item : items) n += json_code_points(item);
            return n;
        }
        case json::Value::Kind::object: {
            const json::Object& members = v.as_object();
            std::size_t n = 2 + (members.empty() ? 0 : 2 * (members.size() - 1));
            for (const json::Member& m : members) n += string_code_points(m.key) + 2 + json_code_points(m.value);
            return n;
        }
    }
    return 0;
}

}  // namespace

std::size_t code_points(std::string_view utf8) {
    std::size_t n = 0;
    for (const char ch : utf8)
        if ((static_cast<unsigned char>(ch) & 0xC0u) != 0x80u) ++n;
    return n;
}

std::string response_json(const json::Value& v) {
    std::string out;
    append(out, v);
    return out;
}

Tokens count_tokens(std::string_view system, std::string_view prompt, const json::Value& response) {
    return count_tokens(system, code_points(prompt), json_code_points(response));
}

Tokens count_tokens(std::string_view system, std::size_t prompt_points, std::size_t response_points) {
    Tokens t;
    t.entrada = static_cast<std::int64_t>((code_points(system) + prompt_points) / 4);
    t.salida = static_cast<std::int64_t>(response_points / 4);
    return t;
}

ResponsePoints& ResponsePoints::member(std::string_view key, const json::Value& value) {
    m_points += string_code_points(key) + 2 + json_code_points(value);
    ++m_members;
    return *this;
}

ResponsePoints& ResponsePoints::text(std::string_view key, std::string_view value) {
    m_points += string_code_points(key) + 2 + string_code_points(value);
    ++m_members;
    return *this;
}

ResponsePoints& ResponsePoints::texts(std::string_view key, const std::vector<std::string>& values) {
    m_points += string_code_points(key) + 2 + 2 + (values.empty() ? 0 : 2 * (values.size() - 1));
    for (const std::string& v : values) m_points += string_code_points(v);
    ++m_members;
    return *this;
}

}  // namespace planlang::sim
