# Our own targets build warning-clean; third-party headers come in as SYSTEM through their
# imported targets, so their warnings never fail our build. Warnings are errors where we build
# (the Makefile and CI turn SENESCHAL_WERROR on); a packager's or a newer compiler's new warning
# must not stop a plain `cmake` build.
option(SENESCHAL_WERROR "Treat compiler warnings as errors" OFF)
function(seneschal_strict target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wnon-virtual-dtor)
  # GCC 12 at -O3 (Release) reads every `"text" + std::string(...)` as an overlapping memcpy of
  # 2^63 bytes (GCC bug 105329, fixed in GCC 13): -Wrestrict has no true finding to give here, and
  # with -Werror it stops Release builds of plain string concatenation all over the tree.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(SENESCHAL_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# One STATIC library per top-level folder, with the seneschal:: alias and a public include/.
function(seneschal_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
  add_library(seneschal_${name} STATIC ${ARG_SOURCES})
  add_library(seneschal::${name} ALIAS seneschal_${name})
  target_include_directories(seneschal_${name} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>)
  set_target_properties(seneschal_${name} PROPERTIES OUTPUT_NAME seneschal-${name})
  seneschal_strict(seneschal_${name})
endfunction()
