// Simulated continuation (playground.md §10.1): a case of a verified run re-run by core/sim's agent.
#include "core/playground/continuation.hpp"

#include <utility>

#include "core/json/canonical.hpp"
#include "core/sim/adherencia/agent.hpp"
#include "core/sim/adherencia/inputs.hpp"
#include "core/sim/agent.hpp"
#include "core/sim/baseline.hpp"
#include "core/sim/inputs.hpp"
#include "core/synth/world.hpp"

namespace planlang::playground {

// What the agent reads and must outlive it (sim::Agent keeps references to the plan, world and graph):
// built once, never moved after, shared by every copy of the Continuation. Exactly one world is set: demo
// A's benefit plan or the adherence coach's knowledge base (the two domains core/sim simulates).
struct Continuation::State {
    plan::Plan plan;
    std::string plan_huella;
    std::optional<sim::World> world;
    std::optional<sim::adherencia::KnowledgeBase> kb;
    sim::SimGraph graph;
    run::Batch batch;  // its cases are shared with the reader's (run::Batch::cases), not copied
    json::Value umbrales_aplicados;
    std::string corrida_id;
};

namespace {

constexpr const char* kNotSimulable = "CONTINUACION_NO_SIMULABLE";

void note(Issues* why_not, Issue issue) {
    if (why_not) why_not->push_back(std::move(issue));
}

const json::Value* member(const json::Value& v, std::string_view key) { return v.is_object() ? v.find(key) : nullptr; }

std::string string_at(const json::Value& v, std::string_view a, std::string_view b) {
    const json::Value* x = member(v, a);
    const json::Value* y = x ? member(*x, b) : nullptr;
    return y && y->is_string() ? y->as_string() : std::string();
}

// The plan the run executed: the one whose huella its manifest declares (the verified plan, or the plan given
// as --plan-de-la-corrida when the verdict is about another one).
const run::LoadedPlan* plan_of_run(const run::Inputs& in, const std::string& huella) {
    if (in.plan_de_la_corrida && in.plan_de_la_corrida->huella == huella) return &*in.plan_de_la_corrida;
    if (in.plan.huella == huella) return &in.plan;
    return nullptr;
}

// The graph our agent would run must be the one the run recorded: same nodes, conditional edges, default
// branches and pauses (grafo.json, traces-and-verifier.md §4). `langgraph` is derived from these.
bool same_graph(const sim::SimGraph& g, const run::Graph& recorded, const std::string& demo_id) {
    const json::Value ours = g.grafo_json(demo_id);
    for (const char* key : {"nodos", "aristas_condicionales", "ramas_por_defecto", "pausas_humanas"}) {
        const json::Value* a = member(ours, key);
        const json::Value* b = member(recorded.document, key);
        if (!a || !b || json::canonical(*a) != json::canonical(*b)) return false;
    }
    return true;
}

Issue not_simulable(std::string element, std::string es, std::string en) {
    return Issue{kNotSimulable, std::move(element), {std::move(es), std::move(en)}};
}

}  // namespace

std::optional<Continuation> Continuation::make(const run::Inputs& in, const run::RunHeader& main, Issues* why_not) {
    Issues issues;
    if (main.role == run::Role::repeticion)
        issues.push_back(not_simulable(main.dir, "una repetición sortea de nuevo sus casos: se continúa la corrida principal",
                                       "a repetition redraws its cases: the main run is the one continued"));
    sim::Variant variant = sim::Variant::multiagente;
    if (main.variante == "agente_unico") variant = sim::Variant::agente_unico;
    else if (main.variante != "multiagente")
        issues.push_back(not_simulable(main.dir + "/corrida.json", "el agente simulado no conoce la variante " + main.variante,
                                       "the simulated agent does not know the variant " + main.variante));
    // Our simulator knows two domains: demo A (a benefit plan as its world) and the adherence coach (a
    // knowledge base); demo B's `listas` is not simulated.
    std::optional<synth::BenefitPlan> world;
    std::optional<sim::adherencia::KnowledgeBase> kb;
    if (!in.world) {
        issues.push_back(not_simulable("plan_beneficios", "la corrida no referencia un mundo", "the run references no world"));
    } else if (in.world->clave == "plan_beneficios") {
        synth::BenefitPlanResult read = synth::read_benefit_plan(in.world->document);
        for (Issue& i : read.issues) issues.push_back(std::move(i));
        if (read.ok && read.plan) world = std::move(*read.plan);
    } else if (in.world->clave == "base_conocimiento") {
        sim::adherencia::KnowledgeBaseResult read = sim::adherencia::read_knowledge_base(in.world->document);
        for (Issue& i : read.issues) issues.push_back(std::move(i));
        if (read.ok && read.base) kb = std::move(*read.base);
    } else {
        issues.push_back(not_simulable(in.world->clave, "el agente simulado no conoce el dominio de este mundo: " + in.world->clave,
                                       "the simulated agent does not know this world's domain: " + in.world->clave));
    }
    const std::string declared = string_at(main.manifest, "plan", "huella");
    const run::LoadedPlan* plan = plan_of_run(in, declared);
    if (!plan)
        issues.push_back(not_simulable("plan.huella", "no se tiene el plan que ejecutó la corrida (dé --plan-de-la-corrida)",
                                       "the plan the run executed is not at hand (give --plan-de-la-corrida)"));
    if (!issues.empty()) {
        for (Issue& i : issues) note(why_not, std::move(i));
        return std::nullopt;
    }

    auto state = std::make_shared<State>();
    state->plan = plan->plan;
    state->plan_huella = plan->huella;
    state->world = std::move(world);
    state->kb = std::move(kb);
    state->batch = in.batch;
    state->umbrales_aplicados = main.umbrales_aplicados;
    state->corrida_id = main.corrida_id;
    // The batch must be the one made with this plan and this world (as the simulators require).
    if (string_at(in.batch.document, "plan", "id") != state->plan.id)
        issues.push_back(not_simulable("casos.plan.id", "el lote se generó con otro plan", "the batch was generated with another plan"));
    const char* world_key = state->kb ? "base_conocimiento" : "plan_beneficios";
    const std::string& world_huella = state->kb ? state->kb->huella : state->world->huella;
    if (string_at(in.batch.document, world_key, "huella") != world_huella)
        issues.push_back(not_simulable(std::string("casos.") + world_key + ".huella", "el lote se generó con otro mundo",
                                       "the batch was generated with another world"));
    sim::SimGraphResult graph = state->kb ? sim::adherencia::make_graph(state->plan, plan->document, variant)
                                          : sim::make_graph(state->plan, plan->document, variant);
    for (Issue& i : graph.issues) issues.push_back(std::move(i));
    if (graph.graph) {
        state->graph = std::move(*graph.graph);
        if (!same_graph(state->graph, main.grafo, main.grafo.demo_id))
            issues.push_back(not_simulable(main.dir + "/grafo.json", "el grafo de la corrida no es el que el plan da al agente simulado",
                                           "the run's graph is not the one the plan gives the simulated agent"));
        const Issues agent_issues = state->kb ? sim::adherencia::Agent(state->plan, *state->kb, state->graph, state->umbrales_aplicados).issues()
                                              : sim::Agent(state->plan, state->plan_huella, *state->world, state->graph, state->umbrales_aplicados).issues();
        for (const Issue& i : agent_issues) issues.push_back(i);
    }
    // A batch read with Request::batch_case_members keeps only some members of each case: the agent needs
    // them all. The first case of the run tells.
    if (issues.empty() && !main.casos_ejecutados.empty()) {
        const std::string& first = main.casos_ejecutados.front();
        std::optional<json::Value> c = in.batch.find_case(first);
        Issues case_issues;
        const bool readable = c && (state->kb ? sim::adherencia::read_case(*c, "casos." + first, case_issues).has_value()
                                              : sim::read_case(std::move(*c), "casos." + first, case_issues).has_value());
        if (!readable)
            issues.push_back(not_simulable("casos." + first, "el agente simulado no puede leer los casos del lote tal como se leyeron",
                                           "the simulated agent cannot read the batch's cases as they were read"));
    }
    if (!issues.empty()) {
        for (Issue& i : issues) note(why_not, std::move(i));
        return std::nullopt;
    }
    return Continuation(std::move(state));
}

std::optional<SimulatedCase> Continuation::run_case(const std::string& caso_id, const json::Value& applied, Issues* why_not) const {
    const State& s = *m_state;
    if (!applied.is_object()) {
        note(why_not, Issue{"UMBRAL_NO_APLICADO", "umbrales", {"los umbrales jugados no son un objeto", "the played thresholds are not an object"}});
        return std::nullopt;
    }
    // The played values over the run's own: a threshold the caller leaves out keeps the run's value.
    json::Value values = s.umbrales_aplicados;
    for (const json::Member& m : applied.as_object()) {
        if (json::Value* v = values.find(m.key)) *v = m.value;
        else values.as_object().push_back(m);
    }
    std::optional<json::Value> found = s.batch.find_case(caso_id);
    if (!found) {
        note(why_not, Issue{"CASO_DESCONOCIDO", caso_id, {"el lote no tiene este caso", "the batch has no such case"}});
        return std::nullopt;
    }
    Issues read_issues;
    Issues agent_issues;
    sim::CaseRun run;
    bool ran = false;
    if (s.kb) {
        const std::optional<sim::adherencia::Case> c = sim::adherencia::read_case(*found, "casos." + caso_id, read_issues);
        const sim::adherencia::Agent agent(s.plan, *s.kb, s.graph, std::move(values));
        agent_issues = agent.issues();
        if (c && agent_issues.empty()) {
            run = agent.run(*c, s.corrida_id);
            ran = true;
        }
    } else {
        const std::optional<sim::Case> c = sim::read_case(std::move(*found), "casos." + caso_id, read_issues);
        const sim::Agent agent(s.plan, s.plan_huella, *s.world, s.graph, std::move(values));
        agent_issues = agent.issues();
        if (c && agent_issues.empty()) {
            run = agent.run(*c, s.corrida_id);
            ran = true;
        }
    }
    if (!ran) {
        for (Issue& i : read_issues) note(why_not, std::move(i));
        for (Issue& i : agent_issues) note(why_not, std::move(i));
        return std::nullopt;
    }

    SimulatedCase out;
    out.caso_id = caso_id;
    if (run.stopped) {
        out.desenlace = "detenido";
        if (run.stop) out.motivo = run.stop->message;
        return out;
    }
    const json::Value* pauses = member(run.trace, "pausas_humanas");
    const bool paused = pauses && pauses->is_array() && !pauses->as_array().empty();
    out.desenlace = paused ? "persona" : "solo";
    if (paused) {
        const json::Value* motivo = member(pauses->as_array().front(), "payload");
        motivo = motivo ? member(*motivo, "motivo") : nullptr;
        const json::Value* es = motivo ? member(*motivo, "es") : nullptr;
        const json::Value* en = motivo ? member(*motivo, "en") : nullptr;
        if (es && en && es->is_string() && en->is_string()) out.motivo = Bilingual{es->as_string(), en->as_string()};
    }
    if (const json::Value* senales = member(run.trace, "senales"))
        if (const json::Value* d = member(*senales, "decision_final")) out.decision_final = *d;
    if (const json::Value* nodes = member(run.trace, "nodos_visitados"); nodes && nodes->is_array())
        for (const json::Value& n : nodes->as_array())
            if (n.is_string()) out.nodos_visitados.push_back(n.as_string());
    return out;
}

const std::string& Continuation::corrida_id() const { return m_state->corrida_id; }

}  // namespace planlang::playground
