// Reading a knowledge base back (plans/adherencia/dominio.md §2), one step after the other, each only when
// the previous one found nothing, as demo A's world_read.cpp: the strict schema (ESQUEMA), the references
// between ids (REFERENCIA_ROTA), then the declared huella against the computed one (HUELLA_AUSENTE,
// HUELLA_NO_COINCIDE).
#include <optional>
#include <set>

#include "core/json/fingerprint.hpp"
#include "core/json/schema.hpp"
#include "core/plan/schema_fields.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"

namespace planlang::synth::adherencia {
namespace {

using json::Value;
using json::schema::join;
using json::schema::Members;
using namespace plan::fields;

// [SECTION] the schema

template <std::size_t kDigits>
bool matches_id(std::string_view s, std::string_view prefix) {
    if (s.size() != prefix.size() + kDigits || s.substr(0, prefix.size()) != prefix) return false;
    for (char c : s.substr(prefix.size()))
        if (c < '0' || c > '9') return false;
    return true;
}
bool is_card_id(std::string_view s) { return matches_id<2>(s, "KB-"); }
bool is_red_flag_id(std::string_view s) { return matches_id<2>(s, "RF-"); }
bool is_subacute_id(std::string_view s) { return matches_id<2>(s, "SA-"); }

void read_bil(Check& c, const Value& v, Bilingual& out) {
    plan::Text t;
    check_bil(c, v, t);
    out = {t.es, t.en};
}

void read_tri(Check& c, const Value& v, Tri& out) {
    Members m(c, v);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, v, {"en", "es-419", "pt-BR"});
    m.required("en", [&](const Value& x) { check_string_min1(c, x, out.en); });
    m.required("es-419", [&](const Value& x) { check_string_min1(c, x, out.es419); });
    m.required("pt-BR", [&](const Value& x) { check_string_min1(c, x, out.ptbr); });
}

void read_named(Check& c, const Value& item, Named& n) {
    Members m(c, item);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, item, {"id", "nombre"});
    m.required("id", [&](const Value& x) { check_id(c, x, n.id); });
    m.required("nombre", [&](const Value& x) { read_tri(c, x, n.nombre); });
}

void read_card(Check& c, const Value& item, Card& card) {
    Members m(c, item);
    if (!m.ok()) return;
    json::schema::unknown_keys(c, item, {"id", "grupo", "tema", "titulo", "texto"});
    m.required("id", [&](const Value& x) { check_pattern(c, x, card.id, is_card_id, "un id KB-NN", "an id KB-NN"); });
    m.required("grupo", [&](const Value& x) { check_id(c, x, card.grupo); });
    m.required("tema", [&](const Value& x) { check_id(c, x, card.tema); });
    m.required("titulo", [&](const Value& x) { read_tri(c, x, card.titulo); });
    m.required("texto", [&](const Value& x) { read_tri(c, x, card.texto); });
}

auto symptom_reader(bool (*is_id)(std::string_view), const char* what_es, const char* what_en) {
    return [=](Check& c, const Value& item, Symptom& s) {
        Members m(c, item);
        if (!m.ok()) return;
        json::schema::unknown_keys(c, item, {"id", "sintoma"});
        m.required("id", [&](const Value& x) { check_pattern(c, x, s.id, is_id, what_es, what_en); });
        m.required("sintoma", [&](const Value& x) { read_tri(c, x, s.sintoma); });
    };
}

// A list of ids that must be exactly `expected`, in order (the format fixes the groups, temas and categories).
template <std::size_t N>
void check_exact_ids(Check& c, const std::vector<std::string>& ids, const std::array<std::string_view, N>& expected, const char* what_es,
                     const char* what_en) {
    bool same = ids.size() == N;
    for (std::size_t i = 0; same && i < N; ++i) same = ids[i] == expected[i];
    if (same) return;
    std::string list;
    for (std::string_view e : expected) list += (list.empty() ? "" : ", ") + std::string(e);
    c.fail({std::string("deben ser exactamente ") + what_es + ", en este orden: " + list,
            std::string("must be exactly ") + what_en + ", in this order: " + list});
}

std::vector<std::string> ids_of(const std::vector<Named>& items) {
    std::vector<std::string> out;
    for (const Named& n : items) out.push_back(n.id);
    return out;
}

Issues read_schema(const Value& doc, KnowledgeBase& kb) {
    Check c;
    Members m(c, doc);
    if (!m.ok()) return std::move(c.issues());
    json::schema::unknown_keys(c, doc, {"formato", "id", "version", "demo_id", "dominio_id", "nombre", "aviso", "grupos", "temas", "tarjetas",
                                        "afecciones_sin_tarjeta", "banderas_rojas", "sintomas_subagudos", "categorias_fuera_de_alcance",
                                        "huella"});
    std::string formato;
    m.required("formato", [&](const Value& x) { check_enum(c, x, formato, {"planlang-base-conocimiento/v1"}); });
    m.required("id", [&](const Value& x) { check_string_min1(c, x, kb.id); });
    m.required("version", [&](const Value& x) {
        check_pattern(c, x, kb.version, json::schema::is_version, "una versión X.Y.Z", "a version X.Y.Z");
    });
    m.required("demo_id", [&](const Value& x) { check_enum(c, x, kb.demo_id, {"adherencia"}); });
    m.required("dominio_id", [&](const Value& x) { check_enum(c, x, kb.dominio_id, {"dom-adherencia"}); });
    m.required("nombre", [&](const Value& x) { read_bil(c, x, kb.nombre); });
    m.required("aviso", [&](const Value& x) { read_bil(c, x, kb.aviso); });
    m.required("grupos", [&](const Value& x) {
        const std::size_t before = c.issues().size();
        check_items(c, x, kb.grupos, 1, read_named);
        if (c.issues().size() == before) check_exact_ids(c, ids_of(kb.grupos), kGroups, "los cinco grupos", "the five groups");
    });
    m.required("temas", [&](const Value& x) {
        const std::size_t before = c.issues().size();
        check_items(c, x, kb.temas, 1, read_named);
        if (c.issues().size() == before) check_exact_ids(c, ids_of(kb.temas), kTemas, "los seis temas", "the six temas");
    });
    m.required("tarjetas", [&](const Value& x) { check_items(c, x, kb.tarjetas, 1, read_card); });
    m.required("afecciones_sin_tarjeta", [&](const Value& x) { check_items(c, x, kb.afecciones_sin_tarjeta, 1, read_named); });
    m.required("banderas_rojas",
               [&](const Value& x) { check_items(c, x, kb.banderas_rojas, 1, symptom_reader(is_red_flag_id, "un id RF-NN", "an id RF-NN")); });
    m.required("sintomas_subagudos", [&](const Value& x) {
        check_items(c, x, kb.sintomas_subagudos, 1, symptom_reader(is_subacute_id, "un id SA-NN", "an id SA-NN"));
    });
    m.required("categorias_fuera_de_alcance", [&](const Value& x) {
        const std::size_t before = c.issues().size();
        check_string_list(c, x, kb.categorias_fuera_de_alcance, 1);
        if (c.issues().size() == before) check_exact_ids(c, kb.categorias_fuera_de_alcance, kOutOfScope, "las seis categorías", "the six categories");
    });
    // Null or a string here; whether it is there and right is the last step's.
    m.required("huella", [&](const Value& x) {
        if (!x.is_null()) json::schema::string(c, x);
    });
    return std::move(c.issues());
}

// [SECTION] references: unique ids, cards on declared groups and temas

Issues check_references(const KnowledgeBase& kb) {
    Issues issues;
    auto broken = [&](const std::string& element, const std::string& es, const std::string& en) {
        issues.push_back(Issue{"REFERENCIA_ROTA", element, {es, en}});
    };
    auto unique = [&](const char* list, const auto& items) {
        std::set<std::string> seen;
        for (std::size_t i = 0; i < items.size(); ++i)
            if (!seen.insert(items[i].id).second) broken(join(join(list, i), "id"), "id repetido: " + items[i].id, "repeated id: " + items[i].id);
    };
    unique("tarjetas", kb.tarjetas);
    unique("afecciones_sin_tarjeta", kb.afecciones_sin_tarjeta);
    unique("banderas_rojas", kb.banderas_rojas);
    unique("sintomas_subagudos", kb.sintomas_subagudos);
    for (std::size_t i = 0; i < kb.tarjetas.size(); ++i) {
        const Card& card = kb.tarjetas[i];
        if (!kb.group(card.grupo))
            broken(join(join("tarjetas", i), "grupo"), "grupo no declarado: " + card.grupo, "undeclared group: " + card.grupo);
        if (!kb.tema(card.tema)) broken(join(join("tarjetas", i), "tema"), "tema no declarado: " + card.tema, "undeclared tema: " + card.tema);
    }
    for (std::size_t i = 0; i < kb.afecciones_sin_tarjeta.size(); ++i)
        if (kb.group(kb.afecciones_sin_tarjeta[i].id))
            broken(join(join("afecciones_sin_tarjeta", i), "id"), "una afección sin tarjeta no puede ser un grupo con tarjetas",
                   "a condition without a card cannot be a group with cards");
    return issues;
}

// [SECTION] huella: declared, and equal to the one computed over the document

std::optional<Issue> check_huella(const Value& doc, KnowledgeBase& kb) {
    const Value& declared = *doc.find("huella");  // the schema step saw it there, null or a string
    if (!declared.is_string() || declared.as_string().empty())
        return Issue{"HUELLA_AUSENTE", "huella", {"la base de conocimiento no declara su huella", "the knowledge base declares no huella"}};
    kb.huella = json::huella(doc);
    if (kb.huella != declared.as_string())
        return Issue{"HUELLA_NO_COINCIDE", "huella",
                     {"declarada " + declared.as_string() + ", calculada " + kb.huella, "declared " + declared.as_string() + ", computed " + kb.huella}};
    return std::nullopt;
}

}  // namespace

KnowledgeBaseResult read_knowledge_base(const json::Value& doc) {
    KnowledgeBaseResult result;
    KnowledgeBase kb;
    result.issues = read_schema(doc, kb);
    if (result.issues.empty()) result.issues = check_references(kb);
    if (!result.issues.empty()) return result;
    if (std::optional<Issue> problem = check_huella(doc, kb)) {
        result.issues.push_back(std::move(*problem));
        return result;
    }
    result.ok = true;
    result.base = std::move(kb);
    return result;
}

}  // namespace planlang::synth::adherencia
