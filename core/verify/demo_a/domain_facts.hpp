#pragma once
// Demo A's (the health domain) facts for the verifier, registered by core/domains.
#include <memory>

#include "core/verify/domain_facts.hpp"

namespace planlang::verify::demo_a {

std::unique_ptr<const DomainFacts> domain_facts();

}  // namespace planlang::verify::demo_a
