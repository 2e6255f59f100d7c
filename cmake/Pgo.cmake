# Profile-guided optimization of the native build (GCC), on in the `native` preset: an instrumented copy of
# the CLI is built in <build>/pgo/build, trained on `planlang bench` (generate, simulate, verify — the paths
# the benchmarks and users run), and every native object of this build is then compiled with the counts it
# recorded. Branch layout, inlining and unrolling follow the measured paths: `bench --cases 20000` and
# `100000`, verify 9–15 % faster, simulate 8–17 % (bench history at 1a35ddd, "Profile-guided optimization"). The
# code's meaning does not change — no fast-math, -ffp-contract=off stays — and every test, golden file and
# byte-identity check runs on the optimized binaries.
#
# A later build retrains when the instrumented CLI changed (any core or CLI source) and recompiles only what
# changed, with the new counts; objects left alone keep the older ones, which is still correct code.
# Configure with -DPLANLANG_PGO=OFF for quick edit-build cycles.
#
# The training build itself is this project configured with PLANLANG_PGO_GENERATE=<dir>: -fprofile-generate
# writes the counts there, named after each object relative to the build directory (-fprofile-prefix-path)
# so the optimized build, in another directory, finds them under the same names.
set(PLANLANG_PGO_GENERATE "" CACHE PATH "internal: the instrumented training build of PLANLANG_PGO writes its counts here")
mark_as_advanced(PLANLANG_PGO_GENERATE)

if(PLANLANG_PGO_GENERATE)
  # bench runs on two threads: counters are updated atomically, or concurrent increments would be lost.
  add_compile_options(-fprofile-generate=${PLANLANG_PGO_GENERATE} -fprofile-update=atomic
                      -fprofile-prefix-path=${CMAKE_BINARY_DIR})
  add_link_options(-fprofile-generate=${PLANLANG_PGO_GENERATE})
  return()
endif()
if(NOT PLANLANG_PGO)
  return()
endif()
if(EMSCRIPTEN OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR PLANLANG_SANITIZE OR PLANLANG_TSAN OR PLANLANG_FUZZ)
  message(FATAL_ERROR "PLANLANG_PGO is for the native GCC build without sanitizers or fuzzing (the `native` preset)")
endif()

set(_pgo "${CMAKE_BINARY_DIR}/pgo")
include(ExternalProject)
ExternalProject_Add(planlang_pgo_instrumented
  SOURCE_DIR "${CMAKE_SOURCE_DIR}"
  BINARY_DIR "${_pgo}/build"
  PREFIX "${_pgo}/steps"
  CMAKE_GENERATOR "${CMAKE_GENERATOR}"
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DPLANLANG_SOURCES_DIR=${PLANLANG_SOURCES_DIR}
    -DPLANLANG_PGO=OFF
    -DPLANLANG_PGO_GENERATE=${_pgo}/profile
    -DPLANLANG_BUILD_APP=OFF
    -DPLANLANG_BUILD_TESTS=OFF
    -DPLANLANG_WASM_CLI=
  BUILD_COMMAND "${CMAKE_COMMAND}" --build "${_pgo}/build" --target planlang
  BUILD_ALWAYS ON  # its own Ninja decides what is out of date
  BUILD_BYPRODUCTS "${_pgo}/build/planlang"
  INSTALL_COMMAND ""
  USES_TERMINAL_BUILD ON)

# Training: fresh counts each time the instrumented CLI changes (cmake/pgo_train.cmake).
add_custom_command(
  OUTPUT "${_pgo}/profile.stamp"
  COMMAND "${CMAKE_COMMAND}" -DPLANLANG=${_pgo}/build/planlang -DROOT=${CMAKE_SOURCE_DIR} -DPROFILE=${_pgo}/profile
          -DSTAMP=${_pgo}/profile.stamp -P "${CMAKE_CURRENT_LIST_DIR}/pgo_train.cmake"
  DEPENDS "${_pgo}/build/planlang" "${CMAKE_CURRENT_LIST_DIR}/pgo_train.cmake"
  COMMENT "Training the instrumented planlang (profile-guided optimization)"
  VERBATIM)
add_custom_target(planlang_pgo_profile DEPENDS "${_pgo}/profile.stamp")
add_dependencies(planlang_pgo_profile planlang_pgo_instrumented)

# -fprofile-partial-training: code the training never ran (the desktop app, error paths, the tests) is
# optimized as without a profile instead of for size. GCC 12 reports -Wmaybe-uninitialized inside
# std::variant's moves once the profile changes inlining (sim/run_export.cpp): false positives, silenced here.
add_compile_options(-fprofile-use=${_pgo}/profile -fprofile-partial-training -fprofile-prefix-path=${CMAKE_BINARY_DIR}
                    -Wno-missing-profile $<$<COMPILE_LANGUAGE:CXX>:-Wno-maybe-uninitialized>)

# Every target compiled here waits for the counts (called at the end of the top-level CMakeLists.txt).
function(planlang_pgo_order_targets dir)
  get_property(_targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(_t IN LISTS _targets)
    get_target_property(_type ${_t} TYPE)
    if(_type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|OBJECT_LIBRARY)$")
      add_dependencies(${_t} planlang_pgo_profile)
    endif()
  endforeach()
  get_property(_subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(_d IN LISTS _subdirs)
    planlang_pgo_order_targets("${_d}")
  endforeach()
endfunction()
