/* SPDX-License-Identifier: MIT */
/* LEA, AVX2: 8 blocks word-sliced per set of four ymm registers, two sets
 * (16 blocks) in flight; a rotation is two shifts and an OR.  A tail of
 * 2..15 blocks is padded on the stack.  CTR builds its counter blocks
 * directly in the sliced layout and runs three sets (24 blocks) at once.
 * See lea_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */
extern const struct kc_gcm_stitch kc_lea_avx2_gcm;   /* avx2_gcm.c */
KC_TARGET_BEGIN("avx2")

#include "lea/lea_ops_avx2.h"
#define LEA_CTR_BATCH 24
#define V_LANES 8
#define V_SET1(w) _mm256_set1_epi32((int)(w))

/* The key, and for CTR its round-key words already broadcast: the rounds
 * then XOR them from memory, where a vpbroadcastd each would take a
 * shuffle slot (Zen 3: the two pipes that also do the rotates' shifts).
 * The context is only 16-byte aligned and never moves: the broadcast
 * words start at the first 32-byte boundary in wide, so that no load
 * splits a cache line. */
typedef struct {
    lea_key k;   /* first: the other paths take the context as a lea_key */
    uint32_t wide[LEA_MAX_ROUNDS * 6 * 8 + 4];
} lea_avx2_key;

static inline uint32_t (*wide_keys(const lea_avx2_key *w))[6][8]
{
    return (uint32_t (*)[6][8])(void *)(uintptr_t)(w->wide + (((uintptr_t)0 - (uintptr_t)w->wide) & 31) / 4);
}

static kc_status lea_avx2_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    lea_avx2_key *w = ctx;
    kc_status st = lea_set_key(&w->k, key, key_len, block_len);
    if (st != KC_OK) return st;
    uint32_t (*wide)[6][8] = wide_keys(w);
    for (unsigned i = 0; i < w->k.rounds; i++)
        for (unsigned j = 0; j < 6; j++)
            for (unsigned l = 0; l < 8; l++) wide[i][j][l] = w->k.rk[i][j];
    return KC_OK;
}

/* Blocks p[0], p[1] + off in the two 128-bit lanes, and back (NULL: skipped). */
static inline __m256i load_lanes(const uint8_t *const p[], size_t off)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p[0] + off))),
                                   _mm_loadu_si128((const __m128i *)(p[1] + off)), 1);
}
static inline void store_lanes(uint8_t *const p[], size_t off, __m256i x)
{
    if (p[0]) _mm_storeu_si128((__m128i *)(p[0] + off), _mm256_castsi256_si128(x));
    if (p[1]) _mm_storeu_si128((__m128i *)(p[1] + off), _mm256_extracti128_si256(x, 1));
}
#include "lea/lea_simd.h"

/* 16 blocks, x[j] = blocks 2j, 2j+1 (set y, blocks 8..15, runs only when
 * n > 8). */
static void crypt16(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const lea_key *k = ctx;
    V v[8];
    for (unsigned j = 0; j < 8; j++) v[j] = _mm256_loadu_si256((const __m256i *)(in + 32 * j));
    transpose(v);
    transpose(v + 4);
    rounds_any(k->rk, k->rounds, v, enc, n > 8);
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(out + 32 * j), v[j]);
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt16, ctx, out, in, nblocks, 1);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt16, ctx, out, in, nblocks, 0);
}

/* CTR: after transpose(), word position p of a sliced register belongs to
 * block 2 (p mod 4) + p / 4, so X3 of set s is this (low word, plus 8 s). */
static inline __m256i ctr_x3(uint32_t low, unsigned s)
{
    const __m256i bswap = _mm256_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                                          12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m256i idx = _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0);
    return _mm256_shuffle_epi8(_mm256_add_epi32(_mm256_set1_epi32((int)(low + 8 * s)), idx), bswap);
}

/* 1..16 blocks; a tail goes through a keystream buffer. */
static void ctr16(const lea_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    __m256i v[8];
    for (unsigned j = 0; j < 3; j++) v[j] = v[4 + j] = _mm256_set1_epi32((int)x012[j]);
    v[3] = ctr_x3(low, 0);
    v[7] = ctr_x3(low, 1);
    if (n > 8) rounds(k->rk, k->rounds, v, 1, 1); else rounds(k->rk, k->rounds, v, 1, 0);
    transpose(v);
    transpose(v + 4);
    if (n == 16) {
        for (unsigned j = 0; j < 8; j++)
            _mm256_storeu_si256((__m256i *)(out + 32 * j), XOR(v[j], _mm256_loadu_si256((const __m256i *)(in + 32 * j))));
        return;
    }
    uint8_t ks[256];
    for (unsigned j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(ks + 32 * j), v[j]);
    for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
    kc_wipe(ks, sizeof ks);
}

/* The CTR kernel (kc_ctr_words_fn): 24 blocks as three sets x, y, z
 * interleaved round by round, about 2% faster than two sets although
 * some state spills (more independent work for the scheduler; four sets
 * gain nothing more); fewer blocks go through ctr16. */
#define R3(a, b, c, d, r) do { \
    ROUND(x##a, x##b, x##c, x##d, r); ROUND(y##a, y##b, y##c, y##d, r); ROUND(z##a, z##b, z##c, z##d, r); \
} while (0)
/* (Here the rounds read the broadcast words.) */
typedef uint32_t lea_wide_word[8];
#undef LEA_RK
#undef K
#define LEA_RK lea_wide_word
#define K(j) _mm256_loadu_si256((const __m256i *)(const void *)rk[j])
static void ctr24(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const lea_key *k = ctx;
    if (n < 24) {
        ctr16(k, x012, low, out, in, n < 16 ? n : 16);
        if (n > 16) ctr16(k, x012, low + 16, out + 256, in + 256, n - 16);
        return;
    }
    /* X0..X2 are the same in every block: round 0 leaves its X0, X1 (and
     * X3 = old X0) common to all, round 1 its X0 (and X3), so those are
     * scalar and the first two rounds do 3 of their 6 vector ARX steps.
     * After round 1 the state is in (x2, x3, x0, x1), where the round
     * loop's third round expects it. */
    const uint32_t *r0 = k->rk[0], *r1 = k->rk[1];
    uint32_t a = x012[0], b = x012[1], c = x012[2];
    uint32_t a1 = kc_rol32((a ^ r0[0]) + (b ^ r0[1]), 9), b1 = kc_ror32((b ^ r0[2]) + (c ^ r0[3]), 5);
    uint32_t a2 = kc_rol32((a1 ^ r1[0]) + (b1 ^ r1[1]), 9);
    V k04 = V_SET1(c ^ r0[4]), k05 = V_SET1(r0[5]), k12 = V_SET1(b1 ^ r1[2]), k13 = V_SET1(r1[3]);
    V k14 = V_SET1(r1[4]), k15 = V_SET1(a ^ r1[5]), t;
    V x0, x1, x2, x3, y0, y1, y2, y3, z0, z1, z2, z3;
#define ROUNDS01(s, i) do { t = ROR(ADD(k04, XOR(ctr_x3(low, i), k05)), 3); \
    s##3 = ROR(ADD(k12, XOR(t, k13)), 5); s##0 = ROR(ADD(XOR(t, k14), k15), 3); \
    s##2 = V_SET1(a2); s##1 = V_SET1(a1); } while (0)
    ROUNDS01(x, 0);
    ROUNDS01(y, 1);
    ROUNDS01(z, 2);
#undef ROUNDS01
    const uint32_t (*p)[6][8] = wide_keys((const lea_avx2_key *)(const void *)k), (*end)[6][8] = p + k->rounds;
    R3(2, 3, 0, 1, p[2]); R3(3, 0, 1, 2, p[3]);
    for (p += 4; p != end; p += 4) {
        R3(0, 1, 2, 3, p[0]); R3(1, 2, 3, 0, p[1]);
        R3(2, 3, 0, 1, p[2]); R3(3, 0, 1, 2, p[3]);
    }
    V v[12] = { x0, x1, x2, x3, y0, y1, y2, y3, z0, z1, z2, z3 };
    for (unsigned s = 0; s < 3; s++) transpose(v + 4 * s);
    for (unsigned j = 0; j < 12; j++)
        _mm256_storeu_si256((__m256i *)(out + 32 * j), XOR(v[j], _mm256_loadu_si256((const __m256i *)(in + 32 * j))));
}

static void lea_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                          uint8_t *const iv[], size_t nblocks)
{
    const lea_key *k = ctx;
    lea_simd_cbc_multi(k->rk, k->rounds, n, out, in, iv, nblocks);
}

static void lea_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_word_runs(ctr24, LEA_CTR_BATCH, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_lea_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2, 8 or 16 blocks word-sliced",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(lea_avx2_key),
    },
    .set_key = lea_avx2_set_key,
    .encrypt = lea_encrypt,
    .decrypt = lea_decrypt,
    .ctr = lea_ctr,
    .cbc_encrypt = kc_lea_cbc_encrypt,
    .cbc_encrypt_multi = lea_cbc_multi,
    .gcm_stitch = &kc_lea_avx2_gcm,
};
KC_TARGET_END
#endif
