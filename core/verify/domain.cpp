// The verifier's domain facet, looked up in the registry by the plan's `dominio_id` (domain_facts.hpp).
#include "core/domain/registry.hpp"
#include "core/verify/domain_facts.hpp"
#include "core/verify/internal/domain.hpp"

namespace planlang::verify::internal {

const DomainFacts& domain_of(const std::string& dominio_id) {
    static const DomainFacts kDefault;
    const DomainFacts* facts = domain::find<DomainFacts>(dominio_id);
    return facts ? *facts : kDefault;
}

const BuiltinEvaluator* builtin_evaluator(const std::string& dominio_id, const std::string& id) {
    for (const BuiltinEvaluator& e : domain_of(dominio_id).evaluadores)
        if (e.id == id) return &e;
    return nullptr;
}

}  // namespace planlang::verify::internal

namespace planlang::verify {

const std::string& person_signal(const std::string& dominio_id) { return internal::domain_of(dominio_id).senal_de_persona; }

}  // namespace planlang::verify
