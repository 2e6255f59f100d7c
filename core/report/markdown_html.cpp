#include "core/report/markdown_html.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "core/report/html.hpp"

namespace planlang::report {

namespace {

using report::html_escape;

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::size_t indent_of(std::string_view line) {
    std::size_t n = 0;
    while (n < line.size() && line[n] == ' ') ++n;
    return n;
}

bool blank(std::string_view line) { return indent_of(line) == line.size(); }

// "- x" or "12. x" after the indentation: the marker's length (with its space), else 0; `ordered` says which.
std::size_t list_marker(std::string_view line, bool& ordered) {
    const std::size_t at = indent_of(line);
    std::string_view rest = line.substr(at);
    if (starts_with(rest, "- ")) {
        ordered = false;
        return 2;
    }
    std::size_t digits = 0;
    while (digits < rest.size() && digits < 9 && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
    if (digits > 0 && rest.substr(digits, 2) == ". ") {
        ordered = true;
        return digits + 2;
    }
    return 0;
}

bool is_heading(std::string_view line) {
    std::size_t n = 0;
    while (n < line.size() && n < 7 && line[n] == '#') ++n;
    return n >= 1 && n <= 6 && n < line.size() && line[n] == ' ';
}

bool is_fence(std::string_view line) { return starts_with(line, "```"); }
bool is_quote(std::string_view line) { return starts_with(line, ">"); }
bool is_table_row(std::string_view line) { return starts_with(line, "|"); }
bool is_fold_open(std::string_view line) { return starts_with(line, "<details><summary>") && line.size() >= 28 && line.substr(line.size() - 10) == "</summary>"; }
bool is_fold_close(std::string_view line) { return line == "</details>"; }

bool is_table_separator(std::string_view line) {
    if (!is_table_row(line)) return false;
    for (char c : line)
        if (c != '|' && c != '-' && c != ':' && c != ' ') return false;
    return line.find('-') != std::string_view::npos;
}

// The cells of a "| a | b \| c |" row, trimmed, with "\|" still escaped (inline_html unescapes it).
std::vector<std::string> table_cells(std::string_view line) {
    std::vector<std::string> cells;
    std::string current;
    bool open = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '\\' && i + 1 < line.size()) {
            current += c;
            current += line[++i];
        } else if (c == '|') {
            if (open) cells.push_back(current);
            current.clear();
            open = true;
        } else {
            current += c;
        }
    }
    if (open && indent_of(current) != current.size()) cells.push_back(current);  // a row without its closing pipe
    for (std::string& cell : cells) {
        const std::size_t first = cell.find_first_not_of(' ');
        const std::size_t last = cell.find_last_not_of(' ');
        cell = first == std::string::npos ? std::string() : cell.substr(first, last - first + 1);
    }
    return cells;
}

class Renderer {
public:
    Renderer(const std::vector<std::string_view>& lines, const MarkdownHtmlOptions& options) : m_lines(lines), m_options(options) {}

    std::string render() {
        std::size_t i = 0;
        while (i < m_lines.size()) i = block(i);
        return m_out;
    }

private:
    const std::vector<std::string_view>& m_lines;
    const MarkdownHtmlOptions& m_options;
    std::string m_out;

    bool block_start(std::string_view line) const {
        bool ordered = false;
        return blank(line) || is_heading(line) || is_fence(line) || is_quote(line) || is_table_row(line) || is_fold_open(line) ||
               is_fold_close(line) || list_marker(line, ordered) > 0;
    }

    std::size_t block(std::size_t i) {
        const std::string_view line = m_lines[i];
        bool ordered = false;
        if (blank(line)) return i + 1;
        if (is_heading(line)) return heading(i);
        if (is_fence(line)) return fence(i);
        if (is_quote(line)) return quote(i);
        if (is_fold_open(line)) {
            m_out += "<details><summary>" + inline_html(line.substr(18, line.size() - 28)) + "</summary>\n";
            return i + 1;
        }
        if (is_fold_close(line)) {
            m_out += "</details>\n";
            return i + 1;
        }
        if (is_table_row(line) && i + 1 < m_lines.size() && is_table_separator(m_lines[i + 1])) return table(i);
        if (list_marker(line, ordered) > 0) return list(i, indent_of(line));
        return paragraph(i);
    }

    std::size_t heading(std::size_t i) {
        const std::string_view line = m_lines[i];
        std::size_t level = 0;
        while (line[level] == '#') ++level;
        const std::string tag = "h" + std::to_string(std::min<std::size_t>(6, level + static_cast<std::size_t>(std::max(0, m_options.heading_shift))));
        m_out += "<" + tag + ">" + inline_html(line.substr(level + 1)) + "</" + tag + ">\n";
        return i + 1;
    }

    std::size_t fence(std::size_t i) {
        const std::string_view info = m_lines[i].substr(3);
        std::string code;
        std::size_t j = i + 1;
        for (; j < m_lines.size() && !is_fence(m_lines[j]); ++j) code += html_escape(m_lines[j]) + "\n";
        m_out += info.empty() ? "<pre><code>" : "<pre><code class=\"language-" + html_escape(info) + "\">";
        m_out += code + "</code></pre>\n";
        return j < m_lines.size() ? j + 1 : j;  // an unclosed fence ends with the text
    }

    std::size_t quote(std::size_t i) {
        std::vector<std::string_view> inner;
        std::size_t j = i;
        for (; j < m_lines.size() && is_quote(m_lines[j]); ++j) {
            std::string_view rest = m_lines[j].substr(1);
            if (starts_with(rest, " ")) rest.remove_prefix(1);
            inner.push_back(rest);
        }
        m_out += "<blockquote>\n" + Renderer(inner, m_options).render() + "</blockquote>\n";
        return j;
    }

    std::size_t table(std::size_t i) {
        const std::vector<std::string> head = table_cells(m_lines[i]);
        m_out += "<div class=\"tabla\"><table>\n<thead><tr>";
        for (const std::string& cell : head) m_out += "<th scope=\"col\">" + inline_html(cell) + "</th>";
        m_out += "</tr></thead>\n<tbody>\n";
        std::size_t j = i + 2;
        for (; j < m_lines.size() && is_table_row(m_lines[j]); ++j) {
            const std::vector<std::string> cells = table_cells(m_lines[j]);
            m_out += "<tr>";
            for (std::size_t c = 0; c < std::max(cells.size(), head.size()); ++c)
                m_out += "<td>" + (c < cells.size() ? inline_html(cells[c]) : std::string()) + "</td>";
            m_out += "</tr>\n";
        }
        m_out += "</tbody>\n</table></div>\n";
        return j;
    }

    // Items at `indent`; a deeper marker opens a nested list inside the current item; a line indented past
    // the marker continues the item's text.
    std::size_t list(std::size_t i, std::size_t indent) {
        bool ordered = false;
        list_marker(m_lines[i], ordered);
        const char* tag = ordered ? "ol" : "ul";
        m_out += std::string("<") + tag + ">\n";
        std::size_t j = i;
        while (j < m_lines.size()) {
            bool this_ordered = false;
            const std::size_t marker = list_marker(m_lines[j], this_ordered);
            if (marker == 0 || indent_of(m_lines[j]) != indent || this_ordered != ordered) break;
            std::string text(m_lines[j].substr(indent + marker));
            ++j;
            while (j < m_lines.size() && !blank(m_lines[j]) && indent_of(m_lines[j]) > indent) {
                bool nested_ordered = false;
                if (list_marker(m_lines[j], nested_ordered) > 0) break;
                text += "\n" + std::string(m_lines[j].substr(indent_of(m_lines[j])));
                ++j;
            }
            m_out += "<li>" + lines_html(text);
            if (j < m_lines.size()) {
                bool nested_ordered = false;
                if (list_marker(m_lines[j], nested_ordered) > 0 && indent_of(m_lines[j]) > indent) {
                    m_out += "\n";
                    j = list(j, indent_of(m_lines[j]));
                }
            }
            m_out += "</li>\n";
        }
        m_out += std::string("</") + tag + ">\n";
        return j;
    }

    std::size_t paragraph(std::size_t i) {
        std::string text(m_lines[i]);
        std::size_t j = i + 1;
        for (; j < m_lines.size() && !block_start(m_lines[j]); ++j) text += "\n" + std::string(m_lines[j]);
        m_out += "<p>" + lines_html(text) + "</p>\n";
        return j;
    }

    // Lines of one paragraph or item: each line's inline markup, a <br> between lines (our writers put one
    // statement per line, never wrapped prose).
    static std::string lines_html(const std::string& text) {
        std::string out;
        std::size_t start = 0;
        while (true) {
            const std::size_t end = text.find('\n', start);
            out += inline_html(std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start));
            if (end == std::string::npos) break;
            out += "<br>\n";
            start = end + 1;
        }
        return out;
    }
};

bool punctuation(char c) { return c == '\\' || c == '|' || c == '*' || c == '`' || c == '_' || c == '#' || c == '-' || c == '>' || c == '[' || c == ']'; }

}  // namespace

std::string inline_html(std::string_view text) {
    std::string out;
    std::string pending;  // plain text not yet escaped
    auto flush = [&] {
        out += html_escape(pending);
        pending.clear();
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && punctuation(text[i + 1])) {
            pending += text[i + 1];
            i += 2;
        } else if (c == '`') {
            const std::size_t close = text.find('`', i + 1);
            if (close == std::string_view::npos) {
                pending += c;
                ++i;
                continue;
            }
            flush();
            std::string code(text.substr(i + 1, close - i - 1));
            // A "\|" inside a table cell's code span is the cell's escape, not part of the code.
            for (std::size_t at = code.find("\\|"); at != std::string::npos; at = code.find("\\|", at + 1)) code.erase(at, 1);
            out += "<code>" + html_escape(code) + "</code>";
            i = close + 1;
        } else if (c == '*' && i + 1 < text.size() && text[i + 1] == '*') {
            const std::size_t close = text.find("**", i + 2);
            if (close == std::string_view::npos || close == i + 2) {
                pending += "**";
                i += 2;
                continue;
            }
            flush();
            out += "<strong>" + inline_html(text.substr(i + 2, close - i - 2)) + "</strong>";
            i = close + 2;
        } else if (c == '*' && i + 1 < text.size() && text[i + 1] != ' ') {
            std::size_t close = i + 1;
            while ((close = text.find('*', close)) != std::string_view::npos && (text[close - 1] == ' ' || (close + 1 < text.size() && text[close + 1] == '*')))
                close += close + 1 < text.size() && text[close + 1] == '*' ? 2 : 1;
            if (close == std::string_view::npos) {
                pending += c;
                ++i;
                continue;
            }
            flush();
            out += "<em>" + inline_html(text.substr(i + 1, close - i - 1)) + "</em>";
            i = close + 1;
        } else {
            pending += c;
            ++i;
        }
    }
    flush();
    return out;
}

std::string markdown_html(std::string_view markdown, const MarkdownHtmlOptions& options) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start <= markdown.size()) {
        std::size_t end = markdown.find('\n', start);
        if (end == std::string_view::npos) end = markdown.size();
        std::string_view line = markdown.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    return Renderer(lines, options).render();
}

}  // namespace planlang::report
