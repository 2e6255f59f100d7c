// The adherence coach's trace extension (plans/adherencia/dominio.md §5, `conversacion`) and the types of its
// required signals (§4), checked by check_trace for demo "adherencia" only. A signal is checked when its key
// is present (null is always fine: its node did not run); a missing key is the verifier's SENAL_FALTANTE.
#include <string_view>

#include "core/json/schema.hpp"
#include "core/run/internal/schemas.hpp"

namespace planlang::run::internal {

using namespace json::schema;
using json::Value;

namespace {

const std::initializer_list<std::string_view> kLocales = {"en", "es-419", "pt-BR"};
// The envelope a turn ends with (§4 `respuestas`: `traspaso` included).
const std::initializer_list<std::string_view> kEnvelopeTypes = {"respuesta", "rechazo", "escalamiento", "traspaso"};
const std::initializer_list<std::string_view> kOutOfScope = {"dosis", "diagnostico", "interpretacion", "exfiltracion_pii",
                                                             "extraccion_prompt", "juego_de_rol"};

void envelope(Check& c, const Value& v) {
    Members m(c, v);
    m.required("tipo", [&](const Value& x) { one_of(c, x, kEnvelopeTypes); });
    m.required("citas", [&](const Value& x) { string_list(c, x); });
    m.required("categoria", [&](const Value& x) { nullable(x, [&](const Value& y) { string_min1(c, y); }); });
    m.required("plantilla", [&](const Value& x) { string_min1(c, x); });
    m.required("texto", [&](const Value& x) { string(c, x); });
    m.close({"tipo", "citas", "categoria", "plantilla", "texto"});
}

template <class F>
void signal(Check& c, const Value& senales, std::string_view key, F check) {
    const Value* v = senales.find(key);
    if (!v || v->is_null()) return;
    c.push(key);
    check(*v);
    c.pop();
}

}  // namespace

void check_conversation(Check& c, const Value& v) {
    std::size_t i = 0;
    each(c, v, [&](const Value& t) {
        Members m(c, t);
        m.required("turno", [&](const Value& x) {
            if (integer(c, x, 1) && x.as_number() != static_cast<double>(i + 1))
                c.fail({"el turno " + std::to_string(static_cast<long long>(x.as_number())) + " está en la posición " + std::to_string(i + 1),
                        "turn " + std::to_string(static_cast<long long>(x.as_number())) + " is at position " + std::to_string(i + 1)});
        });
        m.required("locale", [&](const Value& x) { one_of(c, x, kLocales); });
        m.required("usuario", [&](const Value& x) { string(c, x); });
        m.required("respuesta", [&](const Value& x) { envelope(c, x); });
        m.required("revisada", [&](const Value& x) { boolean(c, x); });
        m.close({"turno", "locale", "usuario", "respuesta", "revisada"});
        ++i;
    });
}

void check_adherencia_signals(Check& c, const Value& senales) {
    signal(c, senales, "locale", [&](const Value& x) { one_of(c, x, kLocales); });
    signal(c, senales, "turno", [&](const Value& x) { integer(c, x, 0); });
    for (std::string_view key : {"bandera_roja", "fuera_de_alcance", "necesita_contexto", "revision_humana_activa", "escalado",
                                 "pausa_humana", "traspaso", "citas_validas", "consejo_dosis", "pii_en_respuesta"})
        signal(c, senales, key, [&](const Value& x) { boolean(c, x); });
    signal(c, senales, "categoria_fuera_de_alcance", [&](const Value& x) { one_of(c, x, kOutOfScope); });
    signal(c, senales, "aciertos", [&](const Value& x) { integer(c, x, 0); });
    signal(c, senales, "similitud_max", [&](const Value& x) { number_in(c, x, 0, 1); });
    signal(c, senales, "riesgo_borrador", [&](const Value& x) { number_in(c, x, 0, 1); });
    signal(c, senales, "respuestas", [&](const Value& x) { each(c, x, [&](const Value& y) { one_of(c, y, kEnvelopeTypes); }); });
    signal(c, senales, "decision_final", [&](const Value& x) { one_of(c, x, kEnvelopeTypes); });
}

}  // namespace planlang::run::internal
