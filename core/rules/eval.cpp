// rule-language.md §4 (contexts), §5 (evaluation, in internal/program.cpp and internal/compare.cpp),
// §6 (measurement).
#include "core/rules/eval.hpp"

#include <utility>

#include "core/rules/internal/program.hpp"

namespace planlang::rules {
namespace {

using internal::CNode;
using internal::Fault;
using internal::Operand;
using json::Value;

const Value kTodos(true);
const Value kNullPair;  // par_de_referencia when no case is paired

std::shared_ptr<const CNode> compile_shared(const Node* node) {
    if (!node) return nullptr;
    return std::make_shared<const CNode>(internal::compile(*node));
}

EvalError to_error(const Fault& fault) { return EvalError{fault.kind, internal::describe(fault)}; }

}  // namespace

std::string_view kind_name(EvalErrorKind kind) {
    switch (kind) {
        case EvalErrorKind::identificador: return "ErrorIdentificador";
        case EvalErrorKind::nulo: return "ErrorNulo";
        case EvalErrorKind::evaluacion: return "ErrorEvaluacion";
        case EvalErrorKind::comparacion_sospechosa: return "ErrorComparacionSospechosa";
    }
    return "ErrorEvaluacion";
}

RootName classify_root(std::string_view name) noexcept {
    static const std::pair<std::string_view, RootName> kNames[] = {
        {"todos", RootName::todos},
        {"caso", RootName::caso},
        {"extraccion", RootName::extraccion},
        {"salida_final", RootName::salida_final},
        {"documento_adverso", RootName::documento_adverso},
        {"interrupt_payload", RootName::interrupt_payload},
        {"error_de_esquema_en_traspaso", RootName::error_de_esquema_en_traspaso},
        {"tipo", RootName::tipo},
        {"subtipo", RootName::subtipo},
        {"adversario_detalle", RootName::adversario_detalle},
        {"verdad_conocida", RootName::verdad_conocida},
        {"umbral", RootName::umbral},
        {"par_de_referencia", RootName::par_de_referencia},
        {"limites_alcanzados", RootName::limites_alcanzados},
        {"detenida_por", RootName::detenida_por},
        {"casos_ejecutados", RootName::casos_ejecutados},
    };
    for (const auto& [text, root] : kNames)
        if (text == name) return root;
    return RootName::other;
}

// ---- Contexts (§4)

const Value* CaseContext::root(std::string_view name) const noexcept { return lookup_root(classify_root(name), name); }

const Value* CaseContext::lookup_root(RootName fixed, std::string_view name) const noexcept {
    switch (fixed) {
        case RootName::todos: return &kTodos;
        case RootName::caso: return m_b.caso;
        case RootName::extraccion: return m_b.extraccion;
        case RootName::salida_final: return m_b.salida_final;
        case RootName::documento_adverso: return m_b.documento_adverso;
        case RootName::interrupt_payload: return m_b.interrupt_payload;
        case RootName::error_de_esquema_en_traspaso: return m_b.error_de_esquema_en_traspaso;
        case RootName::tipo: return m_b.tipo;
        case RootName::subtipo: return m_b.subtipo;
        case RootName::adversario_detalle: return m_b.adversario_detalle;
        case RootName::verdad_conocida: return m_b.verdad_conocida;
        case RootName::umbral: return m_b.umbral;
        case RootName::par_de_referencia: return m_b.par_de_referencia ? m_b.par_de_referencia : &kNullPair;
        default: return m_b.senales ? internal::member(*m_b.senales, name) : nullptr;  // session names are signals here
    }
}

const Value* CaseContext::synthetic_identifiers(const Value& argument) const noexcept {
    if (!m_b.caso || !m_b.caso->is_string() || !argument.is_string()) return nullptr;
    if (argument.as_string() != m_b.caso->as_string()) return nullptr;
    return m_b.identificadores_sinteticos;
}

SessionContext::SessionContext(const Value* limites_alcanzados, const Value* detenida_por, const Value* casos_ejecutados)
    : m_limites(limites_alcanzados), m_detenida(detenida_por), m_casos(casos_ejecutados) {}

const Value* SessionContext::root(std::string_view name) const noexcept { return lookup_root(classify_root(name), name); }

const Value* SessionContext::lookup_root(RootName fixed, std::string_view name) const noexcept {
    (void)name;
    switch (fixed) {
        case RootName::todos: return &kTodos;
        case RootName::limites_alcanzados: return m_limites;
        case RootName::detenida_por: return m_detenida;
        case RootName::casos_ejecutados: return m_casos;
        default: return nullptr;  // umbral included: the validator accepts it, reading it fails (§4)
    }
}

const Value* SessionContext::synthetic_identifiers(const Value& argument) const noexcept {
    (void)argument;
    return nullptr;
}

// ---- Evaluation (§5)

Program::Program(const Node& expression) : m_root(compile_shared(&expression)) {}

EvalResult Program::evaluate(const Context& context) const {
    EvalResult result;
    Operand v;
    Fault fault;
    if (!internal::eval(*m_root, context, v, fault)) result.error = to_error(fault);
    else result.value = v.ptr ? *v.ptr : std::move(v.own);
    return result;
}

Truth Program::evaluate_condition(const Context& context) const {
    Truth result;
    Fault fault;
    if (!internal::eval_truth(*m_root, context, result.value, fault)) {
        result.value = false;
        result.error = to_error(fault);
    }
    return result;
}

EvalResult evaluate(const Node& expression, const Context& context) { return Program(expression).evaluate(context); }

Truth evaluate_condition(const Node& expression, const Context& context) {
    return Program(expression).evaluate_condition(context);
}

// ---- Measurement (§6)

Meter::Meter(const Node* poblacion, const Node* condicion, const Node* metrica)
    : m_poblacion(compile_shared(poblacion)), m_condicion(compile_shared(condicion)), m_metrica(compile_shared(metrica)) {
    if (!m_poblacion)
        m_result.mal_formada = Bilingual{"La regla no tiene población.", "The rule has no population."};
}

Meter Meter::malformed(Bilingual reason) {
    Meter meter;
    meter.m_result.mal_formada = std::move(reason);
    return meter;
}

void Meter::add(const std::string& id, const Context& context) {
    if (is_malformed()) return;
    record(id, evaluate(context));
}

ItemOutcome Meter::evaluate(const Context& context) const {
    using P = ItemOutcome::Poblacion;
    using C = ItemOutcome::Condicion;
    ItemOutcome o;
    if (!m_poblacion) return o;
    Fault fault;
    bool in = false;
    if (!internal::eval_truth(*m_poblacion, context, in, fault)) {
        switch (fault.kind) {
            case EvalErrorKind::comparacion_sospechosa:
                o.poblacion = P::sospechosa;
                o.motivo = std::make_unique<Bilingual>(internal::describe(fault));
                return o;
            case EvalErrorKind::nulo: o.poblacion = P::fuera_por_nulo; return o;
            default:  // in the population, not evaluable; the condition is not evaluated
                o.poblacion = P::no_evaluable;
                o.motivo = std::make_unique<Bilingual>(internal::describe(fault));
                break;
        }
    } else if (!in) {
        o.poblacion = P::fuera;
        return o;
    } else {
        o.poblacion = P::dentro;
        if (m_condicion) {
            bool holds = false;
            if (internal::eval_truth(*m_condicion, context, holds, fault)) {
                o.condicion = holds ? C::verdadera : C::falsa;
            } else if (fault.kind == EvalErrorKind::comparacion_sospechosa) {
                o.condicion = C::sospechosa;
                o.motivo = std::make_unique<Bilingual>(internal::describe(fault));
                return o;
            } else {
                o.condicion = C::no_evaluable;
                o.motivo = std::make_unique<Bilingual>(internal::describe(fault));
            }
        }
    }
    if (!m_metrica) return o;
    // The metric, for every population item: a number, else not evaluable (a suspicious comparison too).
    o.con_metrica = true;
    Operand v;
    if (!internal::eval(*m_metrica, context, v, fault)) {
        o.metrica_motivo = std::make_unique<Bilingual>(internal::describe(fault));
        return o;
    }
    const Value& x = v.get();
    if (x.is_number()) {
        o.metrica = x.as_number();
        return o;
    }
    fault = Fault{};
    fault.kind = x.is_null() ? EvalErrorKind::nulo : EvalErrorKind::evaluacion;
    fault.what = internal::What::metric_type;
    fault.node = m_metrica.get();
    fault.operand = m_metrica.get();
    fault.left = x.kind();
    o.metrica_motivo = std::make_unique<Bilingual>(internal::describe(fault));
    return o;
}

void Meter::record(const std::string& id, const ItemOutcome& o) {
    using P = ItemOutcome::Poblacion;
    using C = ItemOutcome::Condicion;
    if (is_malformed()) return;
    // A suspicious comparison anywhere makes the whole rule malformed: the lists are dropped for good.
    auto malformed_by = [&](const char* es_part, const char* en_part) {
        const Bilingual motive = *o.motivo;
        m_result = RuleMeasure{};
        m_result.mal_formada = Bilingual{id + ", " + es_part + ": " + motive.es, id + ", " + en_part + ": " + motive.en};
    };
    switch (o.poblacion) {
        case P::ignorado:
        case P::fuera: return;
        case P::sospechosa: malformed_by("población", "population"); return;
        case P::fuera_por_nulo: m_result.fuera_por_senal_nula.push_back(id); return;
        case P::no_evaluable:
            m_result.poblacion.push_back(id);
            m_result.no_evaluables.push_back(NotEvaluable{id, *o.motivo});
            break;
        case P::dentro:
            m_result.poblacion.push_back(id);
            switch (o.condicion) {
                case C::sin_condicion: break;
                case C::verdadera: m_result.verdaderos.push_back(id); break;
                case C::falsa: m_result.falsos.push_back(id); break;
                case C::sospechosa: malformed_by("condición", "condition"); return;
                case C::no_evaluable: m_result.no_evaluables.push_back(NotEvaluable{id, *o.motivo}); break;
            }
            break;
    }
    if (!o.con_metrica) return;
    m_result.metrica.push_back(o.metrica);
    m_result.metrica_motivos.push_back(o.metrica_motivo ? std::optional<Bilingual>(*o.metrica_motivo) : std::nullopt);
}

}  // namespace planlang::rules
