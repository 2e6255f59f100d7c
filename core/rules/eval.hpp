#pragma once
// Evaluation of the rule language (spec/rule-language.md §4–§6): three-valued semantics over JSON values,
// the error kinds of §5.1, the operators of §5.2, and the measurement of a rule over a run's contexts (§6).
//
// A rule text is parsed once (rules/parser.hpp) and evaluated many times: the verifier streams traces and
// feeds each case's context to every rule's Meter (one pass over the run, memory independent of the number
// of traces beyond the id lists the report needs).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/rules/ast.hpp"

namespace planlang::rules {

// §5.1. `identificador` and `nulo` are particular kinds of `evaluacion`.
enum class EvalErrorKind : std::uint8_t {
    identificador,           // ErrorIdentificador: a path step is missing or goes through a non-object
    nulo,                    // ErrorNulo: null where a boolean/number is needed, or a null final result
    evaluacion,              // ErrorEvaluacion: any other type error, unknown function, bad argument
    comparacion_sospechosa,  // ErrorComparacionSospechosa: ==/!= between structures that can never be equal
};

struct EvalError {
    EvalErrorKind kind = EvalErrorKind::evaluacion;
    Bilingual motivo;  // one sentence per language; names the path for `identificador` (§6 motive kinds)
};

// What a rule reads (§4). A context is built by the caller per case or per session; the evaluator never
// copies it. Root names are looked up here (the first path segment); the rest of a path walks objects.
class Context {
public:
    virtual ~Context() = default;
    // The value bound to a root name, or nullptr when the name is absent (→ ErrorIdentificador).
    virtual const json::Value* root(std::string_view name) const = 0;
    // identificador_sintetico(x): the current case's synthetic identifiers when `x` equals the case id;
    // nullptr when the context is not a case context (sessions: ErrorEvaluacion) or `x` is another value.
    virtual const json::Value* synthetic_identifiers(const json::Value& argument) const = 0;
};

// A case context (§4): `senales` of the trace under the fixed names, which win over same-named signals.
// Values are owned by the caller and must outlive the context.
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
};

class CaseContext final : public Context {
public:
    explicit CaseContext(const CaseBindings& b) : m_b(b) {}
    const json::Value* root(std::string_view name) const override;
    const json::Value* synthetic_identifiers(const json::Value& argument) const override;

private:
    CaseBindings m_b;
};

// A session context (§4): `todos`, `limites_alcanzados`, `detenida_por`, `casos_ejecutados` (a count);
// `umbral` and functions are not available.
class SessionContext final : public Context {
public:
    SessionContext(const json::Value* limites_alcanzados, const json::Value* detenida_por,
                   const json::Value* casos_ejecutados);
    const json::Value* root(std::string_view name) const override;
    const json::Value* synthetic_identifiers(const json::Value& argument) const override;

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

// Any expression (§5.2).
EvalResult evaluate(const Node& expression, const Context& context);

// A condition or population: the final result must be a boolean (null → nulo, other → evaluacion).
// Returns true/false, or the error.
struct Truth {
    bool value = false;
    std::optional<EvalError> error;
};
Truth evaluate_condition(const Node& expression, const Context& context);

// One rule measured over a run's items in run order (§6). Construct with the parsed texts (a text that
// failed to parse makes the rule malformed: pass its ParseError's message as `parse_failure`).
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
    std::optional<Bilingual> mal_formada;          // the reason when malformed: every list above is empty
    // The metric (if any), aligned with `poblacion`: a number, or nullopt (not evaluable, see metric_motivos).
    std::vector<std::optional<double>> metrica;
    std::vector<std::optional<Bilingual>> metrica_motivos;  // why a metric value is missing, aligned
};

class Meter {
public:
    // `poblacion` required; `condicion` and `metrica` optional (nullptr). The nodes must outlive the meter.
    Meter(const Node* poblacion, const Node* condicion, const Node* metrica);
    // A meter for a rule whose text could not be read: finish() is malformed with this reason.
    static Meter malformed(Bilingual reason);

    // One item (case or session) in run order.
    void add(const std::string& id, const Context& context);
    const RuleMeasure& result() const { return m_result; }
    bool is_malformed() const { return m_result.mal_formada.has_value(); }

private:
    Meter() = default;
    const Node* m_poblacion = nullptr;
    const Node* m_condicion = nullptr;
    const Node* m_metrica = nullptr;
    RuleMeasure m_result;
};

}  // namespace planlang::rules
