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
#define V_LANES 4

/* Block p[0] + off, and back (NULL: skipped). */
static inline __m128i load_lanes(const uint8_t *const p[], size_t off)
{
    return _mm_loadu_si128((const __m128i *)(p[0] + off));
}
static inline void store_lanes(uint8_t *const p[], size_t off, __m128i x)
{
    if (p[0]) _mm_storeu_si128((__m128i *)(p[0] + off), x);
}
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

/* The bytes of each 32-bit word reversed (SSE2 has no pshufb). */
static inline __m128i bswap32(__m128i x)
{
    x = _mm_or_si128(_mm_slli_epi32(x, 16), _mm_srli_epi32(x, 16));
    return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
}

/* CTR kernel (kc_ctr_words_fn): after transpose(), word position p of a sliced
 * register of set x (y) belongs to block p (4 + p). */
/* noinline: inlined into the driver it spills (16 xmm registers) */
static __attribute__((noinline)) void ctr8(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const lea_key *k = ctx;
    __m128i base = _mm_add_epi32(_mm_set1_epi32((int)low), _mm_setr_epi32(0, 1, 2, 3));
    __m128i v[8];
    for (unsigned j = 0; j < 3; j++) v[j] = v[4 + j] = _mm_set1_epi32((int)x012[j]);
    v[3] = bswap32(base);
    v[7] = bswap32(_mm_add_epi32(base, _mm_set1_epi32(4)));
    rounds_any(k->rk, k->rounds, v, 1, n > 4);
    transpose(v);
    transpose(v + 4);
    for (size_t j = 0; j < n; j++)
        _mm_storeu_si128((__m128i *)(out + 16 * j), XOR(v[j], _mm_loadu_si128((const __m128i *)(in + 16 * j))));
}

static void lea_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                          uint8_t *const iv[], size_t nblocks)
{
    const lea_key *k = ctx;
    lea_simd_cbc_multi(k->rk, k->rounds, n, out, in, iv, nblocks);
}

static void lea_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_word_runs(ctr8, LEA_CTR_BATCH, ctx, counter, out, in, nblocks);
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
    .ctr = lea_ctr,
    .cbc_encrypt = kc_lea_cbc_encrypt,
    .cbc_encrypt_multi = lea_cbc_multi,
};
KC_TARGET_END
#endif
