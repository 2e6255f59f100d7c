#pragma once
// The adherence coach's facts for the verifier, registered by core/domains.
#include <memory>

#include "core/verify/domain_facts.hpp"

namespace planlang::verify::adherencia {

std::unique_ptr<const DomainFacts> domain_facts();

}  // namespace planlang::verify::adherencia
