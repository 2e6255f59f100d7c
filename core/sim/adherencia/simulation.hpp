#pragma once
// The adherence coach's simulated agent (a knowledge base as its world, plans/adherencia/dominio.md) as a
// sim::Simulation, registered by core/domains.
#include <memory>

#include "core/sim/simulation.hpp"

namespace planlang::sim::adherencia {

std::unique_ptr<const Simulation> simulation();

}  // namespace planlang::sim::adherencia
