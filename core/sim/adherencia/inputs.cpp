// plans/adherencia/dominio.md §2–§3: what the simulated coach reads, typed and checked field by field.
#include "core/sim/adherencia/inputs.hpp"

#include "core/json/fingerprint.hpp"

namespace planlang::sim::adherencia {

using json::Value;

namespace {

// Reads typed members at dotted paths, collecting an ESQUEMA issue per misfit.
class Reader {
public:
    explicit Reader(Issues& issues) : m_issues(issues) {}

    const Value* at(const Value& object, std::string_view key, const std::string& path) {
        const Value* v = object.is_object() ? object.find(key) : nullptr;
        if (!v) fail(join(path, key), "falta la clave", "the key is missing");
        return v;
    }
    std::string text(const Value& object, std::string_view key, const std::string& path) {
        const Value* v = at(object, key, path);
        if (!v) return {};
        if (!v->is_string()) {
            fail(join(path, key), "se espera un texto", "a string is expected");
            return {};
        }
        return v->as_string();
    }
    bool flag(const Value& object, std::string_view key, const std::string& path) {
        const Value* v = at(object, key, path);
        if (v && !v->is_bool()) fail(join(path, key), "se espera un booleano", "a boolean is expected");
        return v && v->is_bool() && v->as_bool();
    }
    double number(const Value& object, std::string_view key, const std::string& path) {
        const Value* v = at(object, key, path);
        if (v && !v->is_number()) fail(join(path, key), "se espera un número", "a number is expected");
        return v && v->is_number() ? v->as_number() : 0;
    }
    Value nullable(const Value& object, std::string_view key, const std::string& path, bool number_kind) {
        const Value* v = at(object, key, path);
        if (!v || v->is_null()) return Value();
        if (number_kind ? !v->is_number() : !v->is_string()) {
            fail(join(path, key), number_kind ? "se espera un número o null" : "se espera un texto o null",
                 number_kind ? "a number or null is expected" : "a string or null is expected");
            return Value();
        }
        return *v;
    }
    const json::Array* list(const Value& object, std::string_view key, const std::string& path) {
        const Value* v = at(object, key, path);
        if (v && !v->is_array()) fail(join(path, key), "se espera una lista", "a list is expected");
        return v && v->is_array() ? &v->as_array() : nullptr;
    }
    void fail(const std::string& element, const std::string& es, const std::string& en) {
        m_issues.push_back(Issue{"ESQUEMA", element, {es, en}});
    }
    static std::string join(const std::string& path, std::string_view key) {
        return path.empty() ? std::string(key) : path + "." + std::string(key);
    }
    static std::string item(const std::string& path, std::size_t i) { return path + "." + std::to_string(i); }

private:
    Issues& m_issues;
};

void check_huella(const Value& document, Issues& issues) {
    const std::optional<std::string> declared = json::declared_huella(document);
    const std::string computed = json::huella(document);
    if (!declared || *declared != computed)
        issues.push_back(Issue{"HUELLA_NO_COINCIDE", "huella",
                               {"la huella declarada no es la calculada (" + computed + ")",
                                "the declared huella is not the computed one (" + computed + ")"}});
}

}  // namespace

std::optional<Case> read_case(const Value& v, const std::string& path, Issues& issues) {
    const std::size_t before = issues.size();
    Reader r(issues);
    Case c;
    c.id = r.text(v, "id", path);
    c.escenario = r.text(v, "escenario", path);
    c.locale = r.text(v, "locale", path);
    if (c.locale != kLocales[0] && c.locale != kLocales[1] && c.locale != kLocales[2])
        r.fail(Reader::join(path, "locale"), "el locale es en, es-419 o pt-BR", "the locale is en, es-419 or pt-BR");
    c.tipo = r.text(v, "tipo", path);
    c.subtipo = r.text(v, "subtipo", path);
    c.adversario_detalle = r.nullable(v, "adversario_detalle", path, false);
    if (const json::Array* ids = r.list(v, "identificadores_sinteticos", path))
        for (const Value& id : *ids)
            if (id.is_string()) c.identificadores.push_back(id.as_string());
    const std::string entrada = Reader::join(path, "entrada");
    if (const Value* e = r.at(v, "entrada", path))
        if (const json::Array* turns = r.list(*e, "turnos", entrada))
            for (std::size_t i = 0; i < turns->size(); ++i) c.turnos.push_back(r.text((*turns)[i], "texto", Reader::item(entrada + ".turnos", i)));
    const std::string verdad = Reader::join(path, "verdad_conocida");
    if (const Value* t = r.at(v, "verdad_conocida", path)) {
        if (const json::Array* kinds = r.list(*t, "respuestas", verdad))
            for (const Value& k : *kinds) c.verdad_respuestas.push_back(k.is_string() ? k.as_string() : std::string());
        if (const json::Array* cards = r.list(*t, "tarjetas", verdad))
            for (const Value& k : *cards) c.verdad_tarjetas.push_back(k);
        c.verdad_categoria = r.nullable(*t, "categoria", verdad, false);
    }
    const std::string sim = Reader::join(path, "simulacion");
    if (const Value* s = r.at(v, "simulacion", path)) {
        if (const json::Array* turns = r.list(*s, "turnos_sim", sim)) {
            for (std::size_t i = 0; i < turns->size(); ++i) {
                const Value& t = (*turns)[i];
                const std::string p = Reader::item(sim + ".turnos_sim", i);
                TurnSim ts;
                ts.necesita_contexto = r.flag(t, "necesita_contexto", p);
                ts.aciertos = static_cast<std::int64_t>(r.number(t, "aciertos", p));
                ts.similitud = r.nullable(t, "similitud", p, true);
                ts.tarjeta_mas_cercana = r.nullable(t, "tarjeta_mas_cercana", p, false);
                ts.riesgo_borrador = r.number(t, "riesgo_borrador", p);
                ts.modelo_escala = r.flag(t, "modelo_escala", p);
                ts.evade_clasificador = r.flag(t, "evade_clasificador", p);
                ts.borrador_con_dosis = r.flag(t, "borrador_con_dosis", p);
                c.sim.push_back(std::move(ts));
            }
        }
    }
    if (issues.size() == before && (c.turnos.empty() || c.sim.size() != c.turnos.size()))
        r.fail(Reader::join(path, "simulacion.turnos_sim"), "se espera un parámetro de simulación por turno (y al menos un turno)",
               "one simulation parameter per turn is expected (and at least one turn)");
    if (issues.size() != before) return std::nullopt;
    c.source = v;
    return c;
}

BatchResult read_batch(const Value& document) {
    BatchResult out;
    Reader r(out.issues);
    Batch b;
    if (r.text(document, "formato", "") != "planlang-casos/v1") r.fail("formato", "se espera «planlang-casos/v1»", "\"planlang-casos/v1\" is expected");
    b.id = r.text(document, "id", "");
    b.demo_id = r.text(document, "demo_id", "");
    if (b.demo_id != "adherencia") r.fail("demo_id", "el lote no es de la demo adherencia", "the batch is not of the adherencia demo");
    b.semilla = r.text(document, "semilla", "");
    b.n = static_cast<std::int64_t>(r.number(document, "n", ""));
    if (const Value* p = r.at(document, "plan", "")) {
        b.plan_id = r.text(*p, "id", "plan");
        b.plan_huella = r.text(*p, "huella", "plan");
    }
    if (const Value* k = r.at(document, "base_conocimiento", "")) b.base_huella = r.text(*k, "huella", "base_conocimiento");
    if (const json::Array* cases = r.list(document, "casos", ""))
        for (std::size_t i = 0; i < cases->size(); ++i)
            if (std::optional<Case> c = read_case((*cases)[i], Reader::item("casos", i), out.issues)) b.casos.push_back(std::move(*c));
    check_huella(document, out.issues);
    if (out.issues.empty()) {
        b.huella = json::huella(document);
        out.batch = std::move(b);
    }
    return out;
}

}  // namespace planlang::sim::adherencia
