#pragma once
// The run loaded for the playground (cmd_playground.cpp), shared by `playground` and `sweep`.
#include <optional>
#include <string>

#include "core/playground/compact.hpp"
#include "native/cli/cli.hpp"

namespace planlang::cli {

// Loads RUNDIR through the all-or-nothing reader and builds its compact (plans looked for under
// <root>/plans/). kOk, or the exit code (kRejected) after printing every reason on stderr.
// `demo`: a demo manifest file given with --demo (else the one next to the plan).
int load_playground(const std::string& rundir, const std::optional<std::string>& root, const std::optional<std::string>& demo, Lang lang,
                    playground::Loaded& loaded);

}  // namespace planlang::cli
