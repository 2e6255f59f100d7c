#pragma once
// The synthetic benefit plan, "the world" (spec/synthetic-and-simulation.md §9, format
// `planlang-plan-beneficios/v1`): our content, built by code (make_benefit_plan) and committed in
// synthetic/plan-beneficios/ (decisions.md C5); read back strictly (read_benefit_plan) by the generator
// and the simulated agent.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::synth {

struct Diagnosis {
    std::string codigo;  // SYN-D-NN
    Bilingual nombre;
};

struct Procedure {
    std::string codigo;  // SYN-P-NNN
    Bilingual nombre;
    std::string categoria;
    std::int64_t costo = 0;  // synthetic cost units, > 0
    std::string estado;      // requiere_autorizacion | exento | excluido
    std::vector<std::string> diagnosticos_compatibles;
    std::optional<std::string> causal;         // a–f, iff excluded
    std::optional<Bilingual> exento_motivo;    // iff exempt
    std::optional<std::string> homonimo_de;    // a procedure code, or null
    std::optional<std::int64_t> tope_cobertura;  // v2: authorisable only, < costo

    bool authorisable() const { return std::string_view(estado) == "requiere_autorizacion"; }
    bool exempt() const { return std::string_view(estado) == "exento"; }
    bool excluded() const { return std::string_view(estado) == "excluido"; }
};

struct ExclusionGround {
    std::string id;  // a–f
    std::string norma;
    Bilingual resumen;
};

struct BenefitRule {
    std::string id;  // RB-NN
    Bilingual texto;
};

struct BenefitPlan {
    std::string id;
    std::string version;
    std::string demo_id;
    std::string dominio_id;
    Bilingual nombre;
    Bilingual aviso;
    Bilingual unidad_de_costo;
    std::string tope_alto_costo;  // "umbral.U2"
    std::vector<BenefitRule> reglas;
    std::vector<ExclusionGround> causales_de_exclusion;
    std::vector<Diagnosis> diagnosticos;
    std::vector<Procedure> procedimientos;
    std::string huella;

    const Procedure* procedure(std::string_view codigo) const;
    const Diagnosis* diagnosis(std::string_view codigo) const;
    const ExclusionGround* ground(std::string_view id) const;
    const BenefitRule* rule(std::string_view id) const;
    bool has_caps() const;  // any tope_cobertura: generator 1.1.0
};

// Our world, sealed with its huella: `with_caps` gives version 2.0.0 with the six coverage caps of §9,
// otherwise version 1.0.0 without them (the same 40 procedures).
json::Value make_benefit_plan(bool with_caps = true);

struct BenefitPlanResult {
    bool ok = false;
    Issues issues;  // ESQUEMA (path), REFERENCIA_ROTA (unresolved codes), HUELLA_AUSENTE, HUELLA_NO_COINCIDE
    std::optional<BenefitPlan> plan;
};

// Strict reading of a `planlang-plan-beneficios/v1` document (§9): every field, no unknown key, codes and
// homonyms resolve, `causal` iff excluded, `exento_motivo` iff exempt, caps only on authorisable services
// and below their cost, exactly the six grounds a–f, and the declared huella equal to the computed one.
BenefitPlanResult read_benefit_plan(const json::Value& document);

// What our generator knows about our world beyond the format (§5): the three urgent (procedure,
// diagnosis) pairs, the four sex-specific procedures and the surgery category. check_world_fits says
// why a world read from a file cannot be used with them (MUNDO_INCOMPATIBLE), empty when it can.
struct UrgentPair {
    std::string_view procedimiento;
    std::string_view diagnostico;
};
struct SexSpecific {
    std::string_view procedimiento;
    char sexo;  // 'F' | 'M'
};
extern const UrgentPair kUrgentPairs[3];
extern const SexSpecific kSexSpecific[4];
extern const std::string_view kSurgeryCategory;
Issues check_world_fits(const BenefitPlan& world, std::int64_t u2);

}  // namespace planlang::synth
