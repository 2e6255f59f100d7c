#include "native/cli/workers.hpp"

namespace planlang::cli {

struct Workers::Pool {};

Workers::Workers() = default;
Workers::Workers(unsigned) {}
Workers::~Workers() = default;

run::ParallelFor Workers::parallel_for() { return {}; }
unsigned Workers::size() const { return 1; }  // wasm: no threads, the reader reads in sequence

}  // namespace planlang::cli
