#pragma once
// Allocator settings for a CLI run: one process, one job, then exit.

namespace planlang::cli {

// glibc returns freed heap to the kernel as soon as the top of the heap is 128 KiB free, and serves blocks
// from 128 KiB up with fresh mmaps, so a verifier that parses and frees one 13 KB trace after another pays
// page faults on the same pages again and again (≈ 10 % of `verify` time on a 2,000-case run). This keeps
// freed memory for reuse; blocks of 64 MiB and more (a large batch file) still get their own mapping.
// Peak memory is what the run needs either way. Elsewhere (Emscripten's allocator) it does nothing.
void tune_allocator();

}  // namespace planlang::cli
