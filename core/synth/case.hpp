#pragma once
// One synthetic case (spec/synthetic-and-simulation.md §4–§7): generated from its own generator seeded
// "<semilla>/caso/<id>" in the draw order of §5, with its known truth (§6) and simulation parameters (§7).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/synth/catalog.hpp"
#include "core/synth/world.hpp"

namespace planlang {
class Prng;
}

namespace planlang::synth {


// What generation takes from the plan (§6: truth uses the plan's thresholds).
struct PlanFacts {
    std::string id;
    std::string version;
    std::string huella;
    double u1 = 0;        // minimum extraction confidence
    double u2 = 0;        // high cost
    std::int64_t u3 = 0;  // clarification cycles
    bool u4 = false;      // Texas mode
    // The router sends urgent (tipo_atencion igual_a "urgencia") / exempt (servicio_exento igual_a true)
    // cases past the extractor: `presente` is false for them (§6).
    bool router_skips_urgent = false;
    bool router_skips_exempt = false;
};

struct Fields {  // campos: the four fields the extractor reads
    std::string procedimiento;
    std::string diagnostico;
    bool urgencia = false;
    std::int64_t costo_estimado = 0;
};

struct Member {
    std::string documento, nombre, telefono, correo, historia_clinica;
    int edad = 0;
    char sexo = 'F';
};

struct Reply {
    int ciclo = 0;
    std::vector<std::string> aporta;  // diagnostico | costo_estimado
    Bilingual texto;
};

struct Truth {
    bool presente = true;
    Fields campos;
    std::string decision;  // aprobar | negar | aprobar_parcial
    bool debe_escalar = false;
    std::vector<std::string> motivos_escalamiento;
    bool urgencia = false;
    bool servicio_exento = false;
    bool contradiccion_orden_texto = false;
    std::optional<std::string> causal;
    std::optional<std::int64_t> ciclos_aclaracion_necesarios;
};

struct Simulation {
    double confianza_extractor = 0;
    Fields campos_extraidos;
    bool redactor_repite_identificador = false;
    std::vector<std::string> campos_ausentes_en_texto;
};

struct Adversary {
    std::string vector;  // texto_libre | orden_adjunta
    Bilingual carga;
    Bilingual intenta;
};

struct Case {
    std::string id;
    std::string demo_id = "demo-a";
    Subtype subtipo = Subtype::normal_aprobable;
    std::optional<Adversary> adversario;
    std::string semilla;  // the case's own seed, "<semilla>/caso/<id>"
    std::string version_generador;
    Bilingual esperado;
    Member afiliado;
    std::string prestador_nombre, prestador_nit;
    std::string medico_nombre, medico_registro;
    std::string tipo_atencion;  // ambulatoria | hospitalaria | urgencia
    std::string codigo_procedimiento;  // of the attached order
    Bilingual observaciones;
    Bilingual texto_medico;
    std::vector<Reply> aclaraciones_simuladas;
    Truth verdad_conocida;
    Simulation simulacion;
};

// Generates case `id` of the batch seeded `batch_seed` (§5). Preconditions: check_world_fits(world, u2) is
// empty and the world's caps decide the generator version.
Case generate_case(const BenefitPlan& world, const PlanFacts& plan, std::string_view batch_seed, std::string_view id, Subtype subtype);

// §7 for an existing case: the parameters drawn from `g` (the case generator after §5's steps 1–6, or the
// repetition generator of decisions.md C2).
Simulation draw_simulation(const BenefitPlan& world, const PlanFacts& plan, Subtype subtype, const Fields& truth_fields,
                           const std::vector<std::string>& campos_ausentes, Prng& g);

// decisions.md C2: repetition r ≥ 2 of a case redraws its `simulacion` with a generator seeded
// "<semilla>/caso/<id>/repeticion/<r>". `caso` is the case as stored in the batch (its subtype, truth
// fields and missing fields are read from it); nullopt if they are not there.
std::optional<json::Value> repetition_simulation(const json::Value& caso, const BenefitPlan& world, const PlanFacts& plan,
                                                 std::string_view batch_seed, int repetition);

// The case in the batch's JSON shape (§4).
json::Value to_json(const Case& c);
json::Value to_json(const Simulation& s);

// The member's identifiers in the order `identificadores_sinteticos` lists them: document, clinical record,
// full name, phone, e-mail.
std::vector<std::string> synthetic_identifiers(const Member& m);

}  // namespace planlang::synth
