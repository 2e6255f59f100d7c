#pragma once
// What the adherence coach's simulated agent reads (plans/adherencia/dominio.md §2–§3): the knowledge base
// (`planlang-base-conocimiento/v1`, read strictly by core/synth/adherencia) and a batch's cases
// (`planlang-casos/v1`, demo `adherencia`). Only what the agent uses of a case is typed and checked here (the
// strict batch schema is the run reader's, core/run); a field that does not fit gives an ESQUEMA issue at its
// dotted path, and a declared huella that is not the computed one gives HUELLA_NO_COINCIDE.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/synth/adherencia/knowledge_base.hpp"

namespace planlang::sim::adherencia {

// The knowledge base is the synth stage's (core/synth/adherencia/knowledge_base.hpp): one model, one strict
// reader, shared with the batch generator.
using synth::adherencia::Card;
using synth::adherencia::KnowledgeBase;
using synth::adherencia::KnowledgeBaseResult;
using synth::adherencia::kLocales;  // en, es-419, pt-BR
using synth::adherencia::read_knowledge_base;
using synth::adherencia::Symptom;
using synth::adherencia::Tri;

// The stand-ins' parameters for one user turn (simulacion.turnos_sim[i]).
struct TurnSim {
    bool necesita_contexto = true;
    std::int64_t aciertos = 0;
    json::Value similitud;            // number | null
    json::Value tarjeta_mas_cercana;  // card id | null
    double riesgo_borrador = 0;
    bool modelo_escala = false;
    bool evade_clasificador = false;
    bool borrador_con_dosis = false;
};

struct Case {
    std::string id, escenario, locale, tipo, subtipo;
    json::Value adversario_detalle;  // the out-of-scope category an adversary asks for, or null
    std::vector<std::string> identificadores;  // the persona's: full name, phone, e-mail, member number
    std::vector<std::string> turnos;           // the user's texts, turn 1 first, in the case's locale
    std::vector<std::string> verdad_respuestas;  // the envelope type each expected turn should get
    std::vector<json::Value> verdad_tarjetas;    // the card that grounds each expected turn, or null
    json::Value verdad_categoria;                // the last turn's refusal category, or null
    std::vector<TurnSim> sim;                    // one per turn
    json::Value source;  // the case as read (a repetition redraws its `simulacion`)
};

struct Batch {
    std::string id, demo_id, semilla, huella;
    std::int64_t n = 0;
    std::string plan_id, plan_huella, base_huella;
    std::vector<Case> casos;
};

struct BatchResult {
    Issues issues;
    std::optional<Batch> batch;
};
BatchResult read_batch(const json::Value& document);

// One case object, `path` prefixing its issues' elements.
std::optional<Case> read_case(const json::Value& v, const std::string& path, Issues& issues);

}  // namespace planlang::sim::adherencia
