/* SPDX-License-Identifier: MIT */
/* CHAM on xmm registers, what sse2.c and ssse3.c share for cham_simd.h:
 * 4 CHAM-128 blocks (32-bit lanes) or 8 CHAM-64 blocks (16-bit lanes) per
 * set of four registers, three sets in flight (CHAM_SETS).  ROL1 is an add and a shift
 * OR-ed; the including file defines the byte rotations (ROL32_8, ROR32_8,
 * SWAP16), PAIR16, UNPAIR16 and BSWAP32, after KC_TARGET_BEGIN.
 * A round is 7 vector uops per set with pshufb (9 with shifts) for 64
 * bytes: CHAM-128/128 needs >= 112 * 7 / 64 / 3 = 4.1 cycles/byte on three
 * vector ports (5.25 without pshufb); measured 4.1-4.3 (5.3-5.7) on a
 * Golden Cove core.  One set in flight instead of two: 20% slower (a round
 * is a chain of 5 or 6 dependent uops); a scalar block beside them on the
 * integer ports: slower too. */
#ifndef KC_CHAM_XMM_H
#define KC_CHAM_XMM_H

typedef __m128i V;
#define XOR _mm_xor_si128
#define ADD32 _mm_add_epi32
#define SUB32 _mm_sub_epi32
#define ADD16 _mm_add_epi16
#define SUB16 _mm_sub_epi16
#define ROL32_1(x) _mm_or_si128(_mm_add_epi32(x, x), _mm_srli_epi32(x, 31))
#define ROR32_1(x) _mm_or_si128(_mm_srli_epi32(x, 1), _mm_slli_epi32(x, 31))
#define ROL16_1(x) _mm_or_si128(_mm_add_epi16(x, x), _mm_srli_epi16(x, 15))
#define ROR16_1(x) _mm_or_si128(_mm_srli_epi16(x, 1), _mm_slli_epi16(x, 15))
#define V_SET1(x) _mm_set1_epi32((int)(x))
#define CTR_ORDER _mm_setr_epi32(0, 1, 2, 3)   /* after transpose(), position p holds block p */
#define V_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define V_STORE(p, x) _mm_storeu_si128((__m128i *)(void *)(p), x)
#define V_UNPACKLO(w, a, b) _mm_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm_unpackhi_epi##w(a, b)

/* The key, and its round keys and round numbers already broadcast: a
 * round XORs them from memory (an aligned operand: legacy SSE folds only
 * those), not movd + pshufd each.  The context is 16-byte aligned. */
typedef struct {
    cham_key k;   /* first: the reference code takes the context as a cham_key */
    _Alignas(16) uint32_t wide[CHAM_MAX_ROUNDS][2][4];
} cham_xmm_key;

#define CHAM_WIDE(k, p, j) \
    _mm_load_si128((const __m128i *)(const void *)((const cham_xmm_key *)(const void *)(k))->wide[p][j])
#define RK(p) CHAM_WIDE(k, p, 0)
#define RI(p) CHAM_WIDE(k, p, 1)

static kc_status cham_xmm_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    cham_xmm_key *w = ctx;
    cham_set_key(&w->k, key, key_len, block_len);
    for (unsigned i = 0; i < w->k.rounds; i++)
        for (unsigned l = 0; l < 4; l++) w->wide[i][0][l] = w->k.rk[i], w->wide[i][1][l] = w->k.ri[i];
    return KC_OK;
}

#endif
