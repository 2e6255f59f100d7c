#include "native/cli/workers.hpp"

namespace planlang::cli {

struct Workers::Pool {};

Workers::Workers() = default;
Workers::Workers(unsigned) {}
Workers::~Workers() = default;

run::ParallelFor Workers::parallel_for() { return {}; }  // wasm: no threads, the reader reads in sequence

}  // namespace planlang::cli
