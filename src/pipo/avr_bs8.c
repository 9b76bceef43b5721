/* SPDX-License-Identifier: MIT */
/* PIPO for 8-bit AVR: one block in eight byte variables, as the designers
 * laid it out for AVR -- state byte X[i] is bit plane i of the eight S-box
 * columns, so the bitsliced S-layer circuit (11 AND/OR + 23 XOR/NOT) runs on
 * whole bytes, the R-layer is one constant byte rotation per byte, and the
 * round key is eight byte XORs.  (The portable bitslice backend packs eight
 * blocks into uint64 lanes, which costs an 8-bit core eight times the work
 * for a single block.)  No table, no data-dependent branch: constant time. */
#include "core/arch.h"
#if KC_ARCH_AVR
#include "pipo/pipo_common.h"

#define ROL(x, r) ((uint8_t)((uint8_t)(x) << (r) | (uint8_t)(x) >> (8 - (r))))

/* The S-layer on x0..x7 (x7 = MSB of each column), the operation order of
 * the reference circuit (bitslice.c), with the output permutation folded
 * into the names of the results. */
#define S_LAYER(x0, x1, x2, x3, x4, x5, x6, x7) do {                  \
    uint8_t t0, t1, t2, s;                                              \
    x5 ^= x7 & x6; x4 ^= x3 & x5; x7 ^= x4; x6 ^= x3;                   \
    x3 ^= x4 | x5; x5 ^= x7; x4 ^= x5 & x6;                             \
    x2 ^= x1 & x0; x0 ^= x2 | x1; x1 ^= x2 | x0; x2 = (uint8_t)~x2;     \
    x7 ^= x1; x3 ^= x2; x4 ^= x0;                                       \
    t0 = x7; t1 = x3; t2 = x4;                                          \
    x6 ^= t0 & x5; t0 ^= x6; x6 ^= t2 | t1; t1 ^= x5;                   \
    x5 ^= x6 | t2; t2 ^= t1 & t0;                                       \
    x2 ^= t0; t0 = x1 ^ t2; x1 = x0 ^ t1; x0 = x7; x7 = t0;             \
    s = x3; x3 = x6; x6 = s; s = x4; x4 = x5; x5 = s;                   \
} while (0)

#define INV_S_LAYER(x0, x1, x2, x3, x4, x5, x6, x7) do {              \
    uint8_t t0, t1, t2, s;                                              \
    t0 = x7; x7 = x0; x0 = x1; x1 = t0;                                 \
    t0 = x7; t1 = x6; t2 = x5;                                          \
    x4 ^= x3 | t2; x3 ^= t2 | t1; t1 ^= x4; t0 ^= x3;                   \
    t2 ^= t1 & t0; x3 ^= x4 & x7;                                       \
    x0 ^= t1; x1 ^= t2; x2 ^= t0;                                       \
    s = x3; x3 = x6; x6 = s; s = x5; x5 = x4; x4 = s;                   \
    x7 ^= x1; x3 ^= x2; x4 ^= x0;                                       \
    x4 ^= x5 & x6; x5 ^= x7; x3 ^= x4 | x5; x6 ^= x3; x7 ^= x4;         \
    x4 ^= x3 & x5; x5 ^= x7 & x6;                                       \
    x2 = (uint8_t)~x2; x1 ^= x2 | x0; x0 ^= x2 | x1; x2 ^= x1 & x0;     \
} while (0)

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const pipo_key *k = ctx;
    for (; nblocks; nblocks--, in += PIPO_BLOCK, out += PIPO_BLOCK) {
        const uint8_t *rk = k->rk[0];
        uint8_t x0 = in[0] ^ rk[0], x1 = in[1] ^ rk[1], x2 = in[2] ^ rk[2], x3 = in[3] ^ rk[3],
                x4 = in[4] ^ rk[4], x5 = in[5] ^ rk[5], x6 = in[6] ^ rk[6], x7 = in[7] ^ rk[7];
        for (uint8_t r = (uint8_t)k->rounds; r; r--) {
            rk += PIPO_BLOCK;
            S_LAYER(x0, x1, x2, x3, x4, x5, x6, x7);
            x0 ^= rk[0];                   x1 = ROL(x1, 7) ^ rk[1];
            x2 = ROL(x2, 4) ^ rk[2];       x3 = ROL(x3, 3) ^ rk[3];
            x4 = ROL(x4, 6) ^ rk[4];       x5 = ROL(x5, 5) ^ rk[5];
            x6 = ROL(x6, 1) ^ rk[6];       x7 = ROL(x7, 2) ^ rk[7];
        }
        out[0] = x0; out[1] = x1; out[2] = x2; out[3] = x3;
        out[4] = x4; out[5] = x5; out[6] = x6; out[7] = x7;
    }
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const pipo_key *k = ctx;
    for (; nblocks; nblocks--, in += PIPO_BLOCK, out += PIPO_BLOCK) {
        uint8_t x0 = in[0], x1 = in[1], x2 = in[2], x3 = in[3], x4 = in[4], x5 = in[5], x6 = in[6], x7 = in[7];
        const uint8_t *rk = k->rk[k->rounds];
        for (uint8_t r = (uint8_t)k->rounds; r; r--, rk -= PIPO_BLOCK) {
            x0 ^= rk[0];                   x1 = ROL(x1 ^ rk[1], 1);
            x2 = ROL(x2 ^ rk[2], 4);       x3 = ROL(x3 ^ rk[3], 5);
            x4 = ROL(x4 ^ rk[4], 2);       x5 = ROL(x5 ^ rk[5], 3);
            x6 = ROL(x6 ^ rk[6], 7);       x7 = ROL(x7 ^ rk[7], 6);
            INV_S_LAYER(x0, x1, x2, x3, x4, x5, x6, x7);
        }
        out[0] = x0 ^ rk[0]; out[1] = x1 ^ rk[1]; out[2] = x2 ^ rk[2]; out[3] = x3 ^ rk[3];
        out[4] = x4 ^ rk[4]; out[5] = x5 ^ rk[5]; out[6] = x6 ^ rk[6]; out[7] = x7 ^ rk[7];
    }
}

const kc_block_backend kc_pipo_avr_bs8 = {
    .head = {
        .name = "avr-bs8",
        .summary = "AVR: one block in 8 byte variables, bitsliced S-layer on bytes",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_key),
    },
    .set_key = pipo_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
};
#endif
