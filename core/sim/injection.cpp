// Our injection patterns (synthetic-and-simulation.md §10). Terms are written folded (see fold()).
#include "core/sim/injection.hpp"

#include <cstring>

namespace planlang::sim {
namespace {

// A family matches when one of its phrases occurs, or one term of `first` is followed, within `window`
// bytes after its end and in the same clause, by one term of `second`. Every term must start and end on a word boundary.
struct Family {
    const char* name;
    std::vector<std::string_view> phrases;
    std::vector<std::string_view> first;
    std::vector<std::string_view> second;
    std::size_t window;
};

const std::vector<Family>& families() {
    static const std::vector<Family> kFamilies = {
        {"ignorar",
         {"ignore previous", "ignore all previous", "disregard previous", "pasa por alto las reglas"},
         {"ignora", "ignoren", "ignorar", "ignore", "olvida", "olviden", "olvidar", "forget", "omite", "omitan", "omitir",
          "disregard", "desobedece", "desatiende", "skip", "salta", "saltate", "bypass"},
         {"regla", "reglas", "instruccion", "instrucciones", "indicaciones", "politica", "politicas", "norma", "normas",
          "rule", "rules", "instruction", "instructions", "policy", "policies", "guidelines"},
         60},
        {"autoridad",
         {"soy el administrador", "soy la administradora", "como administrador", "como administradora",
          "administrador del sistema", "administradora del sistema", "autoridad del sistema", "mensaje del sistema",
          "orden del sistema", "instruccion del sistema", "modo administrador", "modo de administrador", "acceso de administrador",
          "i am the administrator", "as the administrator", "as administrator", "system administrator", "system message",
          "system override", "admin override", "administrator mode", "by order of the system", "system authority"},
         {},
         {},
         0},
        {"mensaje_ia",
         {"para la ia", "a la ia", "querida ia", "estimada ia", "atencion ia", "nota para el modelo", "mensaje para el modelo",
          "para el modelo de lenguaje", "al modelo de lenguaje", "asistente de ia", "asistente virtual", "inteligencia artificial que lee",
          "to the ai", "dear ai", "attention ai", "note to the model", "message to the model", "ai assistant", "language model reading",
          "if you are an ai", "si eres una ia", "si eres un modelo", "instruccion al modelo", "instrucciones al modelo",
          "instruction to the model", "instructions to the model", "para el sistema de ia", "al sistema de ia",
          "for the ai system", "to the ai system"},
         {},
         {},
         0},
        {"guardia",
         {"sin filtro de salida", "sin guardia de salida", "without the output guard", "no output filter"},
         {"desactiva", "desactiven", "desactivar", "apaga", "apaguen", "apagar", "deshabilita", "deshabilitar", "suspende",
          "disable", "deactivate", "turn off", "switch off"},
         {"guardia", "guardias", "filtro", "filtros", "guard", "guards", "filter", "filters", "control de salida", "output check",
          "safeguard", "safeguards", "salvaguarda", "salvaguardas"},
         60},
        {"confianza",
         {"confianza maxima", "confianza absoluta", "confianza de 1", "confianza 1", "confianza = 1", "confianza del 100",
          "confianza de 100", "maximum confidence", "confidence of 1", "confidence 1", "confidence = 1", "100% confidence",
          "100 % de confianza", "100 % confidence", "full confidence"},
         {"fija", "fijen", "fijar", "pon", "ponga", "poner", "marca", "marque", "marcar", "asigna", "asignar", "reporta", "reportar",
          "set", "assign", "report", "force", "fuerza", "forzar"},
         {"confianza", "confidence"},
         30},
    };
    return kFamilies;
}

bool is_word_byte(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80; }

// Positions (end offsets) of `term` in `text` on word boundaries; the first one at or after `from`.
std::size_t find_term(std::string_view text, std::string_view term, std::size_t from) {
    while (from <= text.size()) {
        const std::size_t at = text.find(term, from);
        if (at == std::string_view::npos) return std::string_view::npos;
        const std::size_t end = at + term.size();
        const bool left = at == 0 || !is_word_byte(static_cast<unsigned char>(text[at - 1])) ||
                          !is_word_byte(static_cast<unsigned char>(term.front()));
        const bool right = end == text.size() || !is_word_byte(static_cast<unsigned char>(text[end])) ||
                           !is_word_byte(static_cast<unsigned char>(term.back()));
        if (left && right) return at;
        from = at + 1;
    }
    return std::string_view::npos;
}

bool matches(const Family& f, std::string_view text) {
    for (std::string_view phrase : f.phrases)
        if (find_term(text, phrase, 0) != std::string_view::npos) return true;
    for (std::string_view a : f.first) {
        std::size_t at = find_term(text, a, 0);
        while (at != std::string_view::npos) {
            const std::size_t end = at + a.size();
            std::string_view window = text.substr(end, f.window);
            // a pair never spans a clause: the window stops at the first . ; : ! ? or line break
            const std::size_t clause = window.find_first_of(".;:!?\n");
            if (clause != std::string_view::npos) window = window.substr(0, clause);
            for (std::string_view b : f.second) {
                const std::size_t hit = find_term(window, b, 0);
                // the second term must lie wholly inside the window and end on a word boundary of the text
                if (hit != std::string_view::npos) {
                    const std::size_t stop = end + hit + b.size();
                    if (stop == text.size() || !is_word_byte(static_cast<unsigned char>(text[stop])) ||
                        !is_word_byte(static_cast<unsigned char>(b.back())))
                        return true;
                }
            }
            at = find_term(text, a, at + 1);
        }
    }
    return false;
}

}  // namespace

std::string fold(std::string_view s) {
    // Two-byte UTF-8 sequences of Latin-1 letters (U+00C0..U+00FF) folded to their base ASCII letter.
    static const char* kLatin1 =  // index: code point − 0xC0
        "aaaaaaaceeeeiiii"        // C0–CF
        "dnooooo*ouuuuyts"        // D0–DF (× and ß kept as placeholders below)
        "aaaaaaaceeeeiiii"        // E0–EF
        "dnooooo/ouuuuyty";       // F0–FF
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c));
        } else if (c == 0xC3 && i + 1 < s.size()) {
            const unsigned char d = static_cast<unsigned char>(s[i + 1]);
            const unsigned cp = 0xC0u + (d & 0x3Fu);
            if ((d & 0xC0u) == 0x80u && cp >= 0xC0 && cp != 0xD7 && cp != 0xF7 && cp != 0xDF) {
                out.push_back(kLatin1[cp - 0xC0]);
                ++i;
            } else {
                out.push_back(static_cast<char>(c));
            }
        } else {
            out.push_back(static_cast<char>(c));
        }
    }
    return out;
}

std::vector<std::string> injection_families(std::string_view text) {
    const std::string folded = fold(text);
    std::vector<std::string> out;
    for (const Family& f : families())
        if (matches(f, folded)) out.emplace_back(f.name);
    return out;
}

}  // namespace planlang::sim
