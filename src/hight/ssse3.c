/* SPDX-License-Identifier: MIT */
/* HIGHT, SSSE3: byte-sliced, 16 blocks per batch of eight xmm registers;
 * F0 and F1 each two nibble lookups (pshufb) XORed, as in avx2.c; a lone
 * block and CBC encryption take the one-block kernel (hight_lone.h).  For
 * the x86-64 CPUs without AVX2.  See hight_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"   /* (hight_simd.h's headers, before the pragma) */

extern const kc_block_backend kc_hight_ref;
KC_TARGET_BEGIN("ssse3")

typedef __m128i V;
#define XOR _mm_xor_si128
#define ADD _mm_add_epi8
#define SUB _mm_sub_epi8
#define KEY(p) _mm_set1_epi32((int)*(p))
#define UNPACKLO(w, a, b) _mm_unpacklo_epi##w(a, b)
#define UNPACKHI(w, a, b) _mm_unpackhi_epi##w(a, b)
#define SHUF _mm_shuffle_epi8
#define LANES16(lo, hi) _mm_set_epi64x((long long)(hi), (long long)(lo))
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, x) _mm_storeu_si128((__m128i *)(void *)(p), x)
#define F_SETUP const V nib = _mm_set1_epi8(0x0f), f0lo = HIGHT_NIBBLES(HIGHT_F0C, 0), \
    f0hi = HIGHT_NIBBLES(HIGHT_F0C, 4), f1lo = HIGHT_NIBBLES(HIGHT_F1C, 0), f1hi = HIGHT_NIBBLES(HIGHT_F1C, 4)
#define NIB(t, x) XOR(SHUF(t##lo, _mm_and_si128(x, nib)), SHUF(t##hi, _mm_and_si128(_mm_srli_epi16(x, 4), nib)))
#define F0(x) NIB(f0, x)
#define F1(x) NIB(f1, x)
#include "hight/hight_simd.h"

const kc_block_backend kc_hight_ssse3 = {
    .head = {
        .name = "ssse3",
        .summary = "SSSE3, 16 blocks byte-sliced, F0/F1 as nibble shuffles; one-block kernel for CBC",
        .cpu = KC_CPU_SSSE3,
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
