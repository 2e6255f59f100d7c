#pragma once
// One case's conversation through the coach's graph (core/sim/adherencia/agent.hpp), shared by:
//   agent.cpp ... the step loop, the state, edge visits, the trace
//   nodes.cpp ... intake, the guards, retrieval, the model stand-ins, the review, closing
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/value.hpp"
#include "core/sim/adherencia/agent.hpp"
#include "core/sim/clock.hpp"

namespace planlang::sim::adherencia {

// A reply as the verifier measures it: type, citations and category; its text is the template's, in one locale.
struct Envelope {
    std::string tipo;  // respuesta | rechazo | escalamiento | traspaso
    std::vector<std::string> citas;
    json::Value categoria;  // string | null
    std::string plantilla;
    std::string texto;
};

class Conversation {
    using Value = json::Value;

public:
    Conversation(const Agent& agent, const Case& c, const std::string& corrida_id);
    CaseRun run();

private:
    enum class Route { none, handoff, red_flag, out_of_scope, no_match, reply };

    const Agent& a;
    const Case& c;
    std::string m_corrida_id;
    Value m_state;
    Clock m_clock;
    Tokens m_tokens;
    std::vector<Value> m_steps;
    std::vector<std::string> m_visited;
    std::int64_t m_duration_ms = 0, m_token_total = 0;
    // Per turn (index m_turn): input and output tokens and milliseconds of its steps, for the per-turn budget
    // signals (tokens_entrada_max_turno, tokens_salida_max_turno, latencia_max_turno_ms).
    struct TurnCost {
        std::int64_t entrada = 0, salida = 0, ms = 0;
    };
    std::vector<TurnCost> m_turn_costs;
    json::Array m_records, m_pauses, m_conversation;
    std::optional<std::size_t> m_last_trigger;  // the latest visit's first true record (the pause cites it)
    std::optional<Issue> m_stop;

    // the current turn
    std::size_t m_turn = 0;  // index of the turn being processed (turno − 1)
    Route m_route = Route::none;
    std::optional<std::string> m_retrieved;  // the card retrieval returned this turn
    bool m_retrieval_ran = false;
    Envelope m_draft;
    bool m_reviewed = false;

    // the whole conversation
    std::vector<std::string> m_kinds;
    bool m_escalado = false, m_traspaso = false, m_paused = false, m_citas_validas = true, m_consejo_dosis = false, m_pii = false;
    bool m_carga = false;
    std::int64_t m_severity = 0;
    json::Array m_findings;
    std::optional<Envelope> m_last;

    // -- agent.cpp --------------------------------------------------------------------------------
    void set(std::string_view name, Value v);
    const Value& get(std::string_view name) const;
    std::optional<std::string> route(const std::string& node, std::int64_t paso);
    std::optional<std::string> next_of(const std::string& node, std::int64_t paso);
    std::optional<std::string> run_node(const std::string& node, std::int64_t paso);
    void fail(const std::string& code, const std::string& element, const std::string& es, const std::string& en);
    Value signal(const std::string& name) const;
    Value take_trace();

    // -- nodes.cpp --------------------------------------------------------------------------------
    const TurnSim& sim() const { return c.sim[m_turn]; }
    bool last_turn() const { return m_turn + 1 == c.turnos.size(); }
    std::string masked(std::string text, std::string_view language) const;
    bool names_red_flag(const std::string& text) const;
    Envelope card_answer(const std::string& card_id, std::string_view language) const;
    Envelope rendered(const Envelope& e, std::string_view language) const;  // the same envelope in another language
    void intake();
    void guardrail_pre();
    void retrieve_context();
    void generate_response();
    void single_agent();
    void review_response(std::int64_t paso);
    void guardrail_post();
    // The turn's envelope; true when the conversation goes on to another turn.
    bool closing();
    Value salida_final() const;
    Value guard_record() const;
};

}  // namespace planlang::sim::adherencia
