#pragma once
// Test helper: the hand-built runs of tests/data/run/ (see its README.md; written by make_runs.mjs) verified
// through verify::verify over the source tree, and in-memory edits of them re-sealed down the chain of
// references (trace → manifest; plan → batch → manifest), so that the reader still accepts the input and only
// the measured state changes. Used by the verifier's stage tests (tests/unit/verify/) and the Markdown test.
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/value.hpp"
#include "core/verify/verifier.hpp"
#include "support/dir.hpp"
#include "support/run_files.hpp"

namespace planlang::testing::hand {

using json::Value;

inline const std::string kDir = "tests/data/run/";
inline const std::string kDetenida = kDir + "mano-detenida";    // plan-demo-a, 4 of demo-a-20's cases, 2 sessions
inline const std::string kNoCumple = kDir + "mano-no-cumple";   // the variant plan, 5 cases
inline const std::string kCumple = kDir + "mano-cumple";        // the variant plan, 4 cases
inline const std::string kCumpleBase = kDir + "mano-cumple-base";  // mano-cumple's single-agent baseline
inline const std::string kVariant = kDir + "mano-entradas/plan-demo-a-variante-mano.json";
inline const std::string kBatchNoCumple = kDir + "mano-entradas/lote-mano-no-cumple-5.json";
inline const std::string kBatchCumple = kDir + "mano-entradas/lote-mano-cumple-4.json";
inline const std::vector<std::string> kVariantRuns = {kNoCumple, kCumple, kCumpleBase};  // the runs on the variant

inline const Value& at(const Value& v, std::string_view key) {
    static const Value kNull;
    const Value* x = v.is_object() ? v.find(key) : nullptr;
    return x ? *x : kNull;
}

// The element of a list whose "id" is `id` (null when none).
inline const Value& by_id(const Value& list, const std::string& id) {
    static const Value kNull;
    if (!list.is_array()) return kNull;
    for (const Value& x : list.as_array())
        if (at(x, "id") == Value(id)) return x;
    return kNull;
}

inline const Value& item(const Value& list, std::size_t i) {
    static const Value kNull;
    return list.is_array() && i < list.as_array().size() ? list.as_array()[i] : kNull;
}

inline std::size_t size(const Value& list) { return list.is_array() ? list.as_array().size() : 0; }

// Canonical JSON text: what the checks compare (doctest prints it when they fail).
inline std::string canon(const Value& v) { return json::canonical(v); }

// The `en` (or `es`) text of each bilingual element of a list, as one canonical JSON list.
inline std::string texts(const Value& list, std::string_view lang = "en") {
    json::Array out;
    if (list.is_array())
        for (const Value& x : list.as_array()) out.push_back(at(x, lang));
    return canon(Value(std::move(out)));
}

// The `key` member of each element of a list, as one canonical JSON list.
inline std::string column(const Value& list, std::string_view key) {
    json::Array out;
    if (list.is_array())
        for (const Value& x : list.as_array()) out.push_back(at(x, key));
    return canon(Value(std::move(out)));
}

inline Value load(const std::string& relative) { return json::read(read_text(source_path(relative))).value; }

// The reader's motives, one per line (for CAPTURE when an input is unexpectedly rejected).
inline std::string motives(const verify::Outcome& o) {
    std::string s;
    for (const run::Motive& m : o.motivos) s += m.codigo + " " + m.archivo + ": " + m.detalle.en + "\n";
    return s;
}

inline verify::Outcome verify_runs(const RunFiles& files, const std::string& main, const std::vector<std::string>& repetitions = {},
                                   const std::optional<std::string>& baseline = std::nullopt) {
    run::Request r;
    r.main_run = main;
    r.repetitions = repetitions;
    r.baseline = baseline;
    return verify::verify(r, files.source());
}

// Rewrites a JSON file, re-seals it, points the given runs' manifests at it again and re-seals them.
inline void edit(RunFiles& files, const std::string& path, const std::function<void(Value&)>& change, const std::vector<std::string>& runs) {
    std::optional<Value> v = files.json_of(path);
    if (!v) return;
    change(*v);
    files.put_json(path, *v);
    files.reseal(path, runs);
    for (const std::string& r : runs)
        if (run::join(r, "corrida.json") != path) files.reseal(run::join(r, "corrida.json"), {});
}

inline void edit_trace(RunFiles& files, const std::string& run, const std::string& caso, const std::function<void(Value&)>& change) {
    edit(files, run + "/trazas/" + caso + ".json", change, {run});
}

inline void edit_manifest(RunFiles& files, const std::string& run, const std::function<void(Value&)>& change) {
    edit(files, run + "/corrida.json", change, {});
}

// The variant plan changed; its two batches name its new huella, and every run on them (given) names both.
inline void edit_variant(RunFiles& files, const std::function<void(Value&)>& change, const std::vector<std::string>& runs) {
    edit(files, kVariant, change, runs);
    const std::string h = at(*files.json_of(kVariant), "huella").as_string();
    for (const std::string& batch : {kBatchNoCumple, kBatchCumple})
        edit(files, batch, [&](Value& b) { *b.find("plan")->find("huella") = Value(h); }, runs);
}

// A member of an object set (added when absent).
inline void set(Value& object, const std::string& key, Value value) {
    if (Value* x = object.find(key)) *x = std::move(value);
    else object.as_object().push_back(json::Member{key, std::move(value)});
}

// The element of a list whose `key` is `value`.
inline Value& find_in(Value& list, std::string_view key, const Value& value) {
    for (Value& x : list.as_array())
        if (at(x, key) == value) return x;
    static Value none;
    return none;
}

// One element of a plan list (criterios_aceptacion, riesgos, supuestos…) by id, to change in an edit.
inline Value& plan_item(Value& plan, const char* list, const char* id) { return find_in(*plan.find(list), "id", Value(id)); }

// A copy of a run folder as its repetition `<run>-r<n>`: run id renamed in the manifest, the ramas and every
// trace, all re-sealed. Returns the copy's path.
inline std::string copy_as_repetition(RunFiles& files, const std::string& run, int n) {
    const std::string to = run + "-r" + std::to_string(n);
    files.copy_run(run, to);
    const std::string id = at(*files.json_of(run + "/corrida.json"), "corrida_id").as_string() + "-r" + std::to_string(n);
    const Value manifest = *files.json_of(to + "/corrida.json");
    for (const Value& t : at(manifest, "trazas").as_array())
        edit(files, run::join(to, at(t, "archivo").as_string()), [&](Value& v) { set(v, "corrida_id", Value(id)); }, {to});
    edit(files, to + "/ramas-esperadas.json", [&](Value& v) { set(v, "corrida_id", Value(id)); }, {to});
    edit_manifest(files, to, [&](Value& v) { set(v, "corrida_id", Value(id)); });
    return to;
}

}  // namespace planlang::testing::hand
