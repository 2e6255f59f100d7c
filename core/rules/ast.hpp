#pragma once
// Syntax tree of a rule text (rule-language.md §3), its printers, and the reference helpers the
// validator needs (plan-format.md §11 validarCondicion and §11.1 step 10).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planlang::rules {

enum class NodeKind : std::uint8_t {
    null_literal,
    boolean_literal,  // Node::boolean
    number_literal,   // Node::number (may be ±Infinity: Number("1e999"))
    string_literal,   // Node::text = raw content (never holds both ' and ", since strings have no escapes)
    path,             // Node::text = the whole dotted path as written ("verdad_conocida.campos", "a..b")
    list,             // Node::children = elements, in order
    call,             // Node::text = function name as written; Node::children = arguments
    logical_not,      // Node::children = {operand}
    binary,           // Node::op; Node::children = {left, right}
};

// Loosest first: IMPLICA (right-assoc.) < OR < AND (left-assoc.) < [NOT] < comparisons (non-assoc.).
enum class BinaryOp : std::uint8_t { implica, logical_or, logical_and, eq, ne, lt, le, gt, ge, in, contiene };

// "IMPLICA", "OR", "AND", "==", "!=", "<", "<=", ">", ">=", "IN", "CONTIENE".
std::string_view op_spelling(BinaryOp op);

struct Node {
    NodeKind kind = NodeKind::null_literal;
    BinaryOp op = BinaryOp::eq;
    bool boolean = false;
    double number = 0;
    std::string text;
    std::vector<Node> children;
    // Byte offset in the parsed text of the node's own token: the operator of a binary node, NOT,
    // the `[` of a list, the name of a call, the literal or path otherwise (for evaluator messages).
    std::size_t offset = 0;
};

// Deterministic S-expression for tests: null, true, false; numbers as ECMAScript prints them
// (Infinity, -Infinity; -0 prints 0); strings between ' (or " when the content holds a ');
// paths bare; (list e…); (call name arg…); (NOT x); (op left right) with op as op_spelling.
// Examples: `NOT a == b` → (NOT (== a b)); `f()` → (call f); `[1, 'x']` → (list 1 'x').
// Not rule syntax: use to_source() to print a rule.
std::string dump(const Node& node);

// Rule text that parses back to the same tree (same dump): tokens separated by one space, only the
// parentheses precedence needs, numbers as ECMAScript prints them (±Infinity as 1e999 / -1e999).
// Never more deeply nested than the text the tree was parsed from, but it may be longer (1e20 prints
// as 100000000000000000000), so re-parse it with a large enough ParseLimits::max_length.
std::string to_source(const Node& node);

// References of a text (rule-language.md §3, "References"): every path the tree reads (function
// arguments included; function names are not paths), sorted by UTF-16 code units (plan-format.md §17)
// and de-duplicated; and separately the called function names, sorted and de-duplicated.
// Used by validarCondicion (REFERENCIA_ROTA for umbral.X) and the condition roots of §11.1 step 10.
struct References {
    std::vector<std::string> paths;
    std::vector<std::string> functions;
};
References references(const Node& root);

// The root of a path: its first segment, the text before the first '.' (plan-format.md §11.1 step 10:
// "the first segment is the root"). "umbral.U2" → "umbral"; "todos" → "todos"; "a..b" → "a".
std::string_view path_root(std::string_view path);

// The threshold id of a path of the form ^umbral\.([A-Za-z0-9_-]+)$ (plan-format.md §11
// validarCondicion; the same pattern as rule-language.md §7.1), else nullopt: "umbral.U2" → "U2";
// "umbral", "umbral.", "umbral.U2.x" → nullopt (those pass validation and fail at evaluation).
std::optional<std::string_view> threshold_id(std::string_view path);

// Whether the whole tree is one bare path (`latencia_total_s`, `umbral.U2`), e.g. a metric that names
// a signal; the path is then node.text. Parentheses leave no node, so `(x)` counts too; `f()` does not.
bool is_single_path(const Node& node);

}  // namespace planlang::rules
