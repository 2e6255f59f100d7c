// Canonical JSON (RFC 8785 + NFC), its SHA-256 and the disk form; see canonical.hpp.
//
// [SECTION] Writer
// [SECTION] Strings: escaping, NFC quick check
// [SECTION] Keys: plain keys, canonical member order
// [SECTION] Canonical writer
// [SECTION] Disk form (pretty)
// [SECTION] API
#include "core/json/canonical.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "core/common/thread_local.hpp"
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

// [SECTION] Writer
// Writes through a raw pointer: room is made once per piece (the buffer grows by doubling, never
// zero-filled; small outputs stay in the inline buffer), so writing a byte is a store, not a capacity
// check and a call. The text is copied out once, at its final size, by str(). With a hash sink the
// buffer is a fixed window instead: when a piece does not fit, what is written so far goes to SHA-256
// and the window starts over, so hashing a 6 MB document touches 32 KB of memory.
class Writer {
public:
    Writer() = default;
    // The window is the thread's own, kept between calls: a 32 KB heap block per huella (one per trace)
    // was a large-bin request that made glibc consolidate its fastbins every time.
    explicit Writer(Sha256Stream& sink) : m_sink(&sink) {
        PLANLANG_THREAD_LOCAL std::unique_ptr<char[]> window(new char[kWindow]);
        m_data = window.get();
        m_capacity = kWindow;
    }
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;

    // At least n writable bytes at the returned pointer; commit() how many were written.
    char* room(std::size_t n) {
        if (m_capacity - m_size < n) make_room(n);
        return m_data + m_size;
    }
    // Hands the rest of the text to the sink.
    void flush() {
        m_sink->update(m_data, m_size);
        m_size = 0;
    }
    void commit(std::size_t n) { m_size += n; }
    void commit_to(const char* end) { m_size = static_cast<std::size_t>(end - m_data); }
    void put(char c) {
        *room(1) = c;
        ++m_size;
    }
    void put(std::string_view s) {
        std::memcpy(room(s.size()), s.data(), s.size());
        m_size += s.size();
    }
    std::string str() const { return std::string(m_data, m_size); }

private:
    void make_room(std::size_t n) {
        if (m_sink) {
            flush();
            if (m_capacity >= n) return;
        }
        grow(n);
    }
    void grow(std::size_t n) {
        const std::size_t capacity = std::max(m_capacity * 2, m_size + n + 256);
        std::unique_ptr<char[]> bigger(new char[capacity]);  // default-initialised: no zero fill
        std::memcpy(bigger.get(), m_data, m_size);
        m_heap = std::move(bigger);
        m_data = m_heap.get();
        m_capacity = capacity;
    }

    static constexpr std::size_t kInline = 256;
    static constexpr std::size_t kWindow = std::size_t{32} << 10;  // above append_escaped's largest piece
    Sha256Stream* m_sink = nullptr;
    char m_inline[kInline];
    std::unique_ptr<char[]> m_heap;
    char* m_data = m_inline;
    std::size_t m_capacity = kInline;
    std::size_t m_size = 0;
};

// [SECTION] Strings: escaping, NFC quick check
// Bytes [i, end) of `in` (n bytes in all) escaped into p, which has room for 6 bytes per input byte;
// returns the end of what was written, i past what was read (beyond `end` when a lone surrogate straddles
// it). Raw stretches go eight bytes at a time.
char* escape_bytes(const char* in, std::size_t& i, std::size_t end, std::size_t n, char* p) {
    while (i < end) {
        for (std::uint64_t w; i + 8 <= end; i += 8, p += 8) {
            std::memcpy(&w, in + i, 8);
            if (has_stop_byte(w)) break;
            std::memcpy(p, &w, 8);
        }
        for (const std::size_t stop = std::min(i + 8, end); i < stop; ++i) {
            const auto c = static_cast<unsigned char>(in[i]);
            const bool lone_surrogate = c == 0xED && i + 2 < n && static_cast<unsigned char>(in[i + 1]) >= 0xA0;
            if (!kEscape.stop[c] || (c == 0xED && !lone_surrogate)) {
                *p++ = static_cast<char>(c);
                continue;
            }
            *p++ = '\\';
            switch (c) {
                case '"': *p++ = '"'; break;
                case '\\': *p++ = '\\'; break;
                case '\b': *p++ = 'b'; break;
                case '\f': *p++ = 'f'; break;
                case '\n': *p++ = 'n'; break;
                case '\r': *p++ = 'r'; break;
                case '\t': *p++ = 't'; break;
                default: {
                    unsigned unit = c;
                    if (lone_surrogate) {
                        unit = 0xD000u | ((static_cast<unsigned char>(in[i + 1]) & 0x3Fu) << 6) |
                               (static_cast<unsigned char>(in[i + 2]) & 0x3Fu);
                        i += 2;
                    }
                    *p++ = 'u';
                    *p++ = kHex[(unit >> 12) & 0xF];
                    *p++ = kHex[(unit >> 8) & 0xF];
                    *p++ = kHex[(unit >> 4) & 0xF];
                    *p++ = kHex[unit & 0xF];
                }
            }
        }
    }
    return p;
}

// The first four and the last four of n bytes, 4 <= n <= 8, as one word (overlapping when n < 8).
std::uint64_t ends_of(const char* in, std::size_t n) {
    std::uint32_t a, b;
    std::memcpy(&a, in, 4);
    std::memcpy(&b, in + n - 4, 4);
    return a | static_cast<std::uint64_t>(b) << 32;
}

// is_nfc_quick, with pure-ASCII strings of up to 16 bytes (nearly every key and code) decided here with at
// most two loads instead of a call.
bool nfc_quick(std::string_view s) {
    constexpr std::uint64_t kHigh = 0x8080808080808080u;
    const std::size_t n = s.size();
    const char* in = s.data();
    std::uint64_t w = 0;
    if (n >= 8 && n <= 16) {
        std::uint64_t last;
        std::memcpy(&w, in, 8);
        std::memcpy(&last, in + n - 8, 8);
        w |= last;
    } else if (n >= 4 && n < 8) {
        w = ends_of(in, n);
    } else if (n < 4) {
        for (std::size_t i = 0; i < n; ++i) w |= static_cast<unsigned char>(in[i]);
    } else {
        return is_nfc_quick(s);
    }
    return (w & kHigh) == 0 || is_nfc_quick(s);
}

// JSON.stringify's string escaping (ECMA-262 QuoteJSONString), which RFC 8785 §3.2.2.2 adopts:
// short escapes, \u00xx for other controls, lone surrogates as \udxxx, everything else raw.
// Nearly every string of a trace is a short raw one (keys, codes, node names): such a string is checked
// and copied with whole words, its last partial word as an overlapping load and store, with one room()
// for the quotes and all; anything with a stop byte goes through escape_bytes.
void append_escaped(Writer& out, std::string_view s) {
    constexpr std::size_t kChunk = 4096;  // room is made per chunk: a long string never asks for 6× its size
    const std::size_t n = s.size();
    const char* in = s.data();
    if (n <= kChunk) {
        char* p = out.room(6 * n + 2);
        *p++ = '"';
        std::size_t i = 0;
        if (n >= 8) {
            for (std::uint64_t w; i + 8 <= n; i += 8) {
                std::memcpy(&w, in + i, 8);
                if (has_stop_byte(w)) break;
                std::memcpy(p + i, &w, 8);
            }
            if (i < n && i + 8 > n) {  // a partial last word after raw words: they end where the input does
                std::uint64_t w;
                std::memcpy(&w, in + n - 8, 8);
                if (!has_stop_byte(w)) {
                    std::memcpy(p + n - 8, &w, 8);
                    i = n;
                }
            }
            p = i == n ? p + n : escape_bytes(in, i, n, n, p + i);
        } else if (n >= 4) {
            const std::uint64_t w = ends_of(in, n);
            if (!has_stop_byte(w)) {
                std::memcpy(p, in, 4);
                std::memcpy(p + n - 4, in + n - 4, 4);
                p += n;
            } else {
                p = escape_bytes(in, i, n, n, p);
            }
        } else {
            p = escape_bytes(in, i, n, n, p);
        }
        *p++ = '"';
        out.commit_to(p);
        return;
    }
    out.put('"');
    for (std::size_t i = 0; i < n;) {
        const std::size_t chunk_end = std::min(n, i + kChunk);
        char* p = out.room(6 * (chunk_end - i) + 6);  // a byte is at most "\u00xx"; a lone surrogate's 3 bytes "\udxxx"
        out.commit_to(escape_bytes(in, i, chunk_end, n, p));
    }
    out.put('"');
}

// [SECTION] Keys: plain keys, canonical member order
// Nonzero when one of eight bytes is not plain: a control, '"', '\\' or a byte >= 0x80 (the same exact
// tricks as has_stop_byte).
std::uint64_t not_plain_bytes(std::uint64_t w) {
    constexpr std::uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
    const auto has_zero = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    return ((w - kOnes * 0x20) & ~w & kHigh) | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\')) | (w & kHigh);
}

// Whether a key of at most 16 bytes is plain ASCII (printable, no '"' or '\\'): NFC as it is, written
// between quotes as it is, ordered by its bytes. Nearly every key planlang writes is.
bool plain_key(std::string_view k) {
    const std::size_t n = k.size();
    const char* in = k.data();
    if (n >= 8 && n <= 16) {
        std::uint64_t a, b;
        std::memcpy(&a, in, 8);
        std::memcpy(&b, in + n - 8, 8);
        return (not_plain_bytes(a) | not_plain_bytes(b)) == 0;
    }
    if (n >= 4 && n < 8) return not_plain_bytes(ends_of(in, n)) == 0;
    if (n > 16) return false;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(in[i]);
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
}

// `"key":` for a plain key: one room() and fixed-size (overlapping) copies.
void append_plain_key(Writer& out, const char* k, std::size_t n) {
    char* p = out.room(n + 3);
    p[0] = '"';
    if (n >= 8) {
        std::memcpy(p + 1, k, 8);
        std::memcpy(p + 1 + n - 8, k + n - 8, 8);
    } else if (n >= 4) {
        std::memcpy(p + 1, k, 4);
        std::memcpy(p + 1 + n - 4, k + n - 4, 4);
    } else {
        for (std::size_t i = 0; i < n; ++i) p[1 + i] = k[i];
    }
    p[n + 1] = '"';
    p[n + 2] = ':';
    out.commit(n + 3);
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
        bool plain;  // plain_key(key())
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
            const bool plain = plain_key(key);
            if (!plain && mode == Canon::planlang && !nfc_quick(key)) {
                if (m_normalised.empty()) m_normalised.reserve(members.size());  // views below stay valid
                m_normalised.push_back(nfc(key));
                key = m_normalised.back();
            }
            if (!skip.empty() && key == skip) continue;
            entries[n++] = Entry{key.data(), key.size(), &m.value, plain};
        }
        m_begin = entries;
        m_end = entries + n;
        // Files planlang writes are in canonical order: one pass of comparisons, no sort, no duplicates.
        std::size_t ascending = 1;
        while (ascending < n && less(entries[ascending - 1], entries[ascending])) ++ascending;
        if (ascending >= n) return;
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

// [SECTION] Canonical writer
void append_string(Writer& out, const std::string& s, Canon mode) {
    if (mode == Canon::planlang && !nfc_quick(s)) append_escaped(out, nfc(s));
    else append_escaped(out, s);
}

void append_number(Writer& out, double x) { out.commit(write_number(out.room(kMaxNumberLength), x)); }

void write(Writer& out, const Value& v, Canon mode, std::string_view skip_key = {}) {
    switch (v.kind()) {
        case Value::Kind::null: out.put("null"); return;
        case Value::Kind::boolean: out.put(v.as_bool() ? "true" : "false"); return;
        case Value::Kind::number: append_number(out, v.as_number()); return;
        case Value::Kind::string: append_string(out, v.as_string(), mode); return;
        case Value::Kind::array: {
            out.put('[');
            bool first = true;
            for (const Value& item : v.as_array()) {
                if (!first) out.put(',');
                first = false;
                write(out, item, mode);
            }
            out.put(']');
            return;
        }
        case Value::Kind::object: {
            const SortedMembers sorted(v.as_object(), mode, skip_key);
            out.put('{');
            bool first = true;
            for (const SortedMembers::Entry& e : sorted) {
                if (!first) out.put(',');
                first = false;
                if (e.plain) {
                    append_plain_key(out, e.key_data, e.key_size);
                } else {
                    append_escaped(out, e.key());
                    out.put(':');
                }
                write(out, *e.value, mode);
            }
            out.put('}');
            return;
        }
    }
}

// [SECTION] Disk form (pretty)
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

// The disk form of v written straight from v: objects through SortedMembers (the canonical order, keys
// normalised, of keys NFC made equal the later one), strings normalised as write() normalises them — what
// canonical_value(v) holds, without building that copy of the whole value first (a report of 20,000 cases
// is 1.9 MB of disk form: the copy was most of disk_form's time).
void write_pretty(Writer& out, const Value& v, std::size_t indent) {
    const auto newline = [&](std::size_t level) {
        char* p = out.room(1 + level * 2);
        *p = '\n';
        std::memset(p + 1, ' ', level * 2);
        out.commit(1 + level * 2);
    };
    if (v.is_array()) {
        const Array& items = v.as_array();
        if (items.empty()) { out.put("[]"); return; }
        out.put('[');
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i) out.put(',');
            newline(indent + 1);
            write_pretty(out, items[i], indent + 1);
        }
        newline(indent);
        out.put(']');
    } else if (v.is_object()) {
        const SortedMembers sorted(v.as_object(), Canon::planlang, {});
        if (sorted.size() == 0) { out.put("{}"); return; }
        // JSON.stringify enumerates integer-like keys first, ascending, then the rest in their order. Most
        // objects have none: then the canonical order is the order, and nothing is allocated.
        std::vector<const SortedMembers::Entry*> order;
        const bool indexed = std::any_of(sorted.begin(), sorted.end(), [](const SortedMembers::Entry& e) { return is_array_index(e.key()); });
        if (indexed) {
            order.reserve(sorted.size());
            for (const SortedMembers::Entry& e : sorted)
                if (is_array_index(e.key())) order.push_back(&e);
            std::stable_sort(order.begin(), order.end(), [](const SortedMembers::Entry* a, const SortedMembers::Entry* b) {
                return array_index_value(a->key()) < array_index_value(b->key());
            });
            for (const SortedMembers::Entry& e : sorted)
                if (!is_array_index(e.key())) order.push_back(&e);
        }
        out.put('{');
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            const SortedMembers::Entry& e = indexed ? *order[i] : sorted.begin()[i];
            if (i) out.put(',');
            newline(indent + 1);
            append_escaped(out, e.key());
            out.put(": ");
            write_pretty(out, *e.value, indent + 1);
        }
        newline(indent);
        out.put('}');
    } else {
        write(out, v, Canon::planlang);
    }
}

}  // namespace

// [SECTION] API
std::string canonical(const Value& v, Canon mode) {
    Writer w;
    write(w, v, mode);
    return w.str();
}

std::string canonical_without_key(const Value& v, std::string_view key, Canon mode) {
    Writer w;
    write(w, v, mode, key);
    return w.str();
}

Digest canonical_sha256(const Value& v, std::string_view key, Canon mode) {
    Sha256Stream hash;
    {
        Writer w(hash);
        write(w, v, mode, key);
        w.flush();
    }
    return hash.finish();
}

Value canonical_value(const Value& v, Canon mode) {
    switch (v.kind()) {
        case Value::Kind::string:
            return mode == Canon::planlang && !nfc_quick(v.as_string()) ? Value(nfc(v.as_string())) : v;
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
    Writer w;
    write_pretty(w, v, 0);
    w.put('\n');
    return w.str();
}

}  // namespace planlang::json
