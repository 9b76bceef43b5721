/* SPDX-License-Identifier: MIT */
/* HIGHT, AVX-512 (F + BW) + GFNI: byte-sliced, 64 blocks per batch of
 * eight zmm registers; F0 and F1 one gf2p8affineqb each.  See
 * hight_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"   /* (hight_simd.h's headers, before the pragma) */

extern const kc_block_backend kc_hight_ref;
KC_TARGET_BEGIN("avx512f,avx512bw,gfni")

typedef __m512i V;
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi8
#define SUB _mm512_sub_epi8
#define KEY(p) _mm512_set1_epi32((int)*(p))
#define UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
#define SHUF _mm512_shuffle_epi8
#define LANES16(lo, hi) _mm512_set_epi64((long long)(hi), (long long)(lo), (long long)(hi), (long long)(lo), \
                                         (long long)(hi), (long long)(lo), (long long)(hi), (long long)(lo))
#define LOADU(p) _mm512_loadu_si512((const void *)(p))
#define STOREU(p, x) _mm512_storeu_si512((void *)(p), x)
#define F_SETUP const V m0 = _mm512_set1_epi64((long long)HIGHT_F0_MATRIX), \
    m1 = _mm512_set1_epi64((long long)HIGHT_F1_MATRIX)
#define F0(x) _mm512_gf2p8affine_epi64_epi8(x, m0, 0)
#define F1(x) _mm512_gf2p8affine_epi64_epi8(x, m1, 0)
#include "hight/hight_simd.h"

const kc_block_backend kc_hight_gfni_avx512 = {
    .head = {
        .name = "gfni-avx512",
        .summary = "AVX-512 + GFNI, 64 blocks byte-sliced, F0/F1 one gf2p8affineqb each",
        .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_GFNI,
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
