#pragma once
// What a domain's seeds work on (seeded_gaps.hpp, SeedSuite): the clean run's files in an overlay the seeds edit,
// the cases picked by role, and the seeds themselves. verify/<domain>/seeds.cpp writes a domain's; the suite in
// seeded_gaps.cpp runs them.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/canonical.hpp"
#include "core/json/reader.hpp"
#include "core/json/value.hpp"
#include "core/run/reader.hpp"

namespace planlang::verify::internal {

using json::Value;

// The member `key` of an object, or null.
const Value& get(const Value& v, std::string_view key);

// Sets a member; a value that is not an object becomes one first (seeds edit accepted files, whose shapes
// the schemas fixed, but a seed must never crash on a file it did not expect).
Value& set(Value& object, const std::string& key, Value value);

// Re-seals a file: its `huella` over the rest.
void seal(Value& v);

// The trace's `senales` (the seeds edit accepted traces: it is there).
Value& senales(Value& trace);

// The clean run's files with some replaced, read through the caller's source for the rest.
class Overlay {
public:
    Overlay(const run::FileSource& base, const run::Request& request) : m_base(base), m_request(request) {}

    run::FileSource source() const {
        return [this](const std::string& path) -> std::optional<run::FileBytes> {
            auto it = m_files.find(path);
            if (it != m_files.end()) return it->second;
            return m_base(path);
        };
    }
    Value load(const std::string& path) const {
        auto bytes = source()(path);
        if (!bytes) return Value();
        auto r = json::read(bytes->view());
        return r.ok() ? r.value : Value();
    }
    void store(const std::string& path, const Value& v) { m_files[path] = json::disk_form(v); }

    std::string dir() const { return m_request.main_run; }
    std::string manifest_path() const { return run::join(dir(), "corrida.json"); }
    std::string trace_path(const std::string& caso) const {
        const Value manifest = load(manifest_path());
        const Value& trazas = get(manifest, "trazas");
        if (trazas.is_array())
            for (const Value& t : trazas.as_array())
                if (get(t, "caso_id") == Value(caso) && get(t, "archivo").is_string()) return run::join(dir(), get(t, "archivo").as_string());
        return run::join(dir(), "trazas/" + caso + ".json");
    }
    // Edits a trace; reseal = re-seal the trace and the manifest entry and the manifest.
    void edit_trace(const std::string& caso, const std::function<void(Value&)>& change, bool reseal = true) {
        const std::string path = trace_path(caso);
        Value trace = load(path);
        if (!trace.is_object()) return;  // no such trace: the seed changes nothing and goes undetected
        change(trace);
        if (!reseal) {
            store(path, trace);
            return;
        }
        seal(trace);
        store(path, trace);
        Value manifest = load(manifest_path());
        if (Value* trazas = manifest.is_object() ? manifest.find("trazas") : nullptr; trazas && trazas->is_array())
            for (Value& t : trazas->as_array())
                if (get(t, "caso_id") == Value(caso)) set(t, "huella", get(trace, "huella"));
        seal(manifest);
        store(manifest_path(), manifest);
    }
    // Edits a run file referenced by the manifest (ramas or grafo) and re-seals the reference and the manifest.
    void edit_run_file(const std::string& file, const std::function<void(Value&)>& change,
                       const std::function<void(Value& manifest, const std::string& huella)>& refer) {
        const std::string path = run::join(dir(), file);
        Value v = load(path);
        if (!v.is_object()) return;
        change(v);
        seal(v);
        store(path, v);
        Value manifest = load(manifest_path());
        refer(manifest, get(v, "huella").as_string());
        seal(manifest);
        store(manifest_path(), manifest);
    }
    const run::Request& request() const { return m_request; }

private:
    const run::FileSource& m_base;
    const run::Request& m_request;
    std::map<std::string, std::string> m_files;
};
struct Seed {
    int numero;
    bool nuestra;
    Bilingual mutacion;
    std::vector<std::string> checks;  // all must report more
    std::function<void(Overlay&, run::Request&)> apply;
};
// The first synthetic identifier of a batch case, or a made-up one when it has none.
Value first_identifier(const Overlay& o, const std::string& caso);

// The cases the seeds alter, by role (§16's smoke run: AH-001, AH-002, AH-003), each the first in run order that
// fits; `needed` says in words what each role asks of a case.
struct Roles {
    std::vector<std::pair<Bilingual, std::string>> roles;  // (what the role needs, the case id or "")
    std::string locale_of_second;                           // the adherence coach: the second role's locale
    Bilingual where;                                        // a run that has every role (the domain's smoke run)
    const std::string& id(std::size_t i) const { return roles[i].second; }
    bool complete() const {
        return std::all_of(roles.begin(), roles.end(), [](const auto& r) { return !r.second.empty(); });
    }
    Bilingual missing() const {
        Bilingual b{"m9 siembra sus brechas en casos con papeles fijos; a esta corrida le falta ", "m9 seeds its gaps into cases in set roles; this run lacks "};
        bool first = true;
        for (const auto& [need, id] : roles)
            if (id.empty()) {
                b.es += (first ? "" : "; ") + need.es;
                b.en += (first ? "" : "; ") + need.en;
                first = false;
            }
        if (!where.es.empty()) {
            b.es += " (" + where.es + ")";
            b.en += " (" + where.en + ")";
        }
        return b;
    }
};
// Each executed case's trace and batch case, in run order (the manifest's `casos_ejecutados`).
void for_each_case(const Overlay& o, const std::function<void(const std::string& id, const Value& trace, const Value& caso)>& f);

// The trace visited `node`.
bool visits(const Value& trace, const char* node);

}  // namespace planlang::verify::internal
