// rule-language.md §5.2: compiling a tree once and evaluating it over contexts.
#include "core/rules/internal/program.hpp"

#include "core/rules/internal/compare.hpp"

namespace planlang::rules::internal {
namespace {

using json::Value;
using Kind = json::Value::Kind;

const Value kTrue(true);
const Value kFalse(false);
const Value kNull;

const Value* truth(bool b) noexcept { return b ? &kTrue : &kFalse; }

}  // namespace

CNode compile(const Node& node) {
    CNode c;
    c.kind = node.kind;
    c.op = node.op;
    switch (node.kind) {
        case NodeKind::null_literal: c.is_constant = true; break;
        case NodeKind::boolean_literal: c.is_constant = true; c.constant = Value(node.boolean); break;
        case NodeKind::number_literal: c.is_constant = true; c.constant = Value(node.number); break;
        case NodeKind::string_literal: c.is_constant = true; c.constant = Value(node.text); break;
        case NodeKind::path: {
            c.text = node.text;
            std::size_t start = 0;
            for (;;) {
                const std::size_t dot = node.text.find('.', start);
                c.segments.push_back(node.text.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
                if (dot == std::string::npos) break;
                start = dot + 1;
            }
            c.root = classify_root(c.segments.front());
            break;
        }
        case NodeKind::call:
            c.text = node.text;
            c.function = node.text == "identificador_sintetico" ? Function::identificador_sintetico : Function::unknown;
            break;
        default: break;
    }
    c.children.reserve(node.children.size());
    for (const Node& child : node.children) c.children.push_back(compile(child));
    if (node.kind == NodeKind::list) {
        // A list of constants is built once; [1e999] keeps its infinity (never printed, only compared).
        bool constant = true;
        for (const CNode& child : c.children) constant = constant && child.is_constant;
        if (constant) {
            json::Array items;
            items.reserve(c.children.size());
            for (const CNode& child : c.children) items.push_back(child.constant);
            c.is_constant = true;
            c.constant = Value(std::move(items));
        }
    }
    return c;
}

namespace {

class Evaluator {
public:
    Evaluator(const Context& context, Fault& fault) noexcept : m_context(context), m_fault(fault) {}

    bool run(const CNode& n, Operand& out) noexcept {
        out.ptr = nullptr;
        if (n.is_constant) { out.ptr = &n.constant; return true; }
        switch (n.kind) {
            case NodeKind::path: return path(n, out);
            case NodeKind::list: return list(n, out);
            case NodeKind::call: return call(n, out);
            case NodeKind::logical_not: {
                bool b = false;
                if (!boolean(n, n.children[0], b)) return false;
                out.ptr = truth(!b);
                return true;
            }
            case NodeKind::binary: return binary(n, out);
            default: out.ptr = &kNull; return true;  // literals are constants
        }
    }

private:
    bool fail(EvalErrorKind kind, What what, const CNode& node) noexcept {
        m_fault = Fault{};
        m_fault.kind = kind;
        m_fault.what = what;
        m_fault.node = &node;
        return false;
    }

    // §5.2 path lookup: null midway → null; a non-object or a missing key → ErrorIdentificador.
    bool path(const CNode& n, Operand& out) noexcept {
        const Value* v = m_context.lookup_root(n.root, n.segments.front());
        if (!v) return fail(EvalErrorKind::identificador, What::missing_root, n);
        for (std::size_t i = 1; i < n.segments.size(); ++i) {
            if (v->is_null()) break;
            if (!v->is_object()) {
                fail(EvalErrorKind::identificador, What::through_non_object, n);
                m_fault.segment = i;
                m_fault.left = v->kind();
                return false;
            }
            const Value* next = internal::member(*v, n.segments[i]);
            if (!next) {
                fail(EvalErrorKind::identificador, What::missing_key, n);
                m_fault.segment = i;
                return false;
            }
            v = next;
        }
        out.ptr = v;
        return true;
    }

    bool list(const CNode& n, Operand& out) noexcept {
        json::Array items;
        items.reserve(n.children.size());
        Operand item;
        for (const CNode& child : n.children) {
            if (!run(child, item)) return false;
            if (item.ptr) items.push_back(*item.ptr);
            else items.push_back(std::move(item.own));
        }
        out.own = Value(std::move(items));
        return true;
    }

    // §5.2 functions: the name first (arguments not evaluated when unknown), then every argument.
    bool call(const CNode& n, Operand& out) noexcept {
        if (!m_context.has_functions()) return fail(EvalErrorKind::evaluacion, What::no_functions, n);
        if (n.function == Function::unknown) return fail(EvalErrorKind::evaluacion, What::unknown_function, n);
        Operand first;
        Operand other;
        for (std::size_t i = 0; i < n.children.size(); ++i)
            if (!run(n.children[i], i == 0 ? first : other)) return false;
        if (n.children.empty()) return fail(EvalErrorKind::evaluacion, What::missing_argument, n);
        const Value* ids = m_context.synthetic_identifiers(first.get());
        if (!ids) {
            fail(EvalErrorKind::evaluacion, What::bad_argument, n);
            m_fault.operand = &n.children[0];
            m_fault.left = first.get().kind();
            return false;
        }
        out.ptr = ids;
        return true;
    }

    // An operand of AND, OR, IMPLICA, NOT: null → ErrorNulo, another non-boolean → ErrorEvaluacion.
    bool boolean(const CNode& op, const CNode& operand, bool& b) noexcept {
        Operand v;
        if (!run(operand, v)) return false;
        const Value& x = v.get();
        if (x.is_bool()) { b = x.as_bool(); return true; }
        fail(x.is_null() ? EvalErrorKind::nulo : EvalErrorKind::evaluacion, What::needs_boolean, op);
        m_fault.operand = &operand;
        m_fault.left = x.kind();
        return false;
    }

    bool number(const CNode& op, const CNode& operand, const Value& x, Kind other) noexcept {
        if (x.is_number()) return true;
        fail(x.is_null() ? EvalErrorKind::nulo : EvalErrorKind::evaluacion, What::needs_number, op);
        m_fault.operand = &operand;
        m_fault.left = x.kind();
        m_fault.right = other;
        return false;
    }

    bool suspicious(const CNode& op, Equality e, const Value& a, const Value& b) noexcept {
        fail(EvalErrorKind::comparacion_sospechosa, e == Equality::suspicious_keys ? What::suspicious_keys : What::suspicious_kinds, op);
        m_fault.left = a.kind();
        m_fault.right = b.kind();
        return false;
    }

    // Whether `x` is an element of `items` by `==`, scanning in order; a suspicious comparison met before
    // a match is an error.
    bool member(const CNode& op, const Value& x, const json::Array& items, bool& found) noexcept {
        for (const Value& item : items) {
            const Equality e = equals(x, item);
            if (e == Equality::equal) { found = true; return true; }
            if (e != Equality::unequal) return suspicious(op, e, x, item);
        }
        found = false;
        return true;
    }

    bool binary(const CNode& n, Operand& out) noexcept {
        const CNode& l = n.children[0];
        const CNode& r = n.children[1];
        switch (n.op) {
            case BinaryOp::logical_and:
            case BinaryOp::logical_or:
            case BinaryOp::implica: {
                bool a = false;
                if (!boolean(n, l, a)) return false;
                // false AND x = false; true OR x = true; false IMPLICA x = true: x is not evaluated.
                if (n.op == BinaryOp::logical_and && !a) { out.ptr = &kFalse; return true; }
                if (n.op == BinaryOp::logical_or && a) { out.ptr = &kTrue; return true; }
                if (n.op == BinaryOp::implica && !a) { out.ptr = &kTrue; return true; }
                bool b = false;
                if (!boolean(n, r, b)) return false;
                out.ptr = truth(b);
                return true;
            }
            default: break;
        }
        Operand lv;
        Operand rv;
        if (!run(l, lv) || !run(r, rv)) return false;
        const Value& a = lv.get();
        const Value& b = rv.get();
        switch (n.op) {
            case BinaryOp::eq:
            case BinaryOp::ne: {
                const Equality e = equals(a, b);
                if (e == Equality::suspicious_kinds || e == Equality::suspicious_keys) return suspicious(n, e, a, b);
                out.ptr = truth((e == Equality::equal) == (n.op == BinaryOp::eq));
                return true;
            }
            case BinaryOp::lt:
            case BinaryOp::le:
            case BinaryOp::gt:
            case BinaryOp::ge: {
                // The left operand is checked first: 'a' < null is ErrorEvaluacion, null < 'a' ErrorNulo.
                if (!number(n, l, a, b.kind()) || !number(n, r, b, a.kind())) return false;
                const double x = a.as_number();
                const double y = b.as_number();
                const bool result = n.op == BinaryOp::lt ? x < y : n.op == BinaryOp::le ? x <= y : n.op == BinaryOp::gt ? x > y : x >= y;
                out.ptr = truth(result);
                return true;
            }
            case BinaryOp::in: {
                if (!b.is_array()) {
                    fail(b.is_null() ? EvalErrorKind::nulo : EvalErrorKind::evaluacion, What::in_right, n);
                    m_fault.operand = &r;
                    m_fault.right = b.kind();
                    return false;
                }
                bool found = false;
                if (!member(n, a, b.as_array(), found)) return false;
                out.ptr = truth(found);
                return true;
            }
            case BinaryOp::contiene: return contiene(n, a, b, out);
            default: return fail(EvalErrorKind::evaluacion, What::final_type, n);  // unreachable: logical ops above
        }
    }

    // §5.2 CONTIENE's table, scanning in order and stopping at the first decisive element.
    bool contiene(const CNode& n, const Value& a, const Value& b, Operand& out) noexcept {
        if (a.is_null() || b.is_null()) {
            fail(EvalErrorKind::nulo, What::contiene_null, n);
            m_fault.operand = a.is_null() ? &n.children[0] : &n.children[1];
            return false;
        }
        if (a.is_string() && b.is_string()) {
            out.ptr = truth(contains_text(a.as_string(), b.as_string()));
            return true;
        }
        if (a.is_string() && b.is_array()) {
            for (const Value& item : b.as_array())
                if (item.is_string() && contains_text(a.as_string(), item.as_string())) { out.ptr = &kTrue; return true; }
            out.ptr = &kFalse;
            return true;
        }
        if (a.is_array() && b.is_array()) {
            for (const Value& wanted : b.as_array()) {
                bool found = false;
                if (!member(n, wanted, a.as_array(), found)) return false;
                if (!found) { out.ptr = &kFalse; return true; }
            }
            out.ptr = &kTrue;
            return true;
        }
        if (a.is_array()) {
            bool found = false;
            if (!member(n, b, a.as_array(), found)) return false;
            out.ptr = truth(found);
            return true;
        }
        fail(EvalErrorKind::evaluacion, What::contiene_types, n);
        m_fault.left = a.kind();
        m_fault.right = b.kind();
        return false;
    }

    const Context& m_context;
    Fault& m_fault;
};

}  // namespace

bool eval(const CNode& node, const Context& context, Operand& out, Fault& fault) noexcept {
    return Evaluator(context, fault).run(node, out);
}

bool eval_truth(const CNode& node, const Context& context, bool& out, Fault& fault) noexcept {
    Operand v;
    if (!eval(node, context, v, fault)) return false;
    const Value& x = v.get();
    if (x.is_bool()) { out = x.as_bool(); return true; }
    fault = Fault{};
    fault.kind = x.is_null() ? EvalErrorKind::nulo : EvalErrorKind::evaluacion;
    fault.what = What::final_type;
    fault.node = &node;
    fault.operand = &node;
    fault.left = x.kind();
    return false;
}

}  // namespace planlang::rules::internal
