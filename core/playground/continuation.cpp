// Simulated continuation (playground.md §10.1): a case of a verified run re-run by core/sim's agent.
#include "core/playground/continuation.hpp"

#include <utility>

#include "core/json/canonical.hpp"
#include "core/sim/simulation.hpp"

namespace planlang::playground {

// What the agent reads and must outlive it (the runner keeps a reference to the plan): built once, never
// moved after, shared by every copy of the Continuation. The runner is the plan's domain's (sim::Simulation).
struct Continuation::State {
    plan::Plan plan;
    std::string plan_huella;
    std::unique_ptr<const sim::CaseRunner> runner;
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
    // The run's plan says its domain; the domain's simulated agent reads the world under its own key (demo B's
    // `listas` and a real agent's domain have none).
    const std::string declared = string_at(main.manifest, "plan", "huella");
    const run::LoadedPlan* plan = plan_of_run(in, declared);
    const sim::Simulation* simulation = plan ? sim::find_simulation(plan->plan.dominio_id) : nullptr;
    std::shared_ptr<const sim::LoadedWorld> world;
    if (!in.world) {
        issues.push_back(not_simulable("plan_beneficios", "la corrida no referencia un mundo", "the run references no world"));
    } else if (plan && !simulation) {
        issues.push_back(not_simulable("plan.dominio_id", "el agente simulado no conoce el dominio del plan: " + plan->plan.dominio_id,
                                       "the simulated agent does not know the plan's domain: " + plan->plan.dominio_id));
    } else if (simulation && in.world->clave != simulation->world_key()) {
        issues.push_back(not_simulable(in.world->clave, "el agente simulado no conoce el dominio de este mundo: " + in.world->clave,
                                       "the simulated agent does not know this world's domain: " + in.world->clave));
    } else if (simulation) {
        world = simulation->read_world(in.world->document, issues);
        if (!world && issues.empty())
            issues.push_back(not_simulable(in.world->clave, "el mundo no se pudo leer", "the world could not be read"));
    }
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
    state->batch = in.batch;
    state->umbrales_aplicados = main.umbrales_aplicados;
    state->corrida_id = main.corrida_id;
    // The batch must be the one made with this plan and this world (as the simulators require).
    if (string_at(in.batch.document, "plan", "id") != state->plan.id)
        issues.push_back(not_simulable("casos.plan.id", "el lote se generó con otro plan", "the batch was generated with another plan"));
    const std::string world_key(simulation->world_key());
    if (string_at(in.batch.document, world_key, "huella") != world->huella())
        issues.push_back(not_simulable("casos." + world_key + ".huella", "el lote se generó con otro mundo", "the batch was generated with another world"));
    sim::CaseRunnerResult made = simulation->case_runner(state->plan, state->plan_huella, plan->document, world, variant);
    for (Issue& i : made.issues) issues.push_back(std::move(i));
    if (made.runner) {
        if (!same_graph(made.runner->graph(), main.grafo, main.grafo.demo_id))
            issues.push_back(not_simulable(main.dir + "/grafo.json", "el grafo de la corrida no es el que el plan da al agente simulado",
                                           "the run's graph is not the one the plan gives the simulated agent"));
        for (Issue& i : made.runner->agent_issues(state->umbrales_aplicados)) issues.push_back(std::move(i));
        state->runner = std::move(made.runner);
    }
    // A batch read with Request::batch_case_members keeps only some members of each case: the agent needs
    // them all. The first case of the run tells.
    if (issues.empty() && !main.casos_ejecutados.empty()) {
        const std::string& first = main.casos_ejecutados.front();
        std::optional<json::Value> c = in.batch.find_case(first);
        Issues case_issues;
        const bool readable = c && state->runner->reads_case(*c, "casos." + first, case_issues);
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
    const std::optional<sim::CaseRun> ran = s.runner->run(std::move(*found), "casos." + caso_id, values, s.corrida_id, read_issues, agent_issues);
    if (!ran) {
        for (Issue& i : read_issues) note(why_not, std::move(i));
        for (Issue& i : agent_issues) note(why_not, std::move(i));
        return std::nullopt;
    }
    const sim::CaseRun& run = *ran;

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
