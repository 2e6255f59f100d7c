# cmake -DPLANLANG=<instrumented CLI> -DROOT=<source tree> -DPROFILE=<counts dir> -DSTAMP=<file> -P pgo_train.cmake
# Runs the training of cmake/Pgo.cmake: old counts removed (GCC would add the new ones to them), then
# `planlang bench` on demo A — 4,000 cases generated, simulated and verified in memory, on two threads as the
# benchmarks run, its report thrown away — and the stamp written only when it succeeded.
foreach(_v PLANLANG ROOT PROFILE STAMP)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "pgo_train.cmake: -D${_v}=... missing")
  endif()
endforeach()
file(REMOVE_RECURSE "${PROFILE}")
file(REMOVE "${STAMP}")
get_filename_component(_dir "${STAMP}" DIRECTORY)
set(ENV{PLANLANG_THREADS} 2)
execute_process(
  COMMAND "${PLANLANG}" bench --cases 4000 --root "${ROOT}" --json
  OUTPUT_FILE "${_dir}/training.json"
  ERROR_FILE "${_dir}/training.log"
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "the PGO training run failed (${_rc}): see ${_dir}/training.log")
endif()
# The optimized build finds counts by this name only (-Wno-missing-profile would hide a miss): one the
# training must have written, named relative to the build folder (-fprofile-prefix-path).
set(_expected "${PROFILE}/core#CMakeFiles#planlang_core.dir#json#reader.cpp.gcda")
if(NOT EXISTS "${_expected}")
  message(FATAL_ERROR "the PGO training run wrote no counts under the names the optimized build reads: ${_expected} is missing")
endif()
file(TOUCH "${STAMP}")
