/* SPDX-License-Identifier: MIT */
/* RC6-GCM on AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass (the
 * kernel of ghash/stitch.h, for the pclmul GHASH backend and its key
 * layout, ghash/ghash_x86.h).  A batch is 16 counter blocks in avx2.c's
 * two sets of four word-sliced ymm registers, made in that layout: A, B, C
 * are the counter's first twelve bytes in every block, D its low word plus
 * the block index, byte-swapped, so inc32 is an addition (no branch: a
 * secret, GHASH-derived J0 may run here too).  The sixteen multiplies of
 * 16 blocks of ciphertext (two 8-block groups, one reduction each) are
 * issued one per round over the first sixteen of RC6's twenty: faster
 * than each group issued at once.  Encryption hashes the previous batch's
 * ciphertext (in L1, just stored), decryption the batch's own input.
 * Multiplies, shifts by register and carry-less multiplies take the same
 * time for every value: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/backend.h"
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "ghash/stitch.h"
#include "rc6/rc6_common.h"

extern const kc_ghash_backend kc_ghash_pclmul;

KC_TARGET_BEGIN("avx2,pclmul,ssse3")
#include "ghash/ghash_x86.h"

/* avx2.c's operations, for rc6_simd.h's round and transpose */
typedef __m256i V;
typedef __m256i VR;
#define RC6_BATCH 16
#define RC6_SETS 2
#define S(j) _mm256_set1_epi32((int)s[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32
#define ROLV(x, r) _mm256_or_si256(_mm256_sllv_epi32(x, r), _mm256_srlv_epi32(x, SUB(_mm256_set1_epi32(32), r)))
#define RORV(x, r) _mm256_or_si256(_mm256_srlv_epi32(x, r), _mm256_sllv_epi32(x, SUB(_mm256_set1_epi32(32), r)))
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* ROL(x * (2x + 1), 5), and in *r its low five bits, its rotation count. */
static ALWAYS_INLINE __m256i f(__m256i x, __m256i *r)
{
    __m256i sq = _mm256_mullo_epi32(x, x);
    __m256i p = ADD(ADD(sq, sq), x);
    *r = _mm256_srli_epi32(p, 27);
    return _mm256_or_si256(_mm256_slli_epi32(p, 5), *r);
}

#include "rc6/rc6_simd.h"

#define BATCH 16

/* After round r + 1 (r < 16), block 7 - r % 8 of group r / 8 of the 16
 * blocks at h; block 0, which waits for y, ends its group with the
 * reduction. */
#define GROUP(r) do { \
    if (hash && (r) < 16) kc_ghash_x86_step8(hk, &lo, &mid, &hi, y, h + 128 * ((r) / 8), 7 - (r) % 8); \
} while (0)

/* One batch: 16 blocks of CTR from low word low over in into out; when
 * hash, the 16 blocks at h into *y between the rounds.  After transpose(),
 * word position p of a register of set j belongs to block 8 j + 2 (p mod
 * 4) + p / 4. */
static ALWAYS_INLINE void batch(const rc6_key *k, const __m256i abc[3], uint32_t low, const kc_ghash_pclmul_key *hk,
                                __m128i *y, const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    const __m256i swap = _mm256_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                                         12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    const __m256i base = ADD(_mm256_set1_epi32((int)low), _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0));
    const uint32_t *s = k->s;
    const unsigned sets = 2;
    /* B and D whitened */
    V a0 = abc[0], b0 = ADD(abc[1], S(0)), c0 = abc[2], a1 = a0, b1 = b0, c1 = c0;
    V d0 = ADD(_mm256_shuffle_epi8(base, swap), S(1));
    V d1 = ADD(_mm256_shuffle_epi8(ADD(base, _mm256_set1_epi32(8)), swap), S(1));
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
#pragma GCC unroll 5
    for (unsigned i = 1; i <= RC6_ROUNDS; i += 4) {
        EACH(ROUND, a, b, c, d, i);
        GROUP(i - 1);
        EACH(ROUND, b, c, d, a, i + 1);
        GROUP(i);
        EACH(ROUND, c, d, a, b, i + 2);
        GROUP(i + 1);
        EACH(ROUND, d, a, b, c, i + 3);
        GROUP(i + 2);
    }
    V v[8] = { a0, b0, c0, d0, a1, b1, c1, d1 };
#pragma GCC unroll 2
    for (unsigned j = 0; j < 8; j += 4) {   /* A and C whitened */
        v[j] = ADD(v[j], S(2 * RC6_ROUNDS + 2));
        v[j + 2] = ADD(v[j + 2], S(2 * RC6_ROUNDS + 3));
        transpose(v + j);
    }
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; j++)
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * j),
                            XOR(v[j], _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * j))));
}

static size_t rc6_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                      uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const rc6_key *k = ctx;
    const kc_ghash_pclmul_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (n == 0) return 0;
    __m256i abc[3];
    for (unsigned i = 0; i < 3; i++) abc[i] = _mm256_set1_epi32((int)kc_load32_le(ctr + 4 * i));
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) batch(k, abc, low + (uint32_t)(BATCH * (i)), hk, &acc, hash, h, o, s)
#define TAIL(p) (acc = kc_ghash_x86_absorb8(hk, kc_ghash_x86_absorb8(hk, acc, p), (p) + 128))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_rc6_avx2_gcm = { &kc_ghash_pclmul, rc6_gcm };
#endif
