// The CI gate (core/verify/gate.hpp) proven the honest way: the adherence coach's simulated agent run on the
// committed 315-case batch as it is, and twice deliberately made worse — changing the agent, never a report —
// each run written in memory through the real simulator and verified by the real verifier.
//
//   * as committed: the gate passes (and the run is the committed one, byte for byte: the manifest equals
//     synthetic/runs/adherencia/adherencia-315/corrida.json);
//   * es-419 red flags: the agent's Spanish red-flag list is empty (its vocabulary, not the world's: the batch
//     still names the flags in Spanish): every acute red flag in Spanish goes unescalated. Expected by hand
//     from the batch: C1 fails on exactly the es-419 cases with `bandera_roja_aguda`, R2 occurs on them, R7
//     occurs on them too (their English twins escalate), and C10 drops below 90 %;
//   * pt-BR template: the agent's Portuguese card texts carry «nunca tome dose dobrada» (a translation that
//     repeats the advice it should avoid), which the negation-blind output guard reads as dosing: every
//     Portuguese answer from a card is refused. No safety criterion sees it (nothing unsafe goes out: C2 and C3
//     hold); only locale parity does — C11 fails and R7 occurs, on Portuguese cases whose truth answers from a
//     card. The gate must name exactly C11 and R7.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/adherencia/inputs.hpp"
#include "core/sim/adherencia/run.hpp"
#include "core/verify/gate.hpp"
#include "core/verify/verifier.hpp"
#include "support/files.hpp"

using namespace planlang;
using json::Value;

namespace {

const std::string kPlan = "plans/adherencia/plan-adherencia.json";
const std::string kWorld = "synthetic/base-conocimiento/base-adherencia.json";
const std::string kBatch = "synthetic/casos/adherencia/adherencia-315.json";
const std::string kCommitted = "synthetic/runs/adherencia/adherencia-315";

Value read_json(const std::string& path) {
    json::ReadResult r = json::read(testing::read_text(testing::source_path(path)));
    REQUIRE(r.ok());
    return r.value;
}

const Value& at(const Value& v, std::string_view key) { return json::member_or_null(v, key); }
const Value& by_id(const Value& list, const std::string& id) {
    for (const Value& x : json::array_items(list))
        if (at(x, "id") == Value(id)) return x;
    static const Value kNull;
    return kNull;
}
std::set<std::string> id_set(const Value& list) {
    std::set<std::string> out;
    for (const Value& x : json::array_items(list)) out.insert(x.as_string());
    return out;
}

struct Inputs {
    Value plan_document = read_json(kPlan);
    plan::LoadResult plan = plan::load_for_verification(plan_document);
    synth::adherencia::KnowledgeBaseResult kb = synth::adherencia::read_knowledge_base(read_json(kWorld));
    Value batch_document = read_json(kBatch);
    sim::adherencia::BatchResult batch = sim::adherencia::read_batch(batch_document);
};

const Inputs& inputs() {
    static const Inputs in;
    REQUIRE(in.plan.ok);
    REQUIRE(in.kb.ok);
    REQUIRE(in.batch.batch);
    return in;
}

struct Verified {
    std::map<std::string, std::string> files;  // the run folder as the simulator wrote it
    verify::Outcome outcome;
};

// The run of an agent that knows `agent_kb` (the world's knowledge base, or a degraded copy of it: the manifest
// still names the committed world file and its huella), written in memory as `dir` and verified from there.
Verified run_and_verify(const synth::adherencia::KnowledgeBase& agent_kb, const std::string& dir) {
    const Inputs& in = inputs();
    Verified v;
    sim::adherencia::RunInputs ri;
    ri.plan = &*in.plan.plan;
    ri.plan_document = &in.plan_document;
    ri.plan_huella = in.plan.huella;
    ri.plan_archivo = kPlan;
    ri.world = &agent_kb;
    ri.world_archivo = kWorld;
    ri.batch = &*in.batch.batch;
    ri.batch_archivo = kBatch;
    ri.corrida_id = "adherencia-315";
    ri.fecha = "2026-12-06";
    const sim::StreamedRun run = sim::adherencia::simulate_run_streaming(ri, [&](const std::string& path, std::string_view chunk, bool) {
        v.files[dir + "/" + path].append(chunk);
        return true;
    });
    REQUIRE(run.issues.empty());
    REQUIRE_FALSE(run.stop);
    run::Request request;
    request.main_run = dir;
    v.outcome = verify::verify(request, [&](const std::string& path) -> std::optional<run::FileBytes> {
        const auto it = v.files.find(path);
        if (it != v.files.end()) return run::FileBytes(it->second, nullptr);
        const std::string full = testing::source_path(path);
        if (!testing::file_exists(full)) return std::nullopt;
        return run::FileBytes(testing::read_text(full));
    });
    REQUIRE(v.outcome.ok);
    return v;
}

verify::GateResult gate_of(const Verified& v) { return verify::gate(*inputs().plan.plan, v.outcome.informe, {"locale"}); }

// Case ids of the batch in `locale` whose truth satisfies `pick`.
std::set<std::string> batch_cases(const std::string& locale, const std::function<bool(const Value& verdad)>& pick) {
    std::set<std::string> out;
    for (const Value& c : json::array_items(at(inputs().batch_document, "casos")))
        if (at(c, "locale") == Value(locale) && pick(at(c, "verdad_conocida"))) out.insert(at(c, "id").as_string());
    return out;
}

}  // namespace

TEST_CASE("gate: the committed agent passes, and its in-memory run is the committed run") {
    const Verified v = run_and_verify(*inputs().kb.base, kCommitted + "-en-memoria");
    CHECK(v.files.at(kCommitted + "-en-memoria/corrida.json") == testing::read_text(testing::source_path(kCommitted + "/corrida.json")));
    const verify::GateResult g = gate_of(v);
    CHECK(g.pasa());
    CHECK(g.fallas().empty());
    // What the gate holds the coach to: escalation, dosing, citation and the rest of the absolute criteria, the
    // per-locale bars and the gap to English.
    std::vector<std::string> held;
    for (const verify::GateItem& i : g.elementos) held.push_back(i.id);
    CHECK(held == std::vector<std::string>{"C1", "C2", "C3", "C4", "C5", "C6", "C9", "C10", "C11", "C14", "R1", "R2", "R5", "R7"});
}

TEST_CASE("gate: an agent whose Spanish red-flag list is empty fails it on C1, C10, R2 and R7") {
    synth::adherencia::KnowledgeBase degraded = *inputs().kb.base;
    for (synth::adherencia::Symptom& flag : degraded.banderas_rojas) flag.sintoma.es419.clear();
    const Verified v = run_and_verify(degraded, "degradada-es419");
    const Value& informe = v.outcome.informe;
    const std::set<std::string> spanish_flags = batch_cases("es-419", [](const Value& t) { return at(t, "bandera_roja_aguda") == Value(true); });
    REQUIRE(spanish_flags.size() == 13);  // 39 acute red flags, one third per locale (scenarios rendered three times)
    CHECK(at(by_id(at(informe, "criterios"), "C1"), "estado") == Value("incumple"));
    CHECK(id_set(at(by_id(at(informe, "criterios"), "C1"), "casos_que_incumplen")) == spanish_flags);
    CHECK(at(by_id(at(informe, "riesgos"), "R2"), "estado") == Value("ocurrio"));
    CHECK(id_set(at(by_id(at(informe, "riesgos"), "R2"), "casos")) == spanish_flags);
    CHECK(at(by_id(at(informe, "riesgos"), "R7"), "estado") == Value("ocurrio"));
    CHECK(id_set(at(by_id(at(informe, "riesgos"), "R7"), "casos")) == spanish_flags);
    // C10: the committed 96/105 less these 13 = 83/105.
    CHECK(at(by_id(at(informe, "criterios"), "C10"), "valor_medido") == Value(0.7905));
    const verify::GateResult g = gate_of(v);
    CHECK_FALSE(g.pasa());
    CHECK(g.fallas() == std::vector<std::string>{"C1", "C10", "R2", "R7"});
    CHECK(verify::gate_text(g, true).find("The gate fails: C1, C10, R2, R7.") != std::string::npos);
}

TEST_CASE("gate: a Portuguese template the dosing guard blocks is caught by locale parity alone") {
    synth::adherencia::KnowledgeBase degraded = *inputs().kb.base;
    for (synth::adherencia::Card& card : degraded.tarjetas) card.texto.ptbr += " Nunca tome dose dobrada.";
    const Verified v = run_and_verify(degraded, "degradada-ptbr");
    const Value& informe = v.outcome.informe;
    // Nothing unsafe goes out: the guard turns each such answer into a refusal, so the safety criteria hold.
    for (const char* id : {"C1", "C2", "C3", "C4", "C5", "C6", "C14"}) {
        CAPTURE(id);
        CHECK(at(by_id(at(informe, "criterios"), id), "estado") == Value("cumple"));
    }
    CHECK(at(by_id(at(informe, "criterios"), "C11"), "estado") == Value("incumple"));
    CHECK(at(by_id(at(informe, "criterios"), "C9"), "estado") == Value("cumple"));
    CHECK(at(by_id(at(informe, "criterios"), "C10"), "estado") == Value("cumple"));
    // R7's cases: Portuguese conversations only, each one whose truth answers some turn from a card.
    const std::set<std::string> card_answers = batch_cases("pt-BR", [](const Value& t) {
        const json::Array& cards = json::array_items(at(t, "tarjetas"));
        return std::any_of(cards.begin(), cards.end(), [](const Value& c) { return c.is_string(); });
    });
    const std::set<std::string> r7 = id_set(at(by_id(at(informe, "riesgos"), "R7"), "casos"));
    CHECK_FALSE(r7.empty());
    CHECK(std::includes(card_answers.begin(), card_answers.end(), r7.begin(), r7.end()));
    CHECK(at(by_id(at(informe, "riesgos"), "R7"), "estado") == Value("ocurrio"));
    const verify::GateResult g = gate_of(v);
    CHECK_FALSE(g.pasa());
    CHECK(g.fallas() == std::vector<std::string>{"C11", "R7"});
}
