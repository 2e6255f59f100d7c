#pragma once
// Strict loading of a plan (spec/plan-format.md §1–§10 and §11.1 step 1): every schema problem becomes an
// ESQUEMA issue whose element is the path joined with "." ("decisiones.0.opciones.1.nombre", "$" for the
// root), in the schema's order — keys in the order §2–§10 list them, array items by index, an object's
// unknown keys last in one issue at the object's path. Defaults of §1 are filled in.
#include <optional>

#include "core/common/issue.hpp"
#include "core/json/value.hpp"
#include "core/plan/model.hpp"

namespace planlang::plan {

struct SchemaResult {
    Issues issues;             // ESQUEMA issues, in emission order; empty when the plan fits the schema
    std::optional<Plan> plan;  // set when issues is empty
    json::Value filled;        // the document with the defaults of §1 written in (when issues is empty)
};

SchemaResult load_plan(const json::Value& document);

}  // namespace planlang::plan
