#include "native/cli/allocator.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>

namespace planlang::cli {

void tune_allocator() {
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    // Transparent huge pages for the heap, where the kernel leaves them to madvise: one fault then maps
    // 2 MiB instead of 4 KiB — on a virtual machine where a fault is expensive, a sixth of `verify`'s time.
    // glibc marks each sbrk extension when its glibc.malloc.hugetlb=1 tunable is set; without it, the heap
    // is grown once by 1 GiB of address space (only what is touched becomes resident) and that range is
    // marked. Growth beyond it gets ordinary pages; a failed madvise changes nothing.
    mallopt(M_TOP_PAD, 1 << 30);
    void* grow = std::malloc(1 << 20);
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto from = (reinterpret_cast<std::uintptr_t>(grow) + page - 1) & ~(page - 1);
    const auto to = reinterpret_cast<std::uintptr_t>(sbrk(0)) & ~(page - 1);
    if (grow && to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
    std::free(grow);
    mallopt(M_TOP_PAD, 16 << 20);
}

}  // namespace planlang::cli
