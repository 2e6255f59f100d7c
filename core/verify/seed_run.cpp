// The overlay, roles and helpers the domains' seeds share (internal/seed_run.hpp).
#include "core/verify/internal/seed_run.hpp"

#include "core/json/fingerprint.hpp"

namespace planlang::verify::internal {

const Value& get(const Value& v, std::string_view key) {
    static const Value kNull;
    const Value* x = v.is_object() ? v.find(key) : nullptr;
    return x ? *x : kNull;
}

// Sets a member; a value that is not an object becomes one first (seeds edit accepted files, whose shapes
// the schemas fixed, but a seed must never crash on a file it did not expect).
Value& set(Value& object, const std::string& key, Value value) {
    if (!object.is_object()) object = json::Object{};
    if (Value* x = object.find(key)) *x = std::move(value);
    else object.as_object().push_back({key, std::move(value)});
    return *object.find(key);
}

void seal(Value& v) { set(v, "huella", json::huella(v)); }
Value& senales(Value& trace) { return *trace.find("senales"); }

Value first_identifier(const Overlay& o, const std::string& caso) {
    const Value manifest = o.load(o.manifest_path());
    const Value batch = o.load(run::join(o.request().root, get(get(manifest, "casos"), "archivo").as_string()));
    for (const Value& c : get(batch, "casos").as_array())
        if (get(c, "id") == Value(caso) && !get(c, "identificadores_sinteticos").as_array().empty())
            return get(c, "identificadores_sinteticos").as_array()[0];
    return Value("SYN-A-000000");
}
// Each executed case's trace and batch case, in run order (the manifest's `casos_ejecutados`).
void for_each_case(const Overlay& o, const std::function<void(const std::string& id, const Value& trace, const Value& caso)>& f) {
    const Value manifest = o.load(o.manifest_path());
    const Value batch = o.load(run::join(o.request().root, get(get(manifest, "casos"), "archivo").as_string()));
    std::map<std::string, const Value*> cases;
    for (const Value& c : get(batch, "casos").as_array())
        if (get(c, "id").is_string()) cases[get(c, "id").as_string()] = &c;
    static const Value kNone;
    for (const Value& id : get(manifest, "casos_ejecutados").as_array()) {
        if (!id.is_string()) continue;
        const auto it = cases.find(id.as_string());
        f(id.as_string(), o.load(o.trace_path(id.as_string())), it == cases.end() ? kNone : *it->second);
    }
}

bool visits(const Value& trace, const char* node) {
    for (const Value& n : get(trace, "nodos_visitados").as_array())
        if (n == Value(node)) return true;
    return false;
}
}  // namespace planlang::verify::internal
