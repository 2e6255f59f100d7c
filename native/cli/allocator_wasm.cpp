// The allocator of the wasm CLI and benchmarks (one thread): small C++ allocations from per-size free lists,
// the rest from Emscripten's dlmalloc. The verifier builds and drops a JSON tree per trace: strings (libc++
// keeps only 10 bytes inline on wasm32, so most keys and values are allocated) and member vectors, several
// hundred blocks per trace. dlmalloc's malloc and free were 9 % of `verify` under Node; a free list is a
// pop and a push (bench history at 1a35ddd, "Node within 2x").
//
// Blocks of up to 256 bytes come in 32 sizes, 8 bytes apart (8 is the default new alignment on wasm32).
// Each size carves its blocks from 64 KiB slabs aligned to 64 KiB, and a byte per 64 KiB of linear memory
// (4 GiB at most: 64 Ki entries) says which size a slab holds, so delete finds the list from the address
// alone: no header, and pointers from malloc (never inside a slab) go back to free. Freed blocks stay on
// their list for the next block of that size, as dlmalloc keeps its memory: the process does one job and exits.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "native/cli/allocator.hpp"

namespace {

constexpr std::size_t kGranule = 8;
constexpr std::size_t kSmallMax = 256;
constexpr std::size_t kSizes = kSmallMax / kGranule;
constexpr std::size_t kSlab = std::size_t{64} << 10;
constexpr std::size_t kSlots = std::size_t{1} << 16;  // 4 GiB / 64 KiB

struct FreeBlock {
    FreeBlock* next;
};

struct Pool {
    FreeBlock* free[kSizes] = {};
    char* next[kSizes] = {};  // the unused rest of each size's current slab
    char* end[kSizes] = {};
    std::uint8_t size_of_slab[kSlots] = {};  // 0: not a slab; s + 1: blocks of (s + 1) · 8 bytes
};

Pool g_pool;  // constant-initialised (all zero) before any code runs, so allocations from static constructors find it

void* small_block(std::size_t s) {
    Pool& p = g_pool;
    if (FreeBlock* b = p.free[s]) {
        p.free[s] = b->next;
        return b;
    }
    const std::size_t bytes = (s + 1) * kGranule;
    if (p.next[s] == nullptr || static_cast<std::size_t>(p.end[s] - p.next[s]) < bytes) {
        void* slab = std::aligned_alloc(kSlab, kSlab);
        if (slab == nullptr) return nullptr;
        p.size_of_slab[reinterpret_cast<std::uintptr_t>(slab) / kSlab] = static_cast<std::uint8_t>(s + 1);
        p.next[s] = static_cast<char*>(slab);
        p.end[s] = p.next[s] + kSlab;
    }
    void* b = p.next[s];
    p.next[s] += bytes;
    return b;
}

void* allocate(std::size_t n) {
    if (n == 0) n = 1;
    void* b = n <= kSmallMax ? small_block((n - 1) / kGranule) : std::malloc(n);
    if (b == nullptr) throw std::bad_alloc();
    return b;
}

void release(void* b) noexcept {
    if (b == nullptr) return;
    Pool& p = g_pool;
    const std::uint8_t size = p.size_of_slab[reinterpret_cast<std::uintptr_t>(b) / kSlab];
    if (size == 0) {
        std::free(b);
        return;
    }
    auto* block = static_cast<FreeBlock*>(b);
    block->next = p.free[size - 1];
    p.free[size - 1] = block;
}

}  // namespace

void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return allocate(n);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return operator new(n, std::nothrow); }
void operator delete(void* b) noexcept { release(b); }
void operator delete[](void* b) noexcept { release(b); }
void operator delete(void* b, std::size_t) noexcept { release(b); }
void operator delete[](void* b, std::size_t) noexcept { release(b); }
void operator delete(void* b, const std::nothrow_t&) noexcept { release(b); }
void operator delete[](void* b, const std::nothrow_t&) noexcept { release(b); }

namespace planlang::cli {

void tune_allocator() {}  // nothing to set: linear memory only grows, and the free lists keep what is freed

}  // namespace planlang::cli
