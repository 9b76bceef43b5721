/* SPDX-License-Identifier: MIT */
/* The end of the x86 fused CTR kernels (kc_ctr_runs): the keystream of n
 * blocks, in the layout of whole-block loads, XORed into the input as it
 * is stored.  Include after KC_TARGET_BEGIN with KC_CTR_X86_AVX2 defined to
 * 1 under avx2 for the ymm form, KC_CTR_X86_AVX512 to 1 under avx512f for
 * the zmm form. */
#ifndef KC_CTR_X86_H
#define KC_CTR_X86_H
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#if defined(KC_CTR_X86_AVX2) && KC_CTR_X86_AVX2
/* v[i] holds blocks 2i and 2i + 1.  Inlined: with n constant the loop
 * unrolls and v stays in registers. */
static inline __attribute__((always_inline)) void kc_ctr_x86_xor256(uint8_t *out, const uint8_t *in, const __m256i *v, size_t n)
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
/* v[i] holds blocks 4i .. 4i + 3; a partial register by masked loads and
 * stores.  Inlined, as above. */
static inline __attribute__((always_inline)) void kc_ctr_x86_xor512(uint8_t *out, const uint8_t *in, const __m512i *v, size_t n)
{
    size_t i = 0;
    for (; 4 * i + 4 <= n; i++)
        _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(v[i], _mm512_loadu_si512(in + 64 * i)));
    if (4 * i < n) {
        __mmask16 m = (__mmask16)((1u << (4 * (n - 4 * i))) - 1);
        _mm512_mask_storeu_epi32(out + 64 * i, m, _mm512_xor_si512(v[i], _mm512_maskz_loadu_epi32(m, in + 64 * i)));
    }
}
#endif

#endif
