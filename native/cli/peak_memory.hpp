#pragma once
// The process's peak resident memory as the benchmarks report it (`planlang bench`, bench/synth_sim_bench).

namespace planlang::cli {

// VmHWM of /proc/self/status in KB (under Node the file is the Node process's own); -1 when unavailable.
long peak_memory_kb();

}  // namespace planlang::cli
