#pragma once
// Test helper: an in-memory file system for the run reader (core/run/reader.hpp FileSource). Paths are
// repository-relative; files not overridden come from the source tree (natively and in wasm under Node);
// overrides hold new bytes or mark a file as absent. Used by tests/unit/run/ and the broken-run corpus.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/json/canonical.hpp"
#include "core/json/fingerprint.hpp"
#include "core/json/reader.hpp"
#include "core/run/reader.hpp"
#include "support/dir.hpp"
#include "support/files.hpp"

namespace planlang::testing {

class RunFiles {
public:
    std::optional<std::string> get(const std::string& path) const {
        if (auto it = m_files.find(path); it != m_files.end()) return it->second;
        const std::string real = source_path(path);
        if (path.empty() || is_directory(real) || !file_exists(real)) return std::nullopt;
        return read_text(real);
    }
    void put(const std::string& path, std::string bytes) { m_files[path] = std::move(bytes); }
    void remove(const std::string& path) { m_files[path] = std::nullopt; }

    // Every file of a run folder (corrida.json, grafo.json, ramas, trazas/) copied under another folder.
    void copy_run(const std::string& from, const std::string& to) {
        for (const std::string& real : list_files(source_path(from), ".json", true)) {
            const std::string relative = real.substr(source_path(from).size() + 1);
            if (auto bytes = get(from + "/" + relative)) put(to + "/" + relative, *bytes);
        }
    }

    // Parsed JSON of a file (nullopt when absent or not JSON).
    std::optional<json::Value> json_of(const std::string& path) const {
        auto bytes = get(path);
        if (!bytes) return std::nullopt;
        json::ReadResult r = json::read(*bytes);
        if (!r.ok()) return std::nullopt;
        return r.value;
    }
    void put_json(const std::string& path, const json::Value& v) { put(path, json::disk_form(v)); }

    // Sets the file's own huella to the computed one, then updates every reference to it held by the
    // run manifests this file system knows (run files: trazas[].huella, ramas_esperadas.huella,
    // version_grafo; repository files: plan, casos, plan_beneficios/listas/base_conocimiento .huella). The manifests
    // themselves are not resealed: list them after.
    void reseal(const std::string& path, const std::vector<std::string>& run_dirs) {
        std::optional<json::Value> v = json_of(path);
        if (!v || !v->is_object()) return;
        set(*v, "huella", json::Value(std::string()));
        const std::string h = json::huella(*v);
        set(*v, "huella", json::Value(h));
        put_json(path, *v);
        for (const std::string& dir : run_dirs) {
            const std::string manifest_path = run::join(dir, "corrida.json");
            if (manifest_path == path) continue;
            std::optional<json::Value> m = json_of(manifest_path);
            if (!m || !m->is_object()) continue;
            bool changed = false;
            auto update = [&](json::Value* ref, const std::string& full) {
                if (ref && ref->is_object() && full == path) {
                    set(*ref, "huella", json::Value(h));
                    changed = true;
                }
            };
            auto archivo = [](const json::Value* ref) {
                const json::Value* a = ref && ref->is_object() ? ref->find("archivo") : nullptr;
                return a && a->is_string() ? a->as_string() : std::string("\x01");
            };
            for (const char* key : {"plan", "casos", "plan_beneficios", "listas", "base_conocimiento"}) update(m->find(key), archivo(m->find(key)));
            update(m->find("ramas_esperadas"), run::join(dir, archivo(m->find("ramas_esperadas"))));
            if (json::Value* t = m->find("trazas"); t && t->is_array())
                for (json::Value& e : t->as_array()) update(&e, run::join(dir, archivo(&e)));
            if (path == run::join(dir, "grafo.json")) {
                set(*m, "version_grafo", json::Value(h));
                changed = true;
            }
            if (changed) put_json(manifest_path, *m);
        }
    }

    // Points at this object: it must outlive the source (a temporary's source dangles).
    run::FileSource source() const& {
        return [this](const std::string& path) { return get(path); };
    }
    run::FileSource source() && = delete;

private:
    static void set(json::Value& object, const std::string& key, json::Value value) {
        for (json::Member& m : object.as_object())
            if (m.key == key) {
                m.value = std::move(value);
                return;
            }
        object.as_object().push_back(json::Member{key, std::move(value)});
    }
    std::map<std::string, std::optional<std::string>> m_files;
};

}  // namespace planlang::testing
