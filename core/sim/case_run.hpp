#pragma once
// One case as a simulated agent ran it: what core/run's writer puts into the run folder.
#include "core/run/folder_writer.hpp"

namespace planlang::sim {

using CaseRun = run::CaseRecord;

}  // namespace planlang::sim
