# SPDX-License-Identifier: MIT
# Bare-metal RV32I (no extensions) with picolibc and semihosting, run under
# qemu-system-riscv32 `virt` (targets/rv32/qemu-run.sh is the test emulator).
#   cmake -S . -B build/rv32 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/rv32i-picolibc.cmake
# Debian 12: gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
# No threads on bare metal (picolibc has no pthreads).
set(CMAKE_DISABLE_FIND_PACKAGE_Threads ON)

# -march without _zicsr: that is how picolibc's multilib is named (rv32i/ilp32).
set(KC_RV32_ARCH "-march=rv32i -mabi=ilp32 --specs=picolibc.specs")
set(CMAKE_C_FLAGS_INIT "${KC_RV32_ARCH}")
set(CMAKE_ASM_FLAGS_INIT "${KC_RV32_ARCH}")
# virt: RAM from 0x80000000 (128 MiB by default).  Code in the first 8 MiB,
# data, heap and a 1 MiB stack (picolibc's default is 2 KiB) in the rest.
set(CMAKE_EXE_LINKER_FLAGS_INIT "--oslib=semihost --crt0=semihost \
-Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x800000 \
-Wl,--defsym=__ram=0x80800000 -Wl,--defsym=__ram_size=0x7800000 \
-Wl,--defsym=__stack_size=0x100000")

set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../../targets/rv32/qemu-run.sh)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
