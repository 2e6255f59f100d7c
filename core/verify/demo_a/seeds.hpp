#pragma once
// Demo A's seeded gaps (`planlang m9`), registered by core/domains.
#include <memory>

#include "core/verify/seeded_gaps.hpp"

namespace planlang::verify::demo_a {

std::unique_ptr<const SeedSuite> seed_suite();

}  // namespace planlang::verify::demo_a
