#pragma once
// What a domain's own agent leaves in its traces that the trace format does not say, for the case page: its
// facet of the domain registry (core/domain), in views/<domain>/ and registered by core/domains. A run of a
// domain without one (the adherence coach, whose turns the page reads from `conversacion`; a real agent's)
// simply gets none of these sentences.
#include <string>
#include <string_view>
#include <vector>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"

namespace planlang::views {

class NodeRoles {
public:
    virtual ~NodeRoles() = default;
    // The node that asks the trace's `aclaraciones`: its k-th model call asks cycle k ("" when none does).
    virtual std::string_view clarification_node() const = 0;
    // Sentences for what `node` left in `trace`, said at its last visit.
    virtual std::vector<Bilingual> left_by(const std::string& node, const json::Value& trace) const = 0;
};

// The domain's node roles, or nullptr.
const NodeRoles* node_roles_of(const std::string& dominio_id);

}  // namespace planlang::views
