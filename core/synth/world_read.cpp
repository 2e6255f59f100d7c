// Reading a benefit plan back (spec/synthetic-and-simulation.md §9), one step after the other, each only
// when the previous one found nothing: the strict schema (ESQUEMA), the references between codes
// (REFERENCIA_ROTA), then the declared huella against the computed one (HUELLA_AUSENTE, HUELLA_NO_COINCIDE).
#include <optional>
#include <set>

#include "core/json/fingerprint.hpp"
#include "core/json/schema.hpp"
#include "core/plan/schema_fields.hpp"
#include "core/synth/world.hpp"

namespace planlang::synth {
namespace {

using json::Value;
using json::schema::join;
using json::schema::kMaxSafeInteger;
using json::schema::Members;
using namespace plan::fields;

// [SECTION] the schema

bool matches_code(std::string_view s, std::string_view prefix, std::size_t digits) {
    if (s.size() != prefix.size() + digits || s.substr(0, prefix.size()) != prefix) return false;
    for (char c : s.substr(prefix.size()))
        if (c < '0' || c > '9') return false;
    return true;
}
bool is_procedure_code(std::string_view s) { return matches_code(s, "SYN-P-", 3); }
bool is_diagnosis_code(std::string_view s) { return matches_code(s, "SYN-D-", 2); }
bool is_rule_id(std::string_view s) { return matches_code(s, "RB-", 2); }

void read_bil(Check& c, const Value& v, Bilingual& out) {
    plan::Text t;
    check_bil(c, v, t);
    out = {t.es, t.en};
}

// This format reports an object's unknown keys before its members' problems (hence no Members::close).

void read_rule(Check& c, const Value& item, BenefitRule& r) {
    Members m(c, item);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, item, {"id", "texto"});
    m.required("id", [&](const Value& x) { check_pattern(c, x, r.id, is_rule_id, "un id RB-NN", "an id RB-NN"); });
    m.required("texto", [&](const Value& x) { read_bil(c, x, r.texto); });
}

void read_ground(Check& c, const Value& item, ExclusionGround& g) {
    Members m(c, item);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, item, {"id", "norma", "resumen"});
    m.required("id", [&](const Value& x) { check_enum(c, x, g.id, {"a", "b", "c", "d", "e", "f"}); });
    m.required("norma", [&](const Value& x) { check_string_min1(c, x, g.norma); });
    m.required("resumen", [&](const Value& x) { read_bil(c, x, g.resumen); });
}

void read_diagnosis(Check& c, const Value& item, Diagnosis& d) {
    Members m(c, item);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, item, {"codigo", "nombre"});
    m.required("codigo", [&](const Value& x) { check_pattern(c, x, d.codigo, is_diagnosis_code, "un código SYN-D-NN", "a code SYN-D-NN"); });
    m.required("nombre", [&](const Value& x) { read_bil(c, x, d.nombre); });
}

// The state decides which optional keys must be there; a cap is below the cost.
void check_procedure_state(Check& c, const Value& item, const Procedure& pr) {
    if (pr.estado == "excluido" && !item.find("causal"))
        c.fail_hard_at("causal", {"un servicio excluido necesita su causal", "an excluded service needs its ground"});
    if (pr.estado != "excluido" && item.find("causal"))
        c.fail_at("causal", {"solo un servicio excluido lleva causal", "only an excluded service carries a ground"});
    if (pr.estado == "exento" && !item.find("exento_motivo"))
        c.fail_hard_at("exento_motivo", {"un servicio exento necesita su motivo", "an exempt service needs its reason"});
    if (pr.estado != "exento" && item.find("exento_motivo"))
        c.fail_at("exento_motivo", {"solo un servicio exento lleva motivo de exención", "only an exempt service carries an exemption reason"});
    if (pr.tope_cobertura && pr.estado != "requiere_autorizacion")
        c.fail_at("tope_cobertura", {"solo un servicio que requiere autorización lleva tope", "only a service requiring authorisation carries a cap"});
    if (pr.tope_cobertura && pr.costo > 0 && *pr.tope_cobertura >= pr.costo)
        c.fail_at("tope_cobertura", {"el tope debe ser menor que el costo", "the cap must be below the cost"});
}

void read_procedure(Check& c, const Value& item, Procedure& pr) {
    Members m(c, item);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, item, {"codigo", "nombre", "categoria", "costo", "estado", "diagnosticos_compatibles", "causal",
                                         "exento_motivo", "homonimo_de", "tope_cobertura"});
    m.required("codigo", [&](const Value& x) {
        check_pattern(c, x, pr.codigo, is_procedure_code, "un código SYN-P-NNN", "a code SYN-P-NNN");
    });
    m.required("nombre", [&](const Value& x) { read_bil(c, x, pr.nombre); });
    m.required("categoria", [&](const Value& x) { check_string_min1(c, x, pr.categoria); });
    m.required("costo", [&](const Value& x) { check_int(c, x, pr.costo, 1, kMaxSafeInteger); });
    m.required("estado", [&](const Value& x) { check_enum(c, x, pr.estado, {"requiere_autorizacion", "exento", "excluido"}); });
    m.required("diagnosticos_compatibles", [&](const Value& x) { check_string_list(c, x, pr.diagnosticos_compatibles, 1); });
    m.required("homonimo_de", [&](const Value& x) {
        if (x.is_null()) return;
        std::string code;
        check_pattern(c, x, code, is_procedure_code, "un código SYN-P-NNN o null", "a code SYN-P-NNN or null");
        pr.homonimo_de = code;
    });
    m.optional("causal", [&](const Value& x) {
        std::string id;
        check_enum(c, x, id, {"a", "b", "c", "d", "e", "f"});
        pr.causal = id;
    });
    m.optional("exento_motivo", [&](const Value& x) {
        Bilingual b;
        read_bil(c, x, b);
        pr.exento_motivo = b;
    });
    m.optional("tope_cobertura", [&](const Value& x) {
        std::int64_t cap = 0;
        check_int(c, x, cap, 1, kMaxSafeInteger);
        pr.tope_cobertura = cap;
    });
    check_procedure_state(c, item, pr);
}

Issues read_schema(const Value& doc, BenefitPlan& w) {
    Check c;
    Members m(c, doc);
    if (!m.ok()) return std::move(c.issues());
    json::schema::unknown_keys(c, doc, {"formato", "id", "version", "demo_id", "dominio_id", "nombre", "aviso", "unidad_de_costo",
                                        "tope_alto_costo", "reglas", "causales_de_exclusion", "diagnosticos", "procedimientos", "huella"});
    std::string formato;
    m.required("formato", [&](const Value& x) { check_enum(c, x, formato, {"planlang-plan-beneficios/v1"}); });
    m.required("id", [&](const Value& x) { check_string_min1(c, x, w.id); });
    m.required("version", [&](const Value& x) {
        check_pattern(c, x, w.version, json::schema::is_version, "una versión X.Y.Z", "a version X.Y.Z");
    });
    m.required("demo_id", [&](const Value& x) { check_string_min1(c, x, w.demo_id); });
    m.required("dominio_id", [&](const Value& x) { check_string_min1(c, x, w.dominio_id); });
    m.required("nombre", [&](const Value& x) { read_bil(c, x, w.nombre); });
    m.required("aviso", [&](const Value& x) { read_bil(c, x, w.aviso); });
    m.required("unidad_de_costo", [&](const Value& x) { read_bil(c, x, w.unidad_de_costo); });
    m.required("tope_alto_costo", [&](const Value& x) {
        check_pattern(c, x, w.tope_alto_costo, [](std::string_view t) { return t.size() > 7 && t.substr(0, 7) == "umbral."; },
                      "una referencia umbral.X", "a reference umbral.X");
    });
    m.required("reglas", [&](const Value& x) { check_items(c, x, w.reglas, 1, read_rule); });
    m.required("causales_de_exclusion", [&](const Value& x) {
        check_items(c, x, w.causales_de_exclusion, 6, read_ground);
        if (x.is_array() && x.as_array().size() > 6)
            c.fail({"debe haber exactamente 6 causales (a–f)", "there must be exactly 6 grounds (a–f)"});
    });
    m.required("diagnosticos", [&](const Value& x) { check_items(c, x, w.diagnosticos, 1, read_diagnosis); });
    m.required("procedimientos", [&](const Value& x) { check_items(c, x, w.procedimientos, 1, read_procedure); });
    // Null or a string here; whether it is there and right is the last step's.
    m.required("huella", [&](const Value& x) {
        if (!x.is_null()) json::schema::string(c, x);
    });
    return std::move(c.issues());
}

// [SECTION] references: unique codes, compatible diagnoses, homonyms, grounds a–f once each

Issues check_references(const BenefitPlan& w) {
    Issues issues;
    auto broken = [&](const std::string& element, const std::string& es, const std::string& en) {
        issues.push_back(Issue{"REFERENCIA_ROTA", element, {es, en}});
    };
    std::set<std::string> ground_ids, diag_codes, proc_codes;
    for (std::size_t i = 0; i < w.causales_de_exclusion.size(); ++i)
        if (!ground_ids.insert(w.causales_de_exclusion[i].id).second)
            broken(join("causales_de_exclusion", i), "causal repetida: " + w.causales_de_exclusion[i].id,
                   "repeated ground: " + w.causales_de_exclusion[i].id);
    for (std::size_t i = 0; i < w.diagnosticos.size(); ++i)
        if (!diag_codes.insert(w.diagnosticos[i].codigo).second)
            broken(join("diagnosticos", i), "código repetido: " + w.diagnosticos[i].codigo, "repeated code: " + w.diagnosticos[i].codigo);
    for (std::size_t i = 0; i < w.procedimientos.size(); ++i)
        if (!proc_codes.insert(w.procedimientos[i].codigo).second)
            broken(join("procedimientos", i), "código repetido: " + w.procedimientos[i].codigo, "repeated code: " + w.procedimientos[i].codigo);
    for (std::size_t i = 0; i < w.procedimientos.size(); ++i) {
        const Procedure& p = w.procedimientos[i];
        const std::string path = join("procedimientos", i);
        for (std::size_t k = 0; k < p.diagnosticos_compatibles.size(); ++k)
            if (!diag_codes.count(p.diagnosticos_compatibles[k]))
                broken(join(join(path, "diagnosticos_compatibles"), k), "diagnóstico desconocido: " + p.diagnosticos_compatibles[k],
                       "unknown diagnosis: " + p.diagnosticos_compatibles[k]);
        if (p.homonimo_de && (!proc_codes.count(*p.homonimo_de) || *p.homonimo_de == p.codigo))
            broken(join(path, "homonimo_de"), "homónimo desconocido: " + *p.homonimo_de, "unknown homonym: " + *p.homonimo_de);
        if (p.causal && !ground_ids.count(*p.causal))
            broken(join(path, "causal"), "causal no declarada: " + *p.causal, "undeclared ground: " + *p.causal);
    }
    return issues;
}

// [SECTION] huella: declared, and equal to the one computed over the document

std::optional<Issue> check_huella(const Value& doc, BenefitPlan& w) {
    const Value& declared = *doc.find("huella");  // the schema step saw it there, null or a string
    if (!declared.is_string() || declared.as_string().empty())
        return Issue{"HUELLA_AUSENTE", "huella", {"el plan de beneficios no declara su huella", "the benefit plan declares no huella"}};
    w.huella = json::huella(doc);
    if (w.huella != declared.as_string())
        return Issue{"HUELLA_NO_COINCIDE", "huella",
                     {"declarada " + declared.as_string() + ", calculada " + w.huella, "declared " + declared.as_string() + ", computed " + w.huella}};
    return std::nullopt;
}

}  // namespace

BenefitPlanResult read_benefit_plan(const json::Value& doc) {
    BenefitPlanResult result;
    BenefitPlan w;
    result.issues = read_schema(doc, w);
    if (result.issues.empty()) result.issues = check_references(w);
    if (!result.issues.empty()) return result;
    if (std::optional<Issue> problem = check_huella(doc, w)) {
        result.issues.push_back(std::move(*problem));
        return result;
    }
    result.ok = true;
    result.plan = std::move(w);
    return result;
}

}  // namespace planlang::synth
