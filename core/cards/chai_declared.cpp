// The declared facts of a CHAI card (`planlang-chai-declarado/v1`, ours; chai.hpp check_declared): strict
// reading, every problem as an issue with its JSON path, in the file format's key order.
#include <string>
#include <string_view>

#include "core/cards/chai.hpp"

namespace planlang::cards {

namespace {

constexpr std::string_view kCode = "DECLARADO_INVALIDO";
constexpr std::string_view kFormat = "planlang-chai-declarado/v1";

enum class Kind { formato, bil, texto, terceros, claves };

struct Field {
    std::string_view key;
    Kind kind;
};

// The format, in order (the order issues come in).
constexpr Field kFields[] = {
    {"formato", Kind::formato},
    {"desarrollador", Kind::bil},
    {"contacto", Kind::bil},
    {"financiacion", Kind::bil},
    {"partes_interesadas_consultadas", Kind::bil},
    {"entrenamiento", Kind::bil},
    {"terceros", Kind::terceros},
    {"ensayos_clinicos", Kind::bil},
    {"publicaciones_revisadas", Kind::bil},
    {"claves_de_subgrupo", Kind::claves},
    {"bibliografia", Kind::texto},
};

bool blank(std::string_view s) {
    for (unsigned char c : s)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') return false;
    return true;
}

class Checker {
public:
    Issues issues;

    void add(const std::string& path, std::string es, std::string en) {
        issues.push_back(Issue{std::string(kCode), path, {std::move(es), std::move(en)}});
    }

    void text(const json::Value& v, const std::string& path) {
        if (!v.is_string()) return add(path, "se espera un texto", "a text is expected");
        if (blank(v.as_string())) add(path, "el texto está vacío", "the text is empty");
    }

    // Every member of `v` must be one of `allowed`; each missing one is an issue; then one issue listing
    // the unknown keys (at the object's path).
    bool closed_object(const json::Value& v, const std::string& path, std::initializer_list<std::string_view> allowed) {
        if (!v.is_object()) {
            add(path, "se espera un objeto", "an object is expected");
            return false;
        }
        for (std::string_view key : allowed)
            if (!v.find(key)) add(path + "." + std::string(key), "falta la clave", "the key is missing");
        unknown(v, path, allowed);
        return true;
    }

    void unknown(const json::Value& v, const std::string& path, std::initializer_list<std::string_view> allowed) {
        std::string list;
        for (const json::Member& m : v.as_object()) {
            bool known = false;
            for (std::string_view key : allowed) known = known || m.key == key;
            if (!known) list += (list.empty() ? "" : ", ") + std::string("«") + m.key + "»";
        }
        if (!list.empty()) add(path, "clave desconocida: " + list, "unknown key: " + list);
    }

    void bil(const json::Value& v, const std::string& path) {
        if (!closed_object(v, path, {"es", "en"})) return;
        for (std::string_view lang : {"es", "en"})
            if (const json::Value* t = v.find(lang)) text(*t, path + "." + std::string(lang));
    }
};

}  // namespace

Issues check_declared(const json::Value& declared) {
    Checker c;
    if (!declared.is_object()) {
        c.add("$", "el archivo declarado debe ser un objeto JSON", "the declared file must be a JSON object");
        return c.issues;
    }
    for (const Field& f : kFields) {
        const std::string path = "$." + std::string(f.key);
        const json::Value* v = declared.find(f.key);
        if (!v) {
            c.add(path, "falta la clave", "the key is missing");
            continue;
        }
        switch (f.kind) {
            case Kind::formato:
                if (!v->is_string() || v->as_string() != kFormat)
                    c.add(path, "se espera «" + std::string(kFormat) + "»", "\"" + std::string(kFormat) + "\" is expected");
                break;
            case Kind::bil: c.bil(*v, path); break;
            case Kind::texto: c.text(*v, path); break;
            case Kind::terceros:
                if (!v->is_array() || v->as_array().empty()) {
                    c.add(path, "se espera una lista con al menos una dependencia", "a list of at least one dependency is expected");
                    break;
                }
                for (std::size_t i = 0; i < v->as_array().size(); ++i) {
                    const json::Value& item = v->as_array()[i];
                    const std::string at = path + "[" + std::to_string(i) + "]";
                    if (!c.closed_object(item, at, {"nombre", "version", "uso"})) continue;
                    if (const json::Value* n = item.find("nombre")) c.text(*n, at + ".nombre");
                    if (const json::Value* n = item.find("version")) c.text(*n, at + ".version");
                    if (const json::Value* n = item.find("uso")) c.bil(*n, at + ".uso");
                }
                break;
            case Kind::claves:
                if (!v->is_array()) {
                    c.add(path, "se espera una lista de claves (puede estar vacía)", "a list of keys is expected (it may be empty)");
                    break;
                }
                for (std::size_t i = 0; i < v->as_array().size(); ++i) c.text(v->as_array()[i], path + "[" + std::to_string(i) + "]");
                break;
        }
    }
    c.unknown(declared, "$",
              {"formato", "desarrollador", "contacto", "financiacion", "partes_interesadas_consultadas", "entrenamiento", "terceros",
               "ensayos_clinicos", "publicaciones_revisadas", "claves_de_subgrupo", "bibliografia"});
    return c.issues;
}

}  // namespace planlang::cards
