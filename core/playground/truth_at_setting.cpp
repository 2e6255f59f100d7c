// The truth-per-setting facet looked up in the domain registry (truth_at_setting.hpp).
#include "core/playground/truth_at_setting.hpp"

#include "core/domain/registry.hpp"

namespace planlang::playground {

const TruthRule* truth_rule_of(const std::string& dominio_id) { return domain::find<TruthRule>(dominio_id); }

}  // namespace planlang::playground
