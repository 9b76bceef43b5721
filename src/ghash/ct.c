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

/* One multiplier: a power of H as its high and low halves and their XOR,
 * then the same three bit-reversed (the operands of the high products). */
typedef uint64_t ct_pow[6];

typedef struct {
    ct_pow p[4];            /* H, H^2, H^3, H^4: four blocks share a reduction */
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

/* Reverses the bits of each byte; with a byte swap, of the whole word. */
static uint64_t rev8(uint64_t x)
{
    x = (x & 0x5555555555555555u) << 1 | (x >> 1 & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) << 2 | (x >> 2 & 0x3333333333333333u);
    return (x & 0x0f0f0f0f0f0f0f0fu) << 4 | (x >> 4 & 0x0f0f0f0f0f0f0f0fu);
}

static uint64_t rev64(uint64_t x)
{
    x = rev8(x);
    x = (x & 0x00ff00ff00ff00ffu) << 8 | (x >> 8 & 0x00ff00ff00ff00ffu);
    x = (x & 0x0000ffff0000ffffu) << 16 | (x >> 16 & 0x0000ffff0000ffffu);
    return x << 32 | x >> 32;
}

/* Karatsuba: (y1:y0)(h1:h0) from y1h1, y0h0 and (y0^y1)(h0^h1), each as its
 * low half and its bit-reversed high half.  Both are linear, so blocks
 * multiplied by different powers add up here and are finished once:
 * acc = a_lo, b_lo, c_lo, a_hi, b_hi, c_hi (the high ones still reversed).
 * r1, r0: y1, y0 bit-reversed. */
static inline void ct_acc(uint64_t acc[6], const ct_pow h,
                          uint64_t y1, uint64_t y0, uint64_t r1, uint64_t r0)
{
    acc[0] ^= clmul_lo(y1, h[0]);
    acc[1] ^= clmul_lo(y0, h[1]);
    acc[2] ^= clmul_lo(y0 ^ y1, h[2]);
    acc[3] ^= clmul_lo(r1, h[3]);
    acc[4] ^= clmul_lo(r0, h[4]);
    acc[5] ^= clmul_lo(r0 ^ r1, h[5]);
}

/* The 256-bit product from the accumulated halves, reduced into *y1:*y0. */
static inline void ct_finish(const uint64_t acc[6], uint64_t *y1, uint64_t *y0)
{
    uint64_t a_hi = rev64(acc[3]) >> 1, b_hi = rev64(acc[4]) >> 1;
    uint64_t c_hi = rev64(acc[5]) >> 1 ^ a_hi ^ b_hi;
    uint64_t c_lo = acc[2] ^ acc[0] ^ acc[1];
    /* most significant word first */
    kc_ghash_reduce(y1, y0, a_hi, acc[0] ^ c_hi, b_hi ^ c_lo, acc[1]);
}

/* *y1:*y0 <- (*y1:*y0) * h. */
static void ct_mul(const ct_pow h, uint64_t *y1, uint64_t *y0)
{
    uint64_t acc[6] = { 0, 0, 0, 0, 0, 0 };
    ct_acc(acc, h, *y1, *y0, rev64(*y1), rev64(*y0));
    ct_finish(acc, y1, y0);
}

static void ct_pow_set(ct_pow p, uint64_t h1, uint64_t h0)
{
    p[0] = h1;
    p[1] = h0;
    p[2] = h0 ^ h1;
    for (int i = 0; i < 3; i++) p[3 + i] = rev64(p[i]);
}

static void ct_init(void *key, const uint8_t h[16])
{
    ct_key *k = key;
    uint64_t h1 = kc_load64_be(h), h0 = kc_load64_be(h + 8), y1 = h1, y0 = h0;
    ct_pow_set(k->p[0], h1, h0);
    for (int i = 1; i < 4; i++) {
        ct_mul(k->p[0], &y1, &y0);
        ct_pow_set(k->p[i], y1, y0);
    }
}

static void ct_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const ct_key *k = key;
    uint64_t y1 = kc_load64_be(y), y0 = kc_load64_be(y + 8);
    /* (Y^X0)H^4 + X1 H^3 + X2 H^2 + X3 H: independent products, one
     * reduction.  A block's reversed halves are its little-endian words with
     * each byte's bits reversed. */
    for (; nblocks >= 4; nblocks -= 4, in += 64) {
        uint64_t acc[6] = { 0, 0, 0, 0, 0, 0 };
        uint64_t r1 = rev64(y1), r0 = rev64(y0);
        for (int i = 0; i < 4; i++) {
            const uint8_t *b = in + 16 * i;
            y1 ^= kc_load64_be(b);
            y0 ^= kc_load64_be(b + 8);
            r1 ^= rev8(kc_load64_le(b));
            r0 ^= rev8(kc_load64_le(b + 8));
            ct_acc(acc, k->p[3 - i], y1, y0, r1, r0);
            y1 = y0 = r1 = r0 = 0;
        }
        ct_finish(acc, &y1, &y0);
    }
    for (; nblocks; nblocks--, in += 16) {
        y1 ^= kc_load64_be(in);
        y0 ^= kc_load64_be(in + 8);
        ct_mul(k->p[0], &y1, &y0);
    }
    kc_store64_be(y, y1);
    kc_store64_be(y + 8, y0);
}

const kc_ghash_backend kc_ghash_ct = {
    { "ct", "portable C, masked integer multiplies (no tables)", 0, CT_TIMING, sizeof(ct_key) },
    ct_init, ct_update
};
