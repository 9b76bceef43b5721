# SPDX-License-Identifier: MIT
# AVR (ATmega128 by default; ATmega328P per program) with avr-gcc and
# avr-libc, run under simavr by targets/avr/runner.c.  Used by
# targets/avr/CMakeLists.txt, which builds only the library parts each
# program needs (the whole library does not fit the RAM of these parts).
#   cmake -S targets/avr -B build/avr -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/avr-gcc.cmake \
#         -DKC_AVR_RUNNER=/path/to/avr-runner
# Debian 12: gcc-avr binutils-avr avr-libc simavr libsimavr-dev libelf-dev.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR avr)
set(CMAKE_C_COMPILER avr-gcc)
set(CMAKE_ASM_COMPILER avr-gcc)
set(CMAKE_AR avr-ar CACHE FILEPATH "")
set(CMAKE_RANLIB avr-ranlib CACHE FILEPATH "")
# The compiler check links without -mmcu; a static library needs no startup code.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_DISABLE_FIND_PACKAGE_Threads ON)
set(CMAKE_C_FLAGS_INIT "-ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,--gc-sections")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
