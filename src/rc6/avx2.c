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
extern const struct kc_gcm_stitch kc_rc6_avx2_gcm;   /* avx2_gcm.c */

KC_TARGET_BEGIN("avx2")

#include "rc6/rc6_ops_avx2.h"
#include "rc6/rc6_simd.h"
#include "core/ctr_blocks.h"
#define KC_CTR_X86_AVX2 1
#include "core/ctr_x86.h"

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

/* CTR on a run of n = 1..16 blocks (kc_ctr_runs), the counter blocks made
 * in the sliced layout: words A, B, C are the same in every block and word
 * D is the byte-swapped low word plus the block index.  After transpose(),
 * word position p of a register of set j belongs to block 8 j + 2 (p mod
 * 4) + p / 4. */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const rc6_key *k = ctx;
    const __m256i bswap = _mm256_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                                          12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m256i d = _mm256_add_epi32(_mm256_set1_epi32((int)low), _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0));
    __m256i v[8];
    for (unsigned w = 0; w < 3; w++) v[w] = v[4 + w] = _mm256_set1_epi32((int)kc_load32_le(ctr + 4 * w));
    v[3] = _mm256_shuffle_epi8(d, bswap);
    v[7] = _mm256_shuffle_epi8(_mm256_add_epi32(d, _mm256_set1_epi32(8)), bswap);
    rounds_any(k->s, v, 1, n > 8 ? 2 : 1);
    transpose(v);
    transpose(v + 4);
    kc_ctr_x86_xor256(out, in, v, n);
}

static void rc6_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(ctr_run, 16, 1, rc6_encrypt, ctx, 16, counter, out, in, nblocks);
}

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
    .cbc_encrypt = kc_rc6_cbc_encrypt,
    .ctr = rc6_ctr,
    .gcm_stitch = &kc_rc6_avx2_gcm,
};
KC_TARGET_END
#endif
