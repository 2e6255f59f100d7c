// Our injection patterns (synthetic-and-simulation.md §10). Terms are written folded (see fold()).
//
// Every term starts at a word start (its first byte is a word byte preceded by a non-word byte or the
// text's start) unless its first byte is not a word byte, so one pass over the folded text's positions
// tries, at each position that can start a term, only the terms beginning with that position's two bytes
// (bucketed by a hash of their first two bytes). A family's pair (first … second) is then a hit of `first` followed by a hit of `second` that
// lies wholly inside the window after it, cut at the first clause mark.
#include "core/sim/demo_a/injection.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "core/sim/demo_a/internal/injection_terms.hpp"

namespace planlang::sim::demo_a {
namespace internal {

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

}  // namespace internal

namespace {

using internal::Family;
using internal::is_word_byte;

enum class Role : std::uint8_t { phrase, first, second };

struct Term {
    std::string_view text;
    std::uint8_t family;
    Role role;
    std::uint32_t head = 0;       // the term's first (up to) four bytes, as load4() reads them
    std::uint32_t head_mask = 0;  // the bytes of `head` that belong to the term
};

std::uint32_t load4(const char* p) {
    std::uint32_t w;
    std::memcpy(&w, p, 4);
    return w;
}

// Terms grouped by a hash of their first two bytes: at a position that can start a term, only the terms
// of that position's bucket (nearly always none or one) are compared.
struct TermIndex {
    static constexpr unsigned kBuckets = 1024;
    static unsigned bucket(unsigned char b0, unsigned char b1) { return (b0 * 37u + b1) & (kBuckets - 1); }
    std::vector<Term> terms;                          // by bucket
    std::array<std::uint16_t, kBuckets + 1> first{};  // bucket b is terms[first[b], first[b + 1])
    std::array<std::vector<Term>, 256> one_byte;      // one-byte terms by their byte (none today)
    bool any_one_byte = false;
    std::array<bool, 256> word{};                     // is_word_byte
    // Bit (b0 << 8 | b1) set when some term starts with the bytes b0 b1: exact, unlike the buckets, so
    // nearly every position is dismissed with one load.
    std::array<std::uint64_t, 65536 / 64> starts{};
    bool may_start(unsigned char b0, unsigned char b1) const {
        const unsigned k = static_cast<unsigned>(b0) << 8 | b1;
        return (starts[k >> 6] >> (k & 63u) & 1u) != 0;
    }

    TermIndex() {
        for (unsigned c = 0; c < 256; ++c) word[c] = is_word_byte(static_cast<unsigned char>(c));
        std::vector<std::pair<unsigned, Term>> keyed;
        const std::vector<Family>& all = internal::families();
        for (std::size_t f = 0; f < all.size(); ++f) {
            const auto add = [&](const std::vector<std::string_view>& list, Role role) {
                for (std::string_view t : list) {
                    Term term{t, static_cast<std::uint8_t>(f), role};
                    char head[4] = {0, 0, 0, 0}, mask[4] = {0, 0, 0, 0};
                    for (std::size_t i = 0; i < t.size() && i < 4; ++i) {
                        head[i] = t[i];
                        mask[i] = static_cast<char>(0xFF);
                    }
                    term.head = load4(head);
                    term.head_mask = load4(mask);
                    if (t.size() == 1) {
                        one_byte[static_cast<unsigned char>(t[0])].push_back(term);
                        any_one_byte = true;
                    } else if (t.size() > 1) {
                        const auto b0 = static_cast<unsigned char>(t[0]), b1 = static_cast<unsigned char>(t[1]);
                        keyed.emplace_back(bucket(b0, b1), term);
                        const unsigned k = static_cast<unsigned>(b0) << 8 | b1;
                        starts[k >> 6] |= std::uint64_t{1} << (k & 63u);
                    }
                }
            };
            add(all[f].phrases, Role::phrase);
            add(all[f].first, Role::first);
            add(all[f].second, Role::second);
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& k : keyed) {
            terms.push_back(k.second);
            ++first[k.first + 1];
        }
        for (unsigned b = 0; b < kBuckets; ++b) first[b + 1] = static_cast<std::uint16_t>(first[b + 1] + first[b]);
    }
};

const TermIndex& term_index() {
    static const TermIndex kIndex;
    return kIndex;
}

struct Hit {
    std::uint32_t at;
    std::uint32_t end;
    std::uint8_t family;
    Role role;
};

// Bit f set when family f matches the folded text.
std::uint32_t matching_families(std::string_view text) {
    const TermIndex& index = term_index();
    const std::vector<Family>& all = internal::families();
    std::uint32_t matched = 0;
    std::vector<Hit> pairs;  // hits of first/second terms, by position
    const auto try_term = [&](const Term& t, std::size_t p) {
        if (matched >> t.family & 1u) return;
        const std::size_t end = p + t.text.size();
        if (end > text.size()) return;
        if (p + 4 <= text.size() && (load4(text.data() + p) & t.head_mask) != t.head) return;  // most candidates end here
        if (std::memcmp(text.data() + p, t.text.data(), t.text.size()) != 0) return;
        if (end != text.size() && index.word[static_cast<unsigned char>(text[end])] && index.word[static_cast<unsigned char>(t.text.back())])
            return;  // right boundary
        if (t.role == Role::phrase) matched |= 1u << t.family;
        else pairs.push_back({static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(end), t.family, t.role});
    };
    bool after_word = false;  // text[p - 1] is a word byte
    for (std::size_t p = 0; p < text.size(); ++p) {
        const auto c = static_cast<unsigned char>(text[p]);
        const bool word = index.word[c];
        // a word byte that continues a word cannot start a term (left boundary)
        const bool continues = word && after_word;
        after_word = word;
        if (continues) continue;
        if (index.any_one_byte)
            for (const Term& t : index.one_byte[c]) try_term(t, p);
        if (p + 1 == text.size()) continue;
        const auto next = static_cast<unsigned char>(text[p + 1]);
        if (!index.may_start(c, next)) continue;
        const unsigned b = TermIndex::bucket(c, next);
        for (unsigned k = index.first[b]; k < index.first[b + 1]; ++k) try_term(index.terms[k], p);
    }
    for (const Hit& a : pairs) {
        if (a.role != Role::first || (matched >> a.family & 1u)) continue;
        std::size_t limit = std::min(text.size(), static_cast<std::size_t>(a.end) + all[a.family].window);
        const std::size_t clause = text.substr(0, limit).find_first_of(".;:!?\n", a.end);
        if (clause != std::string_view::npos) limit = clause;
        for (const Hit& b : pairs)
            if (b.role == Role::second && b.family == a.family && b.at >= a.end && b.end <= limit) {
                matched |= 1u << a.family;
                break;
            }
    }
    return matched;
}

}  // namespace

namespace {

// fold() into out[0, s.size()); returns the folded length (never longer than s).
std::size_t fold_into(char* out, std::string_view s) {
    // Two-byte UTF-8 sequences of Latin-1 letters (U+00C0..U+00FF) folded to their base ASCII letter.
    static const char* kLatin1 =  // index: code point − 0xC0
        "aaaaaaaceeeeiiii"        // C0–CF
        "dnooooo*ouuuuyts"        // D0–DF (× and ß kept as placeholders below)
        "aaaaaaaceeeeiiii"        // E0–EF
        "dnooooo/ouuuuyty";       // F0–FF
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            out[n++] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c);
        } else if (c == 0xC3 && i + 1 < s.size()) {
            const unsigned char d = static_cast<unsigned char>(s[i + 1]);
            const unsigned cp = 0xC0u + (d & 0x3Fu);
            if ((d & 0xC0u) == 0x80u && cp >= 0xC0 && cp != 0xD7 && cp != 0xF7 && cp != 0xDF) {
                out[n++] = kLatin1[cp - 0xC0];
                ++i;
            } else {
                out[n++] = static_cast<char>(c);
            }
        } else {
            out[n++] = static_cast<char>(c);
        }
    }
    return n;
}

}  // namespace

std::string fold(std::string_view s) {
    std::string out(s.size(), '\0');
    out.resize(fold_into(out.data(), s));
    return out;
}

std::vector<std::string> injection_families(std::string_view text) {
    const std::uint32_t matched = matching_families(fold(text));
    std::vector<std::string> out;
    const std::vector<Family>& all = internal::families();
    for (std::size_t f = 0; f < all.size(); ++f)
        if (matched >> f & 1u) out.emplace_back(all[f].name);
    return out;
}

bool has_injection(std::string_view text) {
    char buffer[2048];  // the texts scanned per case (notes, remarks, a letter's sentences) fit: no allocation
    if (text.size() <= sizeof buffer) return matching_families(std::string_view(buffer, fold_into(buffer, text))) != 0;
    return matching_families(fold(text)) != 0;
}

}  // namespace planlang::sim::demo_a
