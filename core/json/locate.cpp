// json::locate: a position tree of the text, then the element's segments followed through it.
#include "core/json/locate.hpp"

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "core/json/internal/reader_errors.hpp"
#include "core/json/reader.hpp"

namespace planlang::json {

namespace {

struct Node {
    std::size_t offset = 0;
    bool is_object = false;
    std::vector<std::pair<std::string, Node>> members;  // objects, in text order
    std::vector<Node> items;                            // arrays
    const Node* member(std::string_view key) const {
        for (const auto& [k, v] : members)
            if (k == key) return &v;
        return nullptr;
    }
};

class Scanner {
public:
    explicit Scanner(std::string_view text) : m_text(text) {}

    bool value(Node& out, int depth) {
        if (depth > 600) return false;  // deeper than any text the reader accepts
        space();
        if (m_at >= m_text.size()) return false;
        out.offset = m_at;
        const char c = m_text[m_at];
        if (c == '{') {
            out.is_object = true;
            ++m_at;
            space();
            if (peek('}')) return ++m_at, true;
            while (true) {
                space();
                std::string key;
                if (!string(&key)) return false;
                space();
                if (!peek(':')) return false;
                ++m_at;
                out.members.emplace_back(std::move(key), Node{});
                if (!value(out.members.back().second, depth + 1)) return false;
                space();
                if (peek(',')) { ++m_at; continue; }
                if (peek('}')) return ++m_at, true;
                return false;
            }
        }
        if (c == '[') {
            ++m_at;
            space();
            if (peek(']')) return ++m_at, true;
            while (true) {
                out.items.emplace_back();
                if (!value(out.items.back(), depth + 1)) return false;
                space();
                if (peek(',')) { ++m_at; continue; }
                if (peek(']')) return ++m_at, true;
                return false;
            }
        }
        if (c == '"') return string(nullptr);
        while (m_at < m_text.size() && m_text[m_at] != ',' && m_text[m_at] != '}' && m_text[m_at] != ']' && m_text[m_at] != ' ' &&
               m_text[m_at] != '\n' && m_text[m_at] != '\r' && m_text[m_at] != '\t')
            ++m_at;
        return m_at > out.offset;
    }

private:
    void space() {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\n' || m_text[m_at] == '\r' || m_text[m_at] == '\t')) ++m_at;
    }
    bool peek(char c) const { return m_at < m_text.size() && m_text[m_at] == c; }
    // A string literal; its decoded text into `out` when asked (escapes decoded by the reader itself).
    bool string(std::string* out) {
        if (!peek('"')) return false;
        const std::size_t start = m_at++;
        bool escaped = false;
        while (m_at < m_text.size() && m_text[m_at] != '"') {
            if (m_text[m_at] == '\\') {
                escaped = true;
                ++m_at;
            }
            ++m_at;
        }
        if (m_at >= m_text.size()) return false;
        ++m_at;
        if (!out) return true;
        const std::string_view literal = m_text.substr(start, m_at - start);
        if (!escaped) {
            *out = std::string(literal.substr(1, literal.size() - 2));
            return true;
        }
        const ReadResult r = read(literal);
        if (!r.ok() || !r.value.is_string()) return false;
        *out = r.value.as_string();
        return true;
    }

    std::string_view m_text;
    std::size_t m_at = 0;
};

// The first object below `n` (itself included), in text order, whose "id" member is the string `id`.
const Node* with_id(const Node& n, std::string_view id, std::string_view text) {
    if (n.is_object)
        if (const Node* v = n.member("id"); v && text.substr(v->offset, id.size() + 2) == "\"" + std::string(id) + "\"") return &n;
    for (const auto& [k, v] : n.members)
        if (const Node* found = with_id(v, id, text)) return found;
    for (const Node& item : n.items)
        if (const Node* found = with_id(item, id, text)) return found;
    return nullptr;
}

// The first member named `key` below `n` (not `n`'s own), in text order.
const Node* below(const Node& n, std::string_view key) {
    for (const auto& [k, v] : n.members) {
        if (const Node* m = v.member(key)) return m;
        if (const Node* found = below(v, key)) return found;
    }
    for (const Node& item : n.items) {
        if (const Node* m = item.member(key)) return m;
        if (const Node* found = below(item, key)) return found;
    }
    return nullptr;
}

}  // namespace

std::optional<std::string> locate(std::string_view text, std::string_view element) {
    Node root;
    Scanner scanner(text);
    if (!scanner.value(root, 0)) return std::nullopt;
    const Node* at = &root;
    std::size_t start = 0;
    bool first = true;
    if (element == "$") return internal::line_column(text, root.offset);
    while (start <= element.size()) {
        std::size_t dot = element.find('.', start);
        if (dot == std::string_view::npos) dot = element.size();
        const std::string_view segment = element.substr(start, dot - start);
        const Node* next = nullptr;
        if (!at->is_object && !at->items.empty() && !segment.empty() && segment.find_first_not_of("0123456789") == std::string_view::npos &&
            segment.size() < 10) {
            const std::size_t index = std::stoul(std::string(segment));
            if (index < at->items.size()) next = &at->items[index];
        } else if (at->is_object) {
            next = at->member(segment);
        }
        // An id-led element ("U2", "C4.poblacion"): ids are written in capitals and digits.
        const bool id_like = !segment.empty() && segment[0] >= 'A' && segment[0] <= 'Z' &&
                             segment.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == std::string_view::npos;
        if (!next && first && id_like) next = with_id(root, segment, text);
        if (!next && !first) next = below(*at, segment);
        if (!next) break;
        at = next;
        first = false;
        start = dot + 1;
    }
    return internal::line_column(text, at->offset);
}

}  // namespace planlang::json
