/* SPDX-License-Identifier: MIT */
/* CHAM, AVX2: word-sliced, 8 CHAM-128 blocks (32-bit lanes) or 16 CHAM-64
 * blocks (16-bit lanes) per set of four ymm registers, three sets in flight;
 * ROL8 is a byte shuffle, ROL1 two shifts and an OR.  See cham_simd.h.
 * A round is 7 vector uops per set (2 XOR, ADD, ROL1 3, shuffle) for its
 * 128 bytes, so CHAM-128/128 needs >= 112 * 7 / 128 / 3 = 2.04 cycles/byte
 * on the three vector ports of an Intel core (1.53 on Zen 3's four); CTR
 * saves 27 of a set's 784 (cham_simd.h): 1.97 and 1.48, before the stores'
 * transposition and XOR (about 15 more).  Below that needs AVX-512 (vprold: 5
 * uops a round on 256 bytes). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "cham/cham_common.h"   /* (cham_simd.h's headers, before the pragma) */
KC_TARGET_BEGIN("avx2")

typedef __m256i V;
#define XOR _mm256_xor_si256
#define ADD32 _mm256_add_epi32
#define SUB32 _mm256_sub_epi32
#define ADD16 _mm256_add_epi16
#define SUB16 _mm256_sub_epi16
#define ROL32_1(x) _mm256_or_si256(_mm256_add_epi32(x, x), _mm256_srli_epi32(x, 31))
#define ROR32_1(x) _mm256_or_si256(_mm256_srli_epi32(x, 1), _mm256_slli_epi32(x, 31))
#define ROL16_1(x) _mm256_or_si256(_mm256_add_epi16(x, x), _mm256_srli_epi16(x, 15))
#define ROR16_1(x) _mm256_or_si256(_mm256_srli_epi16(x, 1), _mm256_slli_epi16(x, 15))
#define BYTES(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)
#define ROL32_8(x) _mm256_shuffle_epi8(x, BYTES(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14))
#define ROR32_8(x) _mm256_shuffle_epi8(x, BYTES(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
#define SWAP16(x) _mm256_shuffle_epi8(x, BYTES(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14))
#define PAIR16(x) _mm256_shuffle_epi8(x, BYTES(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15))
#define UNPAIR16(x) _mm256_shuffle_epi8(x, BYTES(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15))
#define BCAST(p) _mm256_set1_epi32((int)*(p))

/* The key, and its round keys and round numbers already broadcast: the
 * rounds XOR them from memory, where a vpbroadcastd each takes a shuffle
 * slot on Zen 3 (as lea/avx2.c).  The context is 16-byte aligned: the
 * vectors start at the first 32-byte boundary in wide. */
typedef struct {
    cham_key k;   /* first: the reference code takes the context as a cham_key */
    uint32_t wide[CHAM_MAX_ROUNDS * 2 * 8 + 4];
} cham_avx2_key;

static inline uint32_t (*cham_wide(const void *ctx))[2][8]
{
    const cham_avx2_key *w = ctx;
    return (uint32_t (*)[2][8])(void *)(uintptr_t)(w->wide + (((uintptr_t)0 - (uintptr_t)w->wide) & 31) / 4);
}
#define RK(p) V_LOAD(cham_wide(k)[p][0])
#define RI(p) V_LOAD(cham_wide(k)[p][1])

static kc_status cham_avx2_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    cham_avx2_key *w = ctx;
    uint32_t (*wide)[2][8] = cham_wide(ctx);
    cham_set_key(&w->k, key, key_len, block_len);
    for (unsigned i = 0; i < w->k.rounds; i++)
        for (unsigned l = 0; l < 8; l++) wide[i][0][l] = w->k.rk[i], wide[i][1][l] = w->k.ri[i];
    return KC_OK;
}
#define V_SET1(x) _mm256_set1_epi32((int)(x))
#define BSWAP32(x) _mm256_shuffle_epi8(x, BYTES(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12))
#define CTR_ORDER _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)   /* block 2 (p mod 4) + p / 4 at p */
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), x)
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#define CHAM_SETS 3   /* three sets in flight: 12 of the 16 registers */
#include "cham/cham_simd.h"

const kc_block_backend kc_cham_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2, 24 CHAM-128 or 48 CHAM-64 blocks word-sliced",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_avx2_key),
    },
    .set_key = cham_avx2_set_key,
    .encrypt = cham_simd_encrypt,
    .decrypt = cham_simd_decrypt,
    .cbc_encrypt = kc_cham_cbc_encrypt,
    .ctr = cham_simd_ctr,
};
KC_TARGET_END
#endif
