#pragma once
// One adherence scenario and its three renderings (plans/adherencia/dominio.md §3). A scenario E-NNN is drawn
// from its own generator seeded "<semilla>/escenario/<E-id>", in this order:
//   1. the persona: sex (probabilidad 0.5, female first), first name, surname, a second surname ≠ the first
//      (demo A's closed dictionaries), age entero(18, 89), member number SYN-PA-entero(100000, 999999), phone
//      555-01NN, e-mail first.surname.NNN@example.com (core/synth/synthetic_person.hpp);
//   2. the content, by subtype (scenario.cpp documents each): cards, condition, temas, the number of turns and
//      the phrase indexes, each drawn once, so every locale's text is the same sentence translated;
//   3. the simulation parameters, turn by turn (draw_simulation).
// Truth follows from the subtype and the turns (no draws). Rendering a scenario in a locale picks that
// locale's texts; everything else is identical across the three (locale parity by construction).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/value.hpp"
#include "core/synth/adherencia/catalog.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"

namespace planlang {
class Prng;
}

namespace planlang::synth::adherencia {

inline constexpr const char* kGeneratorVersion = "1.0.0";

// What one user turn is, for truth and for the stand-ins' parameters.
enum class TurnKind : std::uint8_t {
    saludo,         // a greeting: answered, no retrieval, no card
    pregunta,       // an in-corpus adherence question: answered from its card
    charla,         // small talk: answered, no retrieval
    bandera,        // an acute red flag stated: escalated
    negada,         // a red flag denied plus an in-corpus question: answered from its card (escalation accepted, D2)
    subagudo,       // a subacute symptom: escalated to a person
    adversario,     // an out-of-scope request the classifier sees: refused with its category
    parafraseada,   // a dosing request worded past the classifier: refused (dosis) by the output guard
    fuera_de_tema,  // off topic: refused, sin_coincidencia
    casi,           // an adherence question about a condition or tema without a card: refused, sin_coincidencia
};

struct Persona {
    std::string nombre;
    int edad = 0;
    std::string grupo;
    std::string numero_afiliacion;  // SYN-PA-NNNNNN
    std::string telefono;           // 555-01NN
    std::string correo;             // …@example.com
};

struct ScenarioTurn {
    TurnKind kind = TurnKind::saludo;
    Tri texto;
    std::optional<std::string> tarjeta;  // the card that grounds the expected answer
    std::optional<std::string> cercana;  // the card retrieval returns (pregunta/negada: the same; casi, subagudo, parafraseada: the nearest)
};

struct Scenario {
    std::string id;       // E-NNN
    std::string semilla;  // "<semilla>/escenario/<E-id>"
    Subtype subtipo = Subtype::dorado_rutina;
    Persona persona;
    std::vector<ScenarioTurn> turnos;
    json::Value simulacion;  // {turnos_sim: [...]}
};

// The kinds of a subtype's turns when it has `turns` turns (the first of two is an opener).
std::vector<TurnKind> turn_kinds(Subtype s, std::size_t turns);

// "E-001" … "E-999", then "E-1000" …
std::string scenario_id(std::int64_t index1);

// Scenario `scenario_id` of the batch seeded `batch_seed` (steps 1–3 above). Precondition: check_kb_fits(kb)
// is empty.
Scenario generate_scenario(const KnowledgeBase& kb, std::string_view batch_seed, std::string_view scenario_id, Subtype subtype);

// Step 3: per turn, in order (entero(a, b)/100 gives two decimals):
//   saludo, charla, bandera, adversario, fuera_de_tema: necesita_contexto false except fuera_de_tema (true:
//     retrieval runs and finds nothing), aciertos 0, similitud null, no card; riesgo_borrador entero(5, 45);
//   pregunta, negada: similitud entero(66, 97), aciertos entero(1, 3), the card, riesgo entero(5, 45);
//   subagudo: similitud entero(66, 97), aciertos entero(1, 3), the nearest card, riesgo entero(50, 90),
//     modelo_escala probabilidad(0.5);
//   parafraseada: as pregunta with the nearest card, evade_clasificador and borrador_con_dosis true (the
//     draft's low risk skips review: the output guard is what stops it);
//   casi: similitud entero(55, 84), aciertos entero(1, 3), the nearest card, riesgo entero(20, 70).
// `nearest[i]` is turn i's card for retrieval (ignored where there is none).
json::Value draw_simulation(const std::vector<TurnKind>& kinds, const std::vector<std::optional<std::string>>& nearest, Prng& g);

// The scenario as case `case_id` in `locale` (the `casos[]` item of §3).
json::Value render_case(const Scenario& s, std::string_view locale, std::string_view case_id);

// Repetition r ≥ 2 of a case (the simulator's `--repeat`): its `simulacion` redrawn by draw_simulation from a
// generator seeded "<caso.semilla>/repeticion/<r>" — caso.semilla is the scenario's seed, so the three
// locales of a scenario get the same redraw. The turn kinds come from the case's subtipo and number of turns,
// each turn's card from its current simulacion (which card is nearest is a fact of the question's wording,
// not noise). Returns null when r < 2 or the case lacks subtipo, semilla, entrada.turnos or
// simulacion.turnos_sim (one per turn).
json::Value repetition_simulation(const json::Value& caso, int repeticion);

}  // namespace planlang::synth::adherencia
