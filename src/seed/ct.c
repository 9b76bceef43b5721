/* SPDX-License-Identifier: MIT */
/* SEED in constant time: bitsliced S-boxes (seed_bitslice.h), 16 blocks
 * per pass, each G of a round run on the 16 blocks' words at once; up to
 * 8 blocks take seed_g_few, more are padded to 16; a lone block (CBC
 * encryption, CMAC) runs the scalar round on seed_g_few of one word.  Secret data only meets AND, XOR, additions and
 * fixed shifts. */
#include "core/backend.h"
#include "seed/seed_bitslice.h"

static kc_status set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)key_len; (void)block_len;
    seed_bs_set_key(ctx, key);
    return KC_OK;
}

#define G(w) (n > 8 ? seed_g16(w) : seed_g_few(w, n))

/* n <= 16 blocks, words l0, l1, r0, r1 of block j at s[0..3][j]; the
 * lanes past n are zeros. */
static void crypt16(const seed_key *k, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    uint32_t s[4][16] = { { 0 } }, t[16], u[16], d[16];
    for (size_t j = 0; j < n; j++)
        for (int w = 0; w < 4; w++) s[w][j] = kc_load32_be(in + 16 * j + 4 * w);
    for (int i = 0; i < 16; i++) {
        const uint32_t *rk = k->rk + 2 * (dec ? 15 - i : i);
        uint32_t *l0 = s[i % 2 * 2], *l1 = s[i % 2 * 2 + 1];      /* the halves swap roles */
        const uint32_t *r0 = s[2 - i % 2 * 2], *r1 = s[3 - i % 2 * 2];
        for (int j = 0; j < 16; j++) t[j] = (r0[j] ^ rk[0]) ^ (r1[j] ^ rk[1]);
        G(t);
        for (int j = 0; j < 16; j++) u[j] = t[j] + (r0[j] ^ rk[0]);
        G(u);
        for (int j = 0; j < 16; j++) d[j] = u[j] + t[j];
        G(d);
        for (int j = 0; j < 16; j++) { l0[j] ^= d[j] + u[j]; l1[j] ^= d[j]; }
    }
    /* After 16 rounds the last written half (s[2], s[3]) is R16: output R || L. */
    for (size_t j = 0; j < n; j++) {
        kc_store32_be(out + 16 * j, s[2][j]); kc_store32_be(out + 16 * j + 4, s[3][j]);
        kc_store32_be(out + 16 * j + 8, s[0][j]); kc_store32_be(out + 16 * j + 12, s[1][j]);
    }
    kc_wipe(s, sizeof s); kc_wipe(t, sizeof t); kc_wipe(u, sizeof u); kc_wipe(d, sizeof d);
}

/* One block (CBC encryption, CMAC: a serial chain): the scalar round, G
 * on its one word, without the 16 lanes of crypt16. */
static void crypt1(const seed_key *k, uint8_t *out, const uint8_t *in, int dec)
{
    uint32_t l0 = kc_load32_be(in), l1 = kc_load32_be(in + 4), r0 = kc_load32_be(in + 8);
    uint32_t r1 = kc_load32_be(in + 12), a, t, u, d;
    for (int i = 0; i < 16; i++) {
        const uint32_t *rk = k->rk + 2 * (dec ? 15 - i : i);
        a = r0 ^ rk[0];
        t = a ^ r1 ^ rk[1];
        seed_g_few(&t, 1);
        u = t + a;
        seed_g_few(&u, 1);
        d = u + t;
        seed_g_few(&d, 1);
        t = l0 ^ (d + u); u = l1 ^ d;     /* (L, R) <- (R, L ^ F(R)) */
        l0 = r0; l1 = r1; r0 = t; r1 = u;
    }
    kc_store32_be(out, r0); kc_store32_be(out + 4, r1); kc_store32_be(out + 8, l0); kc_store32_be(out + 12, l1);
    kc_wipe(&l0, sizeof l0); kc_wipe(&l1, sizeof l1); kc_wipe(&r0, sizeof r0); kc_wipe(&r1, sizeof r1);
    kc_wipe(&a, sizeof a); kc_wipe(&t, sizeof t); kc_wipe(&u, sizeof u); kc_wipe(&d, sizeof d);
}

static void crypt(const seed_key *k, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    if (n == 1) { crypt1(k, out, in, dec); return; }
    for (; n >= 16; n -= 16, in += 256, out += 256) crypt16(k, out, in, 16, dec);
    if (n) crypt16(k, out, in, n, dec);
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { crypt(ctx, out, in, n, 0); }
static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { crypt(ctx, out, in, n, 1); }

const kc_block_backend kc_seed_ct = {
    .head = {
        .name = "ct",
        .summary = "bitsliced S-boxes (GF(2^8) inversion circuit), 16 blocks per pass, constant time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(seed_key),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
