/* SPDX-License-Identifier: MIT */
/* PIPO bitsliced backend: the designers' S-layer circuit (11 AND/OR + 23
 * XOR/NOT) on whole state bytes, so the 8 columns of a block are 8 lanes of
 * one computation and no secret ever selects a branch or an address.
 *
 * The circuit runs on uint64_t slices holding up to 8 blocks side by side:
 * byte b of slice x[i] is state byte X[i] of block b.  One block costs the
 * same as eight; the R-layer becomes a per-byte rotation of each slice and
 * the round key byte is broadcast to all lanes. */
#include "core/backend.h"
#include "pipo/pipo_common.h"

#define LANES 8
#define ONES 0x0101010101010101u   /* 0x01 in every byte lane */

/* S-layer, exactly the operation order of the reference bitsliced code.
 * Inlined, so that x stays in registers. */
static inline __attribute__((always_inline)) void s_layer(uint64_t x[8])
{
    uint64_t t0, t1, t2, s;
    /* S5_1 on x7..x3 */
    x[5] ^= x[7] & x[6];
    x[4] ^= x[3] & x[5];
    x[7] ^= x[4];
    x[6] ^= x[3];
    x[3] ^= x[4] | x[5];
    x[5] ^= x[7];
    x[4] ^= x[5] & x[6];
    /* S3 on x2..x0 */
    x[2] ^= x[1] & x[0];
    x[0] ^= x[2] | x[1];
    x[1] ^= x[2] | x[0];
    x[2] = ~x[2];
    /* extend XOR */
    x[7] ^= x[1]; x[3] ^= x[2]; x[4] ^= x[0];
    /* S5_2 on copies of x7, x3, x4 plus x6, x5 */
    t0 = x[7]; t1 = x[3]; t2 = x[4];
    x[6] ^= t0 & x[5];
    t0 ^= x[6];
    x[6] ^= t2 | t1;
    t1 ^= x[5];
    x[5] ^= x[6] | t2;
    t2 ^= t1 & t0;
    /* truncate XOR and the output bit permutation */
    x[2] ^= t0;
    t0 = x[1] ^ t2;
    x[1] = x[0] ^ t1;
    x[0] = x[7]; x[7] = t0;
    s = x[3]; x[3] = x[6]; x[6] = s;
    s = x[4]; x[4] = x[5]; x[5] = s;
}

/* Inverse S-layer: the reference inv_sbox, step for step. */
static void inv_s_layer(uint64_t x[8])
{
    uint64_t t0, t1, t2, s;
    /* undo the output permutation (part 1) */
    t0 = x[7]; x[7] = x[0]; x[0] = x[1]; x[1] = t0;
    t0 = x[7]; t1 = x[6]; t2 = x[5];
    /* inverse S5_2 */
    x[4] ^= x[3] | t2;
    x[3] ^= t2 | t1;
    t1 ^= x[4];
    t0 ^= x[3];
    t2 ^= t1 & t0;
    x[3] ^= x[4] & x[7];
    /* undo truncate XOR, then the swaps */
    x[0] ^= t1; x[1] ^= t2; x[2] ^= t0;
    s = x[3]; x[3] = x[6]; x[6] = s;
    s = x[5]; x[5] = x[4]; x[4] = s;
    /* undo extend XOR */
    x[7] ^= x[1]; x[3] ^= x[2]; x[4] ^= x[0];
    /* inverse S5_1 */
    x[4] ^= x[5] & x[6];
    x[5] ^= x[7];
    x[3] ^= x[4] | x[5];
    x[6] ^= x[3];
    x[7] ^= x[4];
    x[4] ^= x[3] & x[5];
    x[5] ^= x[7] & x[6];
    /* inverse S3 */
    x[2] = ~x[2];
    x[1] ^= x[2] | x[0];
    x[0] ^= x[2] | x[1];
    x[2] ^= x[1] & x[0];
}

/* Rotates every byte lane left by r (public, 0..7). */
static uint64_t rol_lanes(uint64_t w, unsigned r)
{
    if (r == 0) return w;
    uint64_t stay = (0xFFu >> r) * ONES, wrap = ((1u << r) - 1) * ONES;
    return (w & stay) << r | ((w >> (8 - r)) & wrap);
}

static void add_round_key(uint64_t x[8], const uint8_t rk[PIPO_BLOCK])
{
    for (unsigned i = 0; i < 8; i++) x[i] ^= rk[i] * (uint64_t)ONES;
}

static void load_lanes(uint64_t x[8], const uint8_t *in, size_t n)
{
    for (unsigned i = 0; i < 8; i++) {
        x[i] = 0;
        for (size_t b = 0; b < n; b++) x[i] |= (uint64_t)in[PIPO_BLOCK * b + i] << (8 * b);
    }
}

static void store_lanes(uint8_t *out, const uint64_t x[8], size_t n)
{
    for (unsigned i = 0; i < 8; i++)
        for (size_t b = 0; b < n; b++) out[PIPO_BLOCK * b + i] = (uint8_t)(x[i] >> (8 * b));
}

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const pipo_key *k = ctx;
    uint64_t x[8];
    while (nblocks) {
        size_t n = nblocks < LANES ? nblocks : LANES;
        load_lanes(x, in, n);
        add_round_key(x, k->rk[0]);
        for (unsigned r = 1; r <= k->rounds; r++) {
            s_layer(x);
            for (unsigned i = 0; i < 8; i++) x[i] = rol_lanes(x[i], PIPO_ROT[i]);
            add_round_key(x, k->rk[r]);
        }
        store_lanes(out, x, n);
        in += PIPO_BLOCK * n; out += PIPO_BLOCK * n; nblocks -= n;
    }
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const pipo_key *k = ctx;
    uint64_t x[8];
    while (nblocks) {
        size_t n = nblocks < LANES ? nblocks : LANES;
        load_lanes(x, in, n);
        for (unsigned r = k->rounds; r >= 1; r--) {
            add_round_key(x, k->rk[r]);
            for (unsigned i = 0; i < 8; i++) x[i] = rol_lanes(x[i], (8 - PIPO_ROT[i]) & 7);
            inv_s_layer(x);
        }
        add_round_key(x, k->rk[0]);
        store_lanes(out, x, n);
        in += PIPO_BLOCK * n; out += PIPO_BLOCK * n; nblocks -= n;
    }
}

/* CBC encryption, one block at a time: the circuit on the 8 state bytes
 * alone (byte 0 of each slice, in registers), the rotations on bytes; the
 * chaining value stays in x. */
void kc_pipo_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const pipo_key *k = ctx;
    uint64_t x[8];
    for (unsigned i = 0; i < 8; i++) x[i] = iv[i];
    for (; nblocks; nblocks--, in += PIPO_BLOCK, out += PIPO_BLOCK) {
        for (unsigned i = 0; i < 8; i++) x[i] ^= (uint8_t)(in[i] ^ k->rk[0][i]);
        for (unsigned r = 1; r <= k->rounds; r++) {
            s_layer(x);
            for (unsigned i = 0; i < 8; i++) x[i] = pipo_rol8((uint8_t)x[i], PIPO_ROT[i]) ^ k->rk[r][i];
        }
        for (unsigned i = 0; i < 8; i++) out[i] = (uint8_t)x[i];
    }
    for (unsigned i = 0; i < 8; i++) iv[i] = (uint8_t)x[i];
    kc_wipe(x, sizeof x);
}

const kc_block_backend kc_pipo_bitslice = {
    .head = {
        .name = "bitslice",
        .summary = "bitsliced S-layer circuit, up to 8 blocks in uint64 byte lanes",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_key),
    },
    .set_key = pipo_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
    .cbc_encrypt = kc_pipo_cbc_encrypt,
};
