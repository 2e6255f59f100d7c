// The simulation facet looked up in the domain registry (simulation.hpp).
#include "core/sim/simulation.hpp"

#include "core/domain/registry.hpp"

namespace planlang::sim {

const Simulation* find_simulation(const std::string& dominio_id) { return domain::find<Simulation>(dominio_id); }

std::vector<std::string> simulated_domains() { return domain::ids<Simulation>(); }

}  // namespace planlang::sim
