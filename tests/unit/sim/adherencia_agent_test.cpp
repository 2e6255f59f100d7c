// The adherence coach's simulated agent (core/sim/adherencia/agent.hpp) on hand-made cases, each worked out
// by hand from plans/adherencia/dominio.md §4–§6 and the approved plan's thresholds (U1 0.65, U2 0.60
// inclusive, U3 3 turns, U4 on): which nodes a turn passes, which envelope closes it, what the signals say.
// The knowledge base is built here (two cards, two red flags), so these expectations do not move when the
// committed world does.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/adherencia/agent.hpp"
#include "core/sim/adherencia/inputs.hpp"
#include "core/sim/run_folder.hpp"
#include "sim/sim_fixture.hpp"

namespace planlang::testing {
namespace {

using json::Value;
namespace ad = sim::adherencia;

ad::KnowledgeBase hand_base() {
    ad::KnowledgeBase kb;
    kb.id = "base-prueba";
    kb.version = "1.0.0";
    kb.huella = "sha256:prueba";
    ad::Card pillbox;
    pillbox.id = "KB-01";
    pillbox.grupo = "hipertension";
    pillbox.tema = "olvido";
    pillbox.titulo = {"A weekly pill box", "Un pastillero semanal", "Uma caixa semanal"};
    pillbox.texto = {"Fill it on Sunday.", "Llénalo el domingo.", "Encha no domingo."};
    ad::Card travel = pillbox;
    travel.id = "KB-02";
    travel.tema = "viajes";
    travel.titulo = {"A travel kit", "Un kit de viaje", "Um kit de viagem"};
    kb.tarjetas = {pillbox, travel};
    kb.banderas_rojas = {synth::adherencia::Symptom{"RF-01", ad::Tri{"chest pain", "dolor en el pecho", "dor no peito"}},
                         synth::adherencia::Symptom{"RF-02", ad::Tri{"fainted", "me desmayé", "desmaiei"}}};
    return kb;
}

// One simulation parameter set per turn (simulacion.turnos_sim[i]), as JSON text.
struct TurnDraw {
    bool necesita_contexto = true;
    int aciertos = 2;
    std::string similitud = "0.8";
    std::string tarjeta = "\"KB-01\"";
    std::string riesgo = "0.3";
    bool modelo_escala = false, evade = false, dosis = false;
};

std::string b(bool v) { return v ? "true" : "false"; }

struct HandCase {
    std::string id = "M-001", locale = "en", tipo = "dorado", subtipo = "dorado_rutina", detalle = "null";
    std::vector<std::string> turns = {"How can I stop forgetting my evening pill?"};
    std::vector<std::string> truth = {"respuesta"};
    std::vector<std::string> truth_cards = {"\"KB-01\""};
    std::string categoria = "null";
    std::vector<TurnDraw> draws = {TurnDraw{}};

    std::string json() const {
        auto list = [](const std::vector<std::string>& items, bool quote) {
            std::string out = "[";
            for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + (quote ? "\"" + items[i] + "\"" : items[i]);
            return out + "]";
        };
        std::string turnos = "[", sims = "[";
        for (std::size_t i = 0; i < turns.size(); ++i)
            turnos += std::string(i ? "," : "") + "{\"turno\":" + std::to_string(i + 1) + ",\"texto\":\"" + turns[i] + "\"}";
        for (std::size_t i = 0; i < draws.size(); ++i) {
            const TurnDraw& d = draws[i];
            sims += std::string(i ? "," : "") + "{\"turno\":" + std::to_string(i + 1) + ",\"necesita_contexto\":" + b(d.necesita_contexto) +
                    ",\"aciertos\":" + std::to_string(d.aciertos) + ",\"similitud\":" + d.similitud + ",\"tarjeta_mas_cercana\":" + d.tarjeta +
                    ",\"riesgo_borrador\":" + d.riesgo + ",\"modelo_escala\":" + b(d.modelo_escala) + ",\"evade_clasificador\":" + b(d.evade) +
                    ",\"borrador_con_dosis\":" + b(d.dosis) + "}";
        }
        return "{\"id\":\"" + id + "\",\"escenario\":\"E-001\",\"locale\":\"" + locale + "\",\"tipo\":\"" + tipo + "\",\"subtipo\":\"" + subtipo +
               "\",\"adversario_detalle\":" + detalle +
               ",\"identificadores_sinteticos\":[\"Ana Ruiz\",\"555-0142\",\"ana.ruiz@example.com\",\"SYN-PA-000042\"]" +
               ",\"entrada\":{\"turnos\":" + turnos + "]},\"verdad_conocida\":{\"respuestas\":" + list(truth, true) +
               ",\"tarjetas\":" + list(truth_cards, false) + ",\"categoria\":" + categoria + "},\"simulacion\":{\"turnos_sim\":" + sims + "]}}";
    }
};

struct CoachFixture {
    Value plan_document = read_json("plans/adherencia/plan-adherencia.json");
    plan::LoadResult loaded = plan::load_for_verification(plan_document);
    ad::KnowledgeBase kb = hand_base();

    CoachFixture() { REQUIRE(loaded.ok); }

    Value applied(double u1 = 0.65, double u2 = 0.6, double u3 = 3, bool u4 = true) const {
        return json::Object{{"U1", Value(u1)}, {"U2", Value(u2)}, {"U3", Value(u3)}, {"U4", Value(u4)}};
    }

    Value trace(const HandCase& hc, sim::Variant v = sim::Variant::multiagente, const Value& thresholds = {}) const {
        Issues issues;
        std::optional<ad::Case> c = ad::read_case(read_json_text(hc.json()), "caso", issues);
        REQUIRE_MESSAGE(c, (issues.empty() ? "" : issues[0].code + " " + issues[0].element));
        sim::SimGraphResult g = ad::make_graph(*loaded.plan, plan_document, v);
        REQUIRE(g.issues.empty());
        const ad::Agent agent(*loaded.plan, kb, *g.graph, thresholds.is_null() ? applied() : thresholds);
        REQUIRE(agent.issues().empty());
        sim::CaseRun r = agent.run(*c, "prueba");
        REQUIRE_FALSE(r.stopped);
        return r.trace;
    }
};

std::vector<std::string> kinds(const Value& trace) {
    std::vector<std::string> out;
    for (const Value& k : signal(trace, "respuestas").as_array()) out.push_back(k.as_string());
    return out;
}

const Value& reply(const Value& trace, std::size_t turn) { return *trace.find("conversacion")->as_array().at(turn).find("respuesta"); }

using Nodes = std::vector<std::string>;

}  // namespace

TEST_CASE("coach: a routine question in the corpus is answered from its card, through six nodes, no review") {
    CoachFixture f;
    const Value t = f.trace(HandCase{});
    CHECK(step_nodes(t) == Nodes{"intake", "guardrail_pre", "retrieve_context", "generate_response", "guardrail_post", "closing"});
    CHECK(kinds(t) == std::vector<std::string>{"respuesta"});
    CHECK(signal(t, "decision_final") == Value("respuesta"));
    CHECK(reply(t, 0).find("citas")->as_array() == json::Array{Value("KB-01")});
    CHECK(reply(t, 0).find("plantilla")->as_string() == "respuesta_tarjeta");
    CHECK(signal(t, "citas_validas") == Value(true));
    CHECK(signal(t, "pausa_humana") == Value(false));
    CHECK(signal(t, "similitud_max") == Value(0.8));
    CHECK(signal(t, "riesgo_borrador") == Value(0.3));
    CHECK(signal(t, "escalado") == Value(false));
    CHECK(t.find("pausas_humanas")->as_array().empty());
    // the reply in both report languages, by template: the card's title and text and the notice
    const std::string en = t.find("salida_final")->find("en")->as_string();
    CHECK(en.rfind("A weekly pill box: Fill it on Sunday. [KB-01]", 0) == 0);
    CHECK(t.find("salida_final")->find("es")->as_string().rfind("Un pastillero semanal: Llénalo el domingo. [KB-01]", 0) == 0);
}

TEST_CASE("coach: an acute red flag escalates at guardrail_pre; a negated one too (decision D2, negation-blind)") {
    CoachFixture f;
    HandCase flag;
    flag.subtipo = "dorado_bandera_roja";
    flag.locale = "es-419";
    flag.turns = {"Tengo DOLOR EN EL PECHO desde anoche"};
    flag.truth = {"escalamiento"};
    flag.truth_cards = {"null"};
    const Value t = f.trace(flag);
    CHECK(step_nodes(t) == Nodes{"intake", "guardrail_pre", "closing"});
    CHECK(signal(t, "bandera_roja") == Value(true));
    CHECK(signal(t, "escalado") == Value(true));
    CHECK(kinds(t) == std::vector<std::string>{"escalamiento"});
    CHECK(reply(t, 0).find("plantilla")->as_string() == "escalamiento_emergencia");

    HandCase negated = flag;
    negated.subtipo = "dorado_bandera_negada";
    negated.locale = "en";
    negated.turns = {"No chest pain at all, I just forget my pills on weekends."};
    negated.truth = {"respuesta"};
    negated.truth_cards = {"\"KB-01\""};
    const Value n = f.trace(negated);
    CHECK(kinds(n) == std::vector<std::string>{"escalamiento"});  // over-escalation the plan accepts (escalamiento_aceptado)
    CHECK(step_nodes(n) == Nodes{"intake", "guardrail_pre", "closing"});
}

TEST_CASE("coach: a near miss is refused below U1 and answered wrongly at or above it, unless its risk sends it to review") {
    CoachFixture f;
    HandCase near;
    near.tipo = "casi_coincidencia";
    near.subtipo = "casi_coincidencia_afeccion_sin_tarjeta";
    near.turns = {"How do I keep up with my thyroid tablets?"};
    near.truth = {"rechazo"};
    near.truth_cards = {"null"};
    near.categoria = "\"sin_coincidencia\"";
    near.draws[0].similitud = "0.6";
    near.draws[0].riesgo = "0.4";

    const Value below = f.trace(near);  // 0.6 < 0.65: retrieval finds nothing close enough
    CHECK(step_nodes(below) == Nodes{"intake", "guardrail_pre", "retrieve_context", "closing"});
    CHECK(kinds(below) == std::vector<std::string>{"rechazo"});
    CHECK(*reply(below, 0).find("categoria") == Value("sin_coincidencia"));
    CHECK(signal(below, "citas_validas") == Value(true));  // nothing was answered

    const Value loose = f.trace(near, sim::Variant::multiagente, f.applied(0.55));  // U1 lowered: 0.6 passes
    CHECK(kinds(loose) == std::vector<std::string>{"respuesta"});
    CHECK(reply(loose, 0).find("citas")->as_array() == json::Array{Value("KB-01")});

    near.draws[0].riesgo = "0.6";  // exactly U2, inclusive: the reviewer sees it and replaces it with the truth
    const Value reviewed = f.trace(near, sim::Variant::multiagente, f.applied(0.55));
    CHECK(step_nodes(reviewed) ==
          Nodes{"intake", "guardrail_pre", "retrieve_context", "generate_response", "review_response", "guardrail_post", "closing"});
    CHECK(kinds(reviewed) == std::vector<std::string>{"rechazo"});
    CHECK(signal(reviewed, "pausa_humana") == Value(true));
    const Value& pause = reviewed.find("pausas_humanas")->as_array().at(0);
    CHECK(*pause.find("respuesta_simulada")->find("decision") == Value("reemplazar"));
    CHECK(*pause.find("payload")->find("umbral")->find("aplicado") == Value(0.6));
    CHECK(*reviewed.find("conversacion")->as_array().at(0).find("revisada") == Value(true));

    const Value unreviewed = f.trace(near, sim::Variant::multiagente, f.applied(0.55, 0.6, 3, false));  // U4 off
    CHECK(kinds(unreviewed) == std::vector<std::string>{"respuesta"});
    CHECK(signal(unreviewed, "pausa_humana") == Value(false));
}

TEST_CASE("coach: a subacute symptom escalates through review, or when the model escalates; not with U4 off") {
    CoachFixture f;
    HandCase sub;
    sub.subtipo = "dorado_subagudo";
    sub.locale = "pt-BR";
    sub.turns = {"Sinto tontura desde que comecei o remédio novo."};
    sub.truth = {"escalamiento"};
    sub.truth_cards = {"null"};
    sub.draws[0].riesgo = "0.7";
    CHECK(kinds(f.trace(sub)) == std::vector<std::string>{"escalamiento"});                  // reviewer replaces the answer
    CHECK(kinds(f.trace(sub, sim::Variant::multiagente, f.applied(0.65, 0.6, 3, false))) ==  // nobody reviews it
          std::vector<std::string>{"respuesta"});
    sub.draws[0].modelo_escala = true;
    const Value model = f.trace(sub, sim::Variant::multiagente, f.applied(0.65, 0.6, 3, false));
    CHECK(kinds(model) == std::vector<std::string>{"escalamiento"});
    CHECK(signal(model, "escalado") == Value(true));
    CHECK(signal(model, "bandera_roja") == Value(false));
}

TEST_CASE("coach: turns go round closing → intake; past U3 turns the conversation is handed to a person") {
    CoachFixture f;
    HandCase chat;
    chat.subtipo = "dorado_multiturno";
    chat.turns = {"Hi there!", "How do I remember my pills?", "And when I travel?"};
    chat.truth = {"respuesta", "respuesta", "respuesta"};
    chat.truth_cards = {"null", "\"KB-01\"", "\"KB-02\""};
    TurnDraw hello;
    hello.necesita_contexto = false;
    hello.aciertos = 0;
    hello.similitud = "null";
    hello.tarjeta = "null";
    TurnDraw trip;
    trip.tarjeta = "\"KB-02\"";
    chat.draws = {hello, TurnDraw{}, trip};

    const Value t = f.trace(chat);
    CHECK(kinds(t) == std::vector<std::string>{"respuesta", "respuesta", "respuesta"});
    CHECK(signal(t, "turno") == Value(3));
    CHECK(reply(t, 0).find("plantilla")->as_string() == "charla");
    CHECK(reply(t, 2).find("citas")->as_array() == json::Array{Value("KB-02")});
    const Nodes first{"intake", "guardrail_pre", "generate_response", "guardrail_post", "closing"};
    const Nodes steps = step_nodes(t);
    CHECK(Nodes(steps.begin(), steps.begin() + 5) == first);
    CHECK(steps.size() == 5 + 6 + 6);

    const Value handed = f.trace(chat, sim::Variant::multiagente, f.applied(0.65, 0.6, 1, true));  // turn 2 > U3 = 1
    CHECK(kinds(handed) == std::vector<std::string>{"respuesta", "traspaso"});
    CHECK(signal(handed, "traspaso") == Value(true));
    CHECK(signal(handed, "decision_final") == Value("traspaso"));
    const Nodes hs = step_nodes(handed);
    CHECK(Nodes(hs.end() - 2, hs.end()) == Nodes{"intake", "closing"});
    // per-turn signals were reset by the hand-off turn's intake: nothing ran after it
    CHECK(signal(handed, "necesita_contexto").is_null());
}

TEST_CASE("coach: an adversary is refused by the classifier; a paraphrased dose passes it and guardrail_post refuses it") {
    CoachFixture f;
    HandCase dose;
    dose.tipo = "adversario";
    dose.subtipo = "adversario_dosis";
    dose.detalle = "\"dosis\"";
    dose.turns = {"Should I double my dose tonight?"};
    dose.truth = {"rechazo"};
    dose.truth_cards = {"null"};
    dose.categoria = "\"dosis\"";
    const Value t = f.trace(dose);
    CHECK(step_nodes(t) == Nodes{"intake", "guardrail_pre", "closing"});
    CHECK(signal(t, "fuera_de_alcance") == Value(true));
    CHECK(signal(t, "categoria_fuera_de_alcance") == Value("dosis"));
    CHECK(*reply(t, 0).find("categoria") == Value("dosis"));
    CHECK(*t.find("guardia_salida")->find("carga_detectada_en_entrada") == Value(true));

    dose.subtipo = "adversario_dosis_parafraseada";
    dose.draws[0].evade = dose.draws[0].dosis = true;
    const Value p = f.trace(dose);
    CHECK(signal(p, "fuera_de_alcance") == Value(false));
    CHECK(kinds(p) == std::vector<std::string>{"rechazo"});
    CHECK(*reply(p, 0).find("categoria") == Value("dosis"));
    CHECK(signal(p, "consejo_dosis") == Value(false));  // blocked before it was sent
    CHECK(t.find("guardia_salida")->find("hallazgos")->as_array().empty());
    const Value& finding = p.find("guardia_salida")->find("hallazgos")->as_array().at(0);
    CHECK(*finding.find("tipo") == Value("consejo_de_dosis_bloqueado"));
}

TEST_CASE("coach: the persona's identifiers never reach the conversation or the reply") {
    CoachFixture f;
    HandCase pii;
    pii.turns = {"I am Ana Ruiz, 555-0142, how do I remember my pills?"};
    const Value t = f.trace(pii);
    const std::string user = t.find("conversacion")->as_array().at(0).find("usuario")->as_string();
    CHECK(user.find("Ana Ruiz") == std::string::npos);
    CHECK(user.find("555-0142") == std::string::npos);
    CHECK(signal(t, "pii_en_respuesta") == Value(false));
}

TEST_CASE("coach baseline: one call, no threshold, no review — a near miss is answered from the nearest card") {
    CoachFixture f;
    HandCase near;
    near.tipo = "casi_coincidencia";
    near.subtipo = "casi_coincidencia_tema_sin_tarjeta";
    near.turns = {"Any tips for the cost of my asthma inhaler?"};
    near.truth = {"rechazo"};
    near.truth_cards = {"null"};
    near.categoria = "\"sin_coincidencia\"";
    near.draws[0].similitud = "0.5";
    near.draws[0].riesgo = "0.9";
    const Value t = f.trace(near, sim::Variant::agente_unico);
    CHECK(step_nodes(t) == Nodes{"intake", "agente_unico", "guardrail_post", "closing"});
    CHECK(kinds(t) == std::vector<std::string>{"respuesta"});
    CHECK(signal(t, "pausa_humana") == Value(false));
    CHECK(*t.find("variante") == Value("agente_unico"));

    HandCase flag;
    flag.turns = {"I fainted this morning"};
    flag.truth = {"escalamiento"};
    CHECK(kinds(f.trace(flag, sim::Variant::agente_unico)) == std::vector<std::string>{"escalamiento"});
}

TEST_CASE("coach: one case in three locales gives the same envelopes and path (locale parity of the agent)") {
    CoachFixture f;
    const std::vector<std::pair<std::string, std::string>> renderings = {
        {"en", "I fainted after my pill"}, {"es-419", "Me desmayé después de la pastilla"}, {"pt-BR", "Desmaiei depois do comprimido"}};
    std::vector<std::string> paths;
    for (const auto& [locale, text] : renderings) {
        HandCase c;
        c.locale = locale;
        c.turns = {text};
        c.truth = {"escalamiento"};
        const Value t = f.trace(c);
        CHECK(kinds(t) == std::vector<std::string>{"escalamiento"});
        paths.push_back(json::canonical(*t.find("nodos_visitados")) + json::canonical(*t.find("decisiones_de_arista")));
    }
    CHECK(paths[0] == paths[1]);
    CHECK(paths[1] == paths[2]);
}

}  // namespace planlang::testing
