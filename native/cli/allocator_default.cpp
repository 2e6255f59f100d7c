#include "native/cli/allocator.hpp"

namespace planlang::cli {

void tune_allocator() {}  // Emscripten's dlmalloc grows linear memory and never gives it back anyway

}  // namespace planlang::cli
