#pragma once
// The registry of domains, keyed by the plan's `dominio_id` alone (architecture: core/domain; cel-cpp's
// extension registry is the model). A stage that needs to know a domain declares what it needs as a facet
// type of its own (verify::DomainFacts, sim::Simulation, …); each domain implements the facets in
// `<stage>/<domain>/`, and core/domains lists them once. Nothing else names a domain: a stage asks
// `domain::find<Facet>(dominio_id)` and treats nullptr as "this domain has no module for me" (a real agent's
// plan: it still validates and verifies with the generic evaluators).
//
// The built-in domains register themselves on the first lookup (register_builtin_domains, defined in
// core/domains, the one place that names them), so no entry point can forget to; a test may add a domain
// of its own with `domain::add`. Registration and lookup are thread-safe; a facet lives as long as the
// process and is never replaced (adding an id twice keeps the first and returns false).
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace planlang::domain {

namespace detail {

std::mutex& registry_mutex();
void ensure_builtins();

template <class Facet>
std::map<std::string, std::unique_ptr<const Facet>, std::less<>>& table() {
    static std::map<std::string, std::unique_ptr<const Facet>, std::less<>> facets;
    return facets;
}

template <class Facet>
bool insert(std::string dominio_id, std::unique_ptr<const Facet> facet) {
    std::lock_guard<std::mutex> lock(registry_mutex());
    return table<Facet>().emplace(std::move(dominio_id), std::move(facet)).second;
}

}  // namespace detail

// What register_builtin_domains is handed: additions made while the built-ins are being registered.
class Registrar {
public:
    template <class Facet>
    bool add(std::string dominio_id, std::unique_ptr<const Facet> facet) {
        return detail::insert<Facet>(std::move(dominio_id), std::move(facet));
    }
};

// Called once, before the first lookup or addition (core/domains/builtin.cpp).
void register_builtin_domains(Registrar& registrar);

// Adds `facet` as `dominio_id`'s module for the stage that declared Facet.
template <class Facet>
bool add(std::string dominio_id, std::unique_ptr<const Facet> facet) {
    detail::ensure_builtins();
    return detail::insert<Facet>(std::move(dominio_id), std::move(facet));
}

// The domain's module for Facet, or nullptr when it has none.
template <class Facet>
const Facet* find(std::string_view dominio_id) {
    detail::ensure_builtins();
    std::lock_guard<std::mutex> lock(detail::registry_mutex());
    auto& t = detail::table<Facet>();
    auto it = t.find(dominio_id);
    return it == t.end() ? nullptr : it->second.get();
}

// The domains with a module for Facet, in byte order of their ids.
template <class Facet>
std::vector<std::string> ids() {
    detail::ensure_builtins();
    std::lock_guard<std::mutex> lock(detail::registry_mutex());
    std::vector<std::string> out;
    for (const auto& entry : detail::table<Facet>()) out.push_back(entry.first);
    return out;
}

}  // namespace planlang::domain
