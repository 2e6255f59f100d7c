#pragma once
// Test helpers for the playground (core/playground/): runs loaded through playground::load over the source
// tree (natively and in wasm under Node), cached per run and per altered file set; settings from "U1=0.8"
// texts; case index lists and change records as canonical JSON text, which doctest prints when a check fails.
#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/playground/compact.hpp"
#include "core/playground/replay.hpp"
#include "core/playground/result_json.hpp"
#include "support/hand_runs.hpp"
#include "support/run_files.hpp"

namespace planlang::testing::pg {

using json::Value;
using hand::at;
using hand::canon;

inline const std::string kDir = "tests/data/playground/";
inline const std::string kEfectos = kDir + "pg-efectos";        // 8 cases, every row of §4 (README.md there)
inline const std::string kNoJugable = kDir + "pg-no-jugable";   // 3 cases, A-011 not playable (§11)
inline const std::string kDemo20 = "synthetic/runs/demo-a/demo-a-20";
inline const std::string kDemo200 = "synthetic/runs/demo-a/demo-a-200";
inline const std::string kHumo3 = "synthetic/runs/demo-a/demo-a-humo-3";

// A run as the CLI loads it (root: the source tree; plan, batch and demo manifest from the run's manifest).
inline playground::Loaded load_with(const std::string& run, const RunFiles& files) {
    playground::LoadRequest request;
    request.lectura.main_run = run;
    return playground::load(request, files.source());
}

// The committed run, loaded once per test program.
inline const playground::Loaded& loaded(const std::string& run) {
    static std::map<std::string, std::unique_ptr<playground::Loaded>> cache;
    auto& slot = cache[run];
    if (!slot) slot = std::make_unique<playground::Loaded>(load_with(run, RunFiles()));
    return *slot;
}

inline const playground::Compact& compact(const std::string& run) {
    const playground::Loaded& l = loaded(run);
    REQUIRE(l.ok);
    return *l.compacto;
}

// The plan's values with each "Ux=value" applied.
inline playground::Setting setting(const playground::Compact& c, std::initializer_list<const char*> sets) {
    playground::Setting s = playground::plan_setting(c);
    for (const char* text : sets) {
        const std::optional<Issue> bad = playground::set_threshold(c, s, text);
        CAPTURE(text);
        REQUIRE(!bad);
    }
    return s;
}

// Case indexes as their ids, a canonical JSON list.
inline std::string ids(const playground::Compact& c, const std::vector<std::uint32_t>& cases) {
    json::Array a;
    for (std::uint32_t i : cases) a.emplace_back(c.casos[i].id);
    return canon(Value(std::move(a)));
}

inline std::size_t case_index(const playground::Compact& c, const std::string& id) {
    for (std::size_t i = 0; i < c.casos.size(); ++i)
        if (c.casos[i].id == id) return i;
    FAIL("no case " << id);
    return 0;
}

// The ids of the diverging cases, in run order.
inline std::string changed(const playground::Compact& c, const playground::Replay& r) {
    json::Array a;
    for (const playground::Change& ch : r.cambios) a.emplace_back(c.casos[ch.caso].id);
    return canon(Value(std::move(a)));
}

// The change record (§3.7) of one case, as replay_json writes it; null when the case does not diverge.
inline Value record_of(const playground::Compact& c, const playground::Replay& r, const std::string& id) {
    for (const playground::Change& ch : r.cambios)
        if (c.casos[ch.caso].id == id) return playground::change_record(c, r, ch);
    return Value();
}

// The re-measured result of one criterion or risk.
inline const playground::MeasureResult& measure(const playground::Compact& c, const playground::Replay& r, const std::string& id) {
    for (const playground::MeasureResult& m : r.medidas)
        if (c.medidas[m.medida].id == id) return m;
    FAIL("no measure " << id);
    return r.medidas.front();
}

}  // namespace planlang::testing::pg
