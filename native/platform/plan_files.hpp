#pragma once
// Where a run's files are looked for on this machine — one rule for the CLI and the app (both link this): the run
// folder as given, the manifest's plan, batch and world paths resolved against a root, and a plan that the batch
// or the run names by its huella, when no option gives it, looked for among every *.json under <root>/plans/
// (as the original finds it: a batch generated with an earlier version of the plan, say).
#include <optional>
#include <string>
#include <vector>

#include "core/run/reader.hpp"

namespace planlang::platform {

// Every regular `*.json` file under `dir`, down to `depth` folders below it, as "dir/…/name.json", sorted by
// bytes; none when `dir` cannot be read.
std::vector<std::string> json_files_under(const std::string& dir, int depth = 8);

// The request that reads the run folder `rundir` (trailing slashes dropped) with its manifest's paths under
// `root` ("" or nullopt: the working directory) and the plans under <root>/plans/ as candidates.
run::Request run_request(const std::string& rundir, const std::optional<std::string>& root);

}  // namespace planlang::platform
