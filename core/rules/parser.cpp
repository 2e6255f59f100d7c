#include "core/rules/parser.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/internal/diagnostics.hpp"
#include "core/rules/lexer.hpp"

namespace planlang::rules {

namespace {

bool is_comparison(TokenKind k) {
    return k == TokenKind::eq || k == TokenKind::ne || k == TokenKind::lt || k == TokenKind::le ||
           k == TokenKind::gt || k == TokenKind::ge || k == TokenKind::kw_in || k == TokenKind::kw_contiene;
}

BinaryOp comparison_op(TokenKind k) {
    switch (k) {
        case TokenKind::eq: return BinaryOp::eq;
        case TokenKind::ne: return BinaryOp::ne;
        case TokenKind::lt: return BinaryOp::lt;
        case TokenKind::le: return BinaryOp::le;
        case TokenKind::gt: return BinaryOp::gt;
        case TokenKind::ge: return BinaryOp::ge;
        case TokenKind::kw_in: return BinaryOp::in;
        default: return BinaryOp::contiene;
    }
}

enum class Group : std::uint8_t { parenthesis, list, call };

// A subtree and its height as ParseLimits::max_depth counts it (parentheses included).
struct Parsed {
    Node node;
    std::size_t height = 1;
};

class Parser {
public:
    Parser(std::string_view text, const std::vector<Token>& tokens, const ParseLimits& limits)
        : m_text(text), m_tokens(tokens), m_limits(limits) {}

    ParseResult run() {
        ParseResult result;
        Parsed top;
        if (parse_expr(top)) {
            if (peek().kind == TokenKind::end) result.ast = std::move(top.node);
            else trailing(peek());
        }
        result.error = std::move(m_error);
        return result;
    }

private:
    const Token& peek() const { return m_tokens[m_pos]; }
    const Token& take() { return m_tokens[m_pos++]; }

    // [SECTION] grammar (rule-language.md §3)

    bool parse_expr(Parsed& out) {
        if (!parse_or(out)) return false;
        if (peek().kind != TokenKind::kw_implica) return true;
        const Token& op = take();
        Parsed right;
        if (!enter(op)) return false;
        const bool ok = parse_expr(right);  // right-associative: a IMPLICA (b IMPLICA c)
        --m_depth;
        return ok && combine(out, BinaryOp::implica, op, std::move(right));
    }

    bool parse_or(Parsed& out) {
        if (!parse_and(out)) return false;
        while (peek().kind == TokenKind::kw_or) {
            const Token& op = take();
            Parsed right;
            if (!parse_and(right) || !combine(out, BinaryOp::logical_or, op, std::move(right))) return false;
        }
        return true;
    }

    bool parse_and(Parsed& out) {
        if (!parse_not(out)) return false;
        while (peek().kind == TokenKind::kw_and) {
            const Token& op = take();
            Parsed right;
            if (!parse_not(right) || !combine(out, BinaryOp::logical_and, op, std::move(right))) return false;
        }
        return true;
    }

    bool parse_not(Parsed& out) {
        if (peek().kind != TokenKind::kw_not) return parse_cmp(out);
        const Token& op = take();
        Parsed operand;
        if (!enter(op)) return false;
        const bool ok = parse_not(operand);
        --m_depth;
        if (!ok) return false;
        out.node = Node{};
        out.node.kind = NodeKind::logical_not;
        out.node.offset = op.offset;
        out.node.children.push_back(std::move(operand.node));
        out.height = operand.height + 1;
        return check_height(out.height, op);
    }

    bool parse_cmp(Parsed& out) {
        if (!parse_primary(out)) return false;
        if (!is_comparison(peek().kind)) return true;
        const Token& op = take();
        Parsed right;
        return parse_primary(right) && combine(out, comparison_op(op.kind), op, std::move(right));
    }

    bool parse_primary(Parsed& out) {
        const Token& t = peek();
        out = Parsed{};
        out.node.offset = t.offset;
        switch (t.kind) {
            case TokenKind::number:
                out.node.kind = NodeKind::number_literal;
                out.node.number = t.number;
                break;
            case TokenKind::string:
                out.node.kind = NodeKind::string_literal;
                out.node.text = std::string(t.text);
                break;
            case TokenKind::kw_true:
            case TokenKind::kw_false:
                out.node.kind = NodeKind::boolean_literal;
                out.node.boolean = t.kind == TokenKind::kw_true;
                break;
            case TokenKind::kw_null: out.node.kind = NodeKind::null_literal; break;
            case TokenKind::path:
                out.node.kind = NodeKind::path;
                out.node.text = std::string(t.text);
                ++m_pos;
                if (peek().kind == TokenKind::lparen) {  // a PATH followed by `(` is a function call
                    out.node.kind = NodeKind::call;
                    return parse_sequence(out, t, TokenKind::rparen);
                }
                return true;
            case TokenKind::lbracket:
                out.node.kind = NodeKind::list;
                return parse_sequence(out, t, TokenKind::rbracket);
            case TokenKind::lparen: {
                const Token& open = take();
                if (!enter(open)) return false;
                const bool ok = parse_expr(out);
                --m_depth;
                if (!ok || !expect_close(open, TokenKind::rparen, Group::parenthesis)) return false;
                out.height += 1;  // parentheses count as a level (ParseLimits::max_depth)
                return check_height(out.height, open);
            }
            default: return missing_operand(t);
        }
        ++m_pos;
        return true;
    }

    // The elements of a list after `[`, or the arguments of a call whose name is `name` and whose `(`
    // is the current token; `out.node` already has its kind.
    bool parse_sequence(Parsed& out, const Token& name, TokenKind close) {
        const Token& open = take();
        if (!enter(open)) return false;
        std::size_t inner = 0;
        bool ok = true;
        if (peek().kind != close) {
            for (;;) {
                Parsed item;
                if (!parse_expr(item)) {
                    ok = false;
                    break;
                }
                inner = std::max(inner, item.height);
                out.node.children.push_back(std::move(item.node));
                if (peek().kind != TokenKind::comma) break;
                ++m_pos;
            }
        }
        --m_depth;
        if (!ok || !expect_close(name, close, close == TokenKind::rparen ? Group::call : Group::list)) return false;
        out.height = inner + 1;
        return check_height(out.height, name);
    }

    // `left` becomes (op left right).
    bool combine(Parsed& left, BinaryOp op, const Token& op_token, Parsed&& right) {
        Node node;
        node.kind = NodeKind::binary;
        node.op = op;
        node.offset = op_token.offset;
        node.children.reserve(2);
        node.children.push_back(std::move(left.node));
        node.children.push_back(std::move(right.node));
        left.node = std::move(node);
        left.height = std::max(left.height, right.height) + 1;
        return check_height(left.height, op_token);
    }

    // [SECTION] limits and errors

    // Entering a construct at nesting m_depth means a tree at least m_depth + 2 high (the construct and
    // something inside it): refuse before recursing, so deep input never deepens the stack.
    bool enter(const Token& at) {
        if (m_depth + 2 > m_limits.max_depth) return too_deep(at);
        ++m_depth;
        return true;
    }

    bool check_height(std::size_t height, const Token& at) { return height <= m_limits.max_depth || too_deep(at); }

    bool too_deep(const Token& at) {
        const std::string n = std::to_string(m_limits.max_depth);
        fail(at.offset, ErrorCode::too_deep, "la regla anida más de " + n + " niveles (límite de profundidad).",
             "the rule nests more than " + n + " levels (depth limit).");
        return false;
    }

    std::string describe_es(const Token& t) const {
        return t.kind == TokenKind::end ? std::string("el final de la regla")
                                        : internal::quote_es(m_text.substr(t.offset, t.length));
    }
    std::string describe_en(const Token& t) const {
        return t.kind == TokenKind::end ? std::string("the end of the rule")
                                        : internal::quote_en(m_text.substr(t.offset, t.length));
    }

    bool missing_operand(const Token& t) {
        if (t.kind == TokenKind::end) {
            const Token& before = m_tokens[m_pos - 1];  // m_pos > 0: an empty text never gets here
            fail(t.offset, ErrorCode::unexpected_end,
                 "la regla termina y falta un operando después de " + describe_es(before) +
                     " (un valor, una ruta, «(» o «[»).",
                 "the rule ends where an operand is missing after " + describe_en(before) +
                     " (a value, a path, “(” or “[”).");
        } else {
            fail(t.offset, ErrorCode::unexpected_token,
                 "se esperaba un operando (un valor, una ruta, «(» o «[») y se encontró " + describe_es(t) + ".",
                 "expected an operand (a value, a path, “(” or “[”) but found " + describe_en(t) + ".");
        }
        return false;
    }

    // After the items of (…), [… or name(…: the closing token, else an error naming the opening.
    bool expect_close(const Token& opening, TokenKind close, Group group) {
        const Token& t = peek();
        if (t.kind == close) {
            ++m_pos;
            return true;
        }
        const Bilingual at = internal::where(m_text, opening.offset);
        std::string es, en;
        if (group == Group::call) {
            const std::string_view name = m_text.substr(opening.offset, opening.length);
            es = "falta «,» o «)» para cerrar la llamada a " + internal::quote_es(name) + " abierta en la ";
            en = "missing “,” or “)” to close the call to " + internal::quote_en(name) + " opened at ";
        } else if (group == Group::list) {
            es = "falta «,» o «]» para cerrar la lista abierta en la ";
            en = "missing “,” or “]” to close the list opened at ";
        } else {
            es = "falta «)» para cerrar el paréntesis abierto en la ";
            en = "missing “)” to close the parenthesis opened at ";
        }
        es += at.es;
        en += at.en;
        if (t.kind == TokenKind::end) {
            fail(t.offset, ErrorCode::unexpected_end, es + ".", en + ".");
        } else {
            const bool chained = is_comparison(t.kind);
            fail(t.offset, ErrorCode::unexpected_token,
                 es + "; se encontró " + describe_es(t) + (chained ? " (las comparaciones no se encadenan)." : "."),
                 en + "; found " + describe_en(t) + (chained ? " (comparisons do not chain)." : "."));
        }
        return false;
    }

    void trailing(const Token& t) {
        std::string es = "sobra " + describe_es(t) + " después de una expresión completa";
        std::string en = "unexpected " + describe_en(t) + " after a complete expression";
        if (is_comparison(t.kind)) {
            es += ": las comparaciones no se encadenan (únalas con AND o use paréntesis).";
            en += ": comparisons do not chain (join them with AND or use parentheses).";
        } else if (t.kind == TokenKind::rparen) {
            es += ": no hay ningún «(» abierto.";
            en += ": there is no open “(”.";
        } else {
            es += " (¿falta AND, OR u otro operador?).";
            en += " (is AND, OR or another operator missing?).";
        }
        fail(t.offset, ErrorCode::trailing_tokens, es, en);
    }

    void fail(std::size_t offset, ErrorCode code, const std::string& es, const std::string& en) {
        if (!m_error) m_error = internal::make_error(m_text, offset, code, es, en);
    }

    std::string_view m_text;
    const std::vector<Token>& m_tokens;
    const ParseLimits& m_limits;
    std::size_t m_pos = 0;
    std::size_t m_depth = 0;  // constructs entered and not yet left (see enter())
    std::optional<ParseError> m_error;
};

}  // namespace

ParseResult parse(std::string_view text, const ParseLimits& limits) {
    ParseResult result;
    if (text.size() > limits.max_length) {
        std::size_t at = limits.max_length;  // back to the start of the character the limit cuts
        while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
        const std::string n = std::to_string(limits.max_length);
        result.error = internal::make_error(
            text, at, ErrorCode::too_long,
            "la regla supera el límite de " + n + " bytes (tiene " + std::to_string(text.size()) + ").",
            "the rule exceeds the limit of " + n + " bytes (it has " + std::to_string(text.size()) + ").");
        return result;
    }
    LexResult lexed = lex(text);
    if (!lexed.ok()) {
        result.error = std::move(lexed.error);
        return result;
    }
    if (lexed.tokens.size() == 1) {  // only the end token
        result.error = internal::make_error(text, 0, ErrorCode::empty, "la regla está vacía.", "the rule is empty.");
        return result;
    }
    return Parser(text, lexed.tokens, limits).run();
}

bool reads_root(std::string_view text, const std::vector<std::string>& roots) {
    const ParseResult parsed = parse(text);
    if (!parsed.ok()) return false;
    for (const std::string& path : references(parsed.ast).paths)
        for (const std::string& root : roots)
            if (path_root(path) == root) return true;
    return false;
}

}  // namespace planlang::rules
