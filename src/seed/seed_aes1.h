/* SPDX-License-Identifier: MIT */
/* One block by AES-NI (CBC encryption, CMAC, a block alone: a serial chain
 * of 48 G calls, so G's latency is what counts) for seed_aesni_x86.h, in
 * xmm registers whatever the backend's width.
 *
 * Layout: a word x sits in an xmm as the dwords x, x << 8, x, x << 8.  A
 * nibble look-up needs the high nibble in bits 0-3 with bit 7 clear:
 * psrlw by 4 gives that, alone, in the high byte of every 16-bit unit,
 * and the odd bytes of this layout hold every byte of x twice (x1, x3 in
 * the plain dwords, x0, x2 in the shifted ones), so each nibble split is
 * one operation (was AND, then shift and AND).  The additions keep the
 * layout (the shifted dwords' low byte stays 0, the carry out of the word
 * falls off), and so do the XORs.  The even bytes carry junk, never read.
 *
 * G: input map into the AES field by two pshufb nibble look-ups,
 * aesenclast (zero key) for the inversion, whose ShiftRows keeps each
 * byte in its row (so still odd) and moves it to a known column: z_0 at
 * bytes 1, 9, z_1 at 13, 5, z_2 at 11, 3, z_3 at 7, 15.  Then S1 and S2
 * by two look-ups each (seed_common.h's N maps), and the mixing: byte k
 * of G is XOR over i of m[(i + k) % 4] & Y_i (m = fc f3 cf 3f, Y_i = S1
 * or S2 of byte i by i's parity).  The two copies of each Y_i take two
 * masks in one register and four such registers hold all 16 products:
 *   A: Y0&m0, Y0&m1, Y2&m0, Y2&m1     B: Y0&m2, Y0&m3, Y2&m2, Y2&m3
 *   C: Y1&m1, Y1&m2, Y3&m1, Y3&m2     D: Y1&m3, Y1&m0, Y3&m3, Y3&m0
 * so one pshufb from each gathers for every byte k one of its four terms
 * (k = 0..3 from A: Y0&m0, Y0&m1, Y2&m0, Y2&m1, and so on), into the
 * layout again (zero into the shifted dwords' low byte), and three XORs
 * sum them.  Chain: AND|shift, look-up, XOR, aesenclast, AND|shift,
 * look-up, XOR, AND, pshufb, XOR, XOR: 14 cycles with a 4-cycle
 * aesenclast (was 17: two more nibble steps and a blend); about 19 on a
 * Zen 3, where the four look-ups and four routes share two shuffle pipes.
 * The constant vectors below come out of that table (test_seed checks
 * every backend against "ct").
 *
 * The rounds, CBC encryption: seed_one_x86.h.  Constant time: AES-NI, fixed shuffles, AND, XOR, ADD.  The including
 * file opens a target with AES and SSSE3. */
#ifndef KC_SEED_AES1_H
#define KC_SEED_AES1_H
#include <immintrin.h>
#include "seed/seed_common.h"

#define SEED_A1_NIB(m, sh, c) _mm_setr_epi8(SEED_E(m, 0, sh, c), SEED_E(m, 1, sh, c), SEED_E(m, 2, sh, c), \
    SEED_E(m, 3, sh, c), SEED_E(m, 4, sh, c), SEED_E(m, 5, sh, c), SEED_E(m, 6, sh, c), SEED_E(m, 7, sh, c),   \
    SEED_E(m, 8, sh, c), SEED_E(m, 9, sh, c), SEED_E(m, 10, sh, c), SEED_E(m, 11, sh, c),                  \
    SEED_E(m, 12, sh, c), SEED_E(m, 13, sh, c), SEED_E(m, 14, sh, c), SEED_E(m, 15, sh, c))
#define SEED_A1_B(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) \
    _mm_setr_epi8((char)(a0), (char)(a1), (char)(a2), (char)(a3), (char)(a4), (char)(a5), (char)(a6), \
                  (char)(a7), (char)(a8), (char)(a9), (char)(a10), (char)(a11), (char)(a12), (char)(a13),  \
                  (char)(a14), (char)(a15))
/* Route reading bytes k = 0..3 of G from bytes p0..p3: the layout's four
 * dwords (0x80: zero). */
#define SEED_A1_ROUTE(p0, p1, p2, p3) SEED_A1_B(p0, p1, p2, p3, 0x80, p0, p1, p2, p0, p1, p2, p3, 0x80, p0, p1, p2)

typedef struct seed_a1c {
    __m128i in[2], o1[2], o2[2], m0f, mask[4], route[4], lay;
} seed_a1c;

static inline __attribute__((always_inline)) void seed_a1c_init(seed_a1c *c)
{
    c->in[0] = SEED_A1_NIB(SEED_G_IN, 0, 0); c->in[1] = SEED_A1_NIB(SEED_G_IN, 4, 0);
    c->o1[0] = SEED_A1_NIB(SEED_N_OUT1, 0, SEED_N_C1); c->o1[1] = SEED_A1_NIB(SEED_N_OUT1, 4, 0);
    c->o2[0] = SEED_A1_NIB(SEED_N_OUT2, 0, SEED_N_C2); c->o2[1] = SEED_A1_NIB(SEED_N_OUT2, 4, 0);
    c->m0f = _mm_set1_epi8(0x0f);
    /* A..D of the table above: the mask on each copy of Y_i, and where
     * byte k of G finds its term. */
    c->mask[0] = SEED_A1_B(0, 0xfc, 0, 0xf3, 0, 0, 0, 0, 0, 0xf3, 0, 0xfc, 0, 0, 0, 0);
    c->mask[1] = SEED_A1_B(0, 0xcf, 0, 0x3f, 0, 0, 0, 0, 0, 0x3f, 0, 0xcf, 0, 0, 0, 0);
    c->mask[2] = SEED_A1_B(0, 0, 0, 0, 0, 0xcf, 0, 0xf3, 0, 0, 0, 0, 0, 0xf3, 0, 0xcf);
    c->mask[3] = SEED_A1_B(0, 0, 0, 0, 0, 0xfc, 0, 0x3f, 0, 0, 0, 0, 0, 0x3f, 0, 0xfc);
    c->route[0] = SEED_A1_ROUTE(1, 9, 11, 3);
    c->route[1] = SEED_A1_ROUTE(11, 3, 1, 9);
    c->route[2] = SEED_A1_ROUTE(13, 5, 7, 15);
    c->route[3] = SEED_A1_ROUTE(7, 15, 13, 5);
    c->lay = SEED_A1_ROUTE(0, 1, 2, 3);
}

/* A word into the layout. */
static inline __attribute__((always_inline)) __m128i seed_a1_lay(const seed_a1c *c, uint32_t w)
{
    return _mm_shuffle_epi8(_mm_cvtsi32_si128((int)w), c->lay);
}

static inline __attribute__((always_inline)) __m128i seed_a1(const seed_a1c *c, __m128i x)
{
    __m128i y = _mm_xor_si128(_mm_shuffle_epi8(c->in[0], _mm_and_si128(x, c->m0f)),
                              _mm_shuffle_epi8(c->in[1], _mm_srli_epi16(x, 4)));
    __m128i z = _mm_aesenclast_si128(y, _mm_setzero_si128());
    __m128i lo = _mm_and_si128(z, c->m0f), hi = _mm_srli_epi16(z, 4);
    __m128i s1 = _mm_xor_si128(_mm_shuffle_epi8(c->o1[0], lo), _mm_shuffle_epi8(c->o1[1], hi));
    __m128i s2 = _mm_xor_si128(_mm_shuffle_epi8(c->o2[0], lo), _mm_shuffle_epi8(c->o2[1], hi));
    __m128i p0 = _mm_shuffle_epi8(_mm_and_si128(s1, c->mask[0]), c->route[0]);
    __m128i p1 = _mm_shuffle_epi8(_mm_and_si128(s1, c->mask[1]), c->route[1]);
    __m128i p2 = _mm_shuffle_epi8(_mm_and_si128(s2, c->mask[2]), c->route[2]);
    __m128i p3 = _mm_shuffle_epi8(_mm_and_si128(s2, c->mask[3]), c->route[3]);
    return _mm_xor_si128(_mm_xor_si128(p0, p1), _mm_xor_si128(p2, p3));
}

#define SEED1_C seed_a1c
#define SEED1_C_INIT seed_a1c_init
#define SEED1_G seed_a1
#define SEED1_LAY seed_a1_lay
#include "seed/seed_one_x86.h"

#endif
