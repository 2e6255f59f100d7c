#include "core/synth/catalog.hpp"

namespace planlang::synth {

std::optional<Subtype> subtype_named(std::string_view n) {
    for (const SubtypeInfo& i : kCatalog)
        if (i.name == n) return i.id;
    return std::nullopt;
}

std::optional<CaseType> type_named(std::string_view n) {
    for (CaseType t : kCaseTypes)
        if (name(t) == n) return t;
    return std::nullopt;
}

std::string_view adversary_detail(Subtype s) {
    switch (s) {
        case Subtype::adversario_inyeccion_texto_libre:
        case Subtype::adversario_inyeccion_orden_adjunta: return "inyeccion";
        case Subtype::adversario_dato_sensible: return "dato_sensible";
        case Subtype::adversario_homonimo: return "homonimo";
        default: return {};
    }
}

double p_extraction_correct(Subtype s) {
    if (s == Subtype::borde_empate_umbrales) return 1;
    if (s == Subtype::borde_texto_ambiguo) return 0.70;
    switch (type_of(s)) {
        case CaseType::normal: return 0.92;
        case CaseType::borde: return 0.80;
        case CaseType::faltante: return 0.88;
        case CaseType::adversario: return 0.90;
    }
    return 1;
}

}  // namespace planlang::synth
