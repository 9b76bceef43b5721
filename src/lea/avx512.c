/* SPDX-License-Identifier: MIT */
/* LEA, AVX-512F: 16 blocks word-sliced per set of four zmm registers, two
 * sets (32 blocks) in flight, each rotation one vprold/vprord.  A tail of
 * 2..31 blocks runs the same code on masked loads and stores.  CTR builds
 * its counter blocks directly in the sliced layout and XORs after the
 * transpose back.  See lea_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */

extern const struct kc_gcm_stitch kc_lea_avx512_gcm;
KC_TARGET_BEGIN("avx512f")

#include "lea/lea_ops_avx512.h"
#define LEA_MASKED
#define V_LANES 16

/* Blocks p[0..3] + off in the four 128-bit lanes, and back (NULL: skipped). */
static inline __m512i load_lanes(const uint8_t *const p[], size_t off)
{
    __m512i x = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(p[0] + off)));
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(p[1] + off)), 1);
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(p[2] + off)), 2);
    return _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(p[3] + off)), 3);
}
static inline void store_lanes(uint8_t *const p[], size_t off, __m512i x)
{
    if (p[0]) _mm_storeu_si128((__m128i *)(p[0] + off), _mm512_castsi512_si128(x));
    if (p[1]) _mm_storeu_si128((__m128i *)(p[1] + off), _mm512_extracti32x4_epi32(x, 1));
    if (p[2]) _mm_storeu_si128((__m128i *)(p[2] + off), _mm512_extracti32x4_epi32(x, 2));
    if (p[3]) _mm_storeu_si128((__m128i *)(p[3] + off), _mm512_extracti32x4_epi32(x, 3));
}
#include "lea/lea_simd.h"

/* Words of register j that lie within the first n blocks. */
static inline __mmask16 lane_mask(size_t n, unsigned j)
{
    size_t words = 4 * n > 16 * j ? 4 * n - 16 * j : 0;
    return words >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << words) - 1);
}

/* n = 2..32 blocks, x[j] = blocks 4j..4j+3: 0..15 in set x, 16..31 in set y
 * (only when n > 16). */
static void crypt32(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const lea_key *k = ctx;
    __m512i v[8];
    for (unsigned j = 0; j < 8; j++) {
        __mmask16 m = lane_mask(n, j);
        v[j] = m ? _mm512_maskz_loadu_epi32(m, in + 64 * j) : _mm512_setzero_si512();
    }
    transpose(v);
    transpose(v + 4);
    rounds_any(k->rk, k->rounds, v, enc, n > 16);
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) {
        __mmask16 m = lane_mask(n, j);
        if (m) _mm512_mask_storeu_epi32(out + 64 * j, m, v[j]);
    }
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt32, ctx, out, in, nblocks, 1);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt32, ctx, out, in, nblocks, 0);
}

static inline __m512i bswap32(__m512i x)   /* AVX-512F has no vpshufb */
{
    return _mm512_ternarylogic_epi32(_mm512_set1_epi32(0x00ff00ff), _mm512_rol_epi32(x, 8),
                                     _mm512_ror_epi32(x, 8), 0xca);   /* mask ? rol : ror */
}

/* CTR kernel (kc_ctr_words_fn): after transpose(), word position p of a sliced
 * register belongs to block 4 (p mod 4) + p / 4. */
static void ctr32(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const lea_key *k = ctx;
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    __m512i base = _mm512_add_epi32(_mm512_set1_epi32((int)low), order);
    __m512i v[8];
    for (unsigned j = 0; j < 3; j++) v[j] = v[4 + j] = _mm512_set1_epi32((int)x012[j]);
    v[3] = bswap32(base);
    v[7] = bswap32(_mm512_add_epi32(base, _mm512_set1_epi32(16)));
    if (n > 16) rounds(k->rk, k->rounds, v, 1, 1); else rounds(k->rk, k->rounds, v, 1, 0);
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) {
        __mmask16 m = lane_mask(n, j);
        if (m) _mm512_mask_storeu_epi32(out + 64 * j, m, XOR(v[j], _mm512_maskz_loadu_epi32(m, in + 64 * j)));
    }
}

static void lea_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                          uint8_t *const iv[], size_t nblocks)
{
    const lea_key *k = ctx;
    lea_simd_cbc_multi(k->rk, k->rounds, n, out, in, iv, nblocks);
}

static void lea_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_word_runs(ctr32, LEA_CTR_BATCH, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_lea_avx512 = {
    .head = {
        .name = "avx512",
        .summary = "AVX-512F, 16 or 32 blocks word-sliced, vprold rotations",
        .cpu = KC_CPU_AVX512F,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(lea_key),
    },
    .set_key = lea_set_key,
    .encrypt = lea_encrypt,
    .decrypt = lea_decrypt,
    .ctr = lea_ctr,
    .cbc_encrypt = kc_lea_cbc_encrypt,
    .cbc_encrypt_multi = lea_cbc_multi,
    .gcm_stitch = &kc_lea_avx512_gcm,
};
KC_TARGET_END
#endif
