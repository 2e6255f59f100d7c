#include "core/rules/ast.hpp"

#include <algorithm>
#include <cmath>

#include "core/json/number.hpp"
#include "core/json/unicode.hpp"

namespace planlang::rules {

namespace {

void append_number(std::string& out, double x, bool as_source) {
    if (std::isinf(x)) out += as_source ? (x < 0 ? "-1e999" : "1e999") : (x < 0 ? "-Infinity" : "Infinity");
    else json::append_number(out, x);
}

void append_string(std::string& out, const std::string& s) {
    const char quote = s.find('\'') == std::string::npos ? '\'' : '"';
    out += quote;
    out += s;
    out += quote;
}

void dump_into(std::string& out, const Node& node) {
    switch (node.kind) {
        case NodeKind::null_literal: out += "null"; return;
        case NodeKind::boolean_literal: out += node.boolean ? "true" : "false"; return;
        case NodeKind::number_literal: append_number(out, node.number, false); return;
        case NodeKind::string_literal: append_string(out, node.text); return;
        case NodeKind::path: out += node.text; return;
        case NodeKind::list: out += "(list"; break;
        case NodeKind::call: out += "(call "; out += node.text; break;
        case NodeKind::logical_not: out += "(NOT"; break;
        case NodeKind::binary: out += '('; out += op_spelling(node.op); break;
    }
    for (const Node& child : node.children) {
        out += ' ';
        dump_into(out, child);
    }
    out += ')';
}

// Binding levels of the grammar (rule-language.md §3): expr 1, or 2, and 3, not 4, cmp 5, primary 6.
int level(const Node& node) {
    if (node.kind == NodeKind::logical_not) return 4;
    if (node.kind != NodeKind::binary) return 6;
    switch (node.op) {
        case BinaryOp::implica: return 1;
        case BinaryOp::logical_or: return 2;
        case BinaryOp::logical_and: return 3;
        default: return 5;
    }
}

// Prints `node` where the grammar expects a production of level `at_least`; parentheses otherwise.
void source_into(std::string& out, const Node& node, int at_least) {
    const bool wrap = level(node) < at_least;
    if (wrap) out += '(';
    switch (node.kind) {
        case NodeKind::null_literal:
        case NodeKind::boolean_literal:
        case NodeKind::path: dump_into(out, node); break;
        case NodeKind::number_literal: append_number(out, node.number, true); break;
        case NodeKind::string_literal: append_string(out, node.text); break;
        case NodeKind::list:
        case NodeKind::call:
            if (node.kind == NodeKind::call) out += node.text;
            out += node.kind == NodeKind::call ? '(' : '[';
            for (std::size_t i = 0; i < node.children.size(); ++i) {
                if (i > 0) out += ", ";
                source_into(out, node.children[i], 1);
            }
            out += node.kind == NodeKind::call ? ')' : ']';
            break;
        case NodeKind::logical_not:
            out += "NOT ";
            source_into(out, node.children[0], 4);  // not := "NOT" not | cmp
            break;
        case NodeKind::binary: {
            // IMPLICA: or IMPLICA expr; OR: or OR and; AND: and AND not; comparisons: primary op primary.
            const int own = level(node);
            const int left = own == 1 ? 2 : own == 5 ? 6 : own;
            const int right = own == 1 ? 1 : own == 5 ? 6 : own + 1;
            source_into(out, node.children[0], left);
            out += ' ';
            out += op_spelling(node.op);
            out += ' ';
            source_into(out, node.children[1], right);
            break;
        }
    }
    if (wrap) out += ')';
}

void collect(const Node& node, References& refs) {
    if (node.kind == NodeKind::path) refs.paths.push_back(node.text);
    if (node.kind == NodeKind::call) refs.functions.push_back(node.text);
    for (const Node& child : node.children) collect(child, refs);
}

void sort_unique(std::vector<std::string>& v) {
    std::sort(v.begin(), v.end(), [](const std::string& a, const std::string& b) { return json::utf16_less(a, b); });
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool is_threshold_id_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

}  // namespace

std::string_view op_spelling(BinaryOp op) {
    switch (op) {
        case BinaryOp::implica: return "IMPLICA";
        case BinaryOp::logical_or: return "OR";
        case BinaryOp::logical_and: return "AND";
        case BinaryOp::eq: return "==";
        case BinaryOp::ne: return "!=";
        case BinaryOp::lt: return "<";
        case BinaryOp::le: return "<=";
        case BinaryOp::gt: return ">";
        case BinaryOp::ge: return ">=";
        case BinaryOp::in: return "IN";
        case BinaryOp::contiene: return "CONTIENE";
    }
    return "?";
}

std::string dump(const Node& node) {
    std::string out;
    dump_into(out, node);
    return out;
}

std::string to_source(const Node& node) {
    std::string out;
    source_into(out, node, 1);
    return out;
}

References references(const Node& root) {
    References refs;
    collect(root, refs);
    sort_unique(refs.paths);
    sort_unique(refs.functions);
    return refs;
}

std::string_view path_root(std::string_view path) { return path.substr(0, path.find('.')); }

std::optional<std::string_view> threshold_id(std::string_view path) {
    constexpr std::string_view kPrefix = "umbral.";
    if (path.size() <= kPrefix.size() || path.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
    const std::string_view id = path.substr(kPrefix.size());
    if (!std::all_of(id.begin(), id.end(), is_threshold_id_char)) return std::nullopt;
    return id;
}

bool is_single_path(const Node& node) { return node.kind == NodeKind::path; }

}  // namespace planlang::rules
