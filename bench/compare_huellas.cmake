# cmake -DNODE=… -DEMULATOR=… -DPROGRAM=… -DBASELINE=… -DDOC=… -P compare_huellas.cmake
# Runs fingerprint_bench (through EMULATOR, i.e. node, when it is wasm) and the Node baseline on DOC once
# each and fails unless both print the same "huella <hex>" line.
foreach(var NODE PROGRAM BASELINE DOC)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "compare_huellas.cmake: -D${var}= is required")
  endif()
endforeach()

function(huella_of out)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX MATCH "huella ([0-9a-f]+)" _ "${text}")
  string(LENGTH "${CMAKE_MATCH_1}" length)
  if(NOT rc EQUAL 0 OR NOT length EQUAL 64)
    message(FATAL_ERROR "`${ARGN}` failed (exit ${rc}):\n${text}${err}")
  endif()
  set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

huella_of(ours ${EMULATOR} "${PROGRAM}" "${DOC}" --runs 1)
huella_of(node "${NODE}" "${BASELINE}" "${DOC}" --runs 1)
message("planlang ${ours}\nnode     ${node}")
if(NOT ours STREQUAL node)
  message(FATAL_ERROR "the huellas differ: planlang::json::huella disagrees with bench/canonicalize.mjs on ${DOC}")
endif()
