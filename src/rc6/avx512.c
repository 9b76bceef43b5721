/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b, AVX-512F: 16 blocks word-sliced per set of four zmm
 * registers, up to four sets in flight (64 blocks) to hide the vpmulld
 * latency; data-dependent rotations are single vprolvd/vprorvd.  A tail of
 * 2..63 blocks runs the same code on masked loads and stores; a lone block
 * goes to the ref code.  Multiplies and variable rotates are constant time
 * on x86.  See rc6_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "rc6/rc6_common.h"

extern const struct kc_gcm_stitch kc_rc6_avx512_gcm;

KC_TARGET_BEGIN("avx512f")

#include "rc6/rc6_ops_avx512.h"
#define RC6_MASKED
#include "rc6/rc6_simd.h"
#include "core/ctr_blocks.h"
#define KC_CTR_X86_AVX512 1
#include "core/ctr_x86.h"

/* Words of register j that lie within the first n blocks. */
static inline __mmask16 lane_mask(size_t n, unsigned j)
{
    size_t words = 4 * n > 16 * j ? 4 * n - 16 * j : 0;
    return words >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << words) - 1);
}

/* n = 2..64 blocks: blocks 16j..16j+15 in set j. */
static void crypt64(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const rc6_key *k = ctx;
    __m512i v[16];
    unsigned sets = (unsigned)(n + 15) / 16;
    for (unsigned j = 0; j < 16; j++) {
        __mmask16 m = lane_mask(n, j);
        v[j] = m ? _mm512_maskz_loadu_epi32(m, in + 64 * j) : _mm512_setzero_si512();
    }
    for (unsigned j = 0; j < 4 * sets; j += 4) transpose(v + j);
    rounds_any(k->s, v, enc, sets);
    for (unsigned j = 0; j < 4 * sets; j += 4) transpose(v + j);
    for (unsigned j = 0; j < 16; j++) {
        __mmask16 m = lane_mask(n, j);
        if (m) _mm512_mask_storeu_epi32(out + 64 * j, m, v[j]);
    }
}

RC6_SIMD_ENTRIES(crypt64)

/* CTR on a run of n = 1..64 blocks (kc_ctr_runs), the counter blocks made
 * in the sliced layout: words A, B, C are the same in every block and word
 * D is the byte-swapped low word plus the block index.  After transpose(),
 * word position p of a register of set j belongs to block 16 j + 4 (p mod
 * 4) + p / 4. */
static inline __attribute__((always_inline))
void ctr_sets(const rc6_key *k, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n,
              const unsigned sets)
{
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i even = _mm512_set1_epi32(0x00ff00ff);
    __m512i v[16];
    for (unsigned j = 0; j < 16; j += 4) {
        __m512i d = _mm512_add_epi32(_mm512_set1_epi32((int)(low + 4 * j)), order);
        for (unsigned w = 0; w < 3; w++) v[j + w] = _mm512_set1_epi32((int)kc_load32_le(ctr + 4 * w));
        v[j + 3] = _mm512_ternarylogic_epi32(even, _mm512_rol_epi32(d, 8), _mm512_ror_epi32(d, 8), 0xca);
    }
    rounds(k->s, v, 1, sets);
    for (unsigned j = 0; j < 4 * sets; j += 4) transpose(v + j);
    kc_ctr_x86_xor512(out, in, v, n);
}

/* Each set count as straight code (a run-time count would keep v in memory),
 * and a full run with n constant, whose stores then come from registers. */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    switch ((n + 15) / 16) {
    case 1: ctr_sets(ctx, ctr, low, out, in, n, 1); break;
    case 2: ctr_sets(ctx, ctr, low, out, in, n, 2); break;
    case 3: ctr_sets(ctx, ctr, low, out, in, n, 3); break;
    default:
        if (n == 64) ctr_sets(ctx, ctr, low, out, in, 64, 4);
        else ctr_sets(ctx, ctr, low, out, in, n, 4);
        break;
    }
}

static void rc6_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(ctr_run, 64, 1, rc6_encrypt, ctx, 16, counter, out, in, nblocks);
}

const kc_block_backend kc_rc6_avx512 = {
    .head = {
        .name = "avx512",
        .summary = "AVX-512F, up to 4 x 16 blocks word-sliced, vpmulld and vprolvd",
        .cpu = KC_CPU_AVX512F,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(rc6_key),
    },
    .set_key = rc6_set_key_ctx,
    .encrypt = rc6_encrypt,
    .decrypt = rc6_decrypt,
    .cbc_encrypt = kc_rc6_cbc_encrypt,
    .ctr = rc6_ctr,
    .gcm_stitch = &kc_rc6_avx512_gcm,
};
KC_TARGET_END
#endif
