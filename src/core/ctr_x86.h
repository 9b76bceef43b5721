/* SPDX-License-Identifier: MIT */
/* Counter blocks in x86 registers for the fused CTR kernels (kc_ctr_runs):
 * within a run the 16-byte blocks differ only in their last word, the
 * run's first plus the block index, big-endian.  The fixed 12 bytes are
 * broadcast, the indices added lane-wise and byte-swapped into place.
 * Include after KC_TARGET_BEGIN with ssse3 (KC_CTR_X86_AVX2 defined to 1 under
 * avx2 for the ymm form, KC_CTR_X86_AVX512 under avx512f for the zmm form).  Counters are
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
/* v[0..nv): the counter blocks ctr with last word first + 2i and first +
 * 2i + 1 in v[i] (the layout of 32-byte loads). */
static inline void kc_ctr_x86_256(__m256i *v, size_t nv, const uint8_t *ctr, uint32_t first)
{
    const __m256i swap = _mm256_setr_epi8(KC_CTR_X86_SWAP, KC_CTR_X86_SWAP);
    const __m256i fixed = _mm256_broadcastsi128_si256(kc_ctr_x86_fixed(ctr)), two = _mm256_set1_epi32(2);
    __m256i low = _mm256_add_epi32(_mm256_set1_epi32((int)first), _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
    for (size_t i = 0; i < nv; i++, low = _mm256_add_epi32(low, two))
        v[i] = _mm256_or_si256(fixed, _mm256_shuffle_epi8(low, swap));
}

/* out = in ^ the first n blocks of v (that layout). */
static inline void kc_ctr_x86_xor256(uint8_t *out, const uint8_t *in, const __m256i *v, size_t n)
{
    size_t i = 0;
    for (; i < n / 2; i++)
        _mm256_storeu_si256((__m256i *)(out + 32 * i),
                            _mm256_xor_si256(v[i], _mm256_loadu_si256((const __m256i *)(in + 32 * i))));
    if (n & 1)
        _mm_storeu_si128((__m128i *)(out + 32 * i), _mm_xor_si128(_mm256_castsi256_si128(v[i]),
                                                                  _mm_loadu_si128((const __m128i *)(in + 32 * i))));
}
#endif

#if defined(KC_CTR_X86_AVX512) && KC_CTR_X86_AVX512
/* v[0..nv): the counter blocks with last word first + 4i .. first + 4i + 3
 * in v[i].
 * AVX-512F only: the byte swap is two rotations and a bit select. */
static inline void kc_ctr_x86_512(__m512i *v, size_t nv, const uint8_t *ctr, uint32_t first)
{
    const __m512i fixed = _mm512_broadcast_i32x4(kc_ctr_x86_fixed(ctr)), four = _mm512_set1_epi32(4);
    const __m512i even = _mm512_set1_epi32(0x00ff00ff);
    __m512i low = _mm512_add_epi32(_mm512_set1_epi32((int)first),
                                   _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3));
    for (size_t i = 0; i < nv; i++, low = _mm512_add_epi32(low, four)) {
        __m512i swapped = _mm512_ternarylogic_epi32(even, _mm512_rol_epi32(low, 8), _mm512_ror_epi32(low, 8), 0xca);
        v[i] = _mm512_mask_mov_epi32(fixed, 0x8888, swapped);
    }
}

/* out = in ^ the first n blocks of v (that layout), masked loads and stores. */
static inline void kc_ctr_x86_xor512(uint8_t *out, const uint8_t *in, const __m512i *v, size_t n)
{
    size_t i = 0;
    for (; 4 * i + 4 <= n; i++)   /* plain stores: masked ones are slow on some cores */
        _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(v[i], _mm512_loadu_si512(in + 64 * i)));
    for (; 4 * i < n; i++) {
        size_t left = n - 4 * i;
        __mmask16 m = left >= 4 ? (__mmask16)0xffff : (__mmask16)((1u << (4 * left)) - 1);
        _mm512_mask_storeu_epi32(out + 64 * i, m, _mm512_xor_si512(v[i], _mm512_maskz_loadu_epi32(m, in + 64 * i)));
    }
}
#endif

#endif
