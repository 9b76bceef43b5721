/* SPDX-License-Identifier: MIT */
/* HIGHT, AVX2 + GFNI: byte-sliced, 32 blocks per batch of eight ymm
 * registers; F0 and F1 (linear over GF(2)^8) one gf2p8affineqb each.  See
 * hight_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"   /* (hight_simd.h's headers, before the pragma) */

extern const kc_block_backend kc_hight_ref;
KC_TARGET_BEGIN("avx2,gfni")

typedef __m256i V;
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi8
#define SUB _mm256_sub_epi8
#define KEY(p) _mm256_set1_epi32((int)*(p))
#define UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#define SHUF _mm256_shuffle_epi8
#define LANES16(lo, hi) _mm256_set_epi64x((long long)(hi), (long long)(lo), (long long)(hi), (long long)(lo))
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), x)
#define F_SETUP const V m0 = _mm256_set1_epi64x((long long)HIGHT_F0_MATRIX), \
    m1 = _mm256_set1_epi64x((long long)HIGHT_F1_MATRIX)
#define F0(x) _mm256_gf2p8affine_epi64_epi8(x, m0, 0)
#define F1(x) _mm256_gf2p8affine_epi64_epi8(x, m1, 0)
#include "hight/hight_simd.h"

const kc_block_backend kc_hight_gfni_avx2 = {
    .head = {
        .name = "gfni-avx2",
        .summary = "AVX2 + GFNI, 32 blocks byte-sliced, F0/F1 one gf2p8affineqb each",
        .cpu = KC_CPU_AVX2 | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_simd_key),
    },
    .set_key = hight_simd_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .ctr = hight_ctr,
    .cbc_encrypt = hight_cbc,
};
KC_TARGET_END
#endif
