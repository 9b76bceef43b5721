/* SPDX-License-Identifier: MIT */
/* LEA, SSE2: 4 blocks word-sliced per set of four xmm registers, two sets
 * (8 blocks) in flight; a rotation is two shifts and an OR.  A tail of 2..7
 * blocks is padded on the stack.  See lea_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */
KC_TARGET_BEGIN("sse2")

typedef __m128i V;
#define LEA_BATCH 8
#define LEA_RK uint32_t
#define K(j) _mm_set1_epi32((int)rk[j])
#define XOR _mm_xor_si128
#define ADD _mm_add_epi32
#define SUB _mm_sub_epi32
#define ROL(x, n) _mm_or_si128(_mm_slli_epi32(x, n), _mm_srli_epi32(x, 32 - (n)))
#define ROR(x, n) ROL(x, 32 - (n))
#define V_UNPACKLO(w, a, b) _mm_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm_unpackhi_epi##w(a, b)
#include "lea/lea_simd.h"

/* 8 blocks, x[j] = block j (set y, blocks 4..7, runs only when n > 4). */
static void crypt8(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const lea_key *k = ctx;
    V v[8];
    for (unsigned j = 0; j < 8; j++) v[j] = _mm_loadu_si128((const __m128i *)(in + 16 * j));
    transpose(v);
    transpose(v + 4);
    rounds_any(k->rk, k->rounds, v, enc, n > 4);
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(out + 16 * j), v[j]);
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt8, ctx, out, in, nblocks, 1);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt8, ctx, out, in, nblocks, 0);
}

const kc_block_backend kc_lea_sse2 = {
    .head = {
        .name = "sse2",
        .summary = "SSE2, 4 or 8 blocks word-sliced",
        .cpu = KC_CPU_SSE2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(lea_key),
    },
    .set_key = lea_set_key,
    .encrypt = lea_encrypt,
    .decrypt = lea_decrypt,
};
KC_TARGET_END
#endif
