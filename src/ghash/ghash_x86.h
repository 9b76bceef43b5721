/* SPDX-License-Identifier: MIT */
/* What the PCLMULQDQ backends share (include inside a KC_TARGET_BEGIN
 * region that has pclmul and ssse3): byte-reversed loads, the key H * x^-1,
 * the products and their reduction (see ghash/pclmul.c), and the pclmul
 * backend's key layout for kernels that stitch GHASH into a CTR loop:
 * with y = KC_GHASH_LOAD(Y), n <= 8 blocks are absorbed by zeroing lo, mid,
 * hi, then for block j (the first XORed with y) kc_ghash_x86_mul_add(&lo,
 * &mid, &hi, KC_GHASH_LOAD(block j), key->h[8 - n + j], key->k[8 - n + j]),
 * and y = kc_ghash_x86_reduce(lo, mid, hi). */
#ifndef KC_GHASH_X86_H
#define KC_GHASH_X86_H
#include <immintrin.h>
#include <stdint.h>

/* The pclmul backend's key (its ctx, from kc_ghash_pclmul.init). */
typedef struct kc_ghash_pclmul_key {
    __m128i h[8];   /* h[i] = H^(8-i) * x^-1, reflected: h[7] is H's */
    __m128i k[8];   /* the halves of h[i] XORed (Karatsuba's middle factor), in both qwords */
    /* H^16..H^9 the same way (h16[i] = H^(16-i) * x^-1), for kernels that
     * reduce once per 16 blocks: the first 8 against these, the next 8
     * against h and k, one sum. */
    __m128i h16[8], k16[8];
} kc_ghash_pclmul_key;

#define KC_GHASH_BSWAP _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define KC_GHASH_LOAD(p) \
    _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p)), KC_GHASH_BSWAP)
#define KC_GHASH_STORE(p, v) \
    _mm_storeu_si128((__m128i *)(void *)(p), _mm_shuffle_epi8((v), KC_GHASH_BSWAP))

/* H * x^-1, reflected: the 128-bit shift left by one, and if a bit fell out
 * (the x^0 coefficient), XOR x^-1 = 0xc2000000000000000000000000000001. */
static inline __m128i kc_ghash_x86_key(const uint8_t h[16])
{
    __m128i v = KC_GHASH_LOAD(h);
    __m128i carry = _mm_srli_epi64(v, 63);                 /* bit 63 and bit 127, each at its qword's bit 0 */
    __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(v, 31), 0xff);   /* all ones iff bit 127 */
    v = _mm_or_si128(_mm_slli_epi64(v, 1), _mm_slli_si128(carry, 8));
    return _mm_xor_si128(v, _mm_and_si128(top, _mm_set_epi32((int)0xc2000000, 0, 0, 1)));
}

/* x (byte-reversed) times a key power h (kh: its halves XORed) into the
 * Karatsuba sums. */
static inline __attribute__((always_inline)) void kc_ghash_x86_mul_add(__m128i *lo, __m128i *mid, __m128i *hi,
                                                                      __m128i x, __m128i h, __m128i kh)
{
    *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(x, h, 0x00));
    *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(x, h, 0x11));
    *mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(_mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)), kh, 0x00));
}

/* The product hi:lo (mid: Karatsuba's middle term before its correction)
 * reduced: fold the low 128 bits in twice by x^127 + x^126 + x^121. */
static inline __m128i kc_ghash_x86_reduce(__m128i lo, __m128i mid, __m128i hi)
{
    const __m128i poly = _mm_set_epi32(0, 0, (int)0xc2000000, 0);
    mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    __m128i t = _mm_clmulepi64_si128(lo, poly, 0x00);
    lo = _mm_xor_si128(lo, _mm_shuffle_epi32(t, 0x4e));
    t = _mm_clmulepi64_si128(lo, poly, 0x01);
    return _mm_xor_si128(hi, _mm_xor_si128(lo, t));
}

/* 8 blocks at p absorbed into y (standard order inside, as KC_GHASH_LOAD
 * gives) with the pclmul backend's key: one reduction.  Block 7 first, so
 * that block 0, which waits for y, is multiplied last. */
/* Block j (7 down to 0) of the 8 at p into the sums, for kernels that
 * spread the multiplies over a cipher's rounds: block 0 takes y and ends
 * the group, reducing into *y and clearing the sums. */
static inline __attribute__((always_inline)) void kc_ghash_x86_step8(const kc_ghash_pclmul_key *key, __m128i *lo,
                                                                   __m128i *mid, __m128i *hi, __m128i *y,
                                                                   const uint8_t *p, unsigned j)
{
    __m128i x = KC_GHASH_LOAD(p + 16 * j);
    if (j == 0) x = _mm_xor_si128(x, *y);
    kc_ghash_x86_mul_add(lo, mid, hi, x, key->h[j], key->k[j]);
    if (j == 0) {
        *y = kc_ghash_x86_reduce(*lo, *mid, *hi);
        *lo = *mid = *hi = _mm_setzero_si128();
    }
}

static inline __attribute__((always_inline)) __m128i kc_ghash_x86_absorb8(const kc_ghash_pclmul_key *key, __m128i y,
                                                                         const uint8_t *p)
{
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
#pragma GCC unroll 8
    for (int j = 7; j >= 0; j--) kc_ghash_x86_step8(key, &lo, &mid, &hi, &y, p, (unsigned)j);
    return y;
}

#endif
