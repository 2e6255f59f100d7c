#pragma once
// Evaluation of the rule language (spec/rule-language.md §4–§6): three-valued semantics over JSON values,
// the error kinds of §5.1, the operators of §5.2, and the measurement of a rule over a run's contexts (§6).
//
// A rule text is parsed once (rules/parser.hpp), compiled once (Program: constant literals and lists
// built, paths split, roots and function names resolved) and evaluated many times: the verifier streams
// traces and feeds each case's context to every rule's Meter (one pass over the run, memory independent
// of the number of traces beyond the id lists the report needs). Evaluation never copies a context value
// (it walks pointers into the caller's values) and allocates only to build a list literal that reads the
// context, and to write a motive.
//
// Structures (objects, arrays) compare as their canonical JSON texts (plan-format.md §15.1, with NFC, the
// form core/json/canonical writes); scalars compare strictly, strings by bytes (code units), no NFC (§5.2).
// Ours: a non-finite number (only a rule literal such as 1e999 can be one; JSON values never are) equals
// only the same infinity, inside structures too.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/rules/ast.hpp"

namespace planlang::rules {

namespace internal {
struct CNode;
}

// §5.1. `identificador` and `nulo` are particular kinds of `evaluacion`.
enum class EvalErrorKind : std::uint8_t {
    identificador,           // ErrorIdentificador: a path step is missing or goes through a non-object
    nulo,                    // ErrorNulo: null where a boolean/number is needed, or a null final result
    evaluacion,              // ErrorEvaluacion: any other type error, unknown function, bad argument
    comparacion_sospechosa,  // ErrorComparacionSospechosa: ==/!= between structures that can never be equal
};

// "ErrorIdentificador", "ErrorNulo", "ErrorEvaluacion", "ErrorComparacionSospechosa".
std::string_view kind_name(EvalErrorKind kind);

struct EvalError {
    EvalErrorKind kind = EvalErrorKind::evaluacion;
    // One sentence per language, ours (§6 motive kinds): "Señal nula: …" / "Null signal: …" (nulo);
    // "Señal ausente: «path» …" / "Missing signal: “path” …" (identificador, naming the whole path);
    // "Tipos incompatibles: «op» …" / "Incompatible types: “op” …" (evaluacion, naming the operator and
    // the types); "Comparación sospechosa: …" / "Suspicious comparison: …"; unknown function, bad argument.
    Bilingual motivo;
};

// The root names the built-in contexts bind (§4), classified once per path when a rule is compiled so
// that a lookup does not compare the name against every fixed name.
enum class RootName : std::uint8_t {
    other,  // not a fixed name: a signal (case) or absent (session)
    todos, caso, extraccion, salida_final, documento_adverso, interrupt_payload, error_de_esquema_en_traspaso,
    tipo, subtipo, adversario_detalle, verdad_conocida, umbral,   // case (plus the signals)
    par_de_referencia,                                            // case, ours (CaseBindings::par_de_referencia)
    limites_alcanzados, detenida_por, casos_ejecutados,           // session (plus todos)
};
RootName classify_root(std::string_view name) noexcept;

// What a rule reads (§4). A context is built by the caller per case or per session; the evaluator never
// copies it. Root names are looked up here (the first path segment); the rest of a path walks objects.
class Context {
public:
    virtual ~Context() = default;
    // Lookups are noexcept: under Emscripten's JavaScript exception handling every call that may throw
    // from a frame with destructors goes through a JavaScript trampoline, which made wasm evaluation ~10×
    // slower than native.
    //
    // The value bound to a root name, or nullptr when the name is absent (→ ErrorIdentificador).
    virtual const json::Value* root(std::string_view name) const noexcept = 0;
    // The same lookup with the name already classified (the evaluator calls this one); by default root().
    virtual const json::Value* lookup_root(RootName fixed, std::string_view name) const noexcept {
        (void)fixed;
        return root(name);
    }
    // Whether the context has functions at all (§4: a session has none, so a call there is
    // ErrorEvaluacion before its arguments are evaluated). By default true.
    virtual bool has_functions() const noexcept { return true; }
    // identificador_sintetico(x): the current case's synthetic identifiers when `x` is a string equal to
    // the case id (strict equality, no ErrorComparacionSospechosa); nullptr otherwise (→ ErrorEvaluacion).
    virtual const json::Value* synthetic_identifiers(const json::Value& argument) const noexcept = 0;
};

// A case context (§4): `senales` of the trace under the fixed names, which win over same-named signals.
// Values are owned by the caller and must outlive the context. A nullptr binding makes its fixed name
// absent (ErrorIdentificador; a signal of that name is still hidden): bind a null Value for "null".
struct CaseBindings {
    const json::Value* senales = nullptr;                    // object (may be nullptr: no signals)
    const json::Value* caso = nullptr;                       // string: the case id
    const json::Value* extraccion = nullptr;                 // trace value or null
    const json::Value* salida_final = nullptr;               // string es + "\n" + en, or null
    const json::Value* documento_adverso = nullptr;          // trace value or null
    const json::Value* interrupt_payload = nullptr;          // array of strings (sorted keys in every pause)
    const json::Value* error_de_esquema_en_traspaso = nullptr;
    const json::Value* tipo = nullptr;                       // from the batch case
    const json::Value* subtipo = nullptr;
    const json::Value* adversario_detalle = nullptr;
    const json::Value* verdad_conocida = nullptr;
    const json::Value* umbral = nullptr;                     // the run's applied thresholds object
    const json::Value* identificadores_sinteticos = nullptr;  // array of strings from the batch case
    // Ours: `par_de_referencia`, the signals (`senales`) of the same scenario's case in the reference rendering
    // of a domain that renders each scenario more than once (the adherence coach: its English conversation), or
    // null (no such case in the run, the case is itself the reference, or the domain renders once). It lets a
    // rule measure a gap between renderings (a locale against English) case by case. nullptr: null.
    const json::Value* par_de_referencia = nullptr;
};

class CaseContext final : public Context {
public:
    explicit CaseContext(const CaseBindings& b) : m_b(b) {}
    const json::Value* root(std::string_view name) const noexcept override;
    const json::Value* lookup_root(RootName fixed, std::string_view name) const noexcept override;
    const json::Value* synthetic_identifiers(const json::Value& argument) const noexcept override;

private:
    CaseBindings m_b;
};

// A session context (§4): `todos`, `limites_alcanzados`, `detenida_por`, `casos_ejecutados` (a count);
// `umbral` and functions are not available. A nullptr argument makes that name absent.
class SessionContext final : public Context {
public:
    SessionContext(const json::Value* limites_alcanzados, const json::Value* detenida_por,
                   const json::Value* casos_ejecutados);
    const json::Value* root(std::string_view name) const noexcept override;
    const json::Value* lookup_root(RootName fixed, std::string_view name) const noexcept override;
    bool has_functions() const noexcept override { return false; }
    const json::Value* synthetic_identifiers(const json::Value& argument) const noexcept override;

private:
    const json::Value* m_limites;
    const json::Value* m_detenida;
    const json::Value* m_casos;
};

// The value of an expression, or the first error (evaluation is left to right and stops there).
struct EvalResult {
    json::Value value;  // meaningful when !error
    std::optional<EvalError> error;
};

// A condition or population: the final result must be a boolean (null → nulo, other → evaluacion).
// Returns true/false, or the error.
struct Truth {
    bool value = false;
    std::optional<EvalError> error;
};

// A compiled expression: immutable, cheap to copy (shared), safe to evaluate from several threads.
// The Node need not outlive it. Use it to evaluate one text many times.
class Program {
public:
    explicit Program(const Node& expression);
    EvalResult evaluate(const Context& context) const;
    Truth evaluate_condition(const Context& context) const;

private:
    std::shared_ptr<const internal::CNode> m_root;
};

// Any expression (§5.2). Compiles the expression on every call: for repeated use, keep a Program.
EvalResult evaluate(const Node& expression, const Context& context);
Truth evaluate_condition(const Node& expression, const Context& context);

// One rule measured over a run's items in run order (§6). Construct with the parsed texts (a text that
// failed to parse makes the rule malformed: use Meter::malformed with its ParseError's message).
struct NotEvaluable {
    std::string id;
    Bilingual motivo;
};

struct RuleMeasure {
    std::vector<std::string> poblacion;
    std::vector<std::string> fuera_por_senal_nula;
    std::vector<std::string> verdaderos;
    std::vector<std::string> falsos;
    std::vector<NotEvaluable> no_evaluables;       // population items not evaluable (population or condition)
    // The reason when malformed: every list above and below is empty. For a suspicious comparison it names
    // the item and the text (population or condition) where it was raised: "AH-003, condición: …".
    std::optional<Bilingual> mal_formada;
    // The metric (if any), aligned with `poblacion` (not-evaluable population items included, as
    // traces-and-verifier.md §8 asks): a number (finite unless the metric is an infinite literal), or
    // nullopt (not evaluable, see metric_motivos; a suspicious comparison in a metric is just that).
    std::vector<std::optional<double>> metrica;
    std::vector<std::optional<Bilingual>> metrica_motivos;  // why a metric value is missing, aligned
};

// What one item does to a meter, found by Meter::evaluate from the item alone — on any thread, for several
// items at once — and added by Meter::record in run order. Meter::add is record(evaluate()).
struct ItemOutcome {
    enum class Poblacion : std::uint8_t { ignorado, fuera, fuera_por_nulo, dentro, no_evaluable, sospechosa };
    enum class Condicion : std::uint8_t { sin_condicion, verdadera, falsa, no_evaluable, sospechosa };
    // The reasons are held by pointer (null: none; most items have none): an outcome is made on the thread
    // that measured the trace and read on the one that records it, and with two reasons inline it was 176
    // bytes — three cache lines crossing cores per meter and trace — where it is now 48.
    Poblacion poblacion = Poblacion::ignorado;  // ignorado: the meter was malformed from the start
    Condicion condicion = Condicion::sin_condicion;
    std::unique_ptr<Bilingual> motivo;  // why the population or condition is not evaluable, or is suspicious
    bool con_metrica = false;           // the meter has a metric and the item is in its population
    std::optional<double> metrica;
    std::unique_ptr<Bilingual> metrica_motivo;  // why the metric value is missing
};

class Meter {
public:
    // `poblacion` required (nullptr: malformed); `condicion` and `metrica` optional (nullptr). The nodes
    // are compiled here and need not outlive the meter. Copies share the compiled texts.
    Meter(const Node* poblacion, const Node* condicion, const Node* metrica);
    // A meter for a rule whose text could not be read: result() is malformed with this reason from the
    // start, and add() ignores every item.
    static Meter malformed(Bilingual reason);

    // One item (case or session) in run order. Once the rule is malformed, further items are ignored.
    void add(const std::string& id, const Context& context);
    // add() in two halves. evaluate() reads only the compiled texts, never the result, so it may run while
    // record() adds earlier items. A meter malformed while recording ignores what comes after.
    ItemOutcome evaluate(const Context& context) const;
    void record(const std::string& id, const ItemOutcome& outcome);
    const RuleMeasure& result() const { return m_result; }
    bool is_malformed() const { return m_result.mal_formada.has_value(); }

private:
    Meter() = default;
    std::shared_ptr<const internal::CNode> m_poblacion;
    std::shared_ptr<const internal::CNode> m_condicion;
    std::shared_ptr<const internal::CNode> m_metrica;
    RuleMeasure m_result;
};

}  // namespace planlang::rules
