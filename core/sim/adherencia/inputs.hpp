#pragma once
// What the adherence coach's simulated agent reads (plans/adherencia/dominio.md §2–§3): the knowledge base
// (`planlang-base-conocimiento/v1`) and a batch's cases (`planlang-casos/v1`, demo `adherencia`). Only what the
// agent uses is typed and checked here (the strict schemas are the run reader's, core/run); a field that does
// not fit gives an ESQUEMA issue at its dotted path, and a declared huella that is not the computed one gives
// HUELLA_NO_COINCIDE.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::sim::adherencia {

extern const char* const kLocales[3];  // en, es-419, pt-BR: the order of every trilingual text

// A trilingual text {en, es-419, pt-BR}.
struct Tri {
    std::string en, es419, ptbr;
    const std::string& in(std::string_view locale) const;
};

struct Card {
    std::string id, grupo, tema;
    Tri titulo, texto;
};

struct KnowledgeBase {
    std::string id, version, huella;
    std::vector<Card> tarjetas;
    std::vector<Tri> banderas_rojas;  // the acute list guardrail_pre matches, negation-blind (decision D2)
    const Card* card(std::string_view id) const;
};

struct KnowledgeBaseResult {
    Issues issues;
    std::optional<KnowledgeBase> base;
};
KnowledgeBaseResult read_knowledge_base(const json::Value& document);

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
