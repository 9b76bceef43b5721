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

KC_TARGET_BEGIN("avx512f")

typedef __m512i V;
typedef __m512i VR;        /* vprolvd/vprorvd take the count mod 32 */
#define RC6_BATCH 64
#define RC6_SETS 4
#define RC6_MASKED
#define S(j) _mm512_set1_epi32((int)s[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32
#define ROLV _mm512_rolv_epi32
#define RORV _mm512_rorv_epi32

/* ROL(x * (2x + 1), 5), which is also its own rotation count. */
static inline __m512i f(__m512i x, __m512i *r)
{
    __m512i sq = _mm512_mullo_epi32(x, x);
    return *r = _mm512_rol_epi32(ADD(ADD(sq, sq), x), 5);
}

#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
#include "rc6/rc6_simd.h"

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
};
KC_TARGET_END
#endif
