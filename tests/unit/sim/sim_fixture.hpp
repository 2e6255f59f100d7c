#pragma once
// Shared by the core/sim tests: demo A's approved plan, the hand-made world and batch of tests/data/sim/,
// and helpers to run one case and to look into traces.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/plan/approval.hpp"
#include "core/sim/demo_a/agent.hpp"
#include "core/sim/baseline.hpp"
#include "core/sim/demo_a/inputs.hpp"
#include "core/synth/world.hpp"
#include "support/files.hpp"

namespace planlang::testing {

inline json::Value read_json(const std::string& relative) {
    auto r = json::read(read_text(source_path(relative)));
    REQUIRE_MESSAGE(r.ok(), relative);
    return r.value;
}

inline json::Value read_json_text(const std::string& text) {
    auto r = json::read(text);
    REQUIRE_MESSAGE(r.ok(), text);
    return r.value;
}

inline std::string canonical_of(const json::Value& v) { return json::canonical(v); }

inline std::set<std::string> keys_of(const json::Value& object) {
    std::set<std::string> out;
    for (const auto& m : object.as_object()) out.insert(m.key);
    return out;
}

struct SimFixture {
    json::Value plan_document = read_json("plans/demo-a/plan-demo-a.json");
    plan::LoadResult loaded = plan::load_for_verification(plan_document);
    json::Value world_document = read_json("tests/data/sim/mundo.json");
    synth::BenefitPlanResult world = synth::read_benefit_plan(world_document);
    json::Value batch_document = read_json("tests/data/sim/lote.json");
    sim::demo_a::BatchResult batch = sim::demo_a::read_batch(batch_document);

    SimFixture() {
        REQUIRE(loaded.ok);
        REQUIRE_MESSAGE(world.issues.empty(), (world.issues.empty() ? "" : world.issues[0].code + " " + world.issues[0].element));
        REQUIRE_MESSAGE(batch.issues.empty(), (batch.issues.empty() ? "" : batch.issues[0].code + " " + batch.issues[0].element));
    }

    const plan::Plan& plan() const { return *loaded.plan; }

    json::Value applied(bool texas = false, double u1 = 0.75) const {
        json::Value a = plan().threshold_values();
        *a.find("U4") = json::Value(texas);
        *a.find("U1") = json::Value(u1);
        return a;
    }

    sim::SimGraph graph(sim::Variant v) const {
        auto g = sim::make_graph(plan(), plan_document, v);
        REQUIRE(g.issues.empty());
        return *g.graph;
    }

    const sim::demo_a::Case& case_(const std::string& id) const {
        for (const sim::demo_a::Case& c : batch.batch->casos)
            if (c.id == id) return c;
        FAIL("no such case " << id);
        return batch.batch->casos.front();
    }

    sim::CaseRun run(const sim::demo_a::Case& c, sim::Variant v = sim::Variant::multiagente, const json::Value& applied_values = {}) const {
        const sim::SimGraph g = graph(v);
        const json::Value a = applied_values.is_null() ? applied() : applied_values;
        const sim::demo_a::Agent agent(plan(), loaded.huella, *world.plan, g, a);
        REQUIRE(agent.issues().empty());
        return agent.run(c, "prueba");
    }

    json::Value trace(const std::string& id, sim::Variant v = sim::Variant::multiagente, const json::Value& applied_values = {}) const {
        sim::CaseRun r = run(case_(id), v, applied_values);
        REQUIRE_FALSE(r.stopped);
        return r.trace;
    }
};

inline std::vector<std::string> step_nodes(const json::Value& trace) {
    std::vector<std::string> out;
    for (const json::Value& s : trace.find("pasos")->as_array()) out.push_back(s.find("nodo")->as_string());
    return out;
}

inline const json::Value& signal(const json::Value& trace, const char* name) {
    const json::Value* v = trace.find("senales")->find(name);
    REQUIRE_MESSAGE(v, name);
    return *v;
}

inline std::vector<double> step_starts(const json::Value& trace) {
    std::vector<double> out;
    for (const json::Value& s : trace.find("pasos")->as_array()) out.push_back(s.find("inicio_ms")->as_number());
    return out;
}

// The records of the visit at `paso`.
inline std::vector<const json::Value*> records_at(const json::Value& trace, double paso) {
    std::vector<const json::Value*> out;
    for (const json::Value& r : trace.find("decisiones_de_arista")->as_array())
        if (r.find("paso")->as_number() == paso) out.push_back(&r);
    return out;
}

}  // namespace planlang::testing
