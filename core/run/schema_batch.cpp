// Strict schema of a batch file (`planlang-casos/v1`, traces-and-verifier.md §5) and of its cases
// (synthetic-and-simulation.md §4; ids widen past 999 cases, decisions.md C4): demo A's. The
// adherence coach's batches have their own (schema_batch_adherencia.cpp); an unknown demo is LOTE_INVALIDO,
// decided by the reader before either schema runs.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/json/number.hpp"
#include "core/json/schema.hpp"
#include "core/run/internal/schemas.hpp"

namespace planlang::run::internal {

void check_case_ids_and_count(json::schema::Check& c, const json::Value& doc, const json::Array& items, std::size_t count) {
    // Case ids are unique (§5): the second occurrence is the problem.
    std::vector<std::pair<std::string, std::size_t>> ids;
    for (std::size_t i = 0; i < items.size(); ++i)
        if (items[i].is_object())
            if (const json::Value* id = items[i].find("id"); id && id->is_string()) ids.emplace_back(id->as_string(), i);
    std::stable_sort(ids.begin(), ids.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::size_t> repeated;
    for (std::size_t i = 1; i < ids.size(); ++i)
        if (ids[i].first == ids[i - 1].first) repeated.push_back(ids[i].second);
    std::sort(repeated.begin(), repeated.end());
    for (std::size_t at : repeated) {
        c.push(at);
        const std::string& id = items[at].find("id")->as_string();
        c.fail_at("id", {"el id de caso «" + id + "» está repetido", "the case id \"" + id + "\" is repeated"});
        c.pop();
    }
    const json::Value* n = doc.find("n");
    if (n && n->is_number() && n->as_number() != static_cast<double>(count))
        c.fail({"el lote declara n = " + json::format_number(n->as_number()) + " y tiene " + std::to_string(count) + " casos",
                "the batch declares n = " + json::format_number(n->as_number()) + " and holds " + std::to_string(count) + " cases"});
}

using namespace json::schema;
namespace {

using json::Value;


void case_id_value(Check& c, const Value& v) {
    if (!string(c, v)) return;
    if (!is_case_id(v.as_string()))
        c.fail({"«" + v.as_string() + "» no es un id de caso (A-001, AH-001…)", "\"" + v.as_string() + "\" is not a case id (A-001, AH-001…)"});
}

void string_or_null(Check& c, const Value& v) { nullable(v, [&](const Value& x) { string(c, x); }); }

void fields(Check& c, const Value& v) {
    Members m(c, v);
    m.required("procedimiento", [&](const Value& x) { string_or_null(c, x); });
    m.required("diagnostico", [&](const Value& x) { string_or_null(c, x); });
    m.required("urgencia", [&](const Value& x) { nullable(x, [&](const Value& y) { boolean(c, y); }); });
    m.required("costo_estimado", [&](const Value& x) { nullable(x, [&](const Value& y) { number(c, y); }); });
    m.close({"procedimiento", "diagnostico", "urgencia", "costo_estimado"});
}


void entrada(Check& c, const Value& v) {
    Members m(c, v);
    m.required("afiliado", [&](const Value& x) {
        Members a(c, x);
        a.required("documento", [&](const Value& y) { string_min1(c, y); });
        a.required("nombre", [&](const Value& y) { string_min1(c, y); });
        a.required("edad", [&](const Value& y) { integer(c, y, 18, 89); });
        a.required("sexo", [&](const Value& y) { one_of(c, y, kSexes); });
        a.required("telefono", [&](const Value& y) { string_min1(c, y); });
        a.required("correo", [&](const Value& y) { string_min1(c, y); });
        a.required("historia_clinica", [&](const Value& y) { string_min1(c, y); });
        a.close({"documento", "nombre", "edad", "sexo", "telefono", "correo", "historia_clinica"});
    });
    m.required("prestador", [&](const Value& x) {
        Members p(c, x);
        p.required("nombre", [&](const Value& y) { string_min1(c, y); });
        p.required("nit", [&](const Value& y) { string_min1(c, y); });
        p.close({"nombre", "nit"});
    });
    m.required("medico", [&](const Value& x) {
        Members d(c, x);
        d.required("nombre", [&](const Value& y) { string_min1(c, y); });
        d.required("registro", [&](const Value& y) { string_min1(c, y); });
        d.close({"nombre", "registro"});
    });
    m.required("orden_adjunta", [&](const Value& x) {
        Members o(c, x);
        o.required("tipo_atencion", [&](const Value& y) { one_of(c, y, kCareTypes); });
        o.required("codigo_procedimiento", [&](const Value& y) { string_min1(c, y); });
        o.required("observaciones", [&](const Value& y) { bil(c, y); });
        o.close({"tipo_atencion", "codigo_procedimiento", "observaciones"});
    });
    m.required("texto_medico", [&](const Value& x) { bil(c, x); });
    m.required("aclaraciones_simuladas", [&](const Value& x) {
        each(c, x, [&](const Value& r) {
            Members a(c, r);
            a.required("ciclo", [&](const Value& y) { integer(c, y, 1); });
            a.required("aporta", [&](const Value& y) { each(c, y, [&](const Value& z) { one_of(c, z, kMissingFields); }); });
            a.required("texto", [&](const Value& y) { bil(c, y); });
            a.close({"ciclo", "aporta", "texto"});
        });
    });
    m.close({"afiliado", "prestador", "medico", "orden_adjunta", "texto_medico", "aclaraciones_simuladas"});
}

void truth(Check& c, const Value& v) {
    Members m(c, v);
    m.required("presente", [&](const Value& x) { boolean(c, x); });
    m.required("campos", [&](const Value& x) { fields(c, x); });
    m.required("decision", [&](const Value& x) { one_of(c, x, kDecisions); });
    m.required("debe_escalar", [&](const Value& x) { boolean(c, x); });
    m.required("motivos_escalamiento", [&](const Value& x) {
        each(c, x, [&](const Value& y) {
            one_of(c, y, kEscalationReasons);
        });
    });
    m.required("urgencia", [&](const Value& x) { boolean(c, x); });
    m.required("servicio_exento", [&](const Value& x) { boolean(c, x); });
    m.required("contradiccion_orden_texto", [&](const Value& x) { boolean(c, x); });
    m.required("causal", [&](const Value& x) { nullable(x, [&](const Value& y) { one_of(c, y, kCausales); }); });
    m.required("ciclos_aclaracion_necesarios", [&](const Value& x) { nullable(x, [&](const Value& y) { integer(c, y, 0); }); });
    m.close({"presente", "campos", "decision", "debe_escalar", "motivos_escalamiento", "urgencia", "servicio_exento",
             "contradiccion_orden_texto", "causal", "ciclos_aclaracion_necesarios"});
}

void simulation(Check& c, const Value& v) {
    Members m(c, v);
    m.required("confianza_extractor", [&](const Value& x) { number_in(c, x, 0, 1); });
    m.required("campos_extraidos", [&](const Value& x) { fields(c, x); });
    m.required("redactor_repite_identificador", [&](const Value& x) { boolean(c, x); });
    m.required("campos_ausentes_en_texto", [&](const Value& x) { each(c, x, [&](const Value& y) { one_of(c, y, kMissingFields); }); });
    m.close({"confianza_extractor", "campos_extraidos", "redactor_repite_identificador", "campos_ausentes_en_texto"});
}

void one_case(Check& c, const Value& v) {
    Members m(c, v);
    m.required("id", [&](const Value& x) { case_id_value(c, x); });
    m.required("demo_id", [&](const Value& x) { literal(c, x, kBatchDemo); });
    std::string tipo;
    m.required("tipo", [&](const Value& x) {
        if (one_of(c, x, kCaseTypes)) tipo = x.as_string();
    });
    m.required("subtipo", [&](const Value& x) {
        if (!string_min1(c, x) || tipo.empty()) return;
        if (x.as_string().compare(0, tipo.size() + 1, tipo + "_") != 0)
            c.fail({"el subtipo «" + x.as_string() + "» no empieza por su tipo «" + tipo + "»",
                    "the subtype \"" + x.as_string() + "\" does not start with its type \"" + tipo + "\""});
    });
    m.required("adversario_detalle", [&](const Value& x) {
        nullable(x, [&](const Value& y) { one_of(c, y, kAdversaryDetails); });
    });
    m.required("adversario", [&](const Value& x) {
        nullable(x, [&](const Value& y) {
            Members a(c, y);
            a.required("vector", [&](const Value& z) { one_of(c, z, kAttackVectors); });
            a.required("carga", [&](const Value& z) { bil(c, z); });
            a.required("intenta", [&](const Value& z) { bil(c, z); });
            a.close({"vector", "carga", "intenta"});
        });
    });
    m.required("semilla", [&](const Value& x) { string(c, x); });
    m.required("version_generador", [&](const Value& x) { version(c, x); });
    m.required("esperado", [&](const Value& x) { bil(c, x); });
    m.required("identificadores_sinteticos", [&](const Value& x) {
        each(c, x, [&](const Value& y) { string_min1(c, y); }, 1);
    });
    m.required("entrada", [&](const Value& x) { entrada(c, x); });
    m.required("verdad_conocida", [&](const Value& x) { truth(c, x); });
    m.required("simulacion", [&](const Value& x) { simulation(c, x); });
    m.close({"id", "demo_id", "tipo", "subtipo", "adversario_detalle", "adversario", "semilla", "version_generador", "esperado",
             "identificadores_sinteticos", "entrada", "verdad_conocida", "simulacion"});
}

void counts(Check& c, const Value& v) { each_value(c, v, [&](const Value& x) { integer(c, x, 1); }); }

}  // namespace

const std::initializer_list<std::string_view> kMissingFields = {"diagnostico", "costo_estimado"};
const std::initializer_list<std::string_view> kSexes = {"F", "M"};
const std::initializer_list<std::string_view> kCareTypes = {"ambulatoria", "hospitalaria", "urgencia"};
const std::initializer_list<std::string_view> kDecisions = {"aprobar", "negar", "aprobar_parcial"};
const std::initializer_list<std::string_view> kEscalationReasons = {"costo_mayor_que_U2", "contradiccion_orden_texto", "propuesta_negar", "aclaracion_agotada", "modo_texas"};
const std::initializer_list<std::string_view> kCausales = {"a", "b", "c", "d", "e", "f"};
const std::initializer_list<std::string_view> kCaseTypes = {"normal", "borde", "faltante", "adversario"};
const std::initializer_list<std::string_view> kAdversaryDetails = {"inyeccion", "dato_sensible", "homonimo"};
const std::initializer_list<std::string_view> kAttackVectors = {"texto_libre", "orden_adjunta"};

bool is_case_id(std::string_view s) {
    std::size_t i = 0;
    if (s.empty() || s[0] != 'A') return false;
    i = 1;
    if (i < s.size() && s[i] == 'H') ++i;
    if (i >= s.size() || s[i] != '-') return false;
    ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i == s.size() && i - start >= 3;
}

Issues check_batch_case(const Value& item, std::size_t index) { return check_array_item("casos", index, item, one_case); }

Issues check_batch(const Value& doc, std::optional<std::size_t> streamed_cases) {
    Check c;
    Members m(c, doc);
    m.required("formato", [&](const Value& x) { literal(c, x, kBatchFormat); });
    m.required("id", [&](const Value& x) { string_min1(c, x); });
    m.required("demo_id", [&](const Value& x) { literal(c, x, kBatchDemo); });
    m.required("semilla", [&](const Value& x) { string(c, x); });
    m.required("receta", [&](const Value& x) { one_of(c, x, {"estandar", "humo"}); });
    m.required("n", [&](const Value& x) { integer(c, x, 1); });
    m.required("bloque", [&](const Value& x) { integer(c, x, 1); });
    m.required("version_generador", [&](const Value& x) { version(c, x); });
    m.required("proporciones", [&](const Value& x) {
        nullable(x, [&](const Value& y) {
            Members p(c, y);
            double sum = 0;
            bool all = true;
            for (const char* key : {"normal", "borde", "faltante", "adversario"})
                p.required(key, [&](const Value& z) {
                    if (integer(c, z, 0, 100)) sum += z.as_number();
                    else all = false;
                });
            p.close({"normal", "borde", "faltante", "adversario"});
            if (p.ok() && all && y.as_object().size() == 4 && sum != 100)
                c.fail({"las proporciones suman " + std::to_string(static_cast<long long>(sum)) + ", no 100",
                        "the proportions add up to " + std::to_string(static_cast<long long>(sum)) + ", not 100"});
        });
    });
    m.required("composicion", [&](const Value& x) {
        Members k(c, x);
        k.required("por_tipo", [&](const Value& y) { counts(c, y); });
        k.required("por_subtipo", [&](const Value& y) { counts(c, y); });
        k.close({"por_tipo", "por_subtipo"});
    });
    m.required("umbrales_de_referencia", [&](const Value& x) {
        Members u(c, x);
        u.required("U1", [&](const Value& y) { number(c, y); });
        u.required("U2", [&](const Value& y) { number(c, y); });
        u.required("U3", [&](const Value& y) { integer(c, y, -9007199254740991); });
        u.required("U4", [&](const Value& y) { boolean(c, y); });
        u.close({"U1", "U2", "U3", "U4"});
    });
    for (const char* key : {"plan", "plan_beneficios"})
        m.required(key, [&](const Value& x) {
            Members r(c, x);
            r.required("id", [&](const Value& y) { string_min1(c, y); });
            r.required("version", [&](const Value& y) { version(c, y); });
            r.required("huella", [&](const Value& y) { hex64(c, y); });
            r.close({"id", "version", "huella"});
        });
    m.required("idioma_de_corrida", [&](const Value& x) { one_of(c, x, {"es", "en"}); });
    m.required("politica_aclaraciones", [&](const Value& x) { bil(c, x); });
    m.required("afirmacion_privacidad", [&](const Value& x) { bil(c, x); });
    m.required("casos", [&](const Value& x) {
        if (!each(c, x, [&](const Value& y) { one_case(c, y); })) return;
        const std::size_t count = streamed_cases ? *streamed_cases : x.as_array().size();
        check_case_ids_and_count(c, doc, x.as_array(), count);
    });
    m.required("huella", [&](const Value& x) { hex64(c, x); });
    m.close({"formato", "id", "demo_id", "semilla", "receta", "n", "bloque", "version_generador", "proporciones", "composicion",
             "umbrales_de_referencia", "plan", "plan_beneficios", "idioma_de_corrida", "politica_aclaraciones",
             "afirmacion_privacidad", "casos", "huella"});
    return std::move(c.issues());
}

}  // namespace planlang::run::internal
