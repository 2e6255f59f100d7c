#pragma once
// The escalation rules of the known truth (spec/synthetic-and-simulation.md §6), in one place: the generator
// uses them for `motivos_escalamiento` / `debe_escalar` at the plan's thresholds (case.cpp, known_truth), and
// the playground recomputes them at played thresholds from a stored case's `verdad_conocida`
// (playground.md §10.2). One function for both, so the two can never disagree.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json/value.hpp"

namespace planlang::synth {

// What the rules read of a case (all of it is in a stored `verdad_conocida`, see truth_facts_of).
struct TruthFacts {
    bool urgencia = false;         // the scenario is urgent
    bool servicio_exento = false;  // the service is exempt
    bool excluido = false;         // the service is excluded (only read when coverage is not skipped)
    bool contradiccion_orden_texto = false;
    double costo_estimado = 0;     // the true cost (campos.costo_estimado)
    std::optional<std::int64_t> ciclos_aclaracion_necesarios;  // null: no answer ever completes the data
    std::string decision;          // aprobar | negar | aprobar_parcial (thresholds never change it)
};

// The thresholds the rules read: U2 (high cost, strict `>`), U3 (maximum clarification cycles), U4 (Texas).
// U1 plays no part in the truth.
struct TruthThresholds {
    double u2 = 0;
    double u3 = 0;
    bool u4 = false;
};

// §6, in the order the batch stores them: urgent or exempt → none (coverage skipped); else clarification
// exhausted (cycles null or > U3) → only `aclaracion_agotada`; else `costo_mayor_que_U2` (cost > U2),
// `contradiccion_orden_texto`, `propuesta_negar` (excluded service), `modo_texas` (U4 on and the decision is
// not `aprobar`). `debe_escalar` is "any reason".
std::vector<std::string> escalation_reasons(const TruthFacts& facts, const TruthThresholds& at);

// The facts of a stored `verdad_conocida` (planlang-casos/v1, §4): nullopt when a field the rules read is
// missing or of another type (e.g. a case of another domain). `excluido` is read from the decision; see
// the .cpp for why that is exact.
std::optional<TruthFacts> truth_facts_of(const json::Value& verdad_conocida);

}  // namespace planlang::synth
