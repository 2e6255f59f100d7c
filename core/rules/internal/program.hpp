#pragma once
// The compiled form of a rule text and its evaluator (not API; rules/eval.hpp is). Errors are returned
// as a Fault, a few words describing what went wrong; the motive sentences are written only when somebody
// needs them (describe), so that an ErrorNulo that merely keeps a case out of a population costs nothing.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/rules/ast.hpp"
#include "core/rules/eval.hpp"

namespace planlang::rules::internal {

enum class Function : std::uint8_t { unknown, identificador_sintetico };

struct CNode {
    NodeKind kind = NodeKind::null_literal;
    BinaryOp op = BinaryOp::eq;
    bool is_constant = false;  // literal, or a list of constants: `constant` holds the value
    json::Value constant;
    std::string text;                   // path or function name as written
    std::vector<std::string> segments;  // path: text split at every '.' (empty segments kept)
    RootName root = RootName::other;    // path: the first segment, classified
    Function function = Function::unknown;
    std::vector<CNode> children;
};

CNode compile(const Node& node);

enum class What : std::uint8_t {
    missing_root,        // identificador: the first segment is not in the context
    missing_key,         // identificador: segment `segment` absent from an object
    through_non_object,  // identificador: the value before segment `segment` is not an object
    needs_boolean,       // nulo/evaluacion: AND, OR, IMPLICA or NOT got `left` (the operand `operand`)
    needs_number,        // nulo/evaluacion: an ordering operator got `left` (`operand`); `right` the other
    in_right,            // nulo/evaluacion: IN's right side is `right`, not an array
    contiene_null,       // nulo: CONTIENE with `operand` null
    contiene_types,      // evaluacion: CONTIENE between `left` and `right`
    suspicious_kinds,    // comparacion_sospechosa: an object compared with `left`/`right` (not an object)
    suspicious_keys,     // comparacion_sospechosa: two objects with different key sets
    unknown_function,    // evaluacion
    no_functions,        // evaluacion: a call in a context without functions (a session)
    bad_argument,        // evaluacion: identificador_sintetico's argument `left` is not the case id
    missing_argument,    // evaluacion: identificador_sintetico()
    final_type,          // nulo/evaluacion: the result of a condition is `left`, not a boolean
    metric_type,         // nulo/evaluacion: the value of a metric is `left`, not a number
};

struct Fault {
    EvalErrorKind kind = EvalErrorKind::evaluacion;
    What what = What::final_type;
    const CNode* node = nullptr;     // where: the path, call or operator node
    const CNode* operand = nullptr;  // the offending operand, when there is one
    std::size_t segment = 0;         // path faults: index of the segment that failed
    json::Value::Kind left = json::Value::Kind::null;
    json::Value::Kind right = json::Value::Kind::null;
};

// The motive of a fault (rules/eval.hpp, EvalError::motivo). The fault's nodes must still be alive.
Bilingual describe(const Fault& fault);

// The result of an evaluation step: a pointer into the context or the compiled tree, or an owned value
// (only list literals that read the context own one).
struct Operand {
    const json::Value* ptr = nullptr;
    json::Value own;
    const json::Value& get() const { return ptr ? *ptr : own; }
};

// Evaluates `node`; false and `fault` set on the first error. noexcept (rules/eval.hpp, Context): only a
// failed allocation could throw, and that ends the program.
bool eval(const CNode& node, const Context& context, Operand& out, Fault& fault) noexcept;

// A condition: the final value must be a boolean.
bool eval_truth(const CNode& node, const Context& context, bool& out, Fault& fault) noexcept;

// json::Value::find without a possible throw in sight of the compiler: the member named `key` of an
// object (the last one), else nullptr.
inline const json::Value* member(const json::Value& object, std::string_view key) noexcept {
    if (!object.is_object()) return nullptr;
    const json::Object& members = object.as_object();
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key == key) return &it->value;
    return nullptr;
}

}  // namespace planlang::rules::internal
