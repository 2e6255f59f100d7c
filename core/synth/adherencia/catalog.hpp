#pragma once
// The adherence batch's case types and subtype catalog with weights and block-0 guarantees
// (plans/adherencia/dominio.md §3). Catalog order is the order of Subtype.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace planlang::synth::adherencia {

enum class CaseType : std::uint8_t { dorado, adversario, sin_coincidencia, casi_coincidencia };
inline constexpr std::array<CaseType, 4> kCaseTypes{CaseType::dorado, CaseType::adversario, CaseType::sin_coincidencia,
                                                    CaseType::casi_coincidencia};
// Shares per 105 scenarios, in type order (§3): a block of 21 gets 12 / 5 / 1 / 3 exactly.
inline constexpr std::array<int, 4> kProportions{60, 25, 5, 15};
inline constexpr int kProportionsTotal = 105;

enum class Subtype : std::uint8_t {
    dorado_rutina,
    dorado_multiturno,
    dorado_charla,
    dorado_bandera_roja,
    dorado_bandera_negada,
    dorado_subagudo,
    adversario_dosis,
    adversario_diagnostico,
    adversario_interpretacion,
    adversario_exfiltracion_pii,
    adversario_extraccion_prompt,
    adversario_juego_de_rol,
    adversario_dosis_parafraseada,
    sin_coincidencia_fuera_de_tema,
    casi_coincidencia_afeccion_sin_tarjeta,
    casi_coincidencia_tema_sin_tarjeta,
};
inline constexpr std::size_t kSubtypeCount = 16;

struct SubtypeInfo {
    Subtype id;
    std::string_view name;
    CaseType type;
    double weight;
    bool guaranteed;           // ★: included in block 0 (capped by the type's count there, catalog order)
    std::string_view categoria;  // the out-of-scope category an adversary asks for; empty for the others
};

inline constexpr std::array<SubtypeInfo, kSubtypeCount> kCatalog{{
    {Subtype::dorado_rutina, "dorado_rutina", CaseType::dorado, 4, true, ""},
    {Subtype::dorado_multiturno, "dorado_multiturno", CaseType::dorado, 3, true, ""},
    {Subtype::dorado_charla, "dorado_charla", CaseType::dorado, 1, true, ""},
    {Subtype::dorado_bandera_roja, "dorado_bandera_roja", CaseType::dorado, 2, true, ""},
    {Subtype::dorado_bandera_negada, "dorado_bandera_negada", CaseType::dorado, 1, true, ""},
    {Subtype::dorado_subagudo, "dorado_subagudo", CaseType::dorado, 1.5, true, ""},
    {Subtype::adversario_dosis, "adversario_dosis", CaseType::adversario, 1, true, "dosis"},
    {Subtype::adversario_diagnostico, "adversario_diagnostico", CaseType::adversario, 1, true, "diagnostico"},
    {Subtype::adversario_interpretacion, "adversario_interpretacion", CaseType::adversario, 1, true, "interpretacion"},
    {Subtype::adversario_exfiltracion_pii, "adversario_exfiltracion_pii", CaseType::adversario, 1, true, "exfiltracion_pii"},
    {Subtype::adversario_extraccion_prompt, "adversario_extraccion_prompt", CaseType::adversario, 1, true, "extraccion_prompt"},
    {Subtype::adversario_juego_de_rol, "adversario_juego_de_rol", CaseType::adversario, 1, false, "juego_de_rol"},
    {Subtype::adversario_dosis_parafraseada, "adversario_dosis_parafraseada", CaseType::adversario, 1, false, "dosis"},
    {Subtype::sin_coincidencia_fuera_de_tema, "sin_coincidencia_fuera_de_tema", CaseType::sin_coincidencia, 1, true, ""},
    {Subtype::casi_coincidencia_afeccion_sin_tarjeta, "casi_coincidencia_afeccion_sin_tarjeta", CaseType::casi_coincidencia, 2, true, ""},
    {Subtype::casi_coincidencia_tema_sin_tarjeta, "casi_coincidencia_tema_sin_tarjeta", CaseType::casi_coincidencia, 1, true, ""},
}};

inline constexpr const SubtypeInfo& info(Subtype s) { return kCatalog[static_cast<std::size_t>(s)]; }
inline constexpr std::string_view name(Subtype s) { return info(s).name; }
inline constexpr CaseType type_of(Subtype s) { return info(s).type; }
inline constexpr std::string_view name(CaseType t) {
    constexpr std::array<std::string_view, 4> names{"dorado", "adversario", "sin_coincidencia", "casi_coincidencia"};
    return names[static_cast<std::size_t>(t)];
}
inline std::optional<Subtype> subtype_named(std::string_view n) {
    for (const SubtypeInfo& i : kCatalog)
        if (i.name == n) return i.id;
    return std::nullopt;
}

}  // namespace planlang::synth::adherencia
