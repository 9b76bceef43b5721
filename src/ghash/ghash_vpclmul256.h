/* SPDX-License-Identifier: MIT */
/* The vpclmul-avx2 backend's arithmetic, for kernels that stitch GHASH
 * into a cipher's CTR loop (include inside a KC_TARGET_BEGIN region with
 * "avx2,vpclmulqdq,pclmul,ssse3"; no AVX-512).  Its key (the backend's
 * ctx, from kc_ghash_vpclmul_avx2.init) is kc_ghash256_key.  Y runs
 * byte-reversed (KC_GHASH_LOAD / KC_GHASH_STORE of ghash_x86.h).  To absorb
 * n = 2m blocks (n <= 16) in one reduction:
 *
 *     kc_ghash256_sums s; kc_ghash256_zero(&s);
 *     for q in 0..m-1:  x = kc_ghash256_load(in + 32q)  (or a register of two
 *                       ciphertext blocks through kc_ghash256_bswap);
 *                       q == 0: x ^= _mm256_zextsi128_si256(y);
 *                       kc_ghash256_mul2(&s, x, key, 16 - n + 2q);
 *     y = kc_ghash256_finish(&s);
 *
 * The multiplies of one batch are independent: they interleave with a
 * cipher's rounds on the next batch. */
#ifndef KC_GHASH_VPCLMUL256_H
#define KC_GHASH_VPCLMUL256_H
#include <immintrin.h>
#include <stddef.h>
#include "ghash/ghash_x86.h"

#define KC_GHASH256_POWERS 16
typedef struct kc_ghash256_key {
    __m128i h[KC_GHASH256_POWERS];   /* h[i] = H^(16-i) * x^-1, reflected */
    __m128i k[KC_GHASH256_POWERS];   /* the halves of h[i] XORed (Karatsuba's middle factor), in both qwords */
} kc_ghash256_key;

/* Unreduced sums of products: low, Karatsuba middle, high; per lane. */
typedef struct kc_ghash256_sums { __m256i lo, mid, hi; } kc_ghash256_sums;

#define KC_GHASH256_INLINE static inline __attribute__((always_inline))

KC_GHASH256_INLINE __m256i kc_ghash256_bswap(__m256i v)
{
    return _mm256_shuffle_epi8(v, _mm256_broadcastsi128_si256(KC_GHASH_BSWAP));
}

KC_GHASH256_INLINE __m256i kc_ghash256_load(const uint8_t *p)
{
    return kc_ghash256_bswap(_mm256_loadu_si256((const __m256i *)(const void *)p));
}

KC_GHASH256_INLINE void kc_ghash256_zero(kc_ghash256_sums *s)
{
    s->lo = s->mid = s->hi = _mm256_setzero_si256();
}

/* Two byte-reversed blocks x times the powers h[first], h[first + 1] into
 * the sums (Karatsuba: three multiplies, the key's middle factor stored). */
KC_GHASH256_INLINE void kc_ghash256_mul2(kc_ghash256_sums *s, __m256i x, const kc_ghash256_key *k, size_t first)
{
    __m256i p = _mm256_loadu_si256((const __m256i *)(const void *)&k->h[first]);
    __m256i kp = _mm256_loadu_si256((const __m256i *)(const void *)&k->k[first]);
    __m256i kx = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
    s->lo = _mm256_xor_si256(s->lo, _mm256_clmulepi64_epi128(x, p, 0x00));
    s->hi = _mm256_xor_si256(s->hi, _mm256_clmulepi64_epi128(x, p, 0x11));
    s->mid = _mm256_xor_si256(s->mid, _mm256_clmulepi64_epi128(kx, kp, 0x00));
}

KC_GHASH256_INLINE __m128i kc_ghash256_fold(__m256i v)
{
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

/* The sums folded across lanes and reduced: the new Y, byte-reversed. */
KC_GHASH256_INLINE __m128i kc_ghash256_finish(const kc_ghash256_sums *s)
{
    return kc_ghash_x86_reduce(kc_ghash256_fold(s->lo), kc_ghash256_fold(s->mid), kc_ghash256_fold(s->hi));
}

/* Pair q (0..7) of 16 blocks at p into the sums against H^(16-2q)..;
 * pair 0 takes y.  A stitched kernel spreads the eight pairs over a
 * cipher's rounds, pair 0 last (it waits for the previous reduction). */
KC_GHASH256_INLINE void kc_ghash256_pair16(kc_ghash256_sums *s, const kc_ghash256_key *k, __m128i y,
                                           const uint8_t *p, unsigned q)
{
    __m256i x = kc_ghash256_load(p + 32 * q);
    if (q == 0) x = _mm256_xor_si256(x, _mm256_zextsi128_si256(y));
    kc_ghash256_mul2(s, x, k, 2 * (size_t)q);
}

/* 16 blocks at p absorbed into y, one reduction. */
KC_GHASH256_INLINE __m128i kc_ghash256_absorb16(const kc_ghash256_key *k, __m128i y, const uint8_t *p)
{
    kc_ghash256_sums s;
    kc_ghash256_zero(&s);
    for (int q = 7; q >= 0; q--) kc_ghash256_pair16(&s, k, y, p, (unsigned)q);
    return kc_ghash256_finish(&s);
}

#endif
