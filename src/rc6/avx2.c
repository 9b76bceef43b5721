/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b, AVX2: 8 blocks word-sliced per set of four ymm registers,
 * two sets in flight when there are more than 8 blocks to hide the vpmulld
 * latency; data-dependent rotations are vpsllvd + vpsrlvd + vpor.  A tail of
 * 2..15 blocks is padded to 16 on the stack; a lone block goes to the ref
 * code.  Multiplies and variable shifts are constant time on x86.  See
 * rc6_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "rc6/rc6_common.h"

KC_TARGET_BEGIN("avx2")

typedef __m256i V;
typedef __m256i VR;
#define RC6_BATCH 16
#define RC6_SETS 2
#define S(j) _mm256_set1_epi32((int)s[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32

/* Rotations by r = 0..31; a shift by 32 gives 0, which makes r = 0 right. */
#define ROLV(x, r) _mm256_or_si256(_mm256_sllv_epi32(x, r), _mm256_srlv_epi32(x, SUB(_mm256_set1_epi32(32), r)))
#define RORV(x, r) _mm256_or_si256(_mm256_srlv_epi32(x, r), _mm256_sllv_epi32(x, SUB(_mm256_set1_epi32(32), r)))

/* ROL(x * (2x + 1), 5), and in *r its low five bits (the product's top
 * five), the rotation amount it gives. */
static inline __m256i f(__m256i x, __m256i *r)
{
    __m256i sq = _mm256_mullo_epi32(x, x);
    __m256i p = ADD(ADD(sq, sq), x);
    *r = _mm256_srli_epi32(p, 27);
    return _mm256_or_si256(_mm256_slli_epi32(p, 5), *r);
}

#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#include "rc6/rc6_simd.h"

/* 16 blocks: 0..7 in set 0, 8..15 in set 1 (run only when n > 8). */
static void crypt16(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const rc6_key *k = ctx;
    __m256i v[8];
    for (unsigned j = 0; j < 8; j++) v[j] = _mm256_loadu_si256((const __m256i *)(in + 32 * j));
    transpose(v);
    transpose(v + 4);
    rounds_any(k->s, v, enc, n > 8 ? 2 : 1);
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(out + 32 * j), v[j]);
}

RC6_SIMD_ENTRIES(crypt16)

const kc_block_backend kc_rc6_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2, 8 or 16 blocks word-sliced, vpmulld and vpsllvd/vpsrlvd",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(rc6_key),
    },
    .set_key = rc6_set_key_ctx,
    .encrypt = rc6_encrypt,
    .decrypt = rc6_decrypt,
};
KC_TARGET_END
#endif
