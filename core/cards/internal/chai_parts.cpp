#include "core/cards/internal/chai_parts.hpp"

#include <algorithm>

#include "core/json/number.hpp"
#include "core/report/display.hpp"
#include "core/rules/ast.hpp"
#include "core/rules/parser.hpp"

namespace planlang::cards::internal {

namespace {

bool parse_index(std::string_view token, std::size_t& out) {
    if (token.empty() || token.size() > 15 || (token.size() > 1 && token[0] == '0')) return false;
    std::size_t n = 0;
    for (char c : token) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<std::size_t>(c - '0');
    }
    out = n;
    return true;
}

std::string unescape_token(std::string_view token) {
    std::string out;
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
            out += token[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            out += token[i];
        }
    }
    return out;
}

const json::Value& null_value() {
    static const json::Value kNull;
    return kNull;
}

}  // namespace

const json::Value* resolve(const json::Value& root, std::string_view pointer) {
    const json::Value* at = &root;
    if (pointer.empty()) return at;
    if (pointer[0] != '/') return nullptr;
    std::size_t start = 1;
    for (;;) {
        const std::size_t slash = pointer.find('/', start);
        const std::string_view raw = pointer.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
        const std::string token = unescape_token(raw);
        if (at->is_object()) {
            at = at->find(token);
        } else if (at->is_array()) {
            std::size_t i = 0;
            if (!parse_index(token, i) || i >= at->as_array().size()) return nullptr;
            at = &at->as_array()[i];
        } else {
            return nullptr;
        }
        if (!at) return nullptr;
        if (slash == std::string_view::npos) return at;
        start = slash + 1;
    }
}

std::string key_step(std::string_view key) {
    std::string out = "/";
    for (char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

std::string index_step(std::size_t i) { return "/" + std::to_string(i); }

const json::Value* Docs::get(Doc doc) const {
    switch (doc) {
        case Doc::plan: return plan;
        case Doc::informe: return informe;
        case Doc::corrida: return corrida;
        case Doc::declarado: return declarado;
    }
    return nullptr;
}

Docs docs_of(const playground::Loaded& loaded, const json::Value* declared) {
    Docs d;
    if (loaded.entradas) d.plan = &loaded.entradas->plan.document;
    if (loaded.compacto) d.informe = &loaded.compacto->informe;
    if (loaded.corrida) d.corrida = &loaded.corrida->manifest;
    d.declarado = declared;
    return d;
}

std::string plain(const json::Value& value) {
    report::DisplayStyle style = report::json_words();
    style.compound = report::DisplayStyle::Compound::empty;
    return report::display_value(value, report::Lang::en, style);
}

std::string short_huella(std::string_view huella) {
    if (huella.size() <= 12) return std::string(huella);
    return std::string(huella.substr(0, 12)) + "…";
}

const json::Value& LeafWriter::read(Doc doc, const std::string& pointer) {
    const json::Value* root = m_docs.get(doc);
    const json::Value* v = root ? resolve(*root, pointer) : nullptr;
    m_sources.push_back(Source{doc, pointer, v ? *v : json::Value()});
    return v ? *v : null_value();
}

const json::Value& LeafWriter::peek(Doc doc, const std::string& pointer) const {
    const json::Value* root = m_docs.get(doc);
    const json::Value* v = root ? resolve(*root, pointer) : nullptr;
    return v ? *v : null_value();
}

std::string LeafWriter::text(Doc doc, const std::string& pointer) {
    const json::Value& here = peek(doc, pointer);
    if (here.is_object()) {
        const json::Value& t = read(doc, pointer + key_step(lang_key(m_lang)));
        return t.is_string() ? t.as_string() : std::string();
    }
    const json::Value& t = read(doc, pointer);
    return t.is_string() ? t.as_string() : std::string();
}

LeafWriter& LeafWriter::say(std::string_view es, std::string_view en) {
    m_text += m_lang == report::Lang::es ? es : en;
    return *this;
}

LeafWriter& LeafWriter::put(std::string_view text) {
    // A sentence that ends in a quoted text already ending with '.' (a plan label) takes no second one.
    if (text == "." && !m_text.empty() && m_text.back() == '.') return *this;
    m_text += text;
    return *this;
}

namespace {

// RFC 6901 pointers compared token by token; two tokens that are both array indexes compare as numbers.
bool pointer_less(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const std::size_t ai = a.find('/', i + 1), bj = b.find('/', j + 1);
        const std::string ta = a.substr(i, ai == std::string::npos ? std::string::npos : ai - i);
        const std::string tb = b.substr(j, bj == std::string::npos ? std::string::npos : bj - j);
        if (ta != tb) {
            auto digits = [](const std::string& t) { return t.size() > 1 && t.find_first_not_of("0123456789", 1) == std::string::npos; };
            if (digits(ta) && digits(tb) && ta.size() != tb.size()) return ta.size() < tb.size();
            return ta < tb;
        }
        if (ai == std::string::npos || bj == std::string::npos) return ai == std::string::npos && bj != std::string::npos;
        i = ai;
        j = bj;
    }
    return a.size() < b.size();
}

}  // namespace

ChaiElement LeafWriter::leaf(std::string nombre, Origin origen) {
    ChaiElement e;
    e.nombre = std::move(nombre);
    e.hoja = true;
    e.origen = origen;
    e.texto = std::move(m_text);
    // One source per (document, pointer): a value read twice is recorded once.
    for (Source& s : m_sources) {
        bool seen = false;
        for (const Source& kept : e.fuentes) seen = seen || (kept.documento == s.documento && kept.puntero == s.puntero);
        if (!seen) e.fuentes.push_back(std::move(s));
    }
    // In document order, then pointer order (array indexes as numbers). Not in reading order: the builders
    // read inside expressions like `value(a) + text(b)`, whose operands C++ may evaluate in either order
    // (GCC and clang differ), and the card must be the same bytes natively and in wasm.
    std::sort(e.fuentes.begin(), e.fuentes.end(), [](const Source& a, const Source& b) {
        if (a.documento != b.documento) return a.documento < b.documento;
        return pointer_less(a.puntero, b.puntero);
    });
    m_sources.clear();
    m_text.clear();
    m_sources.clear();
    return e;
}

ChaiElement section(std::string nombre, std::vector<ChaiElement> hijos) {
    ChaiElement e;
    e.nombre = std::move(nombre);
    e.hijos = std::move(hijos);
    return e;
}

std::string criterion_state(std::string_view estado, report::Lang lang) {
    struct Word {
        std::string_view key;
        const char* es;
        const char* en;
    };
    static const Word kWords[] = {
        {"cumple", "cumple", "met"},
        {"incumple", "incumple", "not met"},
        {"incompleto", "incompleto", "incomplete"},
        {"indeterminado", "indeterminado", "undetermined"},
        {"sin_poblacion", "sin población", "no population"},
        {"mal_formado", "mal formado", "malformed"},
    };
    for (const Word& w : kWords)
        if (w.key == estado) return pick(lang, w.es, w.en);
    return std::string(estado);
}

std::string risk_state(std::string_view estado, report::Lang lang) {
    if (estado == "ocurrio") return pick(lang, "ocurrió", "occurred");
    if (estado == "no_ocurrio") return pick(lang, "no ocurrió", "did not occur");
    return criterion_state(estado, lang);
}

std::string assumption_state(std::string_view estado, report::Lang lang) {
    if (estado == "confirmado") return pick(lang, "confirmado", "confirmed");
    if (estado == "refutado") return pick(lang, "refutado", "refuted");
    if (estado == "sin_probar") return pick(lang, "sin probar", "untested");
    return std::string(estado);
}

std::string_view tag_measured(report::Lang lang) { return lang == report::Lang::es ? "[medido]" : "[measured]"; }
std::string_view tag_computed(report::Lang lang) { return lang == report::Lang::es ? "[calculado]" : "[computed]"; }
std::string_view tag_declared(report::Lang lang) { return lang == report::Lang::es ? "[declarado]" : "[declared]"; }

std::vector<std::size_t> fairness_criteria(const Docs& docs) {
    std::vector<std::size_t> out;
    if (!docs.plan || !docs.declarado) return out;
    const json::Value* keys = resolve(*docs.declarado, "/claves_de_subgrupo");
    const json::Value* criteria = resolve(*docs.plan, "/criterios_aceptacion");
    if (!keys || !criteria) return out;
    std::vector<std::string> roots;
    for (const json::Value& k : json::array_items(*keys))
        if (k.is_string()) roots.push_back(k.as_string());
    const json::Array& list = json::array_items(*criteria);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json::Value& poblacion = json::member_or_null(json::member_or_null(list[i], "regla_de_medicion"), "poblacion");
        if (poblacion.is_string() && rules::reads_root(poblacion.as_string(), roots)) out.push_back(i);
    }
    return out;
}

}  // namespace planlang::cards::internal
