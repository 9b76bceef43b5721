/* SPDX-License-Identifier: MIT */
/* GHASH on PCLMULQDQ: eight blocks per reduction.
 *
 * A block, byte-reversed, is a 128-bit integer whose bit 127 is the x^0
 * coefficient ([SP800-38D] 6.3's reflected order).  The carry-less product
 * of two such integers then sits one bit low; keeping H * x^-1 instead of H
 * (a shift left, folding the carry back with x^-1 = x^127 + x^6 + x + 1)
 * lines it up.  Y <- (Y ^ X1) H^8 ^ X2 H^7 ^ ... ^ X8 H sums eight Karatsuba
 * products (three multiplies each) and reduces once: two multiplies by
 * x^127 + x^126 + x^121 (the shift-and-fold of ghash_common.h done by
 * PCLMULQDQ).  No table, no data-dependent branch: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "ghash/ghash.h"

KC_TARGET_BEGIN("pclmul,ssse3")
#include "ghash/ghash_x86.h"

typedef kc_ghash_pclmul_key pclmul_key;

/* Y * H' reduced, for the key powers. */
static __m128i mul(__m128i a, __m128i h)
{
    __m128i ka = _mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e));
    __m128i kh = _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e));
    __m128i lo = _mm_clmulepi64_si128(a, h, 0x00), hi = _mm_clmulepi64_si128(a, h, 0x11);
    __m128i mid = _mm_clmulepi64_si128(ka, kh, 0x00);
    return kc_ghash_x86_reduce(lo, mid, hi);
}

static void pclmul_init(void *key, const uint8_t h[16])
{
    pclmul_key *k = key;
    __m128i p = kc_ghash_x86_key(h);
    for (int i = 7; i >= 0; i--) {
        k->h[i] = p;
        k->k[i] = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e));
        if (i) p = mul(p, k->h[7]);
    }
    for (int i = 7; i >= 0; i--) {      /* H^9..H^16, for the stitched GCM kernels */
        p = mul(p, k->h[7]);
        k->h16[i] = p;
        k->k16[i] = _mm_xor_si128(p, _mm_shuffle_epi32(p, 0x4e));
    }
}

/* n (1..8) blocks against H^n..H^1, one reduction. */
static inline __attribute__((always_inline)) __m128i blocks(const pclmul_key *k, __m128i y,
                                                            const uint8_t *in, int n)
{
    __m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
    for (int j = n - 1; j >= 0; j--) {      /* the block that waits for y last */
        __m128i x = KC_GHASH_LOAD(in + 16 * j);
        if (j == 0) x = _mm_xor_si128(x, y);
        const int i = 8 - n + j;
        kc_ghash_x86_mul_add(&lo, &mid, &hi, x, k->h[i], k->k[i]);
    }
    return kc_ghash_x86_reduce(lo, mid, hi);
}

static void pclmul_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const pclmul_key *k = key;
    __m128i acc = KC_GHASH_LOAD(y);
    for (; nblocks >= 8; nblocks -= 8, in += 128) acc = blocks(k, acc, in, 8);
    switch (nblocks) {      /* the count is public */
    case 7: acc = blocks(k, acc, in, 7); break;
    case 6: acc = blocks(k, acc, in, 6); break;
    case 5: acc = blocks(k, acc, in, 5); break;
    case 4: acc = blocks(k, acc, in, 4); break;
    case 3: acc = blocks(k, acc, in, 3); break;
    case 2: acc = blocks(k, acc, in, 2); break;
    case 1: acc = blocks(k, acc, in, 1); break;
    default: break;
    }
    KC_GHASH_STORE(y, acc);
}

KC_TARGET_END

const kc_ghash_backend kc_ghash_pclmul = {
    { "pclmul", "PCLMULQDQ, 8 blocks per reduction (H^1..H^8, Karatsuba)",
      KC_CPU_PCLMUL | KC_CPU_SSSE3, KC_CONSTANT_TIME, sizeof(pclmul_key) },
    pclmul_init, pclmul_update
};
#endif
