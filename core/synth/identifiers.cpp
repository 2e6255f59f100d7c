// The identifier validator (spec/synthetic-and-simulation.md §8, decisions.md C6): the document walk and
// the key checks. Hand-written scanners rather than std::regex: the same code, speed and answers in every
// build; the text checks are in identifiers_numbers.cpp and identifiers_text.cpp.
#include "core/synth/identifiers.hpp"

#include <algorithm>
#include <cstdint>

#include "core/json/unicode.hpp"
#include "core/json/schema.hpp"
#include "core/synth/dictionaries.hpp"
#include "core/synth/internal/text_scan.hpp"

namespace planlang::synth {

using namespace internal;

// [SECTION] The document walk and the key checks

namespace {

using json::schema::join;

bool is_synthetic_id(std::string_view v) {
    // SYN-<CAPITALS>-<CAPITALS/DIGITS/HYPHENS>
    if (v.substr(0, 4) != "SYN-") return false;
    std::size_t i = 4;
    const std::size_t caps = i;
    while (i < v.size() && is_upper(v[i])) ++i;
    if (i == caps || i >= v.size() || v[i] != '-') return false;
    ++i;
    if (i >= v.size()) return false;
    for (; i < v.size(); ++i)
        if (!is_upper(v[i]) && !is_digit(v[i]) && v[i] != '-') return false;
    return true;
}

bool skipped_member(const std::string& key, const json::Value& value) {
    static const std::string_view kSkipped[] = {"huella", "fecha", "aprobado_el", "verificada", "vigencia", "semilla"};
    for (std::string_view k : kSkipped)
        if (key == k) return true;
    if (key.rfind("version", 0) == 0) return true;
    if (key.size() > 3 && key.compare(key.size() - 3, 3, "_id") == 0 && value.is_string()) {
        const std::string& v = value.as_string();
        if (v.rfind("SYN-", 0) == 0 || v.rfind("A-", 0) == 0 || v.rfind("AH-", 0) == 0) return true;
    }
    return false;
}

// The path of the current value as segments, joined only when there is something to report.
class Walker {
public:
    Issues issues;

    void value(const json::Value& v, const std::string& key, const std::string& parent_key) {
        if (v.is_string()) {
            const std::string& s = v.as_string();
            static const std::string_view kIdKeys[] = {"documento", "historia_clinica", "registro", "nit", "numero_afiliacion", "titular_actividad"};
            for (std::string_view k : kIdKeys)
                if (key == k && !is_synthetic_id(s))
                    report("ID_NO_SINTETICO", {"no es un identificador SYN-…: «" + s + "»", "not a SYN-… identifier: \"" + s + "\""});
            if (key == "nombre" && (parent_key == "afiliado" || parent_key == "medico")) {
                std::size_t start = 0;
                for (;;) {
                    const auto space = s.find(' ', start);
                    const std::string word = s.substr(start, space == std::string::npos ? std::string::npos : space - start);
                    if (!is_dictionary_name_word(word)) {
                        report("ID_NOMBRE", {"palabra fuera de nuestros diccionarios: «" + word + "»", "word outside our dictionaries: \"" + word + "\""});
                        break;
                    }
                    if (space == std::string::npos) break;
                    start = space + 1;
                }
            }
            if (key == "nombre" && parent_key == "prestador" && !is_dictionary_provider(s))
                report("ID_PRESTADOR", {"prestador fuera de nuestro diccionario: «" + s + "»", "provider outside our dictionary: \"" + s + "\""});
            text(s);
        } else if (v.is_number()) {
            if (key == "edad" && v.as_number() > 89) report("ID_EDAD", {"edad mayor que 89", "age above 89"});
        } else if (v.is_array()) {
            const auto& items = v.as_array();
            for (std::size_t i = 0; i < items.size(); ++i) {
                m_path.push_back(Segment{nullptr, i});
                value(items[i], key, parent_key);
                m_path.pop_back();
            }
        } else if (v.is_object()) {
            std::vector<const json::Member*> members;
            members.reserve(v.as_object().size());
            for (const json::Member& m : v.as_object()) members.push_back(&m);
            std::stable_sort(members.begin(), members.end(),
                             [](const json::Member* a, const json::Member* b) { return json::utf16_less(a->key, b->key); });
            for (const json::Member* m : members) {
                m_path.push_back(Segment{&m->key, 0});
                text(m->key);
                if (!skipped_member(m->key, m->value)) value(m->value, m->key, key);
                m_path.pop_back();
            }
        }
    }

private:
    struct Segment {
        const std::string* key;  // nullptr: an array index
        std::size_t index;
    };

    std::string path() const {
        std::string out;
        for (const Segment& s : m_path) out = s.key ? join(out, *s.key) : join(out, s.index);
        return out.empty() ? "$" : out;
    }

    void report(const char* code, Bilingual message) { issues.push_back(Issue{code, path(), std::move(message)}); }

    void text(std::string_view s) {
        for (const TextFinding& f : scan_text(s)) {
            const std::string fragment(s.substr(f.inicio, f.fin - f.inicio));
            report(f.codigo.c_str(), {"parece un dato real: «" + fragment + "»", "looks like real data: \"" + fragment + "\""});
        }
    }

    std::vector<Segment> m_path;
};

}  // namespace

Issues scan_identifiers(const json::Value& document) {
    Walker w;
    w.value(document, "", "");
    return std::move(w.issues);
}

}  // namespace planlang::synth
