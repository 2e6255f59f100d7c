// The registry's lock and its one-time filling (registry.hpp).
#include "core/domain/registry.hpp"

namespace planlang::domain::detail {

std::mutex& registry_mutex() {
    static std::mutex m;
    return m;
}

void ensure_builtins() {
    static std::once_flag once;
    std::call_once(once, [] {
        Registrar registrar;  // adds without coming back here
        register_builtin_domains(registrar);
    });
}

}  // namespace planlang::domain::detail
