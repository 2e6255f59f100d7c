#include "core/json/canonical.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/json/number.hpp"
#include "core/json/unicode.hpp"

namespace planlang::json {
namespace {

const char kHex[] = "0123456789abcdef";

// Bytes that end a run of raw bytes in append_escaped: controls, '"', '\\' and 0xED (a possible lone
// surrogate's lead byte).
struct EscapeTable {
    bool stop[256] = {};
    EscapeTable() {
        for (int c = 0; c < 0x20; ++c) stop[c] = true;
        stop[static_cast<unsigned char>('"')] = stop[static_cast<unsigned char>('\\')] = stop[0xED] = true;
    }
};
const EscapeTable kEscape;

// Whether one of eight bytes is a stop byte (exact, with the bit tricks of "Bit Twiddling Hacks",
// "Determine if a word has a byte less than n" / "equal to n").
bool has_stop_byte(std::uint64_t w) {
    constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
    const auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    return ((w - kOnes * 0x20) & ~w & kHigh) | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\')) |
           has_zero(w ^ (kOnes * 0xED));
}

// JSON.stringify's string escaping (ECMA-262 QuoteJSONString), which RFC 8785 §3.2.2.2 adopts:
// short escapes, \u00xx for other controls, lone surrogates as \udxxx, everything else raw.
void append_escaped(std::string& out, std::string_view s) {
    out += '"';
    std::size_t run = 0;
    const std::size_t n = s.size();
    for (std::size_t i = 0; i < n;) {
        for (std::uint64_t w; i + 8 <= n; i += 8) {  // raw stretches eight bytes at a time
            std::memcpy(&w, s.data() + i, 8);
            if (has_stop_byte(w)) break;
        }
        const std::size_t stop = std::min(i + 8, n);
        for (; i < stop; ++i) {
            const auto c = static_cast<unsigned char>(s[i]);
            if (!kEscape.stop[c]) continue;
            const bool lone_surrogate = c == 0xED && i + 2 < n && static_cast<unsigned char>(s[i + 1]) >= 0xA0;
            if (c == 0xED && !lone_surrogate) continue;
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
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

// One object's members in canonical order: keys normalised (planlang mode), sorted by UTF-16 code
// units, and of keys that became equal only the later one (JS object semantics, §15.1 rule 2). Small
// objects (nearly all) sort in place on the stack: no allocation per object.
class SortedMembers {
public:
    struct Entry {  // trivial, so the inline array below costs nothing to set up
        const char* key_data;
        std::size_t key_size;
        const Value* value;
        std::string_view key() const { return {key_data, key_size}; }
    };

    SortedMembers(const Object& members, Canon mode, std::string_view skip) {
        Entry* entries = m_inline;
        if (members.size() > kInline) {
            m_heap.resize(members.size());
            entries = m_heap.data();
        }
        std::size_t n = 0;
        for (const Member& m : members) {
            std::string_view key = m.key;
            if (mode == Canon::planlang && !is_nfc_quick(key)) {
                if (m_normalised.empty()) m_normalised.reserve(members.size());  // views below stay valid
                m_normalised.push_back(nfc(key));
                key = m_normalised.back();
            }
            if (!skip.empty() && key == skip) continue;
            entries[n++] = Entry{key.data(), key.size(), &m.value};
        }
        m_begin = entries;
        m_end = entries + n;
        if (n < 2) return;
        if (n <= kInline) {
            for (std::size_t i = 1; i < n; ++i) {  // insertion sort: stable
                const Entry e = entries[i];
                std::size_t j = i;
                for (; j > 0 && less(e, entries[j - 1]); --j) entries[j] = entries[j - 1];
                entries[j] = e;
            }
        } else {
            std::stable_sort(entries, entries + n, less);
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (i + 1 < n && entries[i + 1].key() == entries[i].key()) continue;
            entries[kept++] = entries[i];
        }
        m_end = entries + kept;
    }
    SortedMembers(const SortedMembers&) = delete;
    SortedMembers& operator=(const SortedMembers&) = delete;

    const Entry* begin() const { return m_begin; }
    const Entry* end() const { return m_end; }
    std::size_t size() const { return static_cast<std::size_t>(m_end - m_begin); }

private:
    // utf16_less, deciding inline when the first differing bytes are both ASCII (nearly every key)
    static bool less(const Entry& a, const Entry& b) {
        const std::size_t n = a.key_size < b.key_size ? a.key_size : b.key_size;
        std::size_t i = 0;
        while (i < n && a.key_data[i] == b.key_data[i]) ++i;
        if (i == n) return a.key_size < b.key_size;
        const auto x = static_cast<unsigned char>(a.key_data[i]), y = static_cast<unsigned char>(b.key_data[i]);
        if (x < 0x80 && y < 0x80) return x < y;
        return utf16_less(a.key(), b.key());
    }

    static constexpr std::size_t kInline = 24;
    Entry m_inline[kInline];
    std::vector<Entry> m_heap;
    std::vector<std::string> m_normalised;
    const Entry* m_begin = nullptr;
    const Entry* m_end = nullptr;
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
            for (const SortedMembers::Entry& e : sorted) {
                if (!first) out += ',';
                first = false;
                append_escaped(out, e.key());
                out += ':';
                write(out, *e.value, mode);
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
            members.reserve(sorted.size());
            for (const SortedMembers::Entry& e : sorted) members.push_back(Member{std::string(e.key()), canonical_value(*e.value, mode)});
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
