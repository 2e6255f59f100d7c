// See fast/plain_case.hpp. The shape read here is check_batch_case's (schema_batch.cpp) with every member
// present, in canonical key order, narrowed to tokens canonical form writes as they are; the schema's
// free-text members are the only strings that may hold non-ASCII text or an escape.
#include "core/run/fast/plain_case.hpp"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>

#include "core/json/schema.hpp"
#include "core/run/fast/plain_scan.hpp"
#include "core/run/internal/schemas.hpp"

namespace planlang::run::internal {
namespace {

using Words = std::initializer_list<std::string_view>;

// No bound above: the scanner's integers have at most 15 digits.
constexpr std::int64_t kMaxInteger = std::numeric_limits<std::int64_t>::max();

// A plain string that is one of `words`, its content in `word` when given.
bool word(PlainScan& s, Words words, std::string_view* word = nullptr) {
    std::string_view w;
    if (!s.plain_string_view(true, w) || std::find(words.begin(), words.end(), w) == words.end()) return false;
    if (word) *word = w;
    return true;
}

// null, or what `read` reads.
template <class Read>
bool nullable(PlainScan& s, Read read) {
    return s.peek() == 'n' ? s.token("null") : read();
}

// An array of what `item` reads, with at least `min_items` of them.
template <class Item>
bool list(PlainScan& s, Item item, std::size_t min_items = 0) {
    if (!s.token("[")) return false;
    std::size_t count = 0;
    if (!s.token("]")) {
        do {
            if (!item()) return false;
            ++count;
        } while (s.token(","));
        if (!s.token("]")) return false;
    }
    return count >= min_items;
}

// An integer in [min, max] (both ≥ 0: the schema's integers here are counts and ages).
bool integer_in(PlainScan& s, std::int64_t min, std::int64_t max) {
    std::int64_t v = 0;
    return s.integer_from_zero(&v) && v >= min && v <= max;
}

bool text(PlainScan& s) { return s.text_string(true); }

// {en, es}: json::schema::bil's shape.
bool bilingual(PlainScan& s) { return s.token("{") && s.key("\"en\"", true) && text(s) && s.key("\"es\"") && text(s) && s.token("}"); }

// The extracted or true fields.
bool fields(PlainScan& s) {
    double cost = 0;
    return s.token("{") && s.key("\"costo_estimado\"", true) && nullable(s, [&] { return s.plain_number(cost); }) &&
           s.key("\"diagnostico\"") && nullable(s, [&] { return s.text_string(false); }) && s.key("\"procedimiento\"") &&
           nullable(s, [&] { return s.text_string(false); }) && s.key("\"urgencia\"") && nullable(s, [&] { return s.boolean(); }) &&
           s.token("}");
}

bool missing_fields(PlainScan& s) {
    return list(s, [&] { return word(s, kMissingFields); });
}

bool clarification(PlainScan& s) {
    return s.token("{") && s.key("\"aporta\"", true) && missing_fields(s) && s.key("\"ciclo\"") && integer_in(s, 1, kMaxInteger) &&
           s.key("\"texto\"") && bilingual(s) && s.token("}");
}

bool input(PlainScan& s) {
    if (!s.token("{") || !s.key("\"aclaraciones_simuladas\"", true) || !list(s, [&] { return clarification(s); })) return false;
    if (!s.key("\"afiliado\"") || !s.token("{") || !s.key("\"correo\"", true) || !text(s) || !s.key("\"documento\"") || !text(s) ||
        !s.key("\"edad\"") || !integer_in(s, 18, 89) || !s.key("\"historia_clinica\"") || !text(s) || !s.key("\"nombre\"") ||
        !text(s) || !s.key("\"sexo\"") || !word(s, kSexes) || !s.key("\"telefono\"") || !text(s) || !s.token("}"))
        return false;
    if (!s.key("\"medico\"") || !s.token("{") || !s.key("\"nombre\"", true) || !text(s) || !s.key("\"registro\"") || !text(s) ||
        !s.token("}"))
        return false;
    if (!s.key("\"orden_adjunta\"") || !s.token("{") || !s.key("\"codigo_procedimiento\"", true) || !text(s) ||
        !s.key("\"observaciones\"") || !bilingual(s) || !s.key("\"tipo_atencion\"") ||
        !word(s, kCareTypes) || !s.token("}"))
        return false;
    if (!s.key("\"prestador\"") || !s.token("{") || !s.key("\"nit\"", true) || !text(s) || !s.key("\"nombre\"") || !text(s) ||
        !s.token("}"))
        return false;
    return s.key("\"texto_medico\"") && bilingual(s) && s.token("}");
}

bool truth(PlainScan& s) {
    return s.token("{") && s.key("\"campos\"", true) && fields(s) && s.key("\"causal\"") &&
           nullable(s, [&] { return word(s, kCausales); }) && s.key("\"ciclos_aclaracion_necesarios\"") &&
           nullable(s, [&] { return integer_in(s, 0, kMaxInteger); }) && s.key("\"contradiccion_orden_texto\"") && s.boolean() &&
           s.key("\"debe_escalar\"") && s.boolean() && s.key("\"decision\"") && word(s, kDecisions) &&
           s.key("\"motivos_escalamiento\"") &&
           list(s,
                [&] {
                    return word(s, kEscalationReasons);
                }) &&
           s.key("\"presente\"") && s.boolean() && s.key("\"servicio_exento\"") && s.boolean() && s.key("\"urgencia\"") && s.boolean() &&
           s.token("}");
}

bool simulation(PlainScan& s) {
    double confidence = 0;
    return s.token("{") && s.key("\"campos_ausentes_en_texto\"", true) && missing_fields(s) && s.key("\"campos_extraidos\"") &&
           fields(s) && s.key("\"confianza_extractor\"") && s.plain_number(confidence) && confidence >= 0 && confidence <= 1 &&
           s.key("\"redactor_repite_identificador\"") && s.boolean() && s.token("}");
}

bool adversary(PlainScan& s) {
    return s.token("{") && s.key("\"carga\"", true) && bilingual(s) && s.key("\"intenta\"") && bilingual(s) && s.key("\"vector\"") &&
           word(s, kAttackVectors) && s.token("}");
}

// The case's members, in canonical order; where each one's `"key":value` lies in the canonical form is
// recorded for the members kept.
constexpr std::string_view kCaseKeys[] = {"adversario", "adversario_detalle", "demo_id", "entrada", "esperado",
                                          "id", "identificadores_sinteticos", "semilla", "simulacion", "subtipo",
                                          "tipo", "verdad_conocida", "version_generador"};
constexpr std::size_t kCaseMembers = sizeof kCaseKeys / sizeof kCaseKeys[0];

struct Spans {
    const char* begin[kCaseMembers] = {};
    const char* end[kCaseMembers] = {};
};

// Member `index`'s key and colon (with the comma before it), its span opened after the comma.
template <std::size_t N>
bool member(PlainScan& s, std::size_t index, const char (&quoted)[N], Spans& spans) {
    if (index > 0 && !s.token(",")) return false;
    spans.begin[index] = s.written();
    return s.token(quoted) && s.token(":");
}

bool one_case(PlainScan& s, Spans& spans, std::string_view& id) {
    std::string_view subtype, type, version;
    std::size_t i = 0;
    auto closed = [&] {
        spans.end[i++] = s.written();
        return true;
    };
    if (!s.token("{")) return false;
    if (!member(s, i, "\"adversario\"", spans) || !nullable(s, [&] { return adversary(s); }) || !closed()) return false;
    if (!member(s, i, "\"adversario_detalle\"", spans) ||
        !nullable(s, [&] { return word(s, kAdversaryDetails); }) || !closed())
        return false;
    if (!member(s, i, "\"demo_id\"", spans) || !word(s, {kBatchDemo}) || !closed()) return false;
    if (!member(s, i, "\"entrada\"", spans) || !input(s) || !closed()) return false;
    if (!member(s, i, "\"esperado\"", spans) || !bilingual(s) || !closed()) return false;
    if (!member(s, i, "\"id\"", spans) || !s.plain_string_view(true, id) || !is_case_id(id) || !closed()) return false;
    if (!member(s, i, "\"identificadores_sinteticos\"", spans) || !list(s, [&] { return text(s); }, 1) || !closed()) return false;
    if (!member(s, i, "\"semilla\"", spans) || !s.text_string(false) || !closed()) return false;
    if (!member(s, i, "\"simulacion\"", spans) || !simulation(s) || !closed()) return false;
    if (!member(s, i, "\"subtipo\"", spans) || !s.plain_string_view(true, subtype) || !closed()) return false;
    if (!member(s, i, "\"tipo\"", spans) || !word(s, kCaseTypes, &type) || !closed()) return false;
    if (!member(s, i, "\"verdad_conocida\"", spans) || !truth(s) || !closed()) return false;
    if (!member(s, i, "\"version_generador\"", spans) || !s.plain_string_view(true, version) ||
        !json::schema::is_version(version) || !closed())
        return false;
    // The schema's subtype begins with its type and an underscore.
    return s.token("}") && subtype.size() > type.size() && subtype.compare(0, type.size(), type) == 0 && subtype[type.size()] == '_';
}

}  // namespace

bool read_plain_case(std::string_view item, const std::vector<std::string>& kept_members, std::string& canonical, KeptItem& kept) {
    const std::size_t before = canonical.size();
    canonical.resize(before + item.size());
    PlainScan s(item, &canonical[before]);
    Spans spans;
    std::string_view id;
    bool plain = one_case(s, spans, id);
    if (plain) {
        s.space();
        plain = s.at_end();
    }
    canonical.resize(plain ? static_cast<std::size_t>(s.written() - canonical.data()) : before);
    if (!plain) return false;
    // What fast::read_batch's check (batch_stream.cpp) keeps of a case read into a tree: its id, and the members asked for as an
    // object of their own (pick_members there), else the whole case.
    kept.id.assign(id.data(), id.size());
    kept.whole = kept_members.empty();
    if (kept.whole) {
        kept.text.assign(canonical, before, std::string::npos);
        return true;
    }
    kept.text.assign(1, '{');
    for (std::size_t k = 0; k < kCaseMembers; ++k) {
        if (std::find(kept_members.begin(), kept_members.end(), kCaseKeys[k]) == kept_members.end()) continue;
        if (kept.text.size() > 1) kept.text += ',';
        kept.text.append(spans.begin[k], static_cast<std::size_t>(spans.end[k] - spans.begin[k]));
    }
    kept.text += '}';
    return true;
}

}  // namespace planlang::run::internal
