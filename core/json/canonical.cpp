#include "core/json/canonical.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/json/number.hpp"
#include "core/json/unicode.hpp"

namespace planlang::json {
namespace {

const char kHex[] = "0123456789abcdef";

// JSON.stringify's string escaping (ECMA-262 QuoteJSONString), which RFC 8785 §3.2.2.2 adopts:
// short escapes, \u00xx for other controls, lone surrogates as \udxxx, everything else raw.
void append_escaped(std::string& out, std::string_view s) {
    out += '"';
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        const bool lone_surrogate = c == 0xED && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0xA0;
        if (c >= 0x20 && c != '"' && c != '\\' && !lone_surrogate) continue;
        out.append(s.data() + run, i - run);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (lone_surrogate) {
                    const unsigned unit = 0xD000u | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                                          (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
                    out += "\\u";
                    out += kHex[(unit >> 12) & 0xF];
                    out += kHex[(unit >> 8) & 0xF];
                    out += kHex[(unit >> 4) & 0xF];
                    out += kHex[unit & 0xF];
                    i += 2;
                } else {
                    out += "\\u00";
                    out += kHex[c >> 4];
                    out += kHex[c & 0xF];
                }
        }
        run = i + 1;
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

// One object's members in canonical order: keys normalised (planlang mode), sorted by UTF-16 code
// units, and of keys that became equal only the later one (JS object semantics, §15.1 rule 2).
struct SortedMembers {
    std::vector<std::string> normalised;  // reserved up front: views below stay valid
    std::vector<std::pair<std::string_view, const Value*>> entries;

    SortedMembers(const Object& members, Canon mode, std::string_view skip) {
        entries.reserve(members.size());
        if (mode == Canon::planlang) normalised.reserve(members.size());
        for (const Member& m : members) {
            std::string_view key = m.key;
            if (mode == Canon::planlang && !is_nfc_quick(key)) {
                normalised.push_back(nfc(key));
                key = normalised.back();
            }
            if (!skip.empty() && key == skip) continue;
            entries.emplace_back(key, &m.value);
        }
        if (entries.size() < 2) return;
        std::stable_sort(entries.begin(), entries.end(),
                         [](const auto& a, const auto& b) { return utf16_less(a.first, b.first); });
        std::size_t kept = 0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (i + 1 < entries.size() && entries[i + 1].first == entries[i].first) continue;
            entries[kept++] = entries[i];
        }
        entries.resize(kept);
    }
};

void append_string(std::string& out, const std::string& s, Canon mode) {
    if (mode == Canon::planlang && !is_nfc_quick(s)) append_escaped(out, nfc(s));
    else append_escaped(out, s);
}

void write(std::string& out, const Value& v, Canon mode, std::string_view skip_key = {}) {
    switch (v.kind()) {
        case Value::Kind::null: out += "null"; return;
        case Value::Kind::boolean: out += v.as_bool() ? "true" : "false"; return;
        case Value::Kind::number: append_number(out, v.as_number()); return;
        case Value::Kind::string: append_string(out, v.as_string(), mode); return;
        case Value::Kind::array: {
            out += '[';
            bool first = true;
            for (const Value& item : v.as_array()) {
                if (!first) out += ',';
                first = false;
                write(out, item, mode);
            }
            out += ']';
            return;
        }
        case Value::Kind::object: {
            const SortedMembers sorted(v.as_object(), mode, skip_key);
            out += '{';
            bool first = true;
            for (const auto& [key, value] : sorted.entries) {
                if (!first) out += ',';
                first = false;
                append_escaped(out, key);
                out += ':';
                write(out, *value, mode);
            }
            out += '}';
            return;
        }
    }
}

// ECMAScript array index (ECMA-262 §6.1.7): the canonical decimal form of an integer in [0, 2^32 − 2].
bool is_array_index(std::string_view key) {
    if (key.empty() || key.size() > 10 || (key.size() > 1 && key[0] == '0')) return false;
    std::uint64_t n = 0;
    for (const char c : key) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return n <= 4294967294u;
}

std::uint64_t array_index_value(std::string_view key) {
    std::uint64_t n = 0;
    for (const char c : key) n = n * 10 + static_cast<std::uint64_t>(c - '0');
    return n;
}

void write_pretty(std::string& out, const Value& v, std::size_t indent) {
    const auto newline = [&](std::size_t level) {
        out += '\n';
        out.append(level * 2, ' ');
    };
    if (v.is_array()) {
        const Array& items = v.as_array();
        if (items.empty()) { out += "[]"; return; }
        out += '[';
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i) out += ',';
            newline(indent + 1);
            write_pretty(out, items[i], indent + 1);
        }
        newline(indent);
        out += ']';
    } else if (v.is_object()) {
        const Object& members = v.as_object();
        if (members.empty()) { out += "{}"; return; }
        // JSON.stringify enumerates integer-like keys first, ascending, then the rest in their order.
        std::vector<const Member*> order;
        order.reserve(members.size());
        for (const Member& m : members)
            if (is_array_index(m.key)) order.push_back(&m);
        std::stable_sort(order.begin(), order.end(), [](const Member* a, const Member* b) {
            return array_index_value(a->key) < array_index_value(b->key);
        });
        for (const Member& m : members)
            if (!is_array_index(m.key)) order.push_back(&m);
        out += '{';
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (i) out += ',';
            newline(indent + 1);
            append_escaped(out, order[i]->key);
            out += ": ";
            write_pretty(out, order[i]->value, indent + 1);
        }
        newline(indent);
        out += '}';
    } else {
        write(out, v, Canon::rfc8785);  // scalars of a canonical value are already normalised
    }
}

}  // namespace

std::string canonical(const Value& v, Canon mode) {
    std::string out;
    write(out, v, mode);
    return out;
}

std::string canonical_without_key(const Value& v, std::string_view key, Canon mode) {
    std::string out;
    write(out, v, mode, key);
    return out;
}

Value canonical_value(const Value& v, Canon mode) {
    switch (v.kind()) {
        case Value::Kind::string:
            return mode == Canon::planlang && !is_nfc_quick(v.as_string()) ? Value(nfc(v.as_string())) : v;
        case Value::Kind::array: {
            Array items;
            items.reserve(v.as_array().size());
            for (const Value& item : v.as_array()) items.push_back(canonical_value(item, mode));
            return Value(std::move(items));
        }
        case Value::Kind::object: {
            const SortedMembers sorted(v.as_object(), mode, {});
            Object members;
            members.reserve(sorted.entries.size());
            for (const auto& [key, value] : sorted.entries)
                members.push_back(Member{std::string(key), canonical_value(*value, mode)});
            return Value(std::move(members));
        }
        default:
            return v;
    }
}

std::string disk_form(const Value& v) {
    std::string out;
    write_pretty(out, canonical_value(v, Canon::planlang), 0);
    out += '\n';
    return out;
}

}  // namespace planlang::json
