/* SPDX-License-Identifier: MIT */
/* Portable constant-time GHASH without multiplies, for CPUs whose multiply
 * is missing or not constant-time (RV32I without M: a software loop;
 * Cortex-M3: UMULL stops early).  [SP800-38D] Algorithm 1 on 32-bit words:
 * for each bit of X, add V under a mask made from that bit, then V = V * x
 * with the reduction applied under a mask.  About 20 word operations per
 * bit of X: slow, but every CPU runs it in time independent of the data. */
#include "core/util.h"
#include "ghash/ghash.h"

static void shift_init(void *key, const uint8_t h[16])
{
    uint32_t *k = key;
    for (int i = 0; i < 4; i++) k[i] = kc_load32_be(h + 4 * i);
}

static void shift_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const uint32_t *h = key;
    uint32_t acc[4];
    for (int i = 0; i < 4; i++) acc[i] = kc_load32_be(y + 4 * i);
    for (; nblocks; nblocks--, in += 16) {
        uint32_t z0 = 0, z1 = 0, z2 = 0, z3 = 0, v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3];
        for (int w = 0; w < 4; w++) {
            uint32_t x = acc[w] ^ kc_load32_be(in + 4 * w);
            for (int b = 0; b < 32; b++, x <<= 1) {
                uint32_t m = 0 - (x >> 31), r = 0 - (v3 & 1);
                z0 ^= v0 & m; z1 ^= v1 & m; z2 ^= v2 & m; z3 ^= v3 & m;
                v3 = v3 >> 1 | v2 << 31;
                v2 = v2 >> 1 | v1 << 31;
                v1 = v1 >> 1 | v0 << 31;
                v0 = v0 >> 1 ^ (r & 0xe1000000u);
            }
        }
        acc[0] = z0; acc[1] = z1; acc[2] = z2; acc[3] = z3;
    }
    for (int i = 0; i < 4; i++) kc_store32_be(y + 4 * i, acc[i]);
}

const kc_ghash_backend kc_ghash_ct_shift = {
    { "ct-shift", "portable C, shift and masked XOR per bit (no multiply, no tables)", 0,
      KC_CONSTANT_TIME, 4 * sizeof(uint32_t) },
    shift_init, shift_update
};
