# Run at build time (cmake -P): writes OUT, a header with the project's version and the git commit
# the sources are at, only when it changes, so a new commit recompiles the two mains and nothing
# else. Inputs: SOURCE_DIR, VERSION, OUT. Outside a git checkout (a source tarball) the commit is
# "unknown"; uncommitted changes to tracked files add "-dirty".
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE commit RESULT_VARIABLE failed ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE changes ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT changes STREQUAL "")
    string(APPEND commit "-dirty")
  endif()
endif()
file(WRITE "${OUT}.new" "#pragma once\n// Written by cmake/WriteVersion.cmake at build time.\n"
     "#define SENESCHAL_VERSION \"${VERSION}\"\n#define SENESCHAL_COMMIT \"${commit}\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.new" "${OUT}")
file(REMOVE "${OUT}.new")
