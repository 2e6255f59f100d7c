#include "native/cli/allocator.hpp"

#include <sys/mman.h>

#include <cstdint>

#include <mimalloc.h>

namespace planlang::cli {

// Linking libmimalloc replaces malloc/free for the whole process (native/CMakeLists.txt). The heap is put
// on transparent huge pages, so that a fault maps 2 MiB instead of 4 KiB; mimalloc's own large-page option
// would do it but is read from the environment only when the process starts, so:
// - the segment mimalloc already serves small blocks from (32 MiB, aligned to its size) is marked;
// - later segments come from an arena of our own, which mimalloc prefers to asking the OS: 1 GiB of address
//   space, reserved but not committed (the kernel backs only what is touched), marked the same way.
// A refused madvise leaves ordinary pages; nothing else changes.
void tune_allocator() {
    constexpr std::size_t kSegment = std::size_t{32} << 20;
    void* probe = mi_malloc(64);
    const auto segment = reinterpret_cast<std::uintptr_t>(probe) & ~(kSegment - 1);
    madvise(reinterpret_cast<void*>(segment), kSegment, MADV_HUGEPAGE);
    mi_free(probe);

    constexpr std::size_t kArena = std::size_t{1} << 30;
    constexpr std::size_t kAlign = std::size_t{64} << 20;  // above mimalloc's segment alignment
    void* raw = mmap(nullptr, kArena + kAlign, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED) return;
    const auto base = reinterpret_cast<std::uintptr_t>(raw);
    void* start = reinterpret_cast<void*>((base + kAlign - 1) & ~(kAlign - 1));
    madvise(start, kArena, MADV_HUGEPAGE);
    if (!mi_manage_os_memory(start, kArena, /*is_committed=*/true, /*is_large=*/false, /*is_zero=*/true, /*numa_node=*/-1))
        munmap(raw, kArena + kAlign);
}

}  // namespace planlang::cli
