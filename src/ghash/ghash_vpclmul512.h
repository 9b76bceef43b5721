/* SPDX-License-Identifier: MIT */
/* The vpclmul512 backend's arithmetic, for kernels that stitch GHASH into
 * a cipher's CTR loop (include inside a KC_TARGET_BEGIN region with
 * "avx512f,avx512bw,vpclmulqdq,pclmul,ssse3").  Its key (the backend's
 * ctx, from kc_ghash_vpclmul512.init) is kc_ghash512_key.  Y runs
 * byte-reversed (KC_GHASH_LOAD / KC_GHASH_STORE of ghash_x86.h).  To absorb
 * n = 4m blocks (n <= 32) in one reduction:
 *
 *     kc_ghash512_sums s; kc_ghash512_zero(&s);
 *     for q in 0..m-1:  x = kc_ghash512_load(in + 64q)  (or a register of four
 *                       ciphertext blocks through kc_ghash512_bswap);
 *                       q == 0: x ^= _mm512_zextsi128_si512(y);
 *                       kc_ghash512_mul4(&s, x, kc_ghash512_powers(key, 32 - n + 4q));
 *     y = kc_ghash512_finish(&s);
 *
 * The multiplies of one batch are independent: they interleave with a
 * cipher's rounds on the next batch. */
#ifndef KC_GHASH_VPCLMUL512_H
#define KC_GHASH_VPCLMUL512_H
#include <immintrin.h>
#include <stddef.h>
#include "ghash/ghash_x86.h"

#define KC_GHASH512_POWERS 32
typedef struct kc_ghash512_key {
    __m128i h[KC_GHASH512_POWERS];   /* h[i] = H^(32-i) * x^-1, reflected */
} kc_ghash512_key;

/* Unreduced sums of products: low, Karatsuba middle, high; per lane. */
typedef struct kc_ghash512_sums { __m512i lo, mid, hi; } kc_ghash512_sums;

#define KC_GHASH512_INLINE static inline __attribute__((always_inline))

KC_GHASH512_INLINE __m512i kc_ghash512_bswap(__m512i v)
{
    return _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(KC_GHASH_BSWAP));
}

KC_GHASH512_INLINE __m512i kc_ghash512_load(const uint8_t *p)
{
    return kc_ghash512_bswap(_mm512_loadu_si512(p));
}

/* H^(32-i)..H^(29-i), i = first: block j of four gets h[first + j]. */
KC_GHASH512_INLINE __m512i kc_ghash512_powers(const kc_ghash512_key *k, size_t first)
{
    return _mm512_loadu_si512(&k->h[first]);
}

KC_GHASH512_INLINE void kc_ghash512_zero(kc_ghash512_sums *s)
{
    s->lo = s->mid = s->hi = _mm512_setzero_si512();
}

/* Each lane's two halves XORed: Karatsuba's middle factor. */
KC_GHASH512_INLINE __m512i kc_ghash512_kmid(__m512i v)
{
    return _mm512_xor_si512(v, _mm512_shuffle_epi32(v, _MM_PERM_BADC));
}

/* Four byte-reversed blocks x times four powers p into the sums. */
KC_GHASH512_INLINE void kc_ghash512_mul4(kc_ghash512_sums *s, __m512i x, __m512i p)
{
    s->lo = _mm512_xor_si512(s->lo, _mm512_clmulepi64_epi128(x, p, 0x00));
    s->hi = _mm512_xor_si512(s->hi, _mm512_clmulepi64_epi128(x, p, 0x11));
    s->mid = _mm512_xor_si512(s->mid, _mm512_clmulepi64_epi128(kc_ghash512_kmid(x), kc_ghash512_kmid(p), 0x00));
}

KC_GHASH512_INLINE __m128i kc_ghash512_fold(__m512i v)
{
    __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

/* The sums folded across lanes and reduced: the new Y, byte-reversed. */
KC_GHASH512_INLINE __m128i kc_ghash512_finish(const kc_ghash512_sums *s)
{
    return kc_ghash_x86_reduce(kc_ghash512_fold(s->lo), kc_ghash512_fold(s->mid), kc_ghash512_fold(s->hi));
}

/* Group q (0..7) of 32 blocks at p into the sums against H^(32-4q)..;
 * group 0 takes y.  A stitched kernel spreads the eight groups over a
 * cipher's rounds, group 0 last (it waits for the previous reduction). */
KC_GHASH512_INLINE void kc_ghash512_group32(kc_ghash512_sums *s, const kc_ghash512_key *k, __m128i y,
                                            const uint8_t *p, unsigned q)
{
    __m512i x = kc_ghash512_load(p + 64 * q);
    if (q == 0) x = _mm512_xor_si512(x, _mm512_zextsi128_si512(y));
    kc_ghash512_mul4(s, x, kc_ghash512_powers(k, 4 * (size_t)q));
}

/* 32 blocks at p absorbed into y, one reduction. */
KC_GHASH512_INLINE __m128i kc_ghash512_absorb32(const kc_ghash512_key *k, __m128i y, const uint8_t *p)
{
    kc_ghash512_sums s;
    kc_ghash512_zero(&s);
    for (int q = 7; q >= 0; q--) kc_ghash512_group32(&s, k, y, p, (unsigned)q);
    return kc_ghash512_finish(&s);
}

#endif
