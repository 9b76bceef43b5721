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
    KC_CPU_VPCLMUL = 1u << 11,    /* VPCLMULQDQ (256/512-bit carry-less multiply) */
    KC_CPU_SHA     = 1u << 12     /* x86 SHA extensions (SHA-NI: SHA-1 and SHA-256) */
};
/* Bits above 15 as macros: an enum constant must fit an int (16 bits on AVR). */
#define KC_CPU_NEON   ((uint32_t)1 << 16)
#define KC_CPU_ARMAES ((uint32_t)1 << 17)
#define KC_CPU_PMULL  ((uint32_t)1 << 18)   /* PMULL/PMULL2 on 64-bit lanes */
#define KC_CPU_ARMSHA2 ((uint32_t)1 << 19)  /* ARMv8 SHA-256 instructions (SHA256H...) */
#define KC_CPU_ARMSHA512 ((uint32_t)1 << 20) /* ARMv8.2 SHA-512 instructions (SHA512H...) */

/* Bits of the features the library uses: what this CPU (and OS) supports,
 * minus KC_CPU_DISABLE and every feature that needs a missing one (see
 * kc_cpu_consistent).  Computed once, with the mask read from the
 * environment at that moment. */
uint32_t kc_cpu_detect(void);
/* What cpuid/hwcaps report, before KC_CPU_DISABLE. */
uint32_t kc_cpu_detected(void);
/* The names in KC_CPU_DISABLE that are no feature (comma-separated, "" when
 * none): the mask ignored them.  `kcipher list` and the bench refuse to run. */
const char *kc_cpu_mask_unknown(void);
/* KC_CPU_DISABLE's syntax: names separated by ',', '+' or spaces, any case,
 * "all" for every feature.  Returns the bits named; the names that are none
 * go to unknown (comma-separated, truncated to cap). */
uint32_t kc_cpu_parse_mask(const char *s, char *unknown, unsigned cap);
/* f without the features whose prerequisites f lacks (real CPUs have no
 * such combination: VAES without AES-NI or AVX2, AVX-512 without AVX2...). */
uint32_t kc_cpu_consistent(uint32_t f);
/* "sse2+avx2" style names of the bits in mask, into buf. */
const char *kc_cpu_names(uint32_t mask, char *buf, unsigned cap);

#endif
