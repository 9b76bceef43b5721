/* SPDX-License-Identifier: MIT */
/* G on one word by GFNI, for the one-block path (CBC encryption, CMAC: a
 * serial chain, so latency counts) of gfni_avx2.c and gfni_avx512.c, with
 * seed_one_x86.h's rounds: xmm registers only, also under AVX-512 (the
 * rounds on zmm registers put 512-bit uops in flight, and Intel cores then
 * close port 1's vector units to the xmm G's GFNI and pshufb: the likely
 * reason the AVX-512 backend's one block ran slower than the AVX2 one's).
 * The word x is broadcast in every 32-bit lane of an xmm.  G's masks
 * fold into the output maps: byte k of G(x) is XOR over i of
 * diag(m[(i + k) % 4]).S_i(x_i), so four gf2p8affineinvqb run side by
 * side, number j with diag(m[j]).OUT1 on its low qword (where bytes 0, 2
 * count: S1) and diag(m[j]).OUT2 on its high one (bytes 1, 3: S2); one
 * pshufb each takes the contribution to every byte k (broadcast again),
 * and XORs sum them with the S-boxes' constants passed through the mixing.
 * Chain: affine, affineinv, pshufb, two XORs (was affine, affineinv,
 * blend, rotate, AND, XOR, rotate, XOR).  Constant time: GFNI, fixed
 * shuffles, XOR.  The including file opens a target with GFNI and SSSE3. */
#ifndef KC_SEED_GFNI1_H
#define KC_SEED_GFNI1_H
#include <immintrin.h>
#include "seed/seed_common.h"

/* diag(mk).m in the GFNI encoding: output bit i is row (byte) 7 - i. */
#define SEED_DROW(mk, i) ((((mk) >> (i)) & 1u) ? 0xffull << (8 * (7 - (i))) : 0ull)
#define SEED_DIAG(m, mk) ((m) & (SEED_DROW(mk, 0) | SEED_DROW(mk, 1) | SEED_DROW(mk, 2) | SEED_DROW(mk, 3) \
    | SEED_DROW(mk, 4) | SEED_DROW(mk, 5) | SEED_DROW(mk, 6) | SEED_DROW(mk, 7)))
#define SEED_MAT1(mk) _mm_set_epi64x((long long)SEED_DIAG(SEED_G_OUT2, mk), (long long)SEED_DIAG(SEED_G_OUT1, mk))
/* Byte 4d + k of pshufb j's result: input byte i = (j - k) % 4, found
 * at byte i of the S1 qword (i even) or 8 + i of the S2 one (i odd). */
#define SEED_P(j, k) (char)((((j) - (k)) & 3) + 8 * (((j) - (k)) & 1))
#define SEED_PIDX(j) _mm_setr_epi8(SEED_P(j, 0), SEED_P(j, 1), SEED_P(j, 2), SEED_P(j, 3), SEED_P(j, 0), \
    SEED_P(j, 1), SEED_P(j, 2), SEED_P(j, 3), SEED_P(j, 0), SEED_P(j, 1), SEED_P(j, 2), SEED_P(j, 3),      \
    SEED_P(j, 0), SEED_P(j, 1), SEED_P(j, 2), SEED_P(j, 3))

typedef struct seed_g1c {
    __m128i in, mat[4], idx[4], c;
} seed_g1c;

static inline __attribute__((always_inline)) void seed_g1c_init(seed_g1c *c)
{
    c->in = _mm_set1_epi64x((long long)SEED_G_IN);
    c->mat[0] = SEED_MAT1(0xfc); c->mat[1] = SEED_MAT1(0xf3);
    c->mat[2] = SEED_MAT1(0xcf); c->mat[3] = SEED_MAT1(0x3f);
    c->idx[0] = SEED_PIDX(0); c->idx[1] = SEED_PIDX(1); c->idx[2] = SEED_PIDX(2); c->idx[3] = SEED_PIDX(3);
    c->c = _mm_set1_epi32((int)seed_mix(0x38a938a9u));   /* S1's + 169, S2's + 56, mixed */
}

static inline __attribute__((always_inline)) __m128i seed_g1(const seed_g1c *c, __m128i x)
{
    __m128i y = _mm_gf2p8affine_epi64_epi8(x, c->in, 0), p[4];
    for (int j = 0; j < 4; j++) p[j] = _mm_shuffle_epi8(_mm_gf2p8affineinv_epi64_epi8(y, c->mat[j], 0), c->idx[j]);
    return _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(p[0], p[1]), c->c), _mm_xor_si128(p[2], p[3]));
}

/* The layout: the word in every lane. */
static inline __attribute__((always_inline)) __m128i seed_g1_lay(const seed_g1c *c, uint32_t w)
{
    (void)c;
    return _mm_set1_epi32((int)w);
}

#define SEED1_C seed_g1c
#define SEED1_C_INIT seed_g1c_init
#define SEED1_G seed_g1
#define SEED1_LAY seed_g1_lay
#include "seed/seed_one_x86.h"

#endif
