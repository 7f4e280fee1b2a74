# Cross toolchain for the Pi: Raspberry Pi OS bookworm 64-bit (aarch64), Debian's cross GCC 12
# against a sysroot that .ci/arm64-sysroot.sh unpacks; cmake/ARM64.md has the commands.
#
#   cmake -S . -B /tmp/b-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake \
#         [-DSENESCHAL_SYSROOT=/opt/sysroot-arm64]
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

# The cache variable wins, then the environment, then the script's default.
if(NOT SENESCHAL_SYSROOT)
  if(DEFINED ENV{SENESCHAL_SYSROOT})
    set(SENESCHAL_SYSROOT "$ENV{SENESCHAL_SYSROOT}")
  else()
    set(SENESCHAL_SYSROOT /opt/sysroot-arm64)
  endif()
endif()
set(SENESCHAL_SYSROOT "${SENESCHAL_SYSROOT}" CACHE PATH "arm64 sysroot made by .ci/arm64-sysroot.sh")
if(NOT EXISTS "${SENESCHAL_SYSROOT}/usr/include/aarch64-linux-gnu")
  message(FATAL_ERROR "No arm64 sysroot at ${SENESCHAL_SYSROOT}: run .ci/arm64-sysroot.sh")
endif()
# try_compile projects read this file again without the main project's cache.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SENESCHAL_SYSROOT)

set(CMAKE_SYSROOT "${SENESCHAL_SYSROOT}")
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc-12)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++-12)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Libraries, headers and CMake packages from the sysroot only; programs from the host.
set(CMAKE_FIND_ROOT_PATH "${SENESCHAL_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# The host's pkg-config reads the sysroot's .pc files and prefixes the paths they give.
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${SENESCHAL_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR}
  "${SENESCHAL_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${SENESCHAL_SYSROOT}/usr/lib/pkgconfig:${SENESCHAL_SYSROOT}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# The build runs its own `seneschal synth` to render the bundled recording (assets/CMakeLists.txt);
# with qemu-user that step runs the arm64 binary, which CMake prefixes with the emulator.
find_program(SENESCHAL_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(SENESCHAL_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${SENESCHAL_QEMU_AARCH64};-L;${SENESCHAL_SYSROOT}")
endif()
