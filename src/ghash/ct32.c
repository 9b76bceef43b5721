/* SPDX-License-Identifier: MIT */
/* Portable constant-time GHASH for 32-bit CPUs whose 32x32 -> 32 multiply
 * is constant-time but whose 32x32 -> 64 one is not (Cortex-M3: MUL takes
 * one cycle, UMULL stops early).  ct.c's technique one size down: 32-bit
 * carry-less multiplies from integer multiplies on masked operands (a
 * column now sums at most 8 ones: it stays inside its 4-bit slot), the high
 * halves from bit-reversed operands, and Karatsuba on both levels: nine
 * 32x32 products per block, each as two masked multiplies.  Bit reversal is
 * linear, so the data's nine operands are reversed through its four words. */
#include "core/util.h"
#include "ghash/ghash.h"
#include "ghash/ghash_common.h"

#if (KC_ARCH_RV32 && !defined(__riscv_mul)) || KC_ARCH_AVR
#define CT32_TIMING KC_VARIABLE_TIME     /* a software multiply: data-dependent loop */
#else
#define CT32_TIMING KC_CONSTANT_TIME
#endif

typedef struct {
    uint32_t h[9], hr[9];   /* H's nine Karatsuba operands (operands() below) and their reversals */
} ct32_key;

#define M0 0x11111111u

/* Low 32 bits of the carry-less product x * y. */
static uint32_t clmul_lo(uint32_t x, uint32_t y)
{
    uint32_t x0 = x & M0, x1 = x & M0 << 1, x2 = x & M0 << 2, x3 = x & M0 << 3;
    uint32_t y0 = y & M0, y1 = y & M0 << 1, y2 = y & M0 << 2, y3 = y & M0 << 3;
    uint32_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint32_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint32_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint32_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & M0) | (z1 & M0 << 1) | (z2 & M0 << 2) | (z3 & M0 << 3);
}

static uint32_t rev32(uint32_t x)
{
    x = (x & 0x55555555u) << 1 | (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) << 2 | (x >> 2 & 0x33333333u);
    x = (x & 0x0f0f0f0fu) << 4 | (x >> 4 & 0x0f0f0f0fu);
    x = (x & 0x00ff00ffu) << 8 | (x >> 8 & 0x00ff00ffu);
    return x << 16 | x >> 16;
}

/* The nine operands of w3:w2:w1:w0 (w3 most significant): per 64-bit half
 * (high, low, high ^ low) its high word, low word and their XOR. */
static void operands(uint32_t o[9], uint32_t w3, uint32_t w2, uint32_t w1, uint32_t w0)
{
    o[0] = w3; o[1] = w2; o[2] = w3 ^ w2;
    o[3] = w1; o[4] = w0; o[5] = w1 ^ w0;
    o[6] = w3 ^ w1; o[7] = w2 ^ w0; o[8] = o[6] ^ o[7];
}

/* The 64-bit carry-less product of operand i of x and of h. */
static uint64_t mul32(const uint32_t *x, const uint32_t *xr, const uint32_t *h, const uint32_t *hr, int i)
{
    return (uint64_t)(rev32(clmul_lo(xr[i], hr[i])) >> 1) << 32 | clmul_lo(x[i], h[i]);
}

/* The 128-bit product of 64-bit half j (operands 3j..3j+2), as *hi:*lo. */
static void mul64(const uint32_t *x, const uint32_t *xr, const uint32_t *h, const uint32_t *hr, int j,
                  uint64_t *hi, uint64_t *lo)
{
    uint64_t a = mul32(x, xr, h, hr, 3 * j), b = mul32(x, xr, h, hr, 3 * j + 1);
    uint64_t c = mul32(x, xr, h, hr, 3 * j + 2) ^ a ^ b;
    *hi = a ^ c >> 32;
    *lo = b ^ c << 32;
}

static void ct32_init(void *key, const uint8_t h[16])
{
    ct32_key *k = key;
    operands(k->h, kc_load32_be(h), kc_load32_be(h + 4), kc_load32_be(h + 8), kc_load32_be(h + 12));
    for (int i = 0; i < 9; i++) k->hr[i] = rev32(k->h[i]);
}

static void ct32_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const ct32_key *k = key;
    uint64_t y1 = kc_load64_be(y), y0 = kc_load64_be(y + 8);
    for (; nblocks; nblocks--, in += 16) {
        y1 ^= kc_load64_be(in);
        y0 ^= kc_load64_be(in + 8);
        uint32_t x[9], xr[9];
        operands(x, (uint32_t)(y1 >> 32), (uint32_t)y1, (uint32_t)(y0 >> 32), (uint32_t)y0);
        operands(xr, rev32(x[0]), rev32(x[1]), rev32(x[3]), rev32(x[4]));
        uint64_t a_hi, a_lo, b_hi, b_lo, c_hi, c_lo;
        mul64(x, xr, k->h, k->hr, 0, &a_hi, &a_lo);
        mul64(x, xr, k->h, k->hr, 1, &b_hi, &b_lo);
        mul64(x, xr, k->h, k->hr, 2, &c_hi, &c_lo);
        c_hi ^= a_hi ^ b_hi;
        c_lo ^= a_lo ^ b_lo;
        kc_ghash_reduce(&y1, &y0, a_hi, a_lo ^ c_hi, b_hi ^ c_lo, b_lo);
    }
    kc_store64_be(y, y1);
    kc_store64_be(y + 8, y0);
}

const kc_ghash_backend kc_ghash_ct32 = {
    { "ct32", "portable C, masked 32-bit integer multiplies (no tables)", 0, CT32_TIMING, sizeof(ct32_key) },
    ct32_init, ct32_update
};
