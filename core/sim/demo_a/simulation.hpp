#pragma once
// Demo A's simulated agent (the health-benefits auditor: a benefit plan as its world) as a sim::Simulation,
// registered by core/domains.
#include <memory>

#include "core/sim/simulation.hpp"

namespace planlang::sim::demo_a {

std::unique_ptr<const Simulation> simulation();

}  // namespace planlang::sim::demo_a
