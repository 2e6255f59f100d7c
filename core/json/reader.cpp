// Strict recursive-descent JSON reader. Recursion depth is bounded by ReadLimits::max_depth, so deep
// input is an error, never a stack overflow.
#include "core/json/reader.hpp"

#include <cassert>
#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/json/internal/reader_errors.hpp"
#include "core/json/internal/reader_keys.hpp"
#include "core/json/internal/reader_numbers.hpp"
#include "core/json/internal/reader_scratch.hpp"
#include "core/json/number.hpp"
#include "core/json/plain_bytes.hpp"
#include "core/json/unicode.hpp"

namespace planlang::json {
namespace {

using internal::byte_shown;
using internal::canonical_number;
using internal::key_order;
using internal::KeyOrder;
using internal::line_column;
using internal::path_text;
using internal::PathStack;
using internal::short_plain_value;
using internal::Scratch;
using internal::thread_scratch;

// Objects up to this size check duplicate keys by scanning; larger ones use a set.
constexpr std::size_t kLinearDuplicateScan = 16;

class Reader {
public:
    Reader(std::string_view text, const ReadLimits& limits, CanonicalCopy* copy, MemberScanner* scanner = nullptr)
        : m_text(text), m_limits(limits), m_copy(copy), m_scanner(scanner), m_scratch(take_scratch(m_own_scratch)) {
        if (m_copy) {
            m_copy->size = 0;
            m_copy->canonical = false;
            // A text over the size limit is refused unread: no room is made for its copy.
            if (m_text.size() <= m_limits.max_bytes) {
                if (m_copy->buffer.size() < m_text.size()) m_copy->buffer.resize(m_text.size());
                m_emit = true;
            }
        }
    }
    ~Reader() {
        m_scratch.reset();
        if (!m_own_scratch) m_scratch.in_use = false;
    }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    std::optional<Issue> run(Value& value) {
        if (m_text.size() > m_limits.max_bytes) {
            fail("JSON_TAMANO", 0,
                 {"el documento mide " + std::to_string(m_text.size()) + " bytes; el límite es " +
                      std::to_string(m_limits.max_bytes),
                  "the document is " + std::to_string(m_text.size()) + " bytes; the limit is " +
                      std::to_string(m_limits.max_bytes)});
        } else if (m_text.size() >= 3 && std::memcmp(m_text.data(), "\xEF\xBB\xBF", 3) == 0) {
            fail("JSON_SINTAXIS", 0,
                 {"el archivo empieza con una marca de orden de bytes (BOM); JSON no la admite",
                  "the file starts with a byte order mark (BOM), which JSON does not allow"});
        } else {
            skip_space();
            if (parse_value(value, 0)) {
                if (m_emit) copy_to(m_pos);
                m_emit = false;
                skip_space();
                if (m_pos != m_text.size())
                    fail("JSON_SINTAXIS", m_pos,
                         {"hay contenido después del valor JSON", "there is content after the JSON value"});
            }
        }
        if (m_copy) m_copy->canonical = !m_error && m_canonical;
        return std::move(m_error);
    }

private:
    // ---- errors ------------------------------------------------------------------------------------
    bool fail(const char* code, std::size_t offset, Bilingual message) {
        if (!m_error)
            m_error = Issue{code, path_text(m_path) + " @ " + line_column(m_text, offset), std::move(message)};
        return false;
    }

    bool unexpected(const char* expected_es, const char* expected_en) {
        const std::string here = byte_shown(m_text, m_pos);
        const bool at_end = m_pos >= m_text.size();
        return fail("JSON_SINTAXIS", m_pos,
                    {std::string("se esperaba ") + expected_es + (at_end ? " y el texto terminó" : " y se encontró " + here),
                     std::string("expected ") + expected_en + (at_end ? " but the text ended" : " but found " + here)});
    }

    // ---- lexing ------------------------------------------------------------------------------------
    static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

    // Inline where there is no whitespace (compact text), a call where there is.
    void skip_space() {
        if (m_pos < m_text.size() && is_space(m_text[m_pos])) skip_space_run();
    }

    void skip_space_run() {
        constexpr std::uint64_t kSpaces = 0x2020202020202020u;
        const std::size_t n = m_text.size();
        if (m_emit) copy_to(m_pos);
        while (m_pos < n) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') break;
            ++m_pos;
            if (c != '\n') continue;
            for (std::uint64_t w; m_pos + 8 <= n;) {  // indentation, eight spaces at a time
                std::memcpy(&w, m_text.data() + m_pos, 8);
                if (const std::uint64_t other = w ^ kSpaces) {
                    m_pos += first_flagged_byte(other);
                    break;
                }
                m_pos += 8;
            }
        }
        if (m_emit && m_pos > m_run_begin) m_run_begin = m_pos;
    }

    bool consume_literal(const char* word, std::size_t length) {
        if (m_text.compare(m_pos, length, word) != 0) return false;
        m_pos += length;
        return true;
    }

    // ---- the canonical copy (CanonicalCopy) -------------------------------------------------------
    // The copy is the text's runs between whitespace, appended whole: skip_space appends the run that
    // ends where whitespace begins and starts the next one after it (so a pretty-printed file costs an
    // append per line, not one per token). m_emit: a copy was asked for, the text is canonical so far,
    // and no skipped member is being read.
    // Most runs are short (a member's `"key":`, then its value and comma up to the line's end): those are
    // copied as one or two fixed 16-byte moves — a load and a store each, reading and writing a little past
    // the run where the text and the buffer have room (the bytes written past the run are overwritten by the
    // next one, or lie beyond the copy's size) — instead of a call to memcpy per run.
    void copy_to(std::size_t end) {
        if (end <= m_run_begin) return;
        const std::size_t length = end - m_run_begin;
        char* to = &m_copy->buffer[m_copy->size];
        const char* from = m_text.data() + m_run_begin;
        if (length <= 32 && m_run_begin + 32 <= m_text.size() && m_copy->size + 32 <= m_copy->buffer.size()) {
            std::memcpy(to, from, 16);
            if (length > 16) std::memcpy(to + 16, from + 16, 16);
        } else {
            std::memcpy(to, from, length);
        }
        m_copy->size += length;
    }
    void not_canonical() {
        m_canonical = false;
        m_emit = false;
    }
    // Checks, while the copy is still canonical, go through here: nothing is checked once it is not.
    bool checking() const { return m_copy && m_canonical; }

    // ---- values ------------------------------------------------------------------------------------
    bool parse_value(Value& out, std::size_t depth) {
        if (m_pos >= m_text.size()) return unexpected("un valor", "a value");
        switch (m_text[m_pos]) {
            case '{': return parse_object(out, depth + 1);
            case '[': return parse_array(out, depth + 1);
            case '"': {
                if (!out.is_string()) out = Value(std::string());
                std::string& s = out.as_string();
                s.clear();  // a reused string keeps its capacity
                return parse_string(s);
            }
            case 't':
                if (consume_literal("true", 4)) { out = Value(true); return true; }
                break;
            case 'f':
                if (consume_literal("false", 5)) { out = Value(false); return true; }
                break;
            case 'n':
                if (consume_literal("null", 4)) { out = Value(nullptr); return true; }
                break;
            case 'N':
            case 'I':
                return not_finite_literal();
            case '-':
                if (m_pos + 1 < m_text.size() && m_text[m_pos + 1] == 'I') return not_finite_literal();
                return parse_number(out);
            default:
                if (m_text[m_pos] >= '0' && m_text[m_pos] <= '9') return parse_number(out);
                break;
        }
        return unexpected("un valor", "a value");
    }

    bool not_finite_literal() {
        return fail("JSON_NUMERO_NO_FINITO", m_pos,
                    {"NaN e Infinity no son números JSON", "NaN and Infinity are not JSON numbers"});
    }

    bool enter(std::size_t depth) {
        if (depth <= m_limits.max_depth) return true;
        return fail("JSON_PROFUNDIDAD", m_pos,
                    {"el anidamiento supera el límite de " + std::to_string(m_limits.max_depth) + " niveles",
                     "nesting exceeds the limit of " + std::to_string(m_limits.max_depth) + " levels"});
    }

    bool parse_array(Value& out, std::size_t depth) {
        if (!enter(depth)) return false;
        ++m_pos;  // '['
        skip_space();
        const bool in_place = out.is_array() && out.as_array().capacity() > 0;
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
            if (in_place) out.as_array().clear();
            else out = Value(Array{});
            return true;
        }
        Array& items = in_place ? out.as_array() : scratch(m_elements, depth);
        std::size_t count = 0;
        m_path.push(nullptr, 0);
        for (;;) {
            m_path.back().index = count;
            if (!parse_value(slot(items, count), depth)) return false;
            ++count;
            skip_space();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') { ++m_pos; skip_space(); continue; }
            if (m_pos < m_text.size() && m_text[m_pos] == ']') { ++m_pos; break; }
            m_path.pop();  // the problem is the array's, not the element's
            return unexpected("',' o ']'", "',' or ']'");
        }
        m_path.pop();
        close(out, items, count, in_place);
        return true;
    }

    bool parse_object(Value& out, std::size_t depth) {
        if (!enter(depth)) return false;
        ++m_pos;  // '{'
        skip_space();
        const bool in_place = out.is_object() && out.as_object().capacity() > 0;
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
            if (in_place) out.as_object().clear();
            else out = Value(Object{});
            return true;
        }
        Object& members = in_place ? out.as_object() : scratch(m_members, depth);
        std::size_t count = 0;
        std::unordered_set<std::string> seen;  // only for large objects; order of a set never leaks out
        bool ascending = true;
        for (;;) {
            if (m_pos >= m_text.size() || m_text[m_pos] != '"') return unexpected("una clave entre comillas", "a quoted key");
            const std::size_t key_at = m_pos;
            Member& member = slot(members, count);
            std::string& key = member.key;
            if (!read_key(key)) return false;
            m_path.push(&key, 0);
            if (m_had_escape && has_lone_surrogate(key))  // only a "\\uD8xx" escape can leave one
                return fail("JSON_SURROGADO_EN_CLAVE", key_at,
                            {"la clave contiene un sustituto UTF-16 suelto (\\uD800–\\uDFFF sin pareja)",
                             "the key holds a lone UTF-16 surrogate (\\uD800–\\uDFFF without its pair)"});
            // While keys come in strictly increasing byte order (files planlang writes are in canonical
            // order) a key after the last one equals none before it; otherwise look.
            const bool compare = count > 0 && (ascending || checking());
            const KeyOrder order = compare ? key_order(members[count - 1].key, key) : KeyOrder{true, true};
            ascending = ascending && order.bytes;
            if (!ascending && is_duplicate(members, count, seen, key))
                return fail("JSON_CLAVE_DUPLICADA", key_at,
                            {"la clave aparece dos veces en el mismo objeto", "the key appears twice in the same object"});
            if (checking() && !order.utf16) not_canonical();  // canonical order
            // The top-level member the copy leaves out: the copy stops before its key, and the comma that
            // joined it to its neighbours goes too (the one before it, or after it when it comes first).
            const bool skipped = depth == 1 && m_emit && !m_copy->skip_key.empty() && key == m_copy->skip_key;
            bool drop_next_comma = false;
            if (skipped) {
                copy_to(key_at);
                if (m_copy->size > 0 && m_copy->buffer[m_copy->size - 1] == ',') --m_copy->size;
                else drop_next_comma = true;
                m_emit = false;
            }
            skip_space();
            if (m_pos >= m_text.size() || m_text[m_pos] != ':') return unexpected("':'", "':'");
            ++m_pos;
            skip_space();
            if (!(depth == 1 && scanned(key, member.value)) && !parse_value(member.value, depth)) return false;
            ++count;
            if (skipped) {
                m_emit = m_canonical;
                std::size_t next = m_pos;
                while (next < m_text.size() && is_space(m_text[next])) ++next;
                if (drop_next_comma && next < m_text.size() && m_text[next] == ',') ++next;
                m_run_begin = next;
            }
            m_path.pop();
            skip_space();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') { ++m_pos; skip_space(); continue; }
            if (m_pos < m_text.size() && m_text[m_pos] == '}') { ++m_pos; break; }
            return unexpected("',' o '}'", "',' or '}'");
        }
        close(out, members, count, in_place);
        return true;
    }

    // A top-level member's value taken by the caller's MemberScanner (see reader.hpp): the copy so far is
    // flushed, the scanner writes the value's canonical form after it, and the next run starts past it.
    bool scanned(const std::string& key, Value& out) {
        if (!m_scanner || !m_emit) return false;
        copy_to(m_pos);
        m_run_begin = m_pos;
        std::size_t written = 0;
        const std::size_t used = m_scanner->scan(key, m_text.substr(m_pos), m_limits.max_depth - 1,
                                                 m_copy->buffer.data() + m_copy->size, written);
        if (used == 0) return false;
        assert(used <= m_text.size() - m_pos && written <= used && "a scanner writes no more than it takes");
        m_copy->size += written;
        m_pos += used;
        m_run_begin = m_pos;
        out = Value();
        return true;
    }

    // Where the count-th item goes: the one already there when a container is reused in place (a value read
    // into it keeps its strings' and containers' capacity), else a new one at the end.
    template <typename T>
    static T& slot(std::vector<T>& items, std::size_t count) {
        return count < items.size() ? items[count] : items.emplace_back();
    }

    // A container read in place drops what the previous document had past its `count` items; one collected
    // in scratch is moved out into an exactly sized vector.
    template <typename T>
    static void close(Value& out, std::vector<T>& items, std::size_t count, bool in_place) {
        if (in_place) items.erase(items.begin() + static_cast<std::ptrdiff_t>(count), items.end());
        else out = Value(take(items));
    }

    // Members and elements are collected in a scratch vector of their depth (only one container per
    // depth is open at a time) and moved into an exactly sized one when the container closes: the
    // scratch keeps its capacity, so growing happens once per depth, not once per container.
    template <typename T>
    static std::vector<T>& scratch(std::deque<std::vector<T>>& stack, std::size_t depth) {
        if (stack.size() <= depth) stack.resize(depth + 1);  // a deque keeps the other depths in place
        return stack[depth];
    }

    template <typename T>
    static std::vector<T> take(std::vector<T>& items) {
        std::vector<T> exact(std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
        items.clear();
        return exact;
    }

    // Whether `key` equals one of the object's first `count` keys.
    static bool is_duplicate(const Object& members, std::size_t count, std::unordered_set<std::string>& seen, const std::string& key) {
        if (count < kLinearDuplicateScan) {
            for (std::size_t i = 0; i < count; ++i)
                if (members[i].key == key) return true;
            return false;
        }
        if (seen.empty())
            for (std::size_t i = 0; i < count; ++i) seen.insert(members[i].key);
        return !seen.insert(key).second;
    }

    // RFC 8259 §6: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
    bool parse_number(Value& out) {
        const std::size_t start = m_pos, n = m_text.size();
        auto digit = [&](std::size_t i) { return i < n && m_text[i] >= '0' && m_text[i] <= '9'; };
        auto malformed = [&](const char* es, const char* en) {
            return fail("JSON_SINTAXIS", start, {std::string("número mal formado: ") + es, std::string("malformed number: ") + en});
        };
        if (m_text[m_pos] == '-') ++m_pos;
        if (!digit(m_pos)) return malformed("falta la parte entera", "the integer part is missing");
        if (m_text[m_pos] == '0' && digit(m_pos + 1))
            return malformed("un entero no puede empezar por 0", "an integer cannot start with 0");
        while (digit(m_pos)) ++m_pos;
        const std::size_t integer_end = m_pos;
        if (m_pos < n && m_text[m_pos] == '.') {
            ++m_pos;
            if (!digit(m_pos)) return malformed("faltan dígitos tras el punto", "digits missing after the point");
            while (digit(m_pos)) ++m_pos;
        }
        const std::size_t fraction_end = m_pos;
        if (m_pos < n && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            ++m_pos;
            if (m_pos < n && (m_text[m_pos] == '+' || m_text[m_pos] == '-')) ++m_pos;
            if (!digit(m_pos)) return malformed("faltan dígitos en el exponente", "digits missing in the exponent");
            while (digit(m_pos)) ++m_pos;
        }
        const std::string_view literal = m_text.substr(start, m_pos - start);
        const bool negative = literal[0] == '-';
        // Up to 15 digits and no exponent: the exact fast path (reader_numbers.hpp).
        const std::size_t fraction_digits = fraction_end == integer_end ? 0 : fraction_end - integer_end - 1;
        if (fraction_end == m_pos && literal.size() - negative - (fraction_digits ? 1 : 0) <= 15) {
            out = Value(short_plain_value(literal, negative, fraction_digits));
            check_number(literal, out.as_number(), true, fraction_digits);
            return true;
        }
        if (const auto value = json::parse_number(literal)) {
            out = Value(*value);
            check_number(literal, *value, false, 0);
            return true;
        }
        const std::string shown(literal.substr(0, 40));
        return fail("JSON_NUMERO_NO_FINITO", start,
                    {"el número " + shown + " excede el rango de un double (±1.7976931348623157e+308)",
                     "the number " + shown + " overflows a double (±1.7976931348623157e+308)"});
    }

    void check_number(std::string_view literal, double value, bool short_plain, std::size_t fraction_digits) {
        if (!checking()) return;
        if (!canonical_number(literal, value, short_plain, fraction_digits)) not_canonical();
    }

    // ---- strings ----------------------------------------------------------------------------------
    // Bytes are validated where they are and copied in stretches (the whole string at once when it has
    // no escape), so `out` grows once per stretch, not once per run of ASCII.
    bool parse_string(std::string& out) {
        ++m_pos;  // opening quote
        const std::size_t n = m_text.size();
        std::size_t copied = m_pos;  // m_text[copied, m_pos) is valid and not yet in `out`
        m_had_escape = false;
        bool non_ascii = false;
        for (;;) {
            // Skip the longest run of plain ASCII.
            m_pos = static_cast<std::size_t>(plain_run_end(m_text.data() + m_pos, m_text.data() + n) - m_text.data());
            if (m_pos >= n)
                return fail("JSON_SINTAXIS", m_pos, {"cadena sin cerrar", "unterminated string"});
            const auto c = static_cast<unsigned char>(m_text[m_pos]);
            if (c == '"') {
                out.append(m_text.data() + copied, m_pos - copied);
                ++m_pos;
                // The quick check says no to everything from U+0300 on (≠, —, emoji…): those strings are
                // normalised to be sure, as canonical form itself does.
                if (non_ascii && checking() && !is_nfc_quick(out) && nfc(out) != out) not_canonical();
                return true;
            }
            if (c == '\\') {
                out.append(m_text.data() + copied, m_pos - copied);
                if (!parse_escape(out)) return false;
                m_had_escape = true;
                copied = m_pos;
                continue;
            }
            if (c < 0x20)
                return fail("JSON_SINTAXIS", m_pos,
                            {"carácter de control sin escapar dentro de una cadena",
                             "unescaped control character inside a string"});
            if (!skip_utf8_sequence()) return false;
            non_ascii = true;
        }
    }

    // A key of plain ASCII (no escape, control or non-ASCII byte) equal to the one its slot already holds
    // (the reused tree of the previous document read here, alike in shape) is left as it is.
    bool read_key(std::string& key) {
        const char* data = m_text.data();
        const char* from = data + m_pos + 1;
        const char* end = data + m_text.size();
        const char* stop = plain_run_end(from, end);
        if (stop < end && *stop == '"') {
            const std::size_t length = static_cast<std::size_t>(stop - from);
            if (length != key.size() || std::memcmp(key.data(), from, length) != 0) key.assign(from, length);
            m_pos = static_cast<std::size_t>(stop - data) + 1;
            m_had_escape = false;
            return true;
        }
        key.clear();
        return parse_string(key);
    }

    // RFC 3629 §4 well-formed sequences only: no overlongs, no encoded surrogates, nothing above U+10FFFF.
    bool skip_utf8_sequence() {
        const auto at = [&](std::size_t k) -> unsigned {
            return m_pos + k < m_text.size() ? static_cast<unsigned char>(m_text[m_pos + k]) : 0u;
        };
        const unsigned b0 = at(0);
        std::size_t length = 0;
        unsigned lo = 0x80, hi = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) length = 2;
        else if (b0 >= 0xE0 && b0 <= 0xEF) { length = 3; if (b0 == 0xE0) lo = 0xA0; if (b0 == 0xED) hi = 0x9F; }
        else if (b0 >= 0xF0 && b0 <= 0xF4) { length = 4; if (b0 == 0xF0) lo = 0x90; if (b0 == 0xF4) hi = 0x8F; }
        bool ok = length > 0;
        for (std::size_t k = 1; ok && k < length; ++k) {
            const unsigned b = at(k);
            ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xBF);
        }
        if (!ok)
            return fail("JSON_UTF8_INVALIDO", m_pos,
                        {"secuencia UTF-8 no válida en el byte " + std::to_string(m_pos),
                         "invalid UTF-8 sequence at byte " + std::to_string(m_pos)});
        m_pos += length;
        return true;
    }

    bool read_hex4(std::size_t at, std::uint32_t& value) const {
        if (at + 4 > m_text.size()) return false;
        value = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const char c = m_text[at + k];
            value <<= 4;
            if (c >= '0' && c <= '9') value |= static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f') value |= static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') value |= static_cast<std::uint32_t>(c - 'A' + 10);
            else return false;
        }
        return true;
    }

    bool parse_escape(std::string& out) {
        const std::size_t at = m_pos;
        if (m_pos + 1 >= m_text.size()) return fail("JSON_SINTAXIS", at, {"cadena sin cerrar", "unterminated string"});
        const char e = m_text[m_pos + 1];
        m_pos += 2;
        if (e == '/' || e == 'u') not_canonical();  // canonical form writes '/' raw; \u only for some controls
        switch (e) {
            case '"': out += '"'; return true;
            case '\\': out += '\\'; return true;
            case '/': out += '/'; return true;
            case 'b': out += '\b'; return true;
            case 'f': out += '\f'; return true;
            case 'n': out += '\n'; return true;
            case 'r': out += '\r'; return true;
            case 't': out += '\t'; return true;
            case 'u': break;
            default:
                return fail("JSON_SINTAXIS", at, {"secuencia de escape no válida", "invalid escape sequence"});
        }
        std::uint32_t unit = 0;
        if (!read_hex4(m_pos, unit))
            return fail("JSON_SINTAXIS", at, {"\\u debe ir seguido de 4 dígitos hexadecimales",
                                              "\\u must be followed by 4 hex digits"});
        m_pos += 4;
        if (unit >= 0xD800 && unit <= 0xDBFF && m_pos + 6 <= m_text.size() && m_text[m_pos] == '\\' &&
            m_text[m_pos + 1] == 'u') {
            std::uint32_t low = 0;
            if (read_hex4(m_pos + 2, low) && low >= 0xDC00 && low <= 0xDFFF) {
                m_pos += 6;
                append_utf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                return true;
            }
        }
        append_utf8(out, unit);
        return true;
    }

    std::string_view m_text;
    const ReadLimits& m_limits;
    CanonicalCopy* m_copy = nullptr;
    MemberScanner* m_scanner = nullptr;
    bool m_canonical = true;  // the text read so far is canonical up to whitespace (asked with m_copy)
    bool m_emit = false;      // see copy_to()
    std::size_t m_run_begin = 0;  // where the run the copy has not taken yet begins
    std::size_t m_pos = 0;
    // The thread's scratch, or — while another read on this thread holds it — one of this reader's own,
    // so that read() stays reentrant. Borrowed, not swapped in: a Scratch of its own costs every reader
    // its deques' first blocks (four allocations and four frees per read, most reads being small).
    static Scratch& take_scratch(std::optional<Scratch>& own) {
        Scratch& shared = thread_scratch();
        if (shared.in_use) return own.emplace();
        shared.in_use = true;
        return shared;
    }
    std::optional<Scratch> m_own_scratch;
    Scratch& m_scratch;
    PathStack& m_path = m_scratch.path;
    bool m_had_escape = false;      // the last string read held an escape
    std::deque<Array>& m_elements = m_scratch.elements;
    std::deque<Object>& m_members = m_scratch.members;
    std::optional<Issue> m_error;
};

}  // namespace

namespace {

ReadResult read_fresh(std::string_view text, const ReadLimits& limits, CanonicalCopy* copy) {
    ReadResult result;
    result.error = Reader(text, limits, copy).run(result.value);
    if (result.error) result.value = Value();
    return result;
}

}  // namespace

ReadResult read(std::string_view text, const ReadLimits& limits) { return read_fresh(text, limits, nullptr); }

ReadResult read(std::string_view text, const ReadLimits& limits, CanonicalCopy& copy) { return read_fresh(text, limits, &copy); }

std::optional<Issue> read_into(Value& value, std::string_view text, const ReadLimits& limits, CanonicalCopy* copy, MemberScanner* scanner) {
    return Reader(text, limits, copy, scanner).run(value);
}

}  // namespace planlang::json
