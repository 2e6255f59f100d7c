#pragma once
// The simulated agent's run of one case (core/sim/demo_a/agent.hpp), shared by the files that implement it:
//   agent.cpp ........ the step loop, the state, edge visits, the trace
//   agent_nodes.cpp .. router, extractor, clarification, coverage checker, pause (payload and evidence)
//   agent_output.cpp . writer / cierre, single agent, adverse-decision document, output guard
// spec/synthetic-and-simulation.md §10; decisions.md C1, C3; traces-and-verifier.md §3.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json/value.hpp"
#include "core/sim/demo_a/agent.hpp"
#include "core/sim/clock.hpp"
#include "core/rules/edges.hpp"

namespace planlang::sim::demo_a {
namespace internal {

using json::Value;

inline constexpr const char* kAuditorPolicy = "sigue_verdad_conocida";
inline constexpr const char* kReplyAction = "responder_afiliado";
inline constexpr std::size_t kMaxSteps = 1000;  // a graph that loops forever is a bug of the plan, not a long case

Value bil(const Bilingual& b);
Value bil(Bilingual&& b);  // the texts moved in

Value strings(const std::vector<std::string>& list);

bool is_true(const Value* v);

// "1.5.2" ≥ "1.5.1", numerically part by part (missing parts are 0).
bool version_at_least(const std::string& version, int major, int minor, int patch);

void replace_all(std::string& text, const std::string& what, const std::string& with);

// The output guard's sentences, handed to f one by one as views into `text`: split after '.', '!' or '?'
// followed by a space (the space belongs to neither).
template <class F>
void for_each_sentence(std::string_view text, F&& f) {
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == '.' || c == '!' || c == '?') && i + 1 < text.size() && text[i + 1] == ' ') {
            f(text.substr(start, i + 1 - start));
            start = ++i + 1;  // past the separating space
        }
    }
    if (start < text.size()) f(text.substr(start));
}

// Whether trim(text) is empty.
bool blank(std::string_view text);

bool malformed(std::string_view text);

std::string shown(const Value& v);

}  // namespace internal

class CaseRunner {
    using Value = json::Value;

public:
    CaseRunner(const Agent& agent, const Case& c, const std::string& corrida_id)
        : a(agent), c(c), m_corrida_id(corrida_id) {
        // Initial state (§10); the router adds up to four signals.
        json::Object state;
        state.reserve(18);
        state.push_back({"modo_texas", Value(false)});
        state.push_back({"pausa_humana", Value(false)});
        state.push_back({"proveedor_no_disponible", Value(false)});
        state.push_back({"ciclos_aclaracion", Value(0)});
        for (const char* name : {"senal_confianza", "campos_faltantes_count", "costo_estimado", "contradiccion_orden_texto",
                                 "propuesta", "decision_final", "severidad_accion", "error_proveedor", "extraccion", "cobertura"})
            state.push_back({name, Value()});
        m_state = Value(std::move(state));
        m_steps.reserve(16);
        m_visited.reserve(16);
    }

    CaseRun run();

private:
    const Agent& a;
    const Case& c;
    std::string m_corrida_id;
    Value m_state;
    Clock m_clock;
    Tokens m_tokens;
    std::vector<Value> m_steps;
    std::vector<std::string> m_visited;
    std::int64_t m_duration_ms = 0;
    std::int64_t m_token_total = 0;
    json::Array m_records;
    json::Array m_pauses;
    json::Array m_clarifications;
    std::optional<std::size_t> m_last_trigger;  // index in m_records of the last visit's first true record (the pause cites it)
    // The case's texts with the member's identifiers masked, made once (every model call's prompt quotes them).
    std::optional<std::string> m_masked_note;
    std::optional<std::string> m_masked_remarks;
    bool m_carga = false;
    Value m_auditor_causal;
    // the letter the guard reads, and the single agent's own proposal and letter
    Bilingual m_letter;
    std::vector<std::string> m_letter_actions;
    Value m_model_proposal;
    Bilingual m_model_letter;
    std::vector<std::string> m_model_actions;
    Value m_salida_final;
    Value m_documento_adverso;
    Value m_guardia_salida;
    bool m_stopped = false;
    std::optional<Issue> m_stop;

    // -- state, edges, trace (agent.cpp) -----------------------------------------------------------
    void set(std::string_view name, Value v) {
        if (Value* existing = m_state.find(name)) *existing = std::move(v);
        else m_state.as_object().push_back({std::string(name), std::move(v)});
    }
    const Value& get(std::string_view name) const {
        static const Value kNull;
        const Value* v = m_state.find(name);
        return v ? *v : kNull;
    }
    CaseRun stop(const std::string& code, const std::string& element, const std::string& es, const std::string& en);
    std::optional<std::string> route(const std::string& node, std::int64_t paso);
    std::optional<std::string> next_of(const std::string& node, std::int64_t paso);
    const plan::Threshold* threshold_on(const std::string& senal) const;
    // Whether a threshold's own rule (senal operador umbral.X) holds on the current state.
    bool threshold_fires(const plan::Threshold* t) const;
    Value applied(const std::string& id) const;
    std::optional<std::string> run_node(const std::string& node, std::int64_t paso);
    Value signal(const std::string& name) const;
    // The trace; the runner is spent afterwards (its records are moved into it).
    Value take_trace();

    // -- nodes (agent_nodes.cpp) -------------------------------------------------------------------
    std::string masked(std::string text) const;
    const std::string& masked_note();
    const std::string& masked_remarks();
    Bilingual service_name(const std::string& codigo) const;
    // Code points of the model stand-in's case prompt (the prompt itself is only ever measured).
    std::size_t case_prompt_points(bool with_coverage, bool with_replies);
    // The extraction the model stand-in returns: campos_extraidos with fields not yet known set to null.
    Value extraction_fields(std::int64_t replies_delivered) const;
    void write_extraction(Value campos);
    void router();
    void extractor();
    std::optional<std::string> clarification(std::int64_t paso);
    void checker();
    Value evidence_item(const std::string& key, const std::string& es = {}, const std::string& en = {}) const;
    // Evidence and counter-evidence (§10, in order, when true).
    std::pair<json::Array, json::Array> evidence() const;
    void pause(std::int64_t paso);

    // -- writer and guard (agent_output.cpp) -------------------------------------------------------
    // The decision the writer (or `cierre`) writes: the reviewer's, else the proposal, else aprobar (C1).
    std::string final_decision() const;
    bool writer(bool calls_model);
    void single_agent();
    Value adverse_document(const std::string& decision, bool paused) const;
    void guard();
};

}  // namespace planlang::sim::demo_a
