// Reading revision.json for the draft review (decisions.md E5): lenient, every problem a REVISION_INVALIDA.
#include <iterator>

#include "core/plan/internal/review_access.hpp"

namespace planlang::plan::internal {
namespace {

using namespace tolerant;

constexpr std::string_view kContradictionCodes[] = {
    "SEVERIDAD_SIN_CRITERIO", "PAUSA_SIN_UMBRAL", "UMBRAL_SIN_SENAL",      "UMBRAL_SIN_ARISTA",
    "CRITERIO_SIN_REGLA",     "SOLO_UN_IDIOMA",   "SUPUESTO_NO_DECIDIBLE", "SIN_LINEA_BASE"};

void invalid(Issues& out, std::string element, std::string es, std::string en) {
    add(out, "REVISION_INVALIDA", std::move(element), "revision.json: " + es, "revision.json: " + en);
}

void unknown_keys(const json::Value& object, std::initializer_list<std::string_view> known, const std::string& element,
                  Issues& motivos) {
    std::vector<std::string> unknown;
    for (const json::Member& m : object.as_object())
        if (std::find(known.begin(), known.end(), m.key) == known.end()) unknown.push_back(m.key);
    if (!unknown.empty())
        invalid(motivos, element, "claves desconocidas: " + joined(unknown), "unknown keys: " + joined(unknown));
}

bool is_bil(const json::Value& v) {
    if (!v.is_object() || v.as_object().size() != 2) return false;
    const std::string* es = string_of(v.find("es"));
    const std::string* en = string_of(v.find("en"));
    return es && en && !es->empty() && !en->empty();
}

void read_questions(const json::Value* questions, Issues& pendientes, Issues& motivos) {
    if (!questions) return;
    if (!questions->is_array()) {
        invalid(motivos, "preguntas_pendientes", "debe ser una lista de textos bilingües {es, en}",
                "must be a list of bilingual texts {es, en}");
        return;
    }
    const json::Array& list = questions->as_array();
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json::Value& q = list[i];
        const std::string id = "P" + std::to_string(i + 1);
        if (is_bil(q)) {
            add(pendientes, "PENDIENTE", id, "pregunta pendiente: " + q.find("es")->as_string(),
                "pending question: " + q.find("en")->as_string());
            continue;
        }
        invalid(motivos, indexed("preguntas_pendientes", i), "la pregunta debe ser un texto bilingüe {es, en}",
                "the question must be a bilingual text {es, en}");
        const std::string* plain = string_of(&q);
        const std::string* es = string_of(member(&q, "es"));
        const std::string* en = string_of(member(&q, "en"));
        const std::string text_es = es ? *es : plain ? *plain : "(ilegible)";
        const std::string text_en = en ? *en : plain ? *plain : "(unreadable)";
        add(pendientes, "PENDIENTE", id, "pregunta pendiente: " + text_es, "pending question: " + text_en);
    }
}

std::vector<Acceptance> read_acceptances(const json::Value* accepted, Issues& motivos) {
    std::vector<Acceptance> out;
    if (!accepted) return out;
    if (!accepted->is_array()) {
        invalid(motivos, "contradicciones_aceptadas", "debe ser una lista de {codigo, elemento}", "must be a list of {codigo, elemento}");
        return out;
    }
    const json::Array& list = accepted->as_array();
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string element = indexed("contradicciones_aceptadas", i);
        const json::Value& entry = list[i];
        if (!entry.is_object()) {
            invalid(motivos, element, "cada aceptación debe ser un objeto {codigo, elemento}",
                    "each acceptance must be an object {codigo, elemento}");
            continue;
        }
        const std::string* codigo = string_of(entry.find("codigo"));
        const std::string* elemento = string_of(entry.find("elemento"));
        bool ok = true;
        if (!codigo) {
            invalid(motivos, element + ".codigo", "falta el código o no es un texto", "the code is missing or not a string");
            ok = false;
        } else if (std::find(std::begin(kContradictionCodes), std::end(kContradictionCodes), *codigo) == std::end(kContradictionCodes)) {
            invalid(motivos, element + ".codigo", quoted_es(*codigo) + " no es un código de contradicción (los pendientes se resuelven, no se aceptan)",
                    quoted_en(*codigo) + " is not a contradiction code (pending items are resolved, not accepted)");
            ok = false;
        }
        if (!elemento || elemento->empty()) {
            invalid(motivos, element + ".elemento", "falta el elemento o está vacío", "the element is missing or empty");
            ok = false;
        }
        unknown_keys(entry, {"codigo", "elemento"}, element, motivos);
        if (ok) out.push_back({*codigo, *elemento});
    }
    return out;
}

}  // namespace

std::vector<Acceptance> read_revision(const json::Value* revision, Issues& pendientes, Issues& motivos) {
    if (!revision) return {};
    if (!revision->is_object()) {
        invalid(motivos, "$", "debe ser un objeto {preguntas_pendientes, contradicciones_aceptadas}",
                "must be an object {preguntas_pendientes, contradicciones_aceptadas}");
        return {};
    }
    read_questions(revision->find("preguntas_pendientes"), pendientes, motivos);
    std::vector<Acceptance> accepted = read_acceptances(revision->find("contradicciones_aceptadas"), motivos);
    unknown_keys(*revision, {"preguntas_pendientes", "contradicciones_aceptadas"}, "$", motivos);
    return accepted;
}

}  // namespace planlang::plan::internal
