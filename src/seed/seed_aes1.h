/* SPDX-License-Identifier: MIT */
/* G on one word by AES-NI, for the one-block path (CBC encryption, CMAC: a
 * serial chain, so latency counts) of seed_aesni_x86.h.  The word x is
 * broadcast in the four columns of an xmm, so aesenclast's ShiftRows is
 * the identity.  After the input map and aesenclast (seed_aesni_x86.h),
 * two nibble look-ups per S-box give S1 and S2 of every byte; column c
 * then keeps, AND-masked, what G's byte k gets from byte i = k + c: S1 or
 * S2 of x_i by i's parity, times m[(i + k) % 4] (seed_common.h), so one
 * AND per S-box and an XOR fill all 16 bytes at once.  Four pshufbs
 * gather each column's terms into every column, and three XORs sum them:
 * G(x), broadcast again.  After aesenclast the chain is shift, AND,
 * look-up, XOR, AND, XOR, pshufb, XOR, XOR: 9 deep (was 11: the same
 * first 4, then select by AND and XOR, rotate, AND, XOR, rotate, XOR).
 * Constant time: AES-NI, fixed shuffles, AND, XOR.  The including file
 * opens a target with AES and SSSE3. */
#ifndef KC_SEED_AES1_H
#define KC_SEED_AES1_H
#include <immintrin.h>
#include "seed/seed_common.h"

#define SEED_A1_M(n) ((n) == 0 ? 0xfc : (n) == 1 ? 0xf3 : (n) == 2 ? 0xcf : 0x3f)
/* Byte i of column c: the mask G's byte k = i - c puts on S(x_i), kept
 * where i's parity is p (0: S1, 1: S2). */
#define SEED_A1_E(c, i, p) (char)(((i) & 1) == (p) ? SEED_A1_M(((i) + (((i) - (c)) & 3)) & 3) : 0)
#define SEED_A1_COL(c, p) SEED_A1_E(c, 0, p), SEED_A1_E(c, 1, p), SEED_A1_E(c, 2, p), SEED_A1_E(c, 3, p)
#define SEED_A1_MASK(p) _mm_setr_epi8(SEED_A1_COL(0, p), SEED_A1_COL(1, p), SEED_A1_COL(2, p), SEED_A1_COL(3, p))
/* Byte k of every column from byte k + c of column c. */
#define SEED_A1_R(c, k) (char)(4 * (c) + (((k) + (c)) & 3))
#define SEED_A1_ROUTE(c) _mm_setr_epi8(SEED_A1_R(c, 0), SEED_A1_R(c, 1), SEED_A1_R(c, 2), SEED_A1_R(c, 3), \
    SEED_A1_R(c, 0), SEED_A1_R(c, 1), SEED_A1_R(c, 2), SEED_A1_R(c, 3), SEED_A1_R(c, 0), SEED_A1_R(c, 1),   \
    SEED_A1_R(c, 2), SEED_A1_R(c, 3), SEED_A1_R(c, 0), SEED_A1_R(c, 1), SEED_A1_R(c, 2), SEED_A1_R(c, 3))
#define SEED_A1_NIB(m, sh, c) _mm_setr_epi8(SEED_E(m, 0, sh, c), SEED_E(m, 1, sh, c), SEED_E(m, 2, sh, c), \
    SEED_E(m, 3, sh, c), SEED_E(m, 4, sh, c), SEED_E(m, 5, sh, c), SEED_E(m, 6, sh, c), SEED_E(m, 7, sh, c),   \
    SEED_E(m, 8, sh, c), SEED_E(m, 9, sh, c), SEED_E(m, 10, sh, c), SEED_E(m, 11, sh, c),                  \
    SEED_E(m, 12, sh, c), SEED_E(m, 13, sh, c), SEED_E(m, 14, sh, c), SEED_E(m, 15, sh, c))

typedef struct seed_a1c {
    __m128i in[2], o1[2], o2[2], m1, m2, route[4], m0f;
} seed_a1c;

static inline __attribute__((always_inline)) void seed_a1c_init(seed_a1c *c)
{
    c->in[0] = SEED_A1_NIB(SEED_G_IN, 0, 0); c->in[1] = SEED_A1_NIB(SEED_G_IN, 4, 0);
    c->o1[0] = SEED_A1_NIB(SEED_N_OUT1, 0, SEED_N_C1); c->o1[1] = SEED_A1_NIB(SEED_N_OUT1, 4, 0);
    c->o2[0] = SEED_A1_NIB(SEED_N_OUT2, 0, SEED_N_C2); c->o2[1] = SEED_A1_NIB(SEED_N_OUT2, 4, 0);
    c->m1 = SEED_A1_MASK(0); c->m2 = SEED_A1_MASK(1);
    c->route[0] = SEED_A1_ROUTE(0); c->route[1] = SEED_A1_ROUTE(1);
    c->route[2] = SEED_A1_ROUTE(2); c->route[3] = SEED_A1_ROUTE(3);
    c->m0f = _mm_set1_epi8(0x0f);
}

static inline __attribute__((always_inline)) __m128i seed_a1(const seed_a1c *c, __m128i x)
{
    __m128i lo = _mm_and_si128(x, c->m0f), hi = _mm_and_si128(_mm_srli_epi16(x, 4), c->m0f);
    __m128i y = _mm_xor_si128(_mm_shuffle_epi8(c->in[0], lo), _mm_shuffle_epi8(c->in[1], hi));
    y = _mm_aesenclast_si128(y, _mm_setzero_si128());
    lo = _mm_and_si128(y, c->m0f); hi = _mm_and_si128(_mm_srli_epi16(y, 4), c->m0f);
    __m128i s1 = _mm_xor_si128(_mm_shuffle_epi8(c->o1[0], lo), _mm_shuffle_epi8(c->o1[1], hi));
    __m128i s2 = _mm_xor_si128(_mm_shuffle_epi8(c->o2[0], lo), _mm_shuffle_epi8(c->o2[1], hi));
    __m128i w = _mm_xor_si128(_mm_and_si128(s1, c->m1), _mm_and_si128(s2, c->m2)), p[4];
    for (int j = 0; j < 4; j++) p[j] = _mm_shuffle_epi8(w, c->route[j]);
    return _mm_xor_si128(_mm_xor_si128(p[0], p[1]), _mm_xor_si128(p[2], p[3]));
}

#endif
