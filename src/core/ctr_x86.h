/* SPDX-License-Identifier: MIT */
/* Counter blocks in x86 registers for the fused CTR kernels (kc_ctr_runs):
 * within a run the 16-byte blocks differ only in their last word, the
 * run's first plus the block index, big-endian.  The fixed 12 bytes are
 * broadcast, the indices added lane-wise and byte-swapped into place.
 * Include after KC_TARGET_BEGIN with ssse3 (KC_CTR_X86_AVX2 defined to 1 under
 * avx2 for the ymm form, KC_CTR_X86_AVX512
 * defined to 1 under avx512f,avx512bw for the zmm form).  Counters are
 * public; nothing here depends on secrets. */
#ifndef KC_CTR_X86_H
#define KC_CTR_X86_H
#include <immintrin.h>
#include "core/util.h"

/* bytes 12..15 of each 128-bit lane reversed into place, the rest zero */
#define KC_CTR_X86_SWAP -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 15, 14, 13, 12

static inline __m128i kc_ctr_x86_fixed(const uint8_t *ctr)
{
    return _mm_and_si128(_mm_loadu_si128((const __m128i *)ctr), _mm_setr_epi32(-1, -1, -1, 0));
}

#if defined(KC_CTR_X86_AVX2) && KC_CTR_X86_AVX2
/* v[0..nv): blocks 2i and 2i + 1 of the run in v[i] (the layout of 32-byte loads). */
static inline void kc_ctr_x86_256(__m256i *v, size_t nv, const uint8_t *ctr)
{
    const __m256i swap = _mm256_setr_epi8(KC_CTR_X86_SWAP, KC_CTR_X86_SWAP);
    const __m256i fixed = _mm256_broadcastsi128_si256(kc_ctr_x86_fixed(ctr)), two = _mm256_set1_epi32(2);
    __m256i low = _mm256_add_epi32(_mm256_set1_epi32((int)kc_load32_be(ctr + 12)), _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
    for (size_t i = 0; i < nv; i++, low = _mm256_add_epi32(low, two))
        v[i] = _mm256_or_si256(fixed, _mm256_shuffle_epi8(low, swap));
}
#endif

#if defined(KC_CTR_X86_AVX512) && KC_CTR_X86_AVX512
/* v[0..nv): blocks 4i .. 4i + 3 of the run, first + 4i on, in v[i]. */
static inline void kc_ctr_x86_512(__m512i *v, size_t nv, const uint8_t *ctr, uint32_t first)
{
    const __m512i swap = _mm512_broadcast_i32x4(_mm_setr_epi8(KC_CTR_X86_SWAP));
    const __m512i fixed = _mm512_broadcast_i32x4(kc_ctr_x86_fixed(ctr)), four = _mm512_set1_epi32(4);
    __m512i low = _mm512_add_epi32(_mm512_set1_epi32((int)(kc_load32_be(ctr + 12) + first)),
                                   _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3));
    for (size_t i = 0; i < nv; i++, low = _mm512_add_epi32(low, four))
        v[i] = _mm512_or_si512(fixed, _mm512_shuffle_epi8(low, swap));
}
#endif

#endif
