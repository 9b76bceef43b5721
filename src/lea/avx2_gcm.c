/* SPDX-License-Identifier: MIT */
/* LEA-GCM on AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass (the
 * kernel of ghash/stitch.h, for the pclmul GHASH backend and its key
 * layout, ghash/ghash_x86.h).  A batch is 16 counter blocks in avx2.c's
 * two sets of four word-sliced ymm registers, made in that layout: X0..X2
 * are the counter's first twelve bytes in every block, X3 its low word plus
 * the block index, byte-swapped, so inc32 is an addition (no branch: a
 * secret, GHASH-derived J0 may run here too).  The sixteen multiplies of
 * 16 blocks of ciphertext (two 8-block groups, one reduction each) are
 * issued one per round over the first sixteen (LEA has at least 24):
 * faster than each group issued at once.  Encryption hashes the previous
 * batch's ciphertext (in L1, just stored), decryption the batch's own
 * input.  ARX and carry-less multiplies only: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "ghash/stitch.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */

extern const kc_ghash_backend kc_ghash_pclmul;

KC_TARGET_BEGIN("avx2,pclmul,ssse3")
#include "ghash/ghash_x86.h"

/* avx2.c's operations, for lea_simd.h's rounds and transpose */
typedef __m256i V;
#define LEA_BATCH 16
#define LEA_RK uint32_t
#define K(j) _mm256_set1_epi32((int)rk[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
#define ROR(x, n) ROL(x, 32 - (n))
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#include "lea/lea_simd.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 16

/* After round r < 16, block 7 - r % 8 of group r / 8 of the 16 blocks at
 * h; block 0, which waits for y, ends its group with the reduction. */
#define GROUP(r) do { \
    if (hash && (r) < 16) kc_ghash_x86_step8(hk, &lo, &mid, &hi, y, h + 128 * ((r) / 8), 7 - (r) % 8); \
} while (0)

/* One batch: 16 blocks of CTR from low word low over in into out; when
 * hash, the 16 blocks at h into *y between the rounds.  After transpose(),
 * word position p of a sliced register belongs to block 2 (p mod 4) + p / 4
 * of its set. */
static ALWAYS_INLINE void batch(const lea_key *k, const __m256i x012[3], uint32_t low, const kc_ghash_pclmul_key *hk,
                                __m128i *y, const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    const __m256i swap = _mm256_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                                         12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    const __m256i base = ADD(_mm256_set1_epi32((int)low), _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0));
    const int two = 1;
    V x0 = x012[0], x1 = x012[1], x2 = x012[2], x3 = _mm256_shuffle_epi8(base, swap);
    V y0 = x012[0], y1 = x012[1], y2 = x012[2], y3 = _mm256_shuffle_epi8(ADD(base, _mm256_set1_epi32(8)), swap);
    __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
    const uint32_t (*p)[6] = k->rk, (*end)[6] = k->rk + k->rounds;
#pragma GCC unroll 6
    for (unsigned r = 0; r < 24; r += 4, p += 4) {
        R2(ROUND, 0, 1, 2, 3, p[0]);
        GROUP(r);
        R2(ROUND, 1, 2, 3, 0, p[1]);
        GROUP(r + 1);
        R2(ROUND, 2, 3, 0, 1, p[2]);
        GROUP(r + 2);
        R2(ROUND, 3, 0, 1, 2, p[3]);
        GROUP(r + 3);
    }
    for (; p != end; p += 4) ROUNDS4(p);
    V v[8] = { x0, x1, x2, x3, y0, y1, y2, y3 };
    transpose(v);
    transpose(v + 4);
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; j++)
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * j),
                            XOR(v[j], _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * j))));
}

static size_t lea_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                      uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const lea_key *k = ctx;
    const kc_ghash_pclmul_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (n == 0) return 0;
    __m256i x012[3];
    for (unsigned i = 0; i < 3; i++) x012[i] = _mm256_set1_epi32((int)kc_load32_le(ctr + 4 * i));
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) batch(k, x012, low + (uint32_t)(BATCH * (i)), hk, &acc, hash, h, o, s)
#define TAIL(p) (acc = kc_ghash_x86_absorb8(hk, kc_ghash_x86_absorb8(hk, acc, p), (p) + 128))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_lea_avx2_gcm = { &kc_ghash_pclmul, lea_gcm };
#endif
