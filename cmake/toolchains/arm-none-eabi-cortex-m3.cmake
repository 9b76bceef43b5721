# SPDX-License-Identifier: MIT
# Bare-metal Cortex-M3 (ARMv7-M, Thumb-2) with picolibc and semihosting, run
# under qemu-system-arm `mps2-an385` (targets/armv7m/qemu-run.sh is the test
# emulator).  The paper's AT91SAM3X8E (Arduino Due) is a Cortex-M3.
#   cmake -S . -B build/armv7m -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/arm-none-eabi-cortex-m3.cmake
# Debian 12: gcc-arm-none-eabi picolibc-arm-none-eabi qemu-system-arm.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR armv7m)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_DISABLE_FIND_PACKAGE_Threads ON)

set(KC_M3_ARCH "-mcpu=cortex-m3 -mthumb --specs=picolibc.specs")
set(CMAKE_C_FLAGS_INIT "${KC_M3_ARCH}")
set(CMAKE_ASM_FLAGS_INIT "${KC_M3_ARCH}")
# mps2-an385: 4 MiB of code memory at 0, 4 MiB of SRAM at 0x20000000 (data,
# heap and a 256 KiB stack; picolibc's default is 2 KiB).
set(CMAKE_EXE_LINKER_FLAGS_INIT "--oslib=semihost --crt0=semihost \
-Wl,--defsym=__flash=0x0 -Wl,--defsym=__flash_size=0x400000 \
-Wl,--defsym=__ram=0x20000000 -Wl,--defsym=__ram_size=0x400000 \
-Wl,--defsym=__stack_size=0x40000")

set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../targets/armv7m/qemu-run.sh)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
