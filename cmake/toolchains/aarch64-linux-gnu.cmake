# SPDX-License-Identifier: MIT
# Cross-compiling for 64-bit ARM Linux with Debian's gcc-aarch64-linux-gnu;
# tests run under qemu-aarch64 user mode (scripts/test-aarch64.sh).
#   cmake -S . -B build/aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(KC_CROSS_TRIPLE aarch64-linux-gnu)
set(KC_CROSS_SYSROOT /usr/${KC_CROSS_TRIPLE})   # libc6-dev-arm64-cross
set(CMAKE_C_COMPILER ${KC_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${KC_CROSS_TRIPLE}-g++)
set(CMAKE_FIND_ROOT_PATH ${KC_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)    # build tools come from the host
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)     # libraries and headers only for the target
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# ctest (and add_custom_command) run target executables through this.
find_program(KC_QEMU_AARCH64 qemu-aarch64)
if(KC_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${KC_QEMU_AARCH64} -L ${KC_CROSS_SYSROOT})
endif()
