# cmake -DPROGRAM=<synth_sim_bench> -DROOT=<repository> -P compare_threads.cmake
# The in-memory pipeline on 1 thread and on 3 (more workers than this machine's cores, so blocks finish out
# of order) must print the same paused count and the same digest of every trace's huella in case order.
foreach(var PROGRAM ROOT)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "compare_threads.cmake: -D${var}= is required")
  endif()
endforeach()

function(result_of out threads)
  execute_process(COMMAND "${PROGRAM}" --cases 2000 --threads ${threads} --root "${ROOT}"
                  OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX MATCH "paused [0-9]+ of [0-9]+" paused "${text}")
  string(REGEX MATCH "traces digest ([0-9a-f]+)" _ "${text}")
  string(LENGTH "${CMAKE_MATCH_1}" length)
  if(NOT rc EQUAL 0 OR NOT length EQUAL 64 OR paused STREQUAL "")
    message(FATAL_ERROR "`${PROGRAM} --threads ${threads}` failed (exit ${rc}):\n${text}${err}")
  endif()
  set(${out} "${paused} ${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

result_of(one 1)
result_of(three 3)
message("1 thread : ${one}\n3 threads: ${three}")
if(NOT one STREQUAL three)
  message(FATAL_ERROR "the threaded pipeline disagrees with the single-threaded one")
endif()
