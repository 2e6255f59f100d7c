#include "native/cli/allocator.hpp"

#include <malloc.h>

namespace planlang::cli {

void tune_allocator() {
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
}

}  // namespace planlang::cli
