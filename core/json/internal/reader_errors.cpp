#include "core/json/internal/reader_errors.hpp"

#include <cstdio>

#include "core/json/internal/reader_scratch.hpp"

namespace planlang::json::internal {
namespace {

bool is_identifier(const std::string& key) {
    if (key.empty()) return false;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

// A key as a JSON string, with lone surrogates escaped so the path stays printable.
void append_quoted_key(std::string& out, const std::string& key) {
    out += '"';
    for (std::size_t i = 0; i < key.size(); ++i) {
        const auto c = static_cast<unsigned char>(key[i]);
        char buf[8];
        if (c == '"' || c == '\\') {
            out += '\\';
            out += key[i];
        } else if (c < 0x20) {
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else if (c == 0xED && i + 2 < key.size() && static_cast<unsigned char>(key[i + 1]) >= 0xA0) {
            const unsigned unit = 0xD000u | ((static_cast<unsigned char>(key[i + 1]) & 0x3Fu) << 6) |
                                  (static_cast<unsigned char>(key[i + 2]) & 0x3Fu);
            std::snprintf(buf, sizeof buf, "\\u%04x", unit);
            out += buf;
            i += 2;
        } else {
            out += key[i];
        }
    }
    out += '"';
}

}  // namespace

std::string path_text(const PathStack& path) {
    constexpr std::size_t kHead = 8, kTail = 4;
    std::string p = "$";
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path.size() > kHead + kTail + 1 && i == kHead) {
            p += "…(" + std::to_string(path.size() - kHead - kTail) + ")…";
            i = path.size() - kTail - 1;
            continue;
        }
        const PathSegment& seg = path[i];
        if (!seg.key) { p += '[' + std::to_string(seg.index) + ']'; }
        else if (is_identifier(*seg.key)) { p += '.'; p += *seg.key; }
        else { p += '['; append_quoted_key(p, *seg.key); p += ']'; }
    }
    return p;
}

std::string line_column(std::string_view text, std::size_t offset) {
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i)
        if (text[i] == '\n') { ++line; line_start = i + 1; }
    std::size_t column = 1;
    for (std::size_t i = line_start; i < offset && i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
    return std::to_string(line) + ':' + std::to_string(column);
}

std::string byte_shown(std::string_view text, std::size_t offset) {
    if (offset >= text.size()) return "end";
    const auto c = static_cast<unsigned char>(text[offset]);
    if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", c);
    return buf;
}

}  // namespace planlang::json::internal
