// The node-roles facet looked up in the domain registry (node_roles.hpp).
#include "core/views/node_roles.hpp"

#include "core/domain/registry.hpp"

namespace planlang::views {

const NodeRoles* node_roles_of(const std::string& dominio_id) { return domain::find<NodeRoles>(dominio_id); }

}  // namespace planlang::views
