#pragma once
// The adherence coach's truth per setting: its truth reads no threshold (plans/adherencia/dominio.md §3), so
// at every setting it is the batch's frozen one. Registered by core/domains.
#include <memory>

#include "core/playground/truth_at_setting.hpp"

namespace planlang::playground::adherencia {

std::unique_ptr<const TruthRule> truth_rule();

}  // namespace planlang::playground::adherencia
