#pragma once
// Demo A's node roles for the case page, registered by core/domains.
#include <memory>

#include "core/views/node_roles.hpp"

namespace planlang::views::demo_a {

std::unique_ptr<const NodeRoles> node_roles();

}  // namespace planlang::views::demo_a
