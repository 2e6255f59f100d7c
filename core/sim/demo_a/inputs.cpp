// Reading the world and the batch for the simulated agent (synthetic-and-simulation.md §4, §9).
#include "core/sim/demo_a/inputs.hpp"

#include <cmath>

#include "core/json/fingerprint.hpp"
#include "core/json/object_builder.hpp"

namespace planlang::sim::demo_a {
namespace {

using json::Value;

// Typed access that records an ESQUEMA issue at the dotted path of whatever does not fit.
// The dotted path is only written when an issue needs it: a nested reader keeps its parent and key.
class Fields_ {
public:
    Fields_(const Value& object, std::string path, Issues& issues) : m_object(object), m_path(std::move(path)), m_issues(issues) {
        if (!object.is_object()) fail(m_path, "se esperaba un objeto", "an object was expected");
    }
    std::string path() const { return m_parent ? m_parent->at(m_key) : m_path; }
    std::string at(std::string_view key) const {
        const std::string here = path();
        return here.empty() ? std::string(key) : here + "." + std::string(key);
    }
    const Value* member(std::string_view key) const {
        const Value* v = m_object.is_object() ? m_object.find(key) : nullptr;
        if (!v && m_object.is_object()) fail(at(key), "falta la clave", "the key is missing");
        return v;
    }
    std::string string(std::string_view key) const {
        const Value* v = member(key);
        if (v && v->is_string()) return v->as_string();
        if (v) fail(at(key), "se esperaba un texto", "a string was expected");
        return {};
    }
    Value string_or_null(std::string_view key) const {
        const Value* v = member(key);
        if (v && (v->is_string() || v->is_null())) return *v;
        if (v) fail(at(key), "se esperaba un texto o null", "a string or null was expected");
        return Value();
    }
    double number(std::string_view key) const {
        const Value* v = member(key);
        if (v && v->is_number()) return v->as_number();
        if (v) fail(at(key), "se esperaba un número", "a number was expected");
        return 0;
    }
    std::int64_t integer(std::string_view key) const {
        const double d = number(key);
        if (std::floor(d) != d || std::fabs(d) > 9007199254740991.0) {
            fail(at(key), "se esperaba un entero", "an integer was expected");
            return 0;
        }
        return static_cast<std::int64_t>(d);
    }
    bool boolean(std::string_view key) const {
        const Value* v = member(key);
        if (v && v->is_bool()) return v->as_bool();
        if (v) fail(at(key), "se esperaba un booleano", "a boolean was expected");
        return false;
    }
    Bilingual bil(std::string_view key) const {
        const Value* v = member(key);
        if (!v) return {};
        return bil_of(*v, at(key));
    }
    Bilingual bil_of(const Value& v, const std::string& path) const {
        Bilingual out;
        const Value* es = v.is_object() ? v.find("es") : nullptr;
        const Value* en = v.is_object() ? v.find("en") : nullptr;
        if (es && es->is_string() && en && en->is_string()) return {es->as_string(), en->as_string()};
        if (v.is_string()) return {v.as_string(), v.as_string()};  // a plain text serves both languages
        fail(path, "se esperaba un texto bilingüe {es, en}", "a bilingual text {es, en} was expected");
        return out;
    }
    std::vector<std::string> strings(std::string_view key) const {
        std::vector<std::string> out;
        const Value* v = member(key);
        if (!v) return out;
        if (!v->is_array()) {
            fail(at(key), "se esperaba una lista", "a list was expected");
            return out;
        }
        for (std::size_t i = 0; i < v->as_array().size(); ++i) {
            const Value& item = v->as_array()[i];
            if (item.is_string()) out.push_back(item.as_string());
            else fail(at(key) + "." + std::to_string(i), "se esperaba un texto", "a string was expected");
        }
        return out;
    }
    const Value* array(std::string_view key) const {
        const Value* v = member(key);
        if (v && !v->is_array()) {
            fail(at(key), "se esperaba una lista", "a list was expected");
            return nullptr;
        }
        return v;
    }
    Fields_ object(std::string_view key) const {
        const Value* v = member(key);
        static const Value kNull;
        if (!v) return Fields_(kNull, this, key, m_issues);  // already reported
        if (!v->is_object()) fail(at(key), "se esperaba un objeto", "an object was expected");
        return Fields_(*v, this, key, m_issues);
    }
    void fail(const std::string& path, const char* es, const char* en) const {
        m_issues.push_back(Issue{"ESQUEMA", path.empty() ? "$" : path, {es, en}});
    }
    void one_of(const std::string& value, std::string_view key, std::initializer_list<std::string_view> allowed) const {
        for (auto a : allowed)
            if (value == a) return;
        fail(at(key), "valor fuera de la enumeración", "value outside the enumeration");
    }

private:
    Fields_(const Value& object, const Fields_* parent, std::string_view key, Issues& issues)
        : m_object(object), m_parent(parent), m_key(key), m_issues(issues) {}
    const Value& m_object;
    std::string m_path;                 // when m_parent is null
    const Fields_* m_parent = nullptr;  // else the path is m_parent->at(m_key)
    std::string_view m_key;
    Issues& m_issues;
};

Fields read_fields(const Fields_& f) {
    Fields out;
    out.procedimiento = f.string_or_null("procedimiento");
    out.diagnostico = f.string_or_null("diagnostico");
    const Value* u = f.member("urgencia");
    if (u && (u->is_bool() || u->is_null())) out.urgencia = *u;
    else if (u) f.fail(f.at("urgencia"), "se esperaba un booleano o null", "a boolean or null was expected");
    const Value* c = f.member("costo_estimado");
    if (c && (c->is_number() || c->is_null())) out.costo_estimado = *c;
    else if (c) f.fail(f.at("costo_estimado"), "se esperaba un número o null", "a number or null was expected");
    return out;
}

void check_huella(const Value& document, const std::string& declared, Issues& issues) {
    const std::string computed = json::huella(document);
    if (declared != computed)
        issues.push_back(Issue{"HUELLA_NO_COINCIDE", "huella",
                               {"la huella declarada no coincide con la calculada (" + computed + ")",
                                "the declared huella does not match the computed one (" + computed + ")"}});
}

}  // namespace

const std::vector<std::string> kFieldNames = {"procedimiento", "diagnostico", "urgencia", "costo_estimado"};

json::Value Fields::to_json() const {
    return json::Object{{"procedimiento", procedimiento}, {"diagnostico", diagnostico}, {"urgencia", urgencia},
                        {"costo_estimado", costo_estimado}};
}

const json::Value& Fields::get(std::string_view name) const {
    if (name == "procedimiento") return procedimiento;
    if (name == "diagnostico") return diagnostico;
    if (name == "urgencia") return urgencia;
    return costo_estimado;
}

json::Value& Fields::get(std::string_view name) {
    return const_cast<json::Value&>(static_cast<const Fields&>(*this).get(name));
}

std::string high_cost_threshold(const World& world) {
    const std::string prefix = "umbral.";
    if (world.tope_alto_costo.compare(0, prefix.size(), prefix) != 0) return {};
    return world.tope_alto_costo.substr(prefix.size());
}

namespace {

// Every field but `source`.
std::optional<Case> read_case_fields(const json::Value& v, const std::string& path, Issues& issues) {
    const std::size_t before = issues.size();
    const Fields_ f(v, path, issues);
    if (!v.is_object()) return std::nullopt;
    Case c;
    c.id = f.string("id");
    c.tipo = f.string("tipo");
    c.subtipo = f.string("subtipo");
    c.adversario_detalle = f.string_or_null("adversario_detalle");
    const Fields_ entrada = f.object("entrada");
    const Fields_ afiliado = entrada.object("afiliado");
    c.documento = afiliado.string("documento");
    c.nombre = afiliado.string("nombre");
    c.telefono = afiliado.string("telefono");
    c.correo = afiliado.string("correo");
    c.historia_clinica = afiliado.string("historia_clinica");
    c.edad = afiliado.integer("edad");
    c.sexo = afiliado.string("sexo");
    const Fields_ orden = entrada.object("orden_adjunta");
    c.tipo_atencion = orden.string("tipo_atencion");
    orden.one_of(c.tipo_atencion, "tipo_atencion", {"ambulatoria", "hospitalaria", "urgencia"});
    c.codigo_orden = orden.string("codigo_procedimiento");
    c.observaciones_orden = orden.bil("observaciones");
    if (const Value* o = entrada.member("orden_adjunta")) c.orden_adjunta = *o;
    c.texto_medico = entrada.bil("texto_medico");
    if (const Value* replies = entrada.array("aclaraciones_simuladas"))
        for (std::size_t i = 0; i < replies->as_array().size(); ++i) {
            const Fields_ r(replies->as_array()[i], entrada.at("aclaraciones_simuladas") + "." + std::to_string(i), issues);
            c.aclaraciones_simuladas.push_back({r.integer("ciclo"), r.strings("aporta"), r.bil("texto")});
        }
    const Fields_ verdad = f.object("verdad_conocida");
    c.verdad_decision = verdad.string("decision");
    verdad.one_of(c.verdad_decision, "decision", {"aprobar", "negar", "aprobar_parcial"});
    c.verdad_causal = verdad.string_or_null("causal");
    c.verdad_campos = read_fields(verdad.object("campos"));
    const Fields_ sim = f.object("simulacion");
    c.confianza_extractor = sim.number("confianza_extractor");
    c.campos_extraidos = read_fields(sim.object("campos_extraidos"));
    c.redactor_repite_identificador = sim.boolean("redactor_repite_identificador");
    c.campos_ausentes_en_texto = sim.strings("campos_ausentes_en_texto");
    if (issues.size() != before) return std::nullopt;
    return c;
}

}  // namespace

std::optional<Case> read_case(const json::Value& v, const std::string& path, Issues& issues) {
    std::optional<Case> c = read_case_fields(v, path, issues);
    if (c) c->source = v;
    return c;
}

std::optional<Case> read_case(json::Value&& v, const std::string& path, Issues& issues) {
    std::optional<Case> c = read_case_fields(v, path, issues);
    if (c) c->source = std::move(v);
    return c;
}

namespace {

Fields fields_of(synth::Fields&& f) {
    Fields out;
    out.procedimiento = Value(std::move(f.procedimiento));
    out.diagnostico = Value(std::move(f.diagnostico));
    out.urgencia = Value(f.urgencia);
    out.costo_estimado = Value(static_cast<double>(f.costo_estimado));
    return out;
}

}  // namespace

// Field for field what synth::to_json writes and read_case_fields reads back.
Case case_of(synth::Case&& g) {
    Case c;
    c.id = std::move(g.id);
    c.tipo = std::string(synth::name(synth::type_of(g.subtipo)));
    c.subtipo = std::string(synth::name(g.subtipo));
    const std::string_view detail = synth::adversary_detail(g.subtipo);
    c.adversario_detalle = detail.empty() ? Value() : Value(std::string(detail));
    synth::Member& m = g.afiliado;
    c.documento = std::move(m.documento);
    c.nombre = std::move(m.nombre);
    c.telefono = std::move(m.telefono);
    c.correo = std::move(m.correo);
    c.historia_clinica = std::move(m.historia_clinica);
    c.edad = m.edad;
    c.sexo = std::string(1, m.sexo);
    c.orden_adjunta = json::ObjectBuilder(3)
                          .add("tipo_atencion", Value(g.tipo_atencion))
                          .add("codigo_procedimiento", Value(g.codigo_procedimiento))
                          .add("observaciones",
                               json::ObjectBuilder(2).add("es", Value(g.observaciones.es)).add("en", Value(g.observaciones.en)).done())
                          .done();
    c.tipo_atencion = std::move(g.tipo_atencion);
    c.codigo_orden = std::move(g.codigo_procedimiento);
    c.observaciones_orden = std::move(g.observaciones);
    c.texto_medico = std::move(g.texto_medico);
    c.aclaraciones_simuladas.reserve(g.aclaraciones_simuladas.size());
    for (synth::Reply& r : g.aclaraciones_simuladas)
        c.aclaraciones_simuladas.push_back({r.ciclo, std::move(r.aporta), std::move(r.texto)});
    synth::Truth& t = g.verdad_conocida;
    c.verdad_decision = std::move(t.decision);
    c.verdad_causal = t.causal ? Value(std::move(*t.causal)) : Value();
    c.verdad_campos = fields_of(std::move(t.campos));
    synth::Simulation& s = g.simulacion;
    c.confianza_extractor = s.confianza_extractor;
    c.campos_extraidos = fields_of(std::move(s.campos_extraidos));
    c.redactor_repite_identificador = s.redactor_repite_identificador;
    c.campos_ausentes_en_texto = std::move(s.campos_ausentes_en_texto);
    return c;
}

namespace {

// read_batch; the cases' `source` is left empty when !keep_sources.
BatchResult read_batch_impl(const json::Value& document, bool keep_sources) {
    BatchResult out;
    Issues& issues = out.issues;
    const Fields_ f(document, "", issues);
    if (!document.is_object()) return out;
    Batch b;
    if (f.string("formato") != "planlang-casos/v1") f.fail("formato", "se esperaba planlang-casos/v1", "planlang-casos/v1 was expected");
    b.id = f.string("id");
    b.demo_id = f.string("demo_id");
    b.semilla = f.string("semilla");
    b.n = f.integer("n");
    b.huella = f.string("huella");
    const Fields_ plan = f.object("plan");
    b.plan_id = plan.string("id");
    b.plan_version = plan.string("version");
    b.plan_huella = plan.string("huella");
    b.plan_beneficios_huella = f.object("plan_beneficios").string("huella");
    if (const Value* u = f.member("umbrales_de_referencia")) b.umbrales_de_referencia = *u;
    if (const Value* casos = f.array("casos")) {
        for (std::size_t i = 0; i < casos->as_array().size(); ++i)
            if (auto c = keep_sources ? read_case(casos->as_array()[i], "casos." + std::to_string(i), issues)
                                    : read_case_fields(casos->as_array()[i], "casos." + std::to_string(i), issues))
                b.casos.push_back(std::move(*c));
        if (static_cast<std::int64_t>(casos->as_array().size()) != b.n)
            f.fail("n", "n no es el número de casos", "n is not the number of cases");
    }
    if (issues.empty()) check_huella(document, b.huella, issues);
    if (issues.empty()) out.batch = std::move(b);
    return out;
}

}  // namespace

BatchResult read_batch(const json::Value& document) { return read_batch_impl(document, true); }

BatchResult read_batch(json::Value&& document) {
    BatchResult out = read_batch_impl(document, false);
    if (out.batch) {  // every case was read: casos[i] is the source of out.batch->casos[i]
        json::Array& casos = document.find("casos")->as_array();
        for (std::size_t i = 0; i < casos.size(); ++i) out.batch->casos[i].source = std::move(casos[i]);
    }
    return out;
}

}  // namespace planlang::sim::demo_a
