// Strict schema of an adherence-coach batch (`planlang-casos/v1`, demo `adherencia`): plans/adherencia/dominio.md
// §3, every key, type and range; unknown keys rejected as in demo A's schema (schema_batch.cpp). Case ids
// ^M[H]?-\d{3,}$; texts in three locales (TRI: {en, es-419, pt-BR}, each string ≥ 1).
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/json/number.hpp"
#include "core/json/schema.hpp"
#include "core/run/internal/schemas.hpp"

namespace planlang::run::internal {

using namespace json::schema;
namespace {

using json::Value;

const std::initializer_list<std::string_view> kLocales = {"en", "es-419", "pt-BR"};
const std::initializer_list<std::string_view> kTypes = {"dorado", "adversario", "sin_coincidencia", "casi_coincidencia"};
const std::initializer_list<std::string_view> kSubtypes = {
    "dorado_rutina", "dorado_multiturno", "dorado_charla", "dorado_bandera_roja", "dorado_bandera_negada", "dorado_subagudo",
    "adversario_dosis", "adversario_diagnostico", "adversario_interpretacion", "adversario_exfiltracion_pii",
    "adversario_extraccion_prompt", "adversario_juego_de_rol", "adversario_dosis_parafraseada", "sin_coincidencia_fuera_de_tema",
    "casi_coincidencia_afeccion_sin_tarjeta", "casi_coincidencia_tema_sin_tarjeta"};
const std::initializer_list<std::string_view> kCategories = {"dosis", "diagnostico", "interpretacion", "exfiltracion_pii",
                                                             "extraccion_prompt", "juego_de_rol"};
const std::initializer_list<std::string_view> kGroups = {"hipertension", "diabetes_2", "vih", "warfarina", "asma"};
const std::initializer_list<std::string_view> kEnvelopes = {"respuesta", "rechazo", "escalamiento"};

bool digits(std::string_view s, std::size_t at, std::size_t min, std::size_t max) {
    if (s.size() < at + min || s.size() > at + max) return false;
    return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(at), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}
bool is_scenario_id(std::string_view s) { return s.size() > 2 && s.substr(0, 2) == "E-" && digits(s, 2, 3, 32); }
bool is_card_id(std::string_view s) { return s.size() > 3 && s.substr(0, 3) == "KB-" && digits(s, 3, 2, 32); }
bool is_member_number(std::string_view s) { return s.size() == 13 && s.substr(0, 7) == "SYN-PA-" && digits(s, 7, 6, 6); }
bool is_phone(std::string_view s) { return s.size() == 8 && s.substr(0, 6) == "555-01" && digits(s, 6, 2, 2); }
bool is_example_mail(std::string_view s) {
    constexpr std::string_view kDomain = "@example.com";
    return s.size() > kDomain.size() && s.substr(s.size() - kDomain.size()) == kDomain && s.find('@') == s.size() - kDomain.size();
}

// {en, es-419, pt-BR}, each a string ≥ 1 (dominio.md §1).
bool tri(Check& c, const Value& v) {
    Members m(c, v);
    bool ok = m.ok();
    for (std::string_view l : kLocales) m.required(l, [&](const Value& x) { ok = string_min1(c, x) && ok; });
    m.close(kLocales);
    return ok;
}

void card_or_null(Check& c, const Value& v) {
    nullable(v, [&](const Value& x) { pattern(c, x, is_card_id, "un id de tarjeta (KB-NN)", "a card id (KB-NN)"); });
}

void persona(Check& c, const Value& v) {
    Members m(c, v);
    m.required("nombre", [&](const Value& x) { string_min1(c, x); });
    m.required("edad", [&](const Value& x) { integer(c, x, 18, 89); });
    m.required("grupo", [&](const Value& x) { one_of(c, x, kGroups); });
    m.required("numero_afiliacion", [&](const Value& x) {
        pattern(c, x, is_member_number, "un número de afiliación sintético (SYN-PA-NNNNNN)", "a synthetic member number (SYN-PA-NNNNNN)");
    });
    m.required("telefono", [&](const Value& x) { pattern(c, x, is_phone, "un teléfono ficticio (555-01NN)", "a fictional phone (555-01NN)"); });
    m.required("correo", [&](const Value& x) {
        pattern(c, x, is_example_mail, "un correo de example.com", "an example.com e-mail");
    });
    m.close({"nombre", "edad", "grupo", "numero_afiliacion", "telefono", "correo"});
}

// Turn numbers are 1, 2, … in order (a conversation has no gaps).
void turn_number(Check& c, const Value& v, std::size_t index) {
    if (!integer(c, v, 1)) return;
    if (v.as_number() != static_cast<double>(index + 1))
        c.fail({"el turno " + json::format_number(v.as_number()) + " está en la posición " + std::to_string(index + 1),
                "turn " + json::format_number(v.as_number()) + " is at position " + std::to_string(index + 1)});
}

void entrada(Check& c, const Value& v, std::size_t& turns) {
    Members m(c, v);
    m.required("persona", [&](const Value& x) { persona(c, x); });
    m.required("turnos", [&](const Value& x) {
        if (!array(c, x)) return;
        turns = x.as_array().size();
        if (turns < 1 || turns > 3)
            c.fail({"una conversación tiene de 1 a 3 turnos, no " + std::to_string(turns), "a conversation has 1 to 3 turns, not " + std::to_string(turns)});
        std::size_t i = 0;
        each(c, x, [&](const Value& t) {
            Members k(c, t);
            k.required("turno", [&](const Value& y) { turn_number(c, y, i); });
            k.required("texto", [&](const Value& y) { string_min1(c, y); });
            k.close({"turno", "texto"});
            ++i;
        });
    });
    m.close({"persona", "turnos"});
}

void truth(Check& c, const Value& v, std::size_t turns) {
    Members m(c, v);
    std::size_t expected = 0;
    m.required("respuestas", [&](const Value& x) {
        if (!each(c, x, [&](const Value& y) { one_of(c, y, kEnvelopes); }, 1)) return;
        expected = x.as_array().size();
        // A conversation ends at an escalation (§3): none before the last expected turn.
        for (std::size_t i = 0; i + 1 < expected; ++i)
            if (x.as_array()[i] == Value("escalamiento")) {
                c.fail({"hay un escalamiento antes del último turno esperado", "there is an escalation before the last expected turn"});
                break;
            }
        if (turns && expected > turns)
            c.fail({"se esperan " + std::to_string(expected) + " respuestas y la entrada tiene " + std::to_string(turns) + " turnos",
                    std::to_string(expected) + " replies are expected and the input has " + std::to_string(turns) + " turns"});
    });
    m.required("tarjetas", [&](const Value& x) {
        if (!each(c, x, [&](const Value& y) { card_or_null(c, y); })) return;
        if (expected && x.as_array().size() != expected)
            c.fail({"una tarjeta (o null) por respuesta esperada", "one card (or null) per expected reply"});
    });
    for (const char* key : {"debe_escalar", "debe_rechazar", "bandera_roja_aguda", "escalamiento_aceptado"})
        m.required(key, [&](const Value& x) { boolean(c, x); });
    m.required("en_corpus", [&](const Value& x) { nullable(x, [&](const Value& y) { boolean(c, y); }); });
    m.required("categoria", [&](const Value& x) {
        nullable(x, [&](const Value& y) {
            if (y.is_string() && y.as_string() == "sin_coincidencia") return;
            one_of(c, y, kCategories);
        });
    });
    m.required("decision", [&](const Value& x) {
        if (!one_of(c, x, kEnvelopes)) return;
        const Value* r = v.find("respuestas");
        if (r && r->is_array() && !r->as_array().empty() && r->as_array().back() != x)
            c.fail({"la decisión no es la última de las respuestas", "the decision is not the last of the replies"});
    });
    m.close({"respuestas", "tarjetas", "debe_escalar", "debe_rechazar", "bandera_roja_aguda", "escalamiento_aceptado", "en_corpus",
             "categoria", "decision"});
}

void simulation(Check& c, const Value& v, std::size_t turns) {
    Members m(c, v);
    m.required("turnos_sim", [&](const Value& x) {
        if (!array(c, x)) return;
        if (turns && x.as_array().size() != turns)
            c.fail({"un parámetro de simulación por turno", "one simulation parameter per turn"});
        std::size_t i = 0;
        each(c, x, [&](const Value& t) {
            Members k(c, t);
            k.required("turno", [&](const Value& y) { turn_number(c, y, i); });
            k.required("necesita_contexto", [&](const Value& y) { boolean(c, y); });
            k.required("aciertos", [&](const Value& y) { integer(c, y, 0); });
            k.required("similitud", [&](const Value& y) { nullable(y, [&](const Value& z) { number_in(c, z, 0, 1); }); });
            k.required("tarjeta_mas_cercana", [&](const Value& y) { card_or_null(c, y); });
            k.required("riesgo_borrador", [&](const Value& y) { number_in(c, y, 0, 1); });
            for (const char* key : {"modelo_escala", "evade_clasificador", "borrador_con_dosis"})
                k.required(key, [&](const Value& y) { boolean(c, y); });
            k.close({"turno", "necesita_contexto", "aciertos", "similitud", "tarjeta_mas_cercana", "riesgo_borrador", "modelo_escala",
                     "evade_clasificador", "borrador_con_dosis"});
            ++i;
        });
    });
    m.close({"turnos_sim"});
}

void one_case(Check& c, const Value& v) {
    Members m(c, v);
    m.required("id", [&](const Value& x) {
        pattern(c, x, is_adherencia_case_id, "un id de caso de adherencia (M-001, MH-001…)", "an adherence case id (M-001, MH-001…)");
    });
    m.required("demo_id", [&](const Value& x) { literal(c, x, kAdherenciaDemo); });
    m.required("escenario", [&](const Value& x) { pattern(c, x, is_scenario_id, "un id de escenario (E-001…)", "a scenario id (E-001…)"); });
    m.required("locale", [&](const Value& x) { one_of(c, x, kLocales); });
    std::string tipo;
    m.required("tipo", [&](const Value& x) {
        if (one_of(c, x, kTypes)) tipo = x.as_string();
    });
    m.required("subtipo", [&](const Value& x) {
        if (!one_of(c, x, kSubtypes) || tipo.empty()) return;
        if (x.as_string().compare(0, tipo.size() + 1, tipo + "_") != 0)
            c.fail({"el subtipo «" + x.as_string() + "» no es del tipo «" + tipo + "»",
                    "the subtype \"" + x.as_string() + "\" is not of the type \"" + tipo + "\""});
    });
    m.required("adversario_detalle", [&](const Value& x) {
        nullable(x, [&](const Value& y) { one_of(c, y, kCategories); });
        if (!tipo.empty() && (tipo == "adversario") == x.is_null())
            c.fail({"adversario_detalle es la categoría de un adversario y null en los demás casos",
                    "adversario_detalle is an adversary's category and null in every other case"});
    });
    m.required("adversario", [&](const Value& x) {
        nullable(x, [&](const Value& y) {
            Members a(c, y);
            a.required("vector", [&](const Value& z) { literal(c, z, "mensaje_usuario"); });
            a.required("carga", [&](const Value& z) { tri(c, z); });
            a.required("intenta", [&](const Value& z) { bil(c, z); });
            a.close({"vector", "carga", "intenta"});
        });
    });
    m.required("semilla", [&](const Value& x) { string(c, x); });
    m.required("version_generador", [&](const Value& x) { version(c, x); });
    m.required("esperado", [&](const Value& x) { bil(c, x); });
    m.required("identificadores_sinteticos", [&](const Value& x) { each(c, x, [&](const Value& y) { string_min1(c, y); }, 1); });
    std::size_t turns = 0;
    m.required("entrada", [&](const Value& x) { entrada(c, x, turns); });
    m.required("verdad_conocida", [&](const Value& x) { truth(c, x, turns); });
    m.required("simulacion", [&](const Value& x) { simulation(c, x, turns); });
    m.close({"id", "demo_id", "escenario", "locale", "tipo", "subtipo", "adversario_detalle", "adversario", "semilla",
             "version_generador", "esperado", "identificadores_sinteticos", "entrada", "verdad_conocida", "simulacion"});
}

void counts(Check& c, const Value& v) { each_value(c, v, [&](const Value& x) { integer(c, x, 1); }); }

void identity(Check& c, const Value& v) {
    Members r(c, v);
    r.required("id", [&](const Value& y) { string_min1(c, y); });
    r.required("version", [&](const Value& y) { version(c, y); });
    r.required("huella", [&](const Value& y) { hex64(c, y); });
    r.close({"id", "version", "huella"});
}

}  // namespace

bool is_adherencia_case_id(std::string_view s) {
    std::size_t i = 0;
    if (s.empty() || s[0] != 'M') return false;
    i = 1;
    if (i < s.size() && s[i] == 'H') ++i;
    if (i >= s.size() || s[i] != '-') return false;
    return digits(s, i + 1, 3, s.size());
}

Issues check_batch_case_adherencia(const Value& item, std::size_t index) { return check_array_item("casos", index, item, one_case); }

Issues check_batch_adherencia(const Value& doc) {
    Check c;
    Members m(c, doc);
    m.required("formato", [&](const Value& x) { literal(c, x, kBatchFormat); });
    m.required("id", [&](const Value& x) { string_min1(c, x); });
    m.required("demo_id", [&](const Value& x) { literal(c, x, kAdherenciaDemo); });
    m.required("semilla", [&](const Value& x) { string(c, x); });
    m.required("receta", [&](const Value& x) { one_of(c, x, {"estandar", "humo"}); });
    m.required("n", [&](const Value& x) {
        if (integer(c, x, 1) && static_cast<std::int64_t>(x.as_number()) % 3 != 0)
            c.fail({"n debe ser múltiplo de 3 (un escenario en tres locales)", "n must be a multiple of 3 (one scenario in three locales)"});
    });
    m.required("bloque", [&](const Value& x) { integer(c, x, 1); });
    m.required("version_generador", [&](const Value& x) { version(c, x); });
    m.required("proporciones", [&](const Value& x) {
        nullable(x, [&](const Value& y) {
            Members p(c, y);
            double sum = 0;
            bool all = true;
            for (std::string_view key : kTypes)
                p.required(key, [&](const Value& z) {
                    if (integer(c, z, 0, 105)) sum += z.as_number();
                    else all = false;
                });
            p.close(kTypes);
            // dominio.md §3: the type shares are given per 105 (60/25/5/15).
            if (p.ok() && all && y.as_object().size() == 4 && sum != 105)
                c.fail({"las proporciones suman " + std::to_string(static_cast<long long>(sum)) + ", no 105",
                        "the proportions add up to " + std::to_string(static_cast<long long>(sum)) + ", not 105"});
        });
    });
    m.required("composicion", [&](const Value& x) {
        Members k(c, x);
        k.required("por_tipo", [&](const Value& y) { counts(c, y); });
        k.required("por_subtipo", [&](const Value& y) { counts(c, y); });
        k.required("por_locale", [&](const Value& y) { counts(c, y); });
        k.close({"por_tipo", "por_subtipo", "por_locale"});
    });
    m.required("umbrales_de_referencia", [&](const Value& x) {
        Members u(c, x);
        u.required("U1", [&](const Value& y) { number(c, y); });
        u.required("U2", [&](const Value& y) { number(c, y); });
        u.required("U3", [&](const Value& y) { integer(c, y, -9007199254740991); });
        u.required("U4", [&](const Value& y) { boolean(c, y); });
        u.close({"U1", "U2", "U3", "U4"});
    });
    m.required("plan", [&](const Value& x) { identity(c, x); });
    m.required("base_conocimiento", [&](const Value& x) { identity(c, x); });
    m.required("locales", [&](const Value& x) {
        if (!string_list(c, x)) return;
        const json::Array& a = x.as_array();
        if (a.size() != 3 || a[0] != Value("en") || a[1] != Value("es-419") || a[2] != Value("pt-BR"))
            c.fail({"los locales son exactamente [\"en\",\"es-419\",\"pt-BR\"]", "the locales are exactly [\"en\",\"es-419\",\"pt-BR\"]"});
    });
    m.required("afirmacion_privacidad", [&](const Value& x) { bil(c, x); });
    m.required("casos", [&](const Value& x) {
        if (!each(c, x, [&](const Value& y) { one_case(c, y); })) return;
        check_case_ids_and_count(c, doc, x.as_array(), x.as_array().size());
    });
    m.required("huella", [&](const Value& x) { hex64(c, x); });
    m.close({"formato", "id", "demo_id", "semilla", "receta", "n", "bloque", "version_generador", "proporciones", "composicion",
             "umbrales_de_referencia", "plan", "base_conocimiento", "locales", "afirmacion_privacidad", "casos", "huella"});
    return std::move(c.issues());
}

}  // namespace planlang::run::internal
