// libFuzzer target for the rule evaluator (rule-language.md §4–§6). Input: a rule text, a NUL byte, then a
// JSON value (bytes after the first NUL; no NUL: an empty context). When the JSON is an object it is the
// case's `senales`, and its members named like fixed names (extraccion, verdad_conocida, umbral, …) are
// bound to them too. The rule is evaluated on that case context and on a session context, as a value, as a
// condition and inside a Meter. Checks: a result, never a crash or a hang; every error has a motive in both
// languages; a compiled program gives the same answer twice; the condition agrees with the value; a
// malformed measure has empty lists.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/json/reader.hpp"
#include "core/rules/eval.hpp"
#include "core/rules/parser.hpp"

using namespace planlang;
using namespace planlang::rules;

namespace {

void require(bool condition) {
    if (!condition) std::abort();
}

void check_error(const std::optional<EvalError>& e) {
    if (!e) return;
    require(!e->motivo.es.empty() && !e->motivo.en.empty());
    require(!kind_name(e->kind).empty());
}

void check_program(const Program& program, const Context& context) {
    const EvalResult first = program.evaluate(context);
    const EvalResult second = program.evaluate(context);
    check_error(first.error);
    require(first.error.has_value() == second.error.has_value());
    if (first.error) require(first.error->kind == second.error->kind && first.error->motivo.es == second.error->motivo.es);
    else require(first.value == second.value);
    const Truth truth = program.evaluate_condition(context);
    check_error(truth.error);
    if (first.error) {
        require(truth.error && truth.error->kind == first.error->kind);
    } else if (first.value.is_bool()) {
        require(!truth.error && truth.value == first.value.as_bool());
    } else {
        require(truth.error && truth.error->kind == (first.value.is_null() ? EvalErrorKind::nulo : EvalErrorKind::evaluacion));
    }
}

void check_measure(const RuleMeasure& r, std::size_t items) {
    require(r.poblacion.size() + r.fuera_por_senal_nula.size() <= items);
    require(r.metrica.size() == r.metrica_motivos.size());
    if (r.mal_formada) {
        require(r.poblacion.empty() && r.fuera_por_senal_nula.empty() && r.verdaderos.empty() && r.falsos.empty() &&
                r.no_evaluables.empty() && r.metrica.empty());
        return;
    }
    // With a condition, every population item is exactly one of true, false or not evaluable.
    require(r.verdaderos.size() + r.falsos.size() + r.no_evaluables.size() == r.poblacion.size());
    require(r.metrica.size() == r.poblacion.size());
    for (std::size_t i = 0; i < r.metrica.size(); ++i) require(r.metrica[i].has_value() != r.metrica_motivos[i].has_value());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t nul = input.find('\0');
    const std::string_view text = input.substr(0, nul);
    const std::string_view json_text = nul == std::string_view::npos ? std::string_view("{}") : input.substr(nul + 1);

    ParseLimits limits;
    limits.max_depth = 48;
    const ParseResult parsed = parse(text, limits);
    if (!parsed.ok()) return 0;
    json::ReadLimits read_limits;
    read_limits.max_depth = 64;
    const json::ReadResult read = json::read(json_text, read_limits);
    const json::Value senales = read.ok() ? read.value : json::Value(json::Object{});

    const json::Value caso("AH-001");
    const json::Value ids(json::Array{json::Value("SYN-1"), json::Value("AH-001")});
    const json::Value umbral(json::Object{{"U1", json::Value(0.75)}, {"U2", json::Value(1000)}});
    const json::Value null_value;
    auto member = [&](const char* name, const json::Value* fallback) {
        const json::Value* v = senales.find(name);
        return v ? v : fallback;
    };
    CaseBindings b;
    b.senales = &senales;
    b.caso = &caso;
    b.extraccion = member("extraccion", &null_value);
    b.salida_final = member("salida_final", &null_value);
    b.documento_adverso = member("documento_adverso", &null_value);
    b.interrupt_payload = member("interrupt_payload", &null_value);
    b.error_de_esquema_en_traspaso = member("error_de_esquema_en_traspaso", &null_value);
    b.tipo = member("tipo", &null_value);
    b.subtipo = member("subtipo", nullptr);
    b.adversario_detalle = member("adversario_detalle", &null_value);
    b.verdad_conocida = member("verdad_conocida", &null_value);
    b.umbral = member("umbral", &umbral);
    b.identificadores_sinteticos = member("identificadores_sinteticos", &ids);
    const CaseContext case_context(b);
    const SessionContext session(member("limites_alcanzados", nullptr), member("detenida_por", &null_value),
                                 member("casos_ejecutados", nullptr));

    const Program program(parsed.ast);
    check_program(program, case_context);
    check_program(program, session);

    Meter meter(&parsed.ast, &parsed.ast, &parsed.ast);
    meter.add("AH-001", case_context);
    meter.add("sesion-1", session);
    meter.add("AH-002", case_context);
    check_measure(meter.result(), 3);
    return 0;
}
