# Runs one fuzzer briefly for ctest: cmake -DFUZZER=<exe> -DSEED=<dir> -DWORK=<dir>
# [-DDICT=<file>] [-DSECONDS=10] -P run_fuzzer.cmake. The seed corpus is copied into WORK (in
# the build tree) and the fuzzer runs on WORK, so new inputs and crash files stay out of the
# sources. With -DMISSING=<why> it only fails, saying why (clang or libFuzzer not installed).

if(DEFINED MISSING)
  message(FATAL_ERROR "fuzzer not built: ${MISSING}. Run .ci/install-deps.sh (clang-14 "
                      "libclang-rt-14-dev) and re-run cmake.")
endif()
foreach(var FUZZER SEED WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT EXISTS ${FUZZER})
  message(FATAL_ERROR "${FUZZER} is not built: run cmake --build first (target seneschal_fuzzers).")
endif()
if(NOT DEFINED SECONDS)
  set(SECONDS 10)
endif()

file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
file(GLOB seeds ${SEED}/*)
file(COPY ${seeds} DESTINATION ${WORK}/corpus)

set(args -max_total_time=${SECONDS} -rss_limit_mb=2048 -print_final_stats=1
         -artifact_prefix=${WORK}/artifacts/)
if(DICT)
  list(APPEND args -dict=${DICT})
endif()
# UBSan prints no stack by default; a report without one is hard to act on.
if(NOT DEFINED ENV{UBSAN_OPTIONS})
  set(ENV{UBSAN_OPTIONS} "print_stacktrace=1")
endif()
execute_process(COMMAND ${FUZZER} ${args} ${WORK}/corpus RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (${result}); the input that broke it is in ${WORK}/artifacts/")
endif()
