// The CHAI card (chai.hpp): the tree, its XML and HTML, the lint, the check against the report and the
// provenance side table.
#include "core/cards/chai.hpp"

#include <cctype>
#include <string>

#include "core/cards/internal/chai_parts.hpp"
#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/report/html.hpp"
#include "core/report/markdown_html.hpp"

namespace planlang::cards {

using report::html_escape;

namespace {

using internal::Docs;

// Calls f(element, path) for every element, depth first, in order. Paths name repeated siblings with a
// 1-based index ("Keywords/Keyword[2]").
// The name of child i in a path: its element name, with its 1-based index among same-named siblings when
// there are several ("Keyword[2]").
std::string child_name(const ChaiElement& parent, std::size_t i) {
    const ChaiElement& c = parent.hijos[i];
    std::size_t same = 0, nth = 0;
    for (std::size_t j = 0; j < parent.hijos.size(); ++j)
        if (parent.hijos[j].nombre == c.nombre) {
            ++same;
            if (j <= i) ++nth;
        }
    return c.nombre + (same > 1 ? "[" + std::to_string(nth) + "]" : std::string());
}

template <typename F>
void walk(const ChaiElement& e, const std::string& path, F&& f) {
    f(e, path);
    for (std::size_t i = 0; i < e.hijos.size(); ++i) walk(e.hijos[i], path + "/" + child_name(e, i), f);
}

// XML 1.0 text: & < > " ' as references; control characters XML 1.0 cannot carry (all below U+0020 but
// tab, LF, CR) as U+FFFD.
std::string xml_escape(std::string_view text) { return report::escape_markup(text, report::MarkupEscape{"&apos;", true}); }

// `attributes`: written into the start tag as given (the root's namespace declaration).
void write_xml(const ChaiElement& e, int depth, std::string& out, std::string_view attributes = {}) {
    const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
    const std::string start = indent + "<" + e.nombre + std::string(attributes);
    if (e.hoja) {
        out += start + ">" + xml_escape(e.texto) + "</" + e.nombre + ">\n";
    } else if (e.hijos.empty()) {
        out += start + "/>\n";
    } else {
        out += start + ">\n";
        for (const ChaiElement& c : e.hijos) write_xml(c, depth + 1, out);
        out += indent + "</" + e.nombre + ">\n";
    }
}

std::string trimmed_lower(std::string_view s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    std::string out;
    for (std::size_t i = a; i < b; ++i) out += static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
    return out;
}

// Why a leaf's text says nothing, or nullopt when it says something.
std::optional<Bilingual> empty_reason(std::string_view text) {
    const std::string t = trimmed_lower(text);
    if (t.empty()) return Bilingual{"el campo está vacío", "the field is empty"};
    if (t.find_first_not_of('?') == std::string::npos) return Bilingual{"el campo solo tiene «?»", "the field holds only \"?\""};
    for (const char* word : {"tbd", "todo", "n/a", "na", "xxx", "-", "—"})
        if (t == word) return Bilingual{"el campo solo dice «" + t + "»", "the field only says \"" + t + "\""};
    for (const char* word : {"placeholder", "lorem"})
        if (t.find(word) != std::string::npos) return Bilingual{std::string("el campo contiene «") + word + "»", std::string("the field contains \"") + word + "\""};
    return std::nullopt;
}

std::string origin_word(Origin o, report::Lang lang) {
    switch (o) {
        case Origin::derivado: return internal::pick(lang, "derivado", "derived");
        case Origin::declarado: return internal::pick(lang, "declarado", "declared");
        case Origin::no_aplica: return internal::pick(lang, "no aplica", "not applicable");
    }
    return std::string();
}

// Rows of a section's table: every leaf below it, named by its path relative to the section.
void table_rows(const ChaiElement& e, const std::string& prefix, report::Lang lang, std::string& out) {
    walk(e, prefix, [&](const ChaiElement& leaf, const std::string& path) {
        if (!leaf.hoja) return;
        out += "<tr><th scope=\"row\">" + html_escape(path) + "</th><td>" + report::markdown_html(leaf.texto);
        if (!leaf.fuentes.empty()) {  // the pointers are the expert's, folded (the site's reading switch shows them)
            out += "<details class=\"experto\"><summary>" + html_escape(internal::pick(lang, "Fuentes", "Sources")) + " (" +
                   std::to_string(leaf.fuentes.size()) + ")</summary><p><small>";
            for (std::size_t i = 0; i < leaf.fuentes.size(); ++i)
                out += (i ? "; " : "") + html_escape(std::string(doc_name(leaf.fuentes[i].documento)) + " " + leaf.fuentes[i].puntero);
            out += "</small></p></details>";
        }
        out += "</td><td>" + html_escape(origin_word(leaf.origen, lang)) + "</td></tr>\n";
    });
}

void html_section(const ChaiElement& e, int level, report::Lang lang, std::string& out) {
    const std::string h = "h" + std::to_string(level);
    out += "<" + h + ">" + html_escape(e.nombre) + "</" + h + ">\n";
    bool has_leaf = e.hoja;
    for (const ChaiElement& c : e.hijos) has_leaf = has_leaf || c.hoja;
    if (!has_leaf) {
        for (const ChaiElement& c : e.hijos) html_section(c, level + 1 > 6 ? 6 : level + 1, lang, out);
        return;
    }
    out += "<table>\n<thead><tr><th scope=\"col\">" + std::string(internal::pick(lang, "Campo", "Field")) + "</th><th scope=\"col\">" +
           internal::pick(lang, "Valor", "Value") + "</th><th scope=\"col\">" + internal::pick(lang, "Origen", "Origin") + "</th></tr></thead>\n<tbody>\n";
    if (e.hoja) table_rows(e, e.nombre, lang, out);
    else
        for (std::size_t i = 0; i < e.hijos.size(); ++i) table_rows(e.hijos[i], child_name(e, i), lang, out);
    out += "</tbody>\n</table>\n";
}

}  // namespace

std::string_view schema_name(ChaiSchema schema) { return schema == ChaiSchema::v0_1 ? "v0.1" : "v0.2"; }

std::string_view schema_namespace(ChaiSchema schema) {
    return schema == ChaiSchema::v0_1 ? "https://mc.chai.org/v0.1/schema.xsd" : "https://mc.chai.org/v0.2/schema.xsd";
}

std::string_view origin_name(Origin origin) {
    switch (origin) {
        case Origin::derivado: return "derivado";
        case Origin::declarado: return "declarado";
        case Origin::no_aplica: return "no_aplica";
    }
    return "";
}

std::string_view doc_name(Doc doc) {
    switch (doc) {
        case Doc::plan: return "plan";
        case Doc::informe: return "informe";
        case Doc::corrida: return "corrida";
        case Doc::declarado: return "declarado";
    }
    return "";
}

ChaiCard build_chai_card(const playground::Loaded& loaded, const json::Value& declared, report::Lang lang, ChaiSchema schema) {
    ChaiCard card;
    card.lang = lang;
    card.schema = schema;
    card.raiz.nombre = "AppliedModelCard";
    if (!loaded.ok || !loaded.compacto || !loaded.entradas || !loaded.corrida) {
        card.problemas.push_back(Issue{"CORRIDA_NO_CARGADA", "$", {"la corrida no se cargó: no hay ficha", "the run was not loaded: no card"}});
        return card;
    }
    card.problemas = check_declared(declared);
    if (!card.problemas.empty()) return card;
    const Docs docs = internal::docs_of(loaded, &declared);
    card.raiz = internal::section("AppliedModelCard", {});
    card.raiz.hijos.push_back(internal::basic_info(docs, lang));
    card.raiz.hijos.push_back(internal::release_info(docs, lang));
    card.raiz.hijos.push_back(internal::model_summary(docs, lang));
    card.raiz.hijos.push_back(internal::uses_and_directions(docs, lang));
    card.raiz.hijos.push_back(internal::warnings(docs, lang));
    card.raiz.hijos.push_back(internal::trust_ingredients(docs, lang));
    card.raiz.hijos.push_back(internal::key_metrics(docs, lang, schema));
    card.raiz.hijos.push_back(internal::resources(docs, lang));
    card.raiz.hijos.push_back(internal::bibliography(docs, lang));
    // ds:Signature (optional) is not written: fingerprints prove integrity, and no key signs our cards.
    return card;
}

ChaiCard checked_chai_card(const playground::Loaded& loaded, const json::Value& declared, report::Lang lang, ChaiSchema schema) {
    ChaiCard card = build_chai_card(loaded, declared, lang, schema);
    if (!card.problemas.empty()) return card;
    for (Issue& i : chai_lint(card)) card.problemas.push_back(std::move(i));
    for (Issue& i : chai_check_against_report(card, loaded)) card.problemas.push_back(std::move(i));
    return card;
}

std::string chai_xml(const ChaiCard& card) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    // The schemas are elementFormDefault="qualified": every element is in the schema's namespace, declared once
    // on the root as the default namespace.
    write_xml(card.raiz, 0, out, " xmlns=\"" + std::string(schema_namespace(card.schema)) + "\"");
    return out;
}

Issues chai_lint(const ChaiCard& card) {
    Issues out;
    walk(card.raiz, card.raiz.nombre, [&](const ChaiElement& e, const std::string& path) {
        if (!e.hoja) return;
        if (std::optional<Bilingual> why = empty_reason(e.texto)) out.push_back(Issue{"CHAI_CAMPO_VACIO", path, *why});
        if (e.nombre == "ValueJson") {
            const json::ReadResult r = json::read(e.texto);
            if (!r.ok() || !r.value.is_object() || !r.value.find("kind"))
                out.push_back(Issue{"CHAI_VALUEJSON_INVALIDO", path, {"ValueJson no es un objeto JSON con «kind»", "ValueJson is not a JSON object with \"kind\""}});
        }
    });
    return out;
}

Issues chai_check_against_report(const ChaiCard& card, const playground::Loaded& loaded) {
    Issues out;
    const Docs docs = internal::docs_of(loaded, nullptr);
    walk(card.raiz, card.raiz.nombre, [&](const ChaiElement& e, const std::string& path) {
        for (const Source& s : e.fuentes) {
            if (s.documento == Doc::declarado) continue;  // author input: nothing in the run to compare with
            const json::Value* root = docs.get(s.documento);
            const json::Value* now = root ? internal::resolve(*root, s.puntero) : nullptr;
            const std::string where = path + " " + std::string(doc_name(s.documento)) + ":" + s.puntero;
            if (!now) {
                out.push_back(Issue{"CHAI_VALOR_DISTINTO", where, {"el puntero ya no lleva a ningún valor", "the pointer no longer leads to a value"}});
            } else if (*now != s.valor) {
                const std::string was = json::canonical(s.valor), is = json::canonical(*now);
                out.push_back(Issue{"CHAI_VALOR_DISTINTO", where, {"la ficha dice " + was + " y ahora se lee " + is, "the card says " + was + " and it now reads " + is}});
            }
        }
    });
    return out;
}

json::Value chai_provenance_json(const ChaiCard& card) {
    json::Array elements;
    walk(card.raiz, card.raiz.nombre, [&](const ChaiElement& e, const std::string& path) {
        if (!e.hoja) return;
        json::Array sources;
        for (const Source& s : e.fuentes)
            sources.push_back(json::Object{{"documento", std::string(doc_name(s.documento))}, {"puntero", s.puntero}, {"valor", s.valor}});
        elements.push_back(json::Object{{"elemento", path}, {"origen", std::string(origin_name(e.origen))}, {"fuentes", std::move(sources)}});
    });
    return json::Object{{"formato", "planlang-chai-procedencia/v1"},
                        {"esquema", std::string(schema_name(card.schema))},
                        {"idioma", card.lang == report::Lang::es ? "es" : "en"},
                        {"elementos", std::move(elements)}};
}

std::string chai_html(const ChaiCard& card) {
    const report::Lang lang = card.lang;
    std::string out = "<section class=\"card chai\" lang=\"" + std::string(lang == report::Lang::es ? "es" : "en") + "\">\n";
    out += "<h2>" + html_escape(internal::pick(lang, "Ficha del modelo (CHAI)", "Model card (CHAI)")) + "</h2>\n";
    out += "<p>" + html_escape(std::string("CHAI Applied Model Card ") + std::string(schema_name(card.schema))) + "</p>\n";
    for (const ChaiElement& c : card.raiz.hijos) html_section(c, 3, lang, out);
    out += "</section>\n";
    return out;
}

namespace {

void markdown_section(const ChaiElement& e, int level, report::Lang lang, bool expert, std::string& out) {
    out += std::string(static_cast<std::size_t>(level), '#') + " " + e.nombre + "\n\n";
    bool has_leaf = e.hoja;
    for (const ChaiElement& c : e.hijos) has_leaf = has_leaf || c.hoja;
    if (!has_leaf) {
        for (const ChaiElement& c : e.hijos) markdown_section(c, level + 1 > 6 ? 6 : level + 1, lang, expert, out);
        return;
    }
    walk(e, e.nombre, [&](const ChaiElement& leaf, const std::string& path) {
        if (!leaf.hoja) return;
        out += "**" + path + "** · *" + origin_word(leaf.origen, lang) + "*\n\n" + leaf.texto + "\n\n";
        if (expert && !leaf.fuentes.empty()) {
            std::string sources;
            for (const Source& f : leaf.fuentes) sources += (sources.empty() ? "" : "; ") + std::string(doc_name(f.documento)) + " `" + f.puntero + "`";
            out += internal::pick(lang, "Fuentes: ", "Sources: ") + sources + "\n\n";
        }
    });
}

}  // namespace

std::string chai_markdown(const ChaiCard& card, bool expert) {
    const report::Lang lang = card.lang;
    std::string out = "## " + std::string(internal::pick(lang, "Ficha del modelo (CHAI)", "Model card (CHAI)")) + "\n\n";
    out += "CHAI Applied Model Card " + std::string(schema_name(card.schema)) + "\n\n";
    for (const ChaiElement& c : card.raiz.hijos) markdown_section(c, 3, lang, expert, out);
    return out;
}

std::string declared_facts_path(const json::Value& run_manifest) {
    const json::Value& archivo = json::member_or_null(json::member_or_null(run_manifest, "plan"), "archivo");
    const std::string file = archivo.is_string() ? archivo.as_string() : std::string();
    const std::size_t slash = file.rfind('/');
    return slash == std::string::npos ? std::string("chai-declarado.json") : file.substr(0, slash) + "/chai-declarado.json";
}

}  // namespace planlang::cards
