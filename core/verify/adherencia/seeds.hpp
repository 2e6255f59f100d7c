#pragma once
// The adherence coach's seeded gaps (`planlang m9`), registered by core/domains.
#include <memory>

#include "core/verify/seeded_gaps.hpp"

namespace planlang::verify::adherencia {

std::unique_ptr<const SeedSuite> seed_suite();

}  // namespace planlang::verify::adherencia
