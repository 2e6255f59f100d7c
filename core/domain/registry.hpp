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

// One table per facet type, in registration order (what messages list), looked up by id.
template <class Facet>
struct Table {
    std::map<std::string, std::unique_ptr<const Facet>, std::less<>> by_id;
    std::vector<std::string> order;
};

template <class Facet>
Table<Facet>& table() {
    static Table<Facet> facets;
    return facets;
}

template <class Facet>
bool insert(std::string dominio_id, std::unique_ptr<const Facet> facet) {
    std::lock_guard<std::mutex> lock(registry_mutex());
    Table<Facet>& t = table<Facet>();
    if (!t.by_id.emplace(dominio_id, std::move(facet)).second) return false;
    t.order.push_back(std::move(dominio_id));
    return true;
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
    auto& t = detail::table<Facet>().by_id;
    auto it = t.find(dominio_id);
    return it == t.end() ? nullptr : it->second.get();
}

// The domains with a module for Facet, in the order they were registered (core/domains' order, then tests').
template <class Facet>
std::vector<std::string> ids() {
    detail::ensure_builtins();
    std::lock_guard<std::mutex> lock(detail::registry_mutex());
    return detail::table<Facet>().order;
}

}  // namespace planlang::domain
