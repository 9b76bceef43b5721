/* SPDX-License-Identifier: MIT */
/* The architectures, named once, and a way to compile one function for an
 * instruction set the build does not assume, with gcc or clang.
 *
 * KC_TARGET_BEGIN("avx2,gfni") ... KC_TARGET_END: every function defined
 * in between may use those instructions; the registry runs it only on a CPU
 * that has them (kc_backend_head.cpu).  Code between them cannot test
 * __AVX2__ and the like: gcc defines those after its pragma, clang does not. */
#ifndef KC_ARCH_H
#define KC_ARCH_H

#if defined(__x86_64__) || defined(__i386__)
#define KC_ARCH_X86 1
#else
#define KC_ARCH_X86 0
#endif

#if defined(__aarch64__)
#define KC_ARCH_AARCH64 1
#else
#define KC_ARCH_AARCH64 0
#endif

#if defined(__riscv) && __riscv_xlen == 32
#define KC_ARCH_RV32 1
#else
#define KC_ARCH_RV32 0
#endif

#if defined(__AVR__)
#define KC_ARCH_AVR 1
#else
#define KC_ARCH_AVR 0
#endif

#define KC_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define KC_TARGET_BEGIN(isa) \
    KC_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define KC_TARGET_END KC_PRAGMA(clang attribute pop)
#elif defined(__GNUC__)
#define KC_TARGET_BEGIN(isa) KC_PRAGMA(GCC push_options) KC_PRAGMA(GCC target(isa))
#define KC_TARGET_END KC_PRAGMA(GCC pop_options)
#else
#error "kcipher needs gcc or clang (per-function instruction-set targets)"
#endif

#endif
