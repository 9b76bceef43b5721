/* SPDX-License-Identifier: MIT */
/* LEA reference backend: portable C, one block at a time.  Only additions,
 * XORs and fixed rotations (ARX), so it is constant time everywhere. */
#include "core/backend.h"
#include "lea/lea_common.h"

/* The rounds on one block held in x[0..3]. */
static inline __attribute__((always_inline)) void lea_rounds(const lea_key *k, uint32_t x[4])
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    for (unsigned i = 0; i < k->rounds; i++) {
        const uint32_t *rk = k->rk[i];
        uint32_t t = x0;
        x0 = kc_rol32((x0 ^ rk[0]) + (x1 ^ rk[1]), 9);
        x1 = kc_ror32((x1 ^ rk[2]) + (x2 ^ rk[3]), 5);
        x2 = kc_ror32((x2 ^ rk[4]) + (x3 ^ rk[5]), 3);
        x3 = t;
    }
    x[0] = x0; x[1] = x1; x[2] = x2; x[3] = x3;
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t x[4];
        for (unsigned j = 0; j < 4; j++) x[j] = kc_load32_le(in + 4 * j);
        lea_rounds(ctx, x);
        for (unsigned j = 0; j < 4; j++) kc_store32_le(out + 4 * j, x[j]);
    }
}

/* CBC encryption for every LEA backend: serial, so one block at a time is
 * the fastest there is, with the chaining value kept in registers (the
 * SIMD backends' encrypt would take a lone block here through a call). */
void kc_lea_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint32_t x[4];
    for (unsigned j = 0; j < 4; j++) x[j] = kc_load32_le(iv + 4 * j);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        for (unsigned j = 0; j < 4; j++) x[j] ^= kc_load32_le(in + 4 * j);
        lea_rounds(ctx, x);
        for (unsigned j = 0; j < 4; j++) kc_store32_le(out + 4 * j, x[j]);
    }
    for (unsigned j = 0; j < 4; j++) kc_store32_le(iv + 4 * j, x[j]);
    kc_wipe(x, sizeof x);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const lea_key *k = ctx;
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t x0 = kc_load32_le(in), x1 = kc_load32_le(in + 4);
        uint32_t x2 = kc_load32_le(in + 8), x3 = kc_load32_le(in + 12);
        for (unsigned i = k->rounds; i--;) {
            const uint32_t *rk = k->rk[i];
            /* Undo the round: x3 holds the old X0, which unlocks X1, X2, X3 in turn. */
            uint32_t p0 = x3;
            uint32_t p1 = (kc_ror32(x0, 9) - (p0 ^ rk[0])) ^ rk[1];
            uint32_t p2 = (kc_rol32(x1, 5) - (p1 ^ rk[2])) ^ rk[3];
            uint32_t p3 = (kc_rol32(x2, 3) - (p2 ^ rk[4])) ^ rk[5];
            x0 = p0; x1 = p1; x2 = p2; x3 = p3;
        }
        kc_store32_le(out, x0); kc_store32_le(out + 4, x1);
        kc_store32_le(out + 8, x2); kc_store32_le(out + 12, x3);
    }
}

const kc_block_backend kc_lea_ref = {
    .head = {
        .name = "ref",
        .summary = "portable C, one block at a time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(lea_key),
    },
    .set_key = lea_set_key,
    .encrypt = lea_encrypt,
    .decrypt = lea_decrypt,
    .cbc_encrypt = kc_lea_cbc_encrypt,
};
