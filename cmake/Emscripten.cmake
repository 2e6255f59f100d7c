# Everything Emscripten-specific in one place (style.md, "Build").
# The build is pinned to the Emscripten of emsdk-version.txt (Debian's 3.1.6); another one is refused
# because its libc++, number formatting and SDL port differ in ways our byte-identity tests would catch late.
file(STRINGS "${CMAKE_SOURCE_DIR}/emsdk-version.txt" PLANLANG_EMSCRIPTEN_PINNED LIMIT_COUNT 1)
string(STRIP "${PLANLANG_EMSCRIPTEN_PINNED}" PLANLANG_EMSCRIPTEN_PINNED)
execute_process(COMMAND "${CMAKE_C_COMPILER}" --version OUTPUT_VARIABLE _emcc_version ERROR_QUIET)
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" _emcc_found "${_emcc_version}")
if(NOT _emcc_found STREQUAL PLANLANG_EMSCRIPTEN_PINNED)
  message(FATAL_ERROR
    "planlang pins Emscripten ${PLANLANG_EMSCRIPTEN_PINNED} (emsdk-version.txt) but ${CMAKE_C_COMPILER} "
    "reports '${_emcc_found}'. Install Debian's emscripten package (scripts/deps) or change the pin deliberately.")
endif()

# C++ exceptions stay inside the core (nlohmann/json at the edges, doctest's CHECK_THROWS): emscripten
# disables catching unless asked at compile and link time (toolchain.md P6).
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

# Bulk memory (WebAssembly 2.0; Node 12.5+, Chrome 75+, Firefox 79+, Safari 15+): memcpy and memset become
# the memory.copy and memory.fill instructions instead of a byte loop in wasm, or a call out to JavaScript for
# copies over 512 bytes. The core copies text runs, strings and members by the million per run: bench
# --cases 20000 under Node verified 4-5 % faster (bench history at 1a35ddd, "Node within 2x"). The core's thread-local
# scratch is a static in wasm (core/common/thread_local.hpp): wasm-ld 14 takes no TLS with bulk memory alone.
add_compile_options(-mbulk-memory)
add_link_options(-mbulk-memory)

# libc++ declares the members of std::string (append, assign, resize…) as extern templates, compiled once into
# Emscripten's prebuilt libc++, where even size() and the short/long checks inside them stay calls of their
# own (a quarter of reading a trace under Node went to them). Without those declarations the members are
# instantiated in our objects and inlined at our -O2: reading 3,000 traces in wasm under Node, best of 40 passes
# alternated, 127–140 → 82–84 ms
# (bench history at 1a35ddd, "The verifier, twelfth session").
add_compile_definitions(_LIBCPP_DISABLE_EXTERN_TEMPLATE)

# Binaryen's -O3 inlines every function that has a single caller, whatever its size, so per-trace code
# such as the verifier's Measurer::trace grew to 43 KB of wasm, and V8's optimizing tier (TurboFan, whose
# time grows faster than the function) spent 0.9 s on that one function. Short runs pay that compile in
# full: capping single-caller inlining at 200 bytes halved the CPU time of `verify` on the 200-case run
# under Node (bench history at 1a35ddd, "wasm compile time"); the output is the same code, only split differently.
add_link_options("-sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=200")

# Node-run programs (CLI, tests): synchronous instantiation avoids node's global fetch (P3), NODERAWFS gives
# them the real file system, EXIT_RUNTIME carries the exit code, memory grows for large inputs.
set(PLANLANG_NODE_LINK_OPTIONS
    -sENVIRONMENT=node -sWASM_ASYNC_COMPILATION=0 -sNODERAWFS=1 -sEXIT_RUNTIME=1
    -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sTOTAL_STACK=5MB
    "--pre-js=${CMAKE_CURRENT_LIST_DIR}/node_prelude.js")
function(planlang_node_program target)
  target_link_options(${target} PRIVATE ${PLANLANG_NODE_LINK_OPTIONS})
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/node_prelude.js")
endfunction()
