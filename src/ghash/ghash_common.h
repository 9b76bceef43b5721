/* SPDX-License-Identifier: MIT */
/* What the portable GHASH backends share: the reduction of a 256-bit
 * carry-less product modulo the GCM polynomial, in the standard's
 * bit-reflected order ([SP800-38D] 6.3), by shifts and XORs (the
 * shift-and-fold form Gueron and Kounavis give for PCLMULQDQ). */
#ifndef KC_GHASH_COMMON_H
#define KC_GHASH_COMMON_H
#include <stdint.h>

/* x3:x2:x1:x0 (most significant word first) is the carry-less product of
 * two blocks read as big-endian integers.  Reflected, the product sits one
 * bit low: shift it up, then fold the low 128 bits (the x^128.. terms) into
 * the high ones with x^128 = x^7 + x^2 + x + 1.  Result in *hi:*lo. */
static inline void kc_ghash_reduce(uint64_t *hi, uint64_t *lo,
                                   uint64_t x3, uint64_t x2, uint64_t x1, uint64_t x0)
{
    x3 = x3 << 1 | x2 >> 63;
    x2 = x2 << 1 | x1 >> 63;
    x1 = x1 << 1 | x0 >> 63;
    x0 <<= 1;
    uint64_t d = x1 ^ x0 << 63 ^ x0 << 62 ^ x0 << 57;
    *hi = x3 ^ d ^ d >> 1 ^ d >> 2 ^ d >> 7;
    *lo = x2 ^ x0 ^ (x0 >> 1 | d << 63) ^ (x0 >> 2 | d << 62) ^ (x0 >> 7 | d << 57);
}

#endif
