// The motives of evaluation errors (rule-language.md §6 motive kinds: null signal, missing signal naming the
// path, incompatible types). Wording ours; one sentence per language.
#include <string>

#include "core/rules/internal/diagnostics.hpp"
#include "core/rules/internal/program.hpp"

namespace planlang::rules::internal {
namespace {

using Kind = json::Value::Kind;

// "un número" / "a number".
std::string type_es(Kind k) {
    switch (k) {
        case Kind::null: return "null";
        case Kind::boolean: return "un booleano";
        case Kind::number: return "un número";
        case Kind::string: return "un texto";
        case Kind::array: return "una lista";
        case Kind::object: return "un objeto";
    }
    return "?";
}

std::string type_en(Kind k) {
    switch (k) {
        case Kind::null: return "null";
        case Kind::boolean: return "a boolean";
        case Kind::number: return "a number";
        case Kind::string: return "a string";
        case Kind::array: return "an array";
        case Kind::object: return "an object";
    }
    return "?";
}

std::string op_name(const CNode& n) {
    if (n.kind == NodeKind::logical_not) return "NOT";
    return std::string(op_spelling(n.op));
}

// The path up to and including segment `last`.
std::string prefix(const CNode& path, std::size_t last) {
    std::string out = path.segments[0];
    for (std::size_t i = 1; i <= last && i < path.segments.size(); ++i) out += "." + path.segments[i];
    return out;
}

// What the operand is called in a sentence: a path or a call by its text, else nothing.
std::string named(const CNode* operand) {
    if (!operand) return {};
    if (operand->kind == NodeKind::path) return operand->text;
    if (operand->kind == NodeKind::call) return operand->text + "(…)";
    return {};
}

// "«x» es null" / "“x” is null", or "recibió null" / "got null" for an unnamed operand.
Bilingual is(const CNode* operand, Kind k) {
    const std::string name = named(operand);
    if (name.empty()) return {"recibió " + type_es(k), "got " + type_en(k)};
    return {quote_es(name) + " es " + type_es(k), quote_en(name) + " is " + type_en(k)};
}

Bilingual join(const std::string& es_head, const std::string& en_head, const Bilingual& tail) {
    return {es_head + tail.es + ".", en_head + tail.en + "."};
}

}  // namespace

Bilingual describe(const Fault& f) {
    const CNode& n = *f.node;
    switch (f.what) {
        case What::missing_root:
            return {"Señal ausente: " + quote_es(n.text) + " no está en el contexto.",
                    "Missing signal: " + quote_en(n.text) + " is not in the context."};
        case What::missing_key:
            return {"Señal ausente: " + quote_es(n.text) + " no existe (falta " + quote_es(prefix(n, f.segment)) + ").",
                    "Missing signal: " + quote_en(n.text) + " does not exist (no " + quote_en(prefix(n, f.segment)) + ")."};
        case What::through_non_object:
            return {"Señal ausente: " + quote_es(n.text) + " no existe (" + quote_es(prefix(n, f.segment - 1)) + " es " +
                        type_es(f.left) + ", no un objeto).",
                    "Missing signal: " + quote_en(n.text) + " does not exist (" + quote_en(prefix(n, f.segment - 1)) + " is " +
                        type_en(f.left) + ", not an object)."};
        case What::needs_boolean: {
            const std::string op = op_name(n);
            const Bilingual tail = is(f.operand, f.left);
            if (f.kind == EvalErrorKind::nulo)
                return join("Señal nula: " + quote_es(op) + " necesita un booleano y ", "Null signal: " + quote_en(op) + " needs a boolean and ", tail);
            return join("Tipos incompatibles: " + quote_es(op) + " necesita un booleano y ", "Incompatible types: " + quote_en(op) + " needs a boolean and ", tail);
        }
        case What::needs_number: {
            const std::string op = op_name(n);
            const Bilingual tail = is(f.operand, f.left);
            if (f.kind == EvalErrorKind::nulo)
                return join("Señal nula: " + quote_es(op) + " compara números y ", "Null signal: " + quote_en(op) + " compares numbers and ", tail);
            return join("Tipos incompatibles: " + quote_es(op) + " compara números y ",
                        "Incompatible types: " + quote_en(op) + " compares numbers and ", tail);
        }
        case What::in_right: {
            const Bilingual tail = is(f.operand, f.right);
            if (f.kind == EvalErrorKind::nulo)
                return join("Señal nula: «IN» necesita una lista a la derecha y ", "Null signal: “IN” needs an array on its right and ", tail);
            return join("Tipos incompatibles: «IN» necesita una lista a la derecha y ", "Incompatible types: “IN” needs an array on its right and ", tail);
        }
        case What::contiene_null:
            return join("Señal nula: «CONTIENE» no admite null y ", "Null signal: “CONTIENE” does not take null and ", is(f.operand, Kind::null));
        case What::contiene_types:
            return {"Tipos incompatibles: «CONTIENE» no se aplica a " + type_es(f.left) + " con " + type_es(f.right) +
                        " (admite texto con texto o lista, y lista con cualquier valor).",
                    "Incompatible types: “CONTIENE” does not apply to " + type_en(f.left) + " and " + type_en(f.right) +
                        " (it takes a string with a string or an array, and an array with any value)."};
        case What::suspicious_kinds: {
            const std::string op = op_name(n);
            return {"Comparación sospechosa: " + quote_es(op) + " entre " + type_es(f.left) + " y " + type_es(f.right) +
                        " nunca puede ser verdadera.",
                    "Suspicious comparison: " + quote_en(op) + " between " + type_en(f.left) + " and " + type_en(f.right) +
                        " can never be true."};
        }
        case What::suspicious_keys: {
            const std::string op = op_name(n);
            return {"Comparación sospechosa: " + quote_es(op) + " entre objetos con claves distintas nunca puede ser verdadera.",
                    "Suspicious comparison: " + quote_en(op) + " between objects with different keys can never be true."};
        }
        case What::unknown_function:
            return {"Tipos incompatibles: la función " + quote_es(n.text) + " no existe.",
                    "Incompatible types: there is no function " + quote_en(n.text) + "."};
        case What::no_functions:
            return {"Tipos incompatibles: una sesión no tiene funciones (" + quote_es(n.text) + ").",
                    "Incompatible types: a session has no functions (" + quote_en(n.text) + ")."};
        case What::bad_argument:
            return {"Tipos incompatibles: identificador_sintetico solo acepta el id del caso y recibió " + type_es(f.left) +
                        (f.left == Kind::string ? " distinto." : "."),
                    "Incompatible types: identificador_sintetico accepts only the case id and got " +
                        (f.left == Kind::string ? std::string("another string.") : type_en(f.left) + ".")};
        case What::missing_argument:
            return {"Tipos incompatibles: identificador_sintetico necesita un argumento, el id del caso.",
                    "Incompatible types: identificador_sintetico needs one argument, the case id."};
        case What::final_type: {
            const Bilingual tail = is(f.operand, f.left);
            if (f.kind == EvalErrorKind::nulo)
                return join("Señal nula: la regla debe dar un booleano y ", "Null signal: the rule must give a boolean and ", tail);
            return join("Tipos incompatibles: la regla debe dar un booleano y ", "Incompatible types: the rule must give a boolean and ", tail);
        }
        case What::metric_type: {
            const Bilingual tail = is(f.operand, f.left);
            if (f.kind == EvalErrorKind::nulo)
                return join("Señal nula: la métrica debe dar un número y ", "Null signal: the metric must give a number and ", tail);
            return join("Tipos incompatibles: la métrica debe dar un número y ", "Incompatible types: the metric must give a number and ", tail);
        }
    }
    return {"Error de evaluación.", "Evaluation error."};
}

}  // namespace planlang::rules::internal
