/* SPDX-License-Identifier: MIT */
/* Portable constant-time GHASH: 64x64 carry-less multiplies made of integer
 * multiplies on masked operands (the technique BearSSL's ghash_ctmul64
 * describes).  Keeping only every fourth bit of each operand spaces the
 * partial products so that a column sums at most 16 ones: the count stays
 * inside its 4-bit slot (the one 16 lands past bit 63 and is dropped), so
 * each kept bit is the XOR of its column.  Integer multiplies give the low
 * 64 product bits; the high ones come from the bit-reversed operands.  No
 * tables, no branches on data.
 *
 * Constant time where a 64x64 -> 64 multiply is (x86-64, AArch64, 32-bit
 * CPUs with constant-time 32x32 -> 64 multiplies); not on RV32I without M
 * (a software multiply loop) nor on a Cortex-M3 (UMULL stops early): there
 * it is registered as variable-time and ct-shift (ct_shift.c) is the
 * default. */
#include <string.h>
#include "core/util.h"
#include "ghash/ghash.h"
#include "ghash/ghash_common.h"

#if (KC_ARCH_RV32 && !defined(__riscv_mul)) || KC_ARCH_AVR || defined(__ARM_ARCH_7M__)
#define CT_TIMING KC_VARIABLE_TIME
#else
#define CT_TIMING KC_CONSTANT_TIME
#endif

typedef struct {
    uint64_t h[3], hr[3];   /* H's high and low halves and their XOR; the same bit-reversed */
} ct_key;

#define M0 0x1111111111111111u

/* Low 64 bits of the carry-less product x * y. */
static uint64_t clmul_lo(uint64_t x, uint64_t y)
{
    uint64_t x0 = x & M0, x1 = x & M0 << 1, x2 = x & M0 << 2, x3 = x & M0 << 3;
    uint64_t y0 = y & M0, y1 = y & M0 << 1, y2 = y & M0 << 2, y3 = y & M0 << 3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & M0) | (z1 & M0 << 1) | (z2 & M0 << 2) | (z3 & M0 << 3);
}

static uint64_t rev64(uint64_t x)
{
    x = (x & 0x5555555555555555u) << 1 | (x >> 1 & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) << 2 | (x >> 2 & 0x3333333333333333u);
    x = (x & 0x0f0f0f0f0f0f0f0fu) << 4 | (x >> 4 & 0x0f0f0f0f0f0f0f0fu);
    x = (x & 0x00ff00ff00ff00ffu) << 8 | (x >> 8 & 0x00ff00ff00ff00ffu);
    x = (x & 0x0000ffff0000ffffu) << 16 | (x >> 16 & 0x0000ffff0000ffffu);
    return x << 32 | x >> 32;
}

static void ct_init(void *key, const uint8_t h[16])
{
    ct_key *k = key;
    k->h[0] = kc_load64_be(h);
    k->h[1] = kc_load64_be(h + 8);
    k->h[2] = k->h[0] ^ k->h[1];
    for (int i = 0; i < 3; i++) k->hr[i] = rev64(k->h[i]);
}

static void ct_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const ct_key *k = key;
    uint64_t y1 = kc_load64_be(y), y0 = kc_load64_be(y + 8);
    for (; nblocks; nblocks--, in += 16) {
        y1 ^= kc_load64_be(in);
        y0 ^= kc_load64_be(in + 8);
        uint64_t y2 = y0 ^ y1, r1 = rev64(y1), r0 = rev64(y0), r2 = r0 ^ r1;
        /* Karatsuba: (y1:y0)(h1:h0) from y1h1, y0h0 and (y0^y1)(h0^h1);
         * each 128-bit product as its low half and its high half. */
        uint64_t a_lo = clmul_lo(y1, k->h[0]), a_hi = rev64(clmul_lo(r1, k->hr[0])) >> 1;
        uint64_t b_lo = clmul_lo(y0, k->h[1]), b_hi = rev64(clmul_lo(r0, k->hr[1])) >> 1;
        uint64_t c_lo = clmul_lo(y2, k->h[2]), c_hi = rev64(clmul_lo(r2, k->hr[2])) >> 1;
        c_lo ^= a_lo ^ b_lo;
        c_hi ^= a_hi ^ b_hi;
        /* The 256-bit product, most significant word first. */
        uint64_t x3 = a_hi, x2 = a_lo ^ c_hi, x1 = b_hi ^ c_lo, x0 = b_lo;
        kc_ghash_reduce(&y1, &y0, x3, x2, x1, x0);
    }
    kc_store64_be(y, y1);
    kc_store64_be(y + 8, y0);
}

const kc_ghash_backend kc_ghash_ct = {
    { "ct", "portable C, masked integer multiplies (no tables)", 0, CT_TIMING, sizeof(ct_key) },
    ct_init, ct_update
};
