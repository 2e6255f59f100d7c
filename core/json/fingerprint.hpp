#pragma once
// The huella (plan-format.md §15.3): SHA-256 of the canonical JSON of the value with its top-level
// `huella` key removed. The same rule fingerprints plans, batches, runs, traces and reports.
#include <optional>
#include <string>

#include "core/json/value.hpp"

namespace planlang::json {

std::string huella(const Value& v);  // 64 lowercase hex digits

// The declared top-level huella if it is a non-empty string, else nullopt (absent, null, other).
std::optional<std::string> declared_huella(const Value& v);

}  // namespace planlang::json
