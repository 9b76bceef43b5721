/* SPDX-License-Identifier: MIT */
/* SEED's S-boxes by AES-NI, for aesni_avx2.c (aesenclast on each 128-bit
 * half), vaes_avx2.c (one vaesenclast, SEED_VAES 1) and aesni_ssse3.c
 * (xmm registers, SEED_XMM 1): the input
 * map into the AES field by two pshufb nibble look-ups, the inversion by
 * aesenclast with a zero key (its ShiftRows undone beforehand), then each
 * S-box's output map by two more look-ups on the bytes it owns, G on two
 * registers at once (seed_g2; seed_common.h; nibble tables computed from
 * the matrices at compile time).  Constant time: AES instructions, shuffles, ARX.  The including
 * file opens KC_TARGET_BEGIN, defines SEED_VAES, then includes this. */
#ifndef KC_SEED_AESNI_X86_H
#define KC_SEED_AESNI_X86_H
#include <immintrin.h>
#include "seed/seed_common.h"
#ifndef SEED_XMM
#define SEED_XMM 0
#endif

#if SEED_XMM
#define V __m128i
#define V_LANES 4
#define XOR _mm_xor_si128
#define AND _mm_and_si128
#define ADD _mm_add_epi32
#define SET1(u) _mm_set1_epi32((int)(u))
#define B16(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) \
    _mm_setr_epi8(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)
#define SHUF _mm_shuffle_epi8
#define SRL16 _mm_srli_epi16
#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define V_UNPACKLO(w, a, b) _mm_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm_unpackhi_epi##w(a, b)
#define CTR_OFFS _mm_setr_epi32(0, 1, 2, 3)
#define CTR_XOR seed_ctr_xor128
/* v[i] holds block i. */
static inline __attribute__((always_inline)) void seed_ctr_xor128(uint8_t *out, const uint8_t *in, const __m128i *v,
                                                                  size_t n)
{
    for (size_t i = 0; i < n; i++) STORE(out + 16 * i, XOR(v[i], LOAD(in + 16 * i)));
}
#else
#define KC_CTR_X86_AVX2 1
#include "core/ctr_x86.h"
#define V __m256i
#define V_LANES 8
#define XOR _mm256_xor_si256
#define AND _mm256_and_si256
#define ADD _mm256_add_epi32
#define SET1(u) _mm256_set1_epi32((int)(u))
#define B16(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) \
    _mm256_broadcastsi128_si256(_mm_setr_epi8(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15))
#define SHUF _mm256_shuffle_epi8
#define SRL16 _mm256_srli_epi16
#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#define CTR_OFFS _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#define CTR_XOR kc_ctr_x86_xor256
#endif
#if SEED_XMM
/* xmm: the rounds as short loops over twelve sets (seed_x86.h's
 * SEED_STAGED); 12 sets ran CTR at 6.45 c/B on a Zen 3 where 8 ran 6.77,
 * 10 6.61, 14 6.58, 16 6.51. */
#define SETS 12
#define SEED_STAGED 1
#else
#define SETS 8
#endif
#define ROR_B(x, n) SHUF(x, B16((n) % 4, (n + 1) % 4, (n + 2) % 4, (n + 3) % 4,                  \
    4 + (n) % 4, 4 + (n + 1) % 4, 4 + (n + 2) % 4, 4 + (n + 3) % 4, 8 + (n) % 4, 8 + (n + 1) % 4, \
    8 + (n + 2) % 4, 8 + (n + 3) % 4, 12 + (n) % 4, 12 + (n + 1) % 4, 12 + (n + 2) % 4, 12 + (n + 3) % 4))
#define ROR8(x) ROR_B(x, 1)
#define ROR16(x) ROR_B(x, 2)
#define BSWAP32(x) SHUF(x, B16(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12))

/* The look-up table of m on the nibble at bit sh, plus c. */
#define SEED_NIB(m, sh, c) B16(SEED_E(m, 0, sh, c), SEED_E(m, 1, sh, c), SEED_E(m, 2, sh, c),          \
    SEED_E(m, 3, sh, c), SEED_E(m, 4, sh, c), SEED_E(m, 5, sh, c), SEED_E(m, 6, sh, c), SEED_E(m, 7, sh, c), \
    SEED_E(m, 8, sh, c), SEED_E(m, 9, sh, c), SEED_E(m, 10, sh, c), SEED_E(m, 11, sh, c),              \
    SEED_E(m, 12, sh, c), SEED_E(m, 13, sh, c), SEED_E(m, 14, sh, c), SEED_E(m, 15, sh, c))

/* The S-boxes' constant vectors (seed_x86.h reads them from memory). */
typedef struct seed_aes_c {
    V in[2], out1[2], out2[2];     /* nibble tables (low, high): G_IN, S1's, S2's */
    V pre, sw, m0f, m33, mf0, mc3; /* seed_g2()'s shuffles and masks */
} seed_aes_c;

static inline __attribute__((always_inline)) void seed_aes_c_init(seed_aes_c *c)
{
    c->in[0] = SEED_NIB(SEED_G_IN, 0, 0); c->in[1] = SEED_NIB(SEED_G_IN, 4, 0);
    c->out1[0] = SEED_NIB(SEED_N_OUT1, 0, SEED_N_C1); c->out1[1] = SEED_NIB(SEED_N_OUT1, 4, 0);
    c->out2[0] = SEED_NIB(SEED_N_OUT2, 0, SEED_N_C2); c->out2[1] = SEED_NIB(SEED_N_OUT2, 4, 0);
    /* InvShiftRows, then bytes 0 2 of each word to the low half, 1 3 high. */
    c->pre = B16(0, 11, 5, 14, 8, 2, 13, 7, 1, 10, 4, 15, 9, 3, 12, 6);
    c->sw = B16(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    c->m0f = SET1(0x0f0f0f0fu); c->m33 = SET1(0x33333333u);
    c->mf0 = SET1(0xf0f0f0f0u); c->mc3 = SET1(0xc3c3c3c3u);
}
#define SEED_SBOX_C seed_aes_c
#define SEED_SBOX_C_INIT seed_aes_c_init

static inline __attribute__((always_inline)) V seed_lin(V x, const V tab[2], V m0f)
{
    return XOR(SHUF(tab[0], AND(x, m0f)), SHUF(tab[1], AND(SRL16(x, 4), m0f)));
}

/* The AES S-box of each byte, ShiftRows applied after it. */
static inline __attribute__((always_inline)) V seed_aes_inv(V y)
{
#if SEED_XMM
    return _mm_aesenclast_si128(y, _mm_setzero_si128());
#elif SEED_VAES
    return _mm256_aesenclast_epi128(y, _mm256_setzero_si256());
#else
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(y), _mm_setzero_si128());
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(y, 1), _mm_setzero_si128());
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
#endif
}

/* G on two registers at once (seed_x86.h's SEED_G2_SBOX on each, then
 * SEED_G2_MIX on the pair): the shuffle before
 * aesenclast undoes its ShiftRows and gathers each lane's S1 bytes (0 and
 * 2 of each word) in its low half, S2 bytes (1 and 3) in its high half,
 * so one unpack of the two registers puts every S1 byte in e and every S2
 * byte in o, each mapped by its own two look-ups (no selection by byte
 * position).  In 16-bit units e holds (y0, y2) of a word, o (y1, y3), and
 * G's mixing (seed_common.h) has one mask per term: (G0, G2) = e & fc ^
 * sw(e) & cf ^ o & f3 ^ sw(o) & 3f, (G1, G3) = e & f3 ^ sw(e) & 3f ^ o & cf
 * ^ sw(o) & fc (sw swaps the bytes of a unit), here factored through
 * h = e ^ o and q = e & 33 ^ o & cc into 14 operations; a byte unpack
 * gives the words back.  Per pair 46 vector operations, where one
 * register at a time took 56 (4 look-ups and a selection per S-box layer,
 * rotations and 4 masks per mixing). */
static inline __attribute__((always_inline)) V seed_g_sbox(const seed_aes_c *c, V x)
{
    return seed_aes_inv(SHUF(seed_lin(x, c->in, c->m0f), c->pre));
}

static inline __attribute__((always_inline)) void seed_g_mix(const seed_aes_c *c, V z0, V z1, V *x0, V *x1)
{
    V e = seed_lin(V_UNPACKLO(64, z0, z1), c->out1, c->m0f);
    V o = seed_lin(V_UNPACKHI(64, z0, z1), c->out2, c->m0f);
    V h = XOR(e, o), q = XOR(AND(h, c->m33), o), sh = SHUF(h, c->sw), sq = SHUF(q, c->sw);
    V a = XOR(h, sq), b = XOR(sh, q), ab = XOR(a, b);
    V ge = XOR(XOR(ab, sq), AND(XOR(q, sq), c->mf0));
    V go = XOR(b, AND(ab, c->mc3));
    *x0 = V_UNPACKLO(8, ge, go);
    *x1 = V_UNPACKHI(8, ge, go);
}
#define SEED_G2_SBOX(c, x) seed_g_sbox(c, x)
#define SEED_G2_MIX(c, z0, z1, x0, x1) seed_g_mix(c, z0, z1, x0, x1)
#define SBOX_C(c, x) (x)            /* (not reached: SEED_G2_* and SEED_ONE take every path) */

/* One block and CBC encryption: their own G and rounds, in xmm registers
 * (seed_aes1.h). */
#include "seed/seed_aes1.h"
#define SEED_ONE seed1_one
#define SEED_CBC1 seed1_cbc

#include "seed/seed_x86.h"

#endif
