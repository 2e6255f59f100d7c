#pragma once
// The verifier's lookups of its domain facet (domain_facts.hpp) through the registry.
#include <string>

#include "core/verify/domain_facts.hpp"

namespace planlang::verify::internal {

// The domain's facts, or the defaults (no evaluators, demo A's formulas) when it has no module.
const DomainFacts& domain_of(const std::string& dominio_id);

// nullptr when the domain has no module or the id is not in its registry of evaluators.
const BuiltinEvaluator* builtin_evaluator(const std::string& dominio_id, const std::string& id);

}  // namespace planlang::verify::internal
