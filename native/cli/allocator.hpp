#pragma once
// Allocator settings for a run of a native program: one process, one job, then exit. Which allocator is
// linked is chosen in native/CMakeLists.txt: mimalloc natively (allocator_mimalloc.cpp), glibc's malloc in
// sanitizer builds (allocator_glibc.cpp), free lists over Emscripten's dlmalloc in wasm (allocator_wasm.cpp).
//
// The verifier parses and frees one 13 KB trace after another; an allocator that hands freed memory back
// to the kernel makes it pay page faults on the same pages again and again (a sixth of `verify`'s time on
// this VM with glibc's defaults). Each implementation keeps freed memory for reuse and asks for 2 MiB pages
// where it can. Peak memory is what the run needs either way.
namespace planlang::cli {

void tune_allocator();  // first thing in main()

}  // namespace planlang::cli
