#include "native/cli/allocator.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>

#include <mimalloc.h>

namespace planlang::cli {

// Linking libmimalloc replaces malloc/free for the whole process (native/CMakeLists.txt). The heap is put
// on transparent huge pages, so that a fault maps 2 MiB instead of 4 KiB; mimalloc's own large-page option
// would do it but is read from the environment only when the process starts, so:
// - the segment mimalloc already serves small blocks from (32 MiB, aligned to its size) is marked;
// - later segments come from an arena of our own, which mimalloc prefers to asking the OS: 1 GiB of address
//   space, reserved but not committed (the kernel backs only what is touched), marked the same way.
// A refused madvise leaves ordinary pages; nothing else changes.
// Freed memory also stays committed. By default mimalloc decommits what has been free for 25 ms, and the
// next trace's tree faults the same pages in again, each fault zeroing a 2 MiB page; the environment
// variable that turns this off is read at start only, but the delay is read at every purge, so it is set to
// ~11 days. `planlang verify` of a 20,000-case folder in tmpfs: 2,250-3,340 page faults and 2.28-2.74 s of
// CPU before, 835-845 and 2.20-2.27 s after; peak memory the same (bench history at 1a35ddd, "mimalloc decommit").
// A user who set either variable (MIMALLOC_ALLOW_DECOMMIT, MIMALLOC_DECOMMIT_DELAY) keeps what they set.
void tune_allocator() {
    if (!std::getenv("MIMALLOC_ALLOW_DECOMMIT")) mi_option_disable(mi_option_allow_decommit);  // for segments made from here on
    if (!std::getenv("MIMALLOC_DECOMMIT_DELAY")) mi_option_set(mi_option_decommit_delay, 1000000000);

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
