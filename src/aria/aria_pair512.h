/* SPDX-License-Identifier: MIT */
/* gfni_avx512.c's pair layout, shared with its stitched GCM kernel
 * (gfni_avx512_gcm.c): the key, the round and the way back to blocks (the
 * layout is described in gfni_avx512.c).  Include inside a KC_TARGET_BEGIN
 * region with avx512f, avx512bw and gfni, after aria/aria_x86.h.
 * ARIA_PAIR_INLINE may be defined first (always_inline for the GCM kernel,
 * whose multiplies interleave with the rounds). */
#ifndef KC_ARIA_PAIR512_H
#define KC_ARIA_PAIR512_H

#ifndef ARIA_PAIR_INLINE
#define ARIA_PAIR_INLINE inline
#endif

typedef uint8_t pair_keys[ARIA_MAX_ROUNDS + 1][8][16];

typedef struct gfni512_key {
    aria_x86_keys enc, dec;   /* one block at a time */
    pair_keys penc, pdec;     /* (byte 2k x 8, byte 2k+1 x 8) per vector: constants folded, k' */
    unsigned rounds;
} gfni512_key;

#define XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)

/* Back to blocks (the inverse of gfni_avx512.c's pair_transpose):
 * interleave each vector's two qwords, then unpacks of 16, 32 and 64 bits. */
static ARIA_PAIR_INLINE void pair_untranspose(__m512i r[8], const __m512i s[8])
{
    const __m512i interleave = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11,
                                                                    4, 12, 5, 13, 6, 14, 7, 15));
    __m512i u[8], v[8];
    for (int k = 0; k < 8; k++) u[k] = _mm512_shuffle_epi8(s[k], interleave);
    for (int m = 0; m < 4; m++) {               /* v[m]: blocks 0-3, v[4 + m]: 4-7; bytes 4m..4m+3 */
        v[m] = _mm512_unpacklo_epi16(u[2 * m], u[2 * m + 1]);
        v[4 + m] = _mm512_unpackhi_epi16(u[2 * m], u[2 * m + 1]);
    }
    for (int g = 0; g < 8; g += 4) {
        __m512i w0 = _mm512_unpacklo_epi32(v[g], v[g + 1]), w1 = _mm512_unpackhi_epi32(v[g], v[g + 1]);
        __m512i w2 = _mm512_unpacklo_epi32(v[g + 2], v[g + 3]), w3 = _mm512_unpackhi_epi32(v[g + 2], v[g + 3]);
        r[g] = _mm512_unpacklo_epi64(w0, w2);
        r[g + 1] = _mm512_unpackhi_epi64(w0, w2);
        r[g + 2] = _mm512_unpacklo_epi64(w1, w3);
        r[g + 3] = _mm512_unpackhi_epi64(w1, w3);
    }
}

#define SWAP(x) _mm512_shuffle_epi32(x, _MM_PERM_BADC)   /* the two qwords of each lane */

static ARIA_PAIR_INLINE void mm32(__m512i s[8])
{
    for (int h = 0; h < 2; h++) {
        __m512i t0 = s[h], t1 = s[2 + h], t2 = s[4 + h], t3 = s[6 + h];
        s[h] = XOR3(t0, t1, t2);
        s[2 + h] = XOR3(t0, t2, t3);
        s[4 + h] = XOR3(t0, t1, t3);
        s[6 + h] = XOR3(t1, t2, t3);
    }
}

#define PAIR_KEY(rk) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(rk)))

/* S-layer (S1 S2 in s[2w] when odd, else in s[2w+1]); then the diffusion
 * with the next key given as k', or the last key as it is. */
static ARIA_PAIR_INLINE void pair_round(__m512i s[8], const uint8_t rk[8][16], int odd, int last)
{
    const __m512i ms = _mm512_broadcast_i32x4(_mm_set_epi64x(ARIA_GF_S2, ARIA_GF_S1));
    const __m512i mx = _mm512_broadcast_i32x4(_mm_set_epi64x(ARIA_GF_X2, ARIA_GF_X1));
    const __m512i id = _mm512_set1_epi64(ARIA_GF_ID);
    for (int k = 0; k < 8; k++) {
        if ((k % 2 == 0) == odd)
            s[k] = _mm512_gf2p8affineinv_epi64_epi8(s[k], ms, 0);
        else
            s[k] = _mm512_gf2p8affineinv_epi64_epi8(_mm512_gf2p8affine_epi64_epi8(s[k], mx, 0), id, 0);
    }
    if (last) {
        for (int k = 0; k < 8; k++) s[k] = _mm512_xor_si512(s[k], PAIR_KEY(rk[k]));
        return;
    }
    for (int w = 0; w < 8; w += 2) {                /* M: (t0|t1) -> (t1^t2^t3 | t0^t2^t3), ... plus k' */
        __m512i a = s[w], b = s[w + 1], d = SWAP(_mm512_xor_si512(a, b));
        s[w] = XOR3(b, d, PAIR_KEY(rk[w]));
        s[w + 1] = XOR3(a, d, PAIR_KEY(rk[w + 1]));
    }
    mm32(s);
    __m512i t = s[4];                               /* P: byte j of word w <- byte j ^ w */
    s[2] = SWAP(s[2]);
    s[3] = SWAP(s[3]);
    s[4] = s[5];
    s[5] = t;
    t = s[6];
    s[6] = SWAP(s[7]);
    s[7] = SWAP(t);
    mm32(s);
}

#endif
