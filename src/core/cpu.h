/* SPDX-License-Identifier: MIT */
/* Run-time CPU feature detection. */
#ifndef KC_CPU_H
#define KC_CPU_H
#include <stdint.h>

enum {
    KC_CPU_SSE2    = 1u << 0,
    KC_CPU_SSSE3   = 1u << 1,
    KC_CPU_SSE41   = 1u << 2,
    KC_CPU_AVX2    = 1u << 3,
    KC_CPU_AVX512F = 1u << 4,
    KC_CPU_AVX512BW = 1u << 5,
    KC_CPU_AESNI   = 1u << 6,
    KC_CPU_PCLMUL  = 1u << 7,
    KC_CPU_VAES    = 1u << 8,
    KC_CPU_GFNI    = 1u << 9,
    KC_CPU_AVX512VBMI2 = 1u << 10,
    KC_CPU_VPCLMUL = 1u << 11     /* VPCLMULQDQ (256/512-bit carry-less multiply) */
};
/* Bits above 15 as macros: an enum constant must fit an int (16 bits on AVR). */
#define KC_CPU_NEON   ((uint32_t)1 << 16)
#define KC_CPU_ARMAES ((uint32_t)1 << 17)
#define KC_CPU_PMULL  ((uint32_t)1 << 18)   /* PMULL/PMULL2 on 64-bit lanes */

/* Bits of the features this CPU (and OS) supports; computed once. */
uint32_t kc_cpu_detect(void);
/* "sse2+avx2" style names of the bits in mask, into buf. */
const char *kc_cpu_names(uint32_t mask, char *buf, unsigned cap);

#endif
