#pragma once
// Storage each thread keeps for itself between calls (scratch buffers). In wasm the core runs on one
// thread, and LLVM 14's wasm-ld refuses thread-local storage in a module that uses bulk memory but not
// atomics (cmake/Emscripten.cmake turns bulk memory on), so there it is a plain static: the same thing
// with one thread.
#ifdef __EMSCRIPTEN__
#define PLANLANG_THREAD_LOCAL static
#else
#define PLANLANG_THREAD_LOCAL thread_local
#endif
