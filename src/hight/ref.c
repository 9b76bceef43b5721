/* SPDX-License-Identifier: MIT */
/* HIGHT reference backend: portable C, one block at a time.  Byte
 * additions, XORs and fixed rotations only: constant time everywhere. */
#include "core/backend.h"
#include "hight/hight_common.h"
#include "core/arch.h"

/* One round on x[0..7] with subkeys s[0..3]; a, b, c, ... name the state
 * bytes X0..X7 of this round (the rotation is a renaming). */
#define ROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = (uint8_t)(x1 + (hight_f1(x0) ^ (s)[0])); x3 ^= (uint8_t)(hight_f0(x2) + (s)[1]); \
    x5 = (uint8_t)(x5 + (hight_f1(x4) ^ (s)[2])); x7 ^= (uint8_t)(hight_f0(x6) + (s)[3]); } while (0)
#define UNROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = (uint8_t)(x1 - (hight_f1(x0) ^ (s)[0])); x3 ^= (uint8_t)(hight_f0(x2) + (s)[1]); \
    x5 = (uint8_t)(x5 - (hight_f1(x4) ^ (s)[2])); x7 ^= (uint8_t)(hight_f0(x6) + (s)[3]); } while (0)

static void hight_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const hight_key *k = ctx;
    for (; nblocks; nblocks--, in += 8, out += 8) {
        uint8_t a = (uint8_t)(in[0] + k->wk[0]), b = in[1], c = in[2] ^ k->wk[1], d = in[3];
        uint8_t e = (uint8_t)(in[4] + k->wk[2]), f = in[5], g = in[6] ^ k->wk[3], h = in[7];
        /* After a round, X0 is the old X7: eight rounds bring the names back. */
        for (const uint8_t *s = k->sk; s != k->sk + 4 * HIGHT_ROUNDS; s += 32) {
            ROUND(s, a, b, c, d, e, f, g, h);      ROUND(s + 4, h, a, b, c, d, e, f, g);
            ROUND(s + 8, g, h, a, b, c, d, e, f);  ROUND(s + 12, f, g, h, a, b, c, d, e);
            ROUND(s + 16, e, f, g, h, a, b, c, d); ROUND(s + 20, d, e, f, g, h, a, b, c);
            ROUND(s + 24, c, d, e, f, g, h, a, b); ROUND(s + 28, b, c, d, e, f, g, h, a);
        }
        /* 32 rotations done, the last round has none: X0..X7 = b, c, ..., h, a. */
        out[0] = (uint8_t)(b + k->wk[4]); out[1] = c; out[2] = d ^ k->wk[5]; out[3] = e;
        out[4] = (uint8_t)(f + k->wk[6]); out[5] = g; out[6] = h ^ k->wk[7]; out[7] = a;
    }
}

static void hight_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const hight_key *k = ctx;
    for (; nblocks; nblocks--, in += 8, out += 8) {
        uint8_t b = (uint8_t)(in[0] - k->wk[4]), c = in[1], d = in[2] ^ k->wk[5], e = in[3];
        uint8_t f = (uint8_t)(in[4] - k->wk[6]), g = in[5], h = in[6] ^ k->wk[7], a = in[7];
        for (const uint8_t *s = k->sk + 4 * HIGHT_ROUNDS; s != k->sk; s -= 32) {
            UNROUND(s - 4, b, c, d, e, f, g, h, a);  UNROUND(s - 8, c, d, e, f, g, h, a, b);
            UNROUND(s - 12, d, e, f, g, h, a, b, c); UNROUND(s - 16, e, f, g, h, a, b, c, d);
            UNROUND(s - 20, f, g, h, a, b, c, d, e); UNROUND(s - 24, g, h, a, b, c, d, e, f);
            UNROUND(s - 28, h, a, b, c, d, e, f, g); UNROUND(s - 32, a, b, c, d, e, f, g, h);
        }
        out[0] = (uint8_t)(a - k->wk[0]); out[1] = b; out[2] = c ^ k->wk[1]; out[3] = d;
        out[4] = (uint8_t)(e - k->wk[2]); out[5] = f; out[6] = g ^ k->wk[3]; out[7] = h;
    }
}

/* CBC encryption (and so CMAC): one block at a time by nature; the
 * chaining value stays in the eight byte variables from block to block
 * instead of going through memory and a call per block.  Eight rounds
 * per iteration: unrolling all 32 (gcc -O3 would) makes it 1.5x slower
 * on x86, the code no longer fitting the decoded-instruction cache. */
#if KC_ARCH_X86 || KC_ARCH_AARCH64
#define HIGHT_EIGHT_ROUNDS_A_LOOP _Pragma("GCC unroll 1")
#else
#define HIGHT_EIGHT_ROUNDS_A_LOOP   /* (compilers that do not know the pragma) */
#endif
static void hight_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const hight_key *k = ctx;
    /* the chaining value, X0..X7 of the last output */
    uint8_t y0 = iv[0], y1 = iv[1], y2 = iv[2], y3 = iv[3], y4 = iv[4], y5 = iv[5], y6 = iv[6], y7 = iv[7];
    for (; nblocks; nblocks--, in += 8, out += 8) {
        uint8_t a = (uint8_t)((y0 ^ in[0]) + k->wk[0]), b = y1 ^ in[1], c = y2 ^ in[2] ^ k->wk[1], d = y3 ^ in[3];
        uint8_t e = (uint8_t)((y4 ^ in[4]) + k->wk[2]), f = y5 ^ in[5], g = y6 ^ in[6] ^ k->wk[3], h = y7 ^ in[7];
        const uint8_t *s = k->sk;
        HIGHT_EIGHT_ROUNDS_A_LOOP for (unsigned i = 0; i < HIGHT_ROUNDS / 8; i++, s += 32) {
            ROUND(s, a, b, c, d, e, f, g, h);      ROUND(s + 4, h, a, b, c, d, e, f, g);
            ROUND(s + 8, g, h, a, b, c, d, e, f);  ROUND(s + 12, f, g, h, a, b, c, d, e);
            ROUND(s + 16, e, f, g, h, a, b, c, d); ROUND(s + 20, d, e, f, g, h, a, b, c);
            ROUND(s + 24, c, d, e, f, g, h, a, b); ROUND(s + 28, b, c, d, e, f, g, h, a);
        }
        y0 = (uint8_t)(b + k->wk[4]); y1 = c; y2 = d ^ k->wk[5]; y3 = e;
        y4 = (uint8_t)(f + k->wk[6]); y5 = g; y6 = h ^ k->wk[7]; y7 = a;
        out[0] = y0; out[1] = y1; out[2] = y2; out[3] = y3; out[4] = y4; out[5] = y5; out[6] = y6; out[7] = y7;
    }
    iv[0] = y0; iv[1] = y1; iv[2] = y2; iv[3] = y3; iv[4] = y4; iv[5] = y5; iv[6] = y6; iv[7] = y7;
}

const kc_block_backend kc_hight_ref = {
    .head = {
        .name = "ref",
        .summary = "portable C, one block at a time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_key),
    },
    .set_key = hight_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .cbc_encrypt = hight_cbc_encrypt,
};
