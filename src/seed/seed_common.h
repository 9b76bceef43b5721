/* SPDX-License-Identifier: MIT */
/* SEED-128 ([SEED]: TTAS.KO-12.0004/R1, RFC 4269) internals shared by every
 * SEED backend.
 *
 * A block is four big-endian words L0 L1 R0 R1; 16 Feistel rounds
 * (L, R) <- (R, L ^ F(R)), output R || L.  With a = R0 ^ K0, b = R1 ^ K1:
 *   t = G(a ^ b),  u = G(t + a),  D = G(u + t),  C = D + u,  F = (C, D)
 * (additions mod 2^32).  G substitutes bytes 0 and 2 of its word (byte 0
 * the low one) by S1 and bytes 1 and 3 by S2, then mixes: byte k of the
 * result is XOR over i of Y_i & m[(i + k) % 4], m = fc f3 cf 3f.  The key
 * schedule's 32 G inputs do not depend on G's outputs, so every backend
 * computes them here and runs its own G over all 32 at once.  Decryption
 * walks the round keys backwards. */
#ifndef KC_SEED_COMMON_H
#define KC_SEED_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"
#include "core/util.h"

typedef struct seed_key {
    uint32_t rk[32];                /* K_i,0 = rk[2i], K_i,1 = rk[2i + 1] */
} seed_key;

/* The S-boxes as affine maps around inversion (src/seed/derive_tables.py,
 * which checks every map on all 256 inputs; GFNI encoding: output bit i =
 * parity(byte 7 - i of m AND x)).
 * Tower field of core/gf_bitslice.h (N = z^3 + z): S(x) = OUT.tinv(T.x) + c. */
#define SEED_T_IN    0xd3e4b038a49e9668ull
#define SEED_T_OUT1  0xe28ad54364e5a022ull   /* + 169 (S1) */
#define SEED_T_OUT2  0x5c1264fc3140c14full   /* + 56 (S2) */
/* AES field (gf2p8affineinvqb): S(x) = OUT.inv_aes(G_IN.x) + c. */
#define SEED_G_IN    0x0bccb02e16183c70ull
#define SEED_G_OUT1  0x9a5c7193dadface8ull   /* + 169 */
#define SEED_G_OUT2  0x6c46dac00bd2d78full   /* + 56 */
/* After aesenclast (y = AES S-box of G_IN.x): S(x) = N_OUT.y + N_C. */
#define SEED_N_OUT1  0x74d453f55d6b71caull
#define SEED_N_OUT2  0x0af25d7bc8784e08ull
#define SEED_N_C1    0xe7
#define SEED_N_C2    0x2b

/* m.v for a matrix m in the GFNI encoding, as a constant expression. */
#define SEED_MROW(m, i) ((unsigned)((m) >> (8 * (7 - (i)))) & 0xffu)
#define SEED_PAR(b) (((b) ^ (b) >> 1 ^ (b) >> 2 ^ (b) >> 3 ^ (b) >> 4 ^ (b) >> 5 ^ (b) >> 6 ^ (b) >> 7) & 1u)
#define SEED_APPLY(m, v) (SEED_PAR(SEED_MROW(m, 0) & (v)) | SEED_PAR(SEED_MROW(m, 1) & (v)) << 1          \
    | SEED_PAR(SEED_MROW(m, 2) & (v)) << 2 | SEED_PAR(SEED_MROW(m, 3) & (v)) << 3                          \
    | SEED_PAR(SEED_MROW(m, 4) & (v)) << 4 | SEED_PAR(SEED_MROW(m, 5) & (v)) << 5                          \
    | SEED_PAR(SEED_MROW(m, 6) & (v)) << 6 | SEED_PAR(SEED_MROW(m, 7) & (v)) << 7)
/* Entry i of the look-up table of m on the nibble at bit sh, plus c. */
#define SEED_E(m, i, sh, c) (char)(SEED_APPLY(m, (unsigned)(i) << (sh)) ^ (c))

/* G's byte mixing on a word Y of substituted bytes: XOR over j of
 * ROR(Y, 8j) & SEED_MIX[j] (byte k of ROR(Y, 8j) is Y_(k+j), whose mask is
 * m[(2k + j) % 4]).  MIX2 and MIX3 repeat every 16 bits, so the j = 2, 3
 * terms are ROR16 of the j = 0, 1 pattern with those masks: two
 * rotations instead of three. */
#define SEED_MIX0 0xcffccffcu
#define SEED_MIX1 0x3ff33ff3u
#define SEED_MIX2 0xfccffccfu
#define SEED_MIX3 0xf33ff33fu

static inline uint32_t seed_mix(uint32_t y)
{
    uint32_t r = kc_ror32(y, 8);
    return (y & SEED_MIX0) ^ (r & SEED_MIX1) ^ kc_ror32((y & SEED_MIX2) ^ (r & SEED_MIX3), 16);
}

/* The 32 inputs of G whose outputs are the round keys. */
static inline void seed_key_inputs(uint32_t in[32], const uint8_t key[16])
{
    uint32_t a = kc_load32_be(key), b = kc_load32_be(key + 4);
    uint32_t c = kc_load32_be(key + 8), d = kc_load32_be(key + 12), kc = 0x9e3779b9, t;
    for (int i = 0; i < 16; i++) {
        in[2 * i] = a + c - kc;
        in[2 * i + 1] = b - d + kc;
        kc = kc_rol32(kc, 1);
        if (i % 2 == 0) {           /* odd rounds: A || B rotated right by 8 */
            t = a;
            a = a >> 8 | b << 24;
            b = b >> 8 | t << 24;
        } else {                    /* even rounds: C || D rotated left by 8 */
            t = c;
            c = c << 8 | d >> 24;
            d = d << 8 | t >> 24;
        }
    }
    kc_wipe(&a, sizeof a); kc_wipe(&b, sizeof b); kc_wipe(&c, sizeof c); kc_wipe(&d, sizeof d);
    kc_wipe(&t, sizeof t);
}

/* CBC encryption through one(ctx, w, 0), a one-block encryption on the
 * big-endian words w: the chaining value stays in w between blocks. */
#define SEED_CBC_WORDS(name, one)                                                                    \
    static void name(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)       \
    {                                                                                                \
        uint32_t w[4];                                                                               \
        for (int j = 0; j < 4; j++) w[j] = kc_load32_be(iv + 4 * j);                                \
        for (; n; n--, in += 16, out += 16) {                                                        \
            for (int j = 0; j < 4; j++) w[j] ^= kc_load32_be(in + 4 * j);                           \
            one(ctx, w, 0);                                                                          \
            for (int j = 0; j < 4; j++) kc_store32_be(out + 4 * j, w[j]);                           \
        }                                                                                            \
        for (int j = 0; j < 4; j++) kc_store32_be(iv + 4 * j, w[j]);                                \
        kc_wipe(w, sizeof w);                                                                        \
    }

#endif
