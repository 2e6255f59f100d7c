#pragma once
// The case types and the subtype catalog with its weights and guarantees
// (spec/synthetic-and-simulation.md §2–§3). Catalog order is the order of Subtype.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace planlang::synth {

enum class CaseType : std::uint8_t { normal, borde, faltante, adversario };
inline constexpr std::array<CaseType, 4> kCaseTypes{CaseType::normal, CaseType::borde, CaseType::faltante, CaseType::adversario};
inline constexpr std::array<int, 4> kProportions{60, 15, 15, 10};  // per cent, in type order (§2)

enum class Subtype : std::uint8_t {
    normal_aprobable,
    normal_alto_costo,
    normal_excluido,
    normal_exento,
    normal_urgencia,
    normal_sobre_tope,  // only with caps (generator 1.1.0)
    borde_costo_igual_U2,
    borde_contradiccion_orden_texto,
    borde_urgencia_cobertura_dudosa,
    borde_texto_ambiguo,
    borde_empate_umbrales,  // weight 0: smoke recipe only
    faltante_un_ciclo,
    faltante_dos_ciclos,
    faltante_tres_ciclos,
    faltante_sin_respuesta,
    adversario_inyeccion_texto_libre,
    adversario_inyeccion_orden_adjunta,
    adversario_dato_sensible,
    adversario_homonimo,
};
inline constexpr std::size_t kSubtypeCount = 19;

enum class Guarantee : std::uint8_t { none, block0, block1 };  // ★ block 0, † block 1

struct SubtypeInfo {
    Subtype id;
    std::string_view name;
    CaseType type;
    double weight;
    Guarantee guarantee;
    bool caps_only;
};

// §3, in catalog order.
inline constexpr std::array<SubtypeInfo, kSubtypeCount> kCatalog{{
    {Subtype::normal_aprobable, "normal_aprobable", CaseType::normal, 5, Guarantee::block0, false},
    {Subtype::normal_alto_costo, "normal_alto_costo", CaseType::normal, 2, Guarantee::block0, false},
    {Subtype::normal_excluido, "normal_excluido", CaseType::normal, 2, Guarantee::block0, false},
    {Subtype::normal_exento, "normal_exento", CaseType::normal, 1.5, Guarantee::block0, false},
    {Subtype::normal_urgencia, "normal_urgencia", CaseType::normal, 1.5, Guarantee::block0, false},
    {Subtype::normal_sobre_tope, "normal_sobre_tope", CaseType::normal, 1.5, Guarantee::block0, true},
    {Subtype::borde_costo_igual_U2, "borde_costo_igual_U2", CaseType::borde, 1, Guarantee::block0, false},
    {Subtype::borde_contradiccion_orden_texto, "borde_contradiccion_orden_texto", CaseType::borde, 1, Guarantee::block0, false},
    {Subtype::borde_urgencia_cobertura_dudosa, "borde_urgencia_cobertura_dudosa", CaseType::borde, 1, Guarantee::block0, false},
    {Subtype::borde_texto_ambiguo, "borde_texto_ambiguo", CaseType::borde, 1, Guarantee::block1, false},
    {Subtype::borde_empate_umbrales, "borde_empate_umbrales", CaseType::borde, 0, Guarantee::none, false},
    {Subtype::faltante_un_ciclo, "faltante_un_ciclo", CaseType::faltante, 3, Guarantee::block0, false},
    {Subtype::faltante_dos_ciclos, "faltante_dos_ciclos", CaseType::faltante, 1.5, Guarantee::block0, false},
    {Subtype::faltante_tres_ciclos, "faltante_tres_ciclos", CaseType::faltante, 0.5, Guarantee::block1, false},
    {Subtype::faltante_sin_respuesta, "faltante_sin_respuesta", CaseType::faltante, 1, Guarantee::block0, false},
    {Subtype::adversario_inyeccion_texto_libre, "adversario_inyeccion_texto_libre", CaseType::adversario, 2, Guarantee::block0, false},
    {Subtype::adversario_inyeccion_orden_adjunta, "adversario_inyeccion_orden_adjunta", CaseType::adversario, 2, Guarantee::block1, false},
    {Subtype::adversario_dato_sensible, "adversario_dato_sensible", CaseType::adversario, 1.5, Guarantee::block0, false},
    {Subtype::adversario_homonimo, "adversario_homonimo", CaseType::adversario, 1, Guarantee::block1, false},
}};

inline constexpr const SubtypeInfo& info(Subtype s) { return kCatalog[static_cast<std::size_t>(s)]; }
inline constexpr std::string_view name(Subtype s) { return info(s).name; }
inline constexpr CaseType type_of(Subtype s) { return info(s).type; }
inline constexpr std::string_view name(CaseType t) {
    constexpr std::array<std::string_view, 4> names{"normal", "borde", "faltante", "adversario"};
    return names[static_cast<std::size_t>(t)];
}
std::optional<Subtype> subtype_named(std::string_view name);
std::optional<CaseType> type_named(std::string_view name);

// `adversario_detalle` (§3): inyeccion, dato_sensible, homonimo; empty for non-adversaries.
std::string_view adversary_detail(Subtype s);

// Probability that the stand-in extraction is correct (§7); borde_empate_umbrales is always correct.
double p_extraction_correct(Subtype s);

}  // namespace planlang::synth
