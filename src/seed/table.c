/* SPDX-License-Identifier: MIT */
/* SEED with the four SS tables of the reference code, one block at a time:
 * reference speed.  NOT constant time: the table indices are secret bytes
 * (cache timing). */
#include "core/backend.h"
#include "seed/seed_common.h"
#include "seed/seed_tables.h"

static inline uint32_t g(uint32_t x)
{
    return seed_ss[0][x & 0xff] ^ seed_ss[1][x >> 8 & 0xff] ^ seed_ss[2][x >> 16 & 0xff]
         ^ seed_ss[3][x >> 24];
}

static kc_status set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    seed_key *k = ctx;
    (void)key_len; (void)block_len;
    seed_key_inputs(k->rk, key);
    for (int i = 0; i < 32; i++) k->rk[i] = g(k->rk[i]);
    return KC_OK;
}

/* step = 1 encrypts (round keys 0, 1, ... 15), -1 decrypts. */
static void crypt(const seed_key *k, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    for (; n; n--, in += 16, out += 16) {
        uint32_t l0 = kc_load32_be(in), l1 = kc_load32_be(in + 4);
        uint32_t r0 = kc_load32_be(in + 8), r1 = kc_load32_be(in + 12);
        for (int i = 0; i < 16; i++) {
            const uint32_t *rk = k->rk + 2 * (dec ? 15 - i : i);
            uint32_t a = r0 ^ rk[0], b = r1 ^ rk[1];
            uint32_t t = g(a ^ b), u = g(t + a), d = g(u + t), c = d + u;
            c ^= l0; d ^= l1;
            l0 = r0; l1 = r1; r0 = c; r1 = d;
        }
        kc_store32_be(out, r0); kc_store32_be(out + 4, r1);
        kc_store32_be(out + 8, l0); kc_store32_be(out + 12, l1);
    }
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { crypt(ctx, out, in, n, 0); }
static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { crypt(ctx, out, in, n, 1); }

const kc_block_backend kc_seed_table = {
    .head = {
        .name = "table",
        .summary = "the four SS tables of the reference code, one block at a time (variable time)",
        .cpu = 0,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(seed_key),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
