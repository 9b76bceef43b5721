/* SPDX-License-Identifier: MIT */
/* GHASH on 256-bit VPCLMULQDQ with AVX2, no AVX-512 (AMD Zen 3, Intel
 * Alder Lake): two blocks per instruction, sixteen blocks per reduction
 * against H^16..H^1.  The arithmetic is pclmul.c's (reflected blocks, the
 * key H * x^-1, Karatsuba with the key's middle factors stored, the
 * two-multiply reduction) on two 128-bit lanes, folded across lanes once
 * per 16 blocks (ghash_vpclmul256.h).  A tail of n < 16 blocks takes the
 * powers H^n..H^1: pairs in ymm, an odd first block (the one that takes Y)
 * in xmm.  Constant time: no table, no branch on data. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "ghash/ghash.h"

KC_TARGET_BEGIN("avx2,vpclmulqdq,pclmul,ssse3")
#include "ghash/ghash_vpclmul256.h"

#define POWERS KC_GHASH256_POWERS
typedef kc_ghash256_key vpclmul_key;

static __m128i mul(__m128i a, __m128i h)
{
    __m128i lo = _mm_clmulepi64_si128(a, h, 0x00), hi = _mm_clmulepi64_si128(a, h, 0x11);
    __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01), _mm_clmulepi64_si128(a, h, 0x10));
    return kc_ghash_x86_reduce(lo, _mm_xor_si128(mid, _mm_xor_si128(lo, hi)), hi);
}

static void vpclmul_init(void *key, const uint8_t h[16])
{
    vpclmul_key *k = key;
    __m128i p = kc_ghash_x86_key(h);
    for (int i = POWERS - 1; i >= 0; i--) {
        k->h[i] = p;
        k->k[i] = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e));
        if (i) p = mul(p, k->h[POWERS - 1]);
    }
}

/* n (1..15) blocks against H^n..H^1, one reduction; n is public. */
static __m128i tail(const vpclmul_key *k, __m128i acc, const uint8_t *in, size_t n)
{
    const size_t first = POWERS - n;
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    size_t j = 0;
    if (n & 1) {
        kc_ghash_x86_mul_add(&lo, &mid, &hi, _mm_xor_si128(KC_GHASH_LOAD(in), acc), k->h[first], k->k[first]);
        acc = _mm_setzero_si128();
        j = 1;
    }
    if (j < n) {
        kc_ghash256_sums s;
        kc_ghash256_zero(&s);
        for (size_t q = n - 2;; q -= 2) {       /* the pair that may wait for y last */
            __m256i x = kc_ghash256_load(in + 16 * q);
            if (q == j) x = _mm256_xor_si256(x, _mm256_zextsi128_si256(acc));
            kc_ghash256_mul2(&s, x, k, first + q);
            if (q == j) break;
        }
        lo = _mm_xor_si128(lo, kc_ghash256_fold(s.lo));
        mid = _mm_xor_si128(mid, kc_ghash256_fold(s.mid));
        hi = _mm_xor_si128(hi, kc_ghash256_fold(s.hi));
    }
    return kc_ghash_x86_reduce(lo, mid, hi);
}

static void vpclmul_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const vpclmul_key *k = key;
    __m128i acc = KC_GHASH_LOAD(y);
    for (; nblocks >= POWERS; nblocks -= POWERS, in += 16 * POWERS) acc = kc_ghash256_absorb16(k, acc, in);
    if (nblocks) acc = tail(k, acc, in, nblocks);
    KC_GHASH_STORE(y, acc);
}

KC_TARGET_END

const kc_ghash_backend kc_ghash_vpclmul_avx2 = {
    { "vpclmul-avx2", "256-bit VPCLMULQDQ (AVX2, no AVX-512), 2 blocks per instruction, 16 per reduction (H^1..H^16)",
      KC_CPU_AVX2 | KC_CPU_VPCLMUL | KC_CPU_PCLMUL | KC_CPU_SSSE3, KC_CONSTANT_TIME, sizeof(vpclmul_key) },
    vpclmul_init, vpclmul_update
};
#endif
