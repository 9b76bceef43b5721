/* SPDX-License-Identifier: MIT */
/* RC6-GCM on AVX-512F + VPCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the vpclmul512 GHASH backend).  A
 * batch is 64 counter blocks in avx512.c's four sets of four word-sliced
 * zmm registers, made in that layout: A, B, C are the counter's first
 * twelve bytes in every block, D its low word plus the block index,
 * byte-swapped, so inc32 is an addition (no branch: a secret,
 * GHASH-derived J0 may run here too).  The sixteen four-block multiplies
 * of 64 blocks of ciphertext (two reductions) are issued one per round
 * over the first sixteen of RC6's twenty.  Encryption hashes the previous
 * batch's ciphertext (in L1, just stored), decryption the batch's own
 * input.  Multiplies, rotations by register and carry-less multiplies
 * take the same time for every value: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/backend.h"
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "ghash/stitch.h"
#include "rc6/rc6_common.h"

extern const kc_ghash_backend kc_ghash_vpclmul512;

KC_TARGET_BEGIN("avx512f,avx512bw,vpclmulqdq,pclmul,ssse3")
#include "ghash/ghash_vpclmul512.h"

/* avx512.c's operations, for rc6_simd.h's round and transpose */
typedef __m512i V;
typedef __m512i VR;
#define RC6_BATCH 64
#define RC6_SETS 4
#define S(j) _mm512_set1_epi32((int)s[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32
#define ROLV _mm512_rolv_epi32
#define RORV _mm512_rorv_epi32
#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* ROL(x * (2x + 1), 5), which is also its own rotation count. */
static ALWAYS_INLINE __m512i f(__m512i x, __m512i *r)
{
    __m512i sq = _mm512_mullo_epi32(x, x);
    return *r = _mm512_rol_epi32(ADD(ADD(sq, sq), x), 5);
}

#include "rc6/rc6_simd.h"

#define BATCH 64

/* After round r (0..15), group 7 - r % 8 of the 32 blocks at h + 512 (r / 8);
 * group 0, which waits for y, ends each half with its reduction. */
#define GROUP(r) do { \
    if (hash && (r) < 16) { \
        kc_ghash512_group32(&g, hk, *y, h + 512 * ((r) / 8), 7 - (r) % 8); \
        if ((r) % 8 == 7) { *y = kc_ghash512_finish(&g); kc_ghash512_zero(&g); } \
    } \
} while (0)

/* One batch: 64 blocks of CTR from low word low over in into out; when
 * hash, the 64 blocks at h into *y between the rounds.  After transpose(),
 * word position p of a register of set j belongs to block 16 j + 4 (p mod
 * 4) + p / 4. */
static ALWAYS_INLINE void batch(const rc6_key *k, const __m512i abc[3], uint32_t low, const kc_ghash512_key *hk,
                                __m128i *y, const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i swap = _mm512_broadcast_i32x4(_mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3));
    const __m512i base = ADD(_mm512_set1_epi32((int)low), order);
    const uint32_t *s = k->s;
    const unsigned sets = 4;
    /* B and D whitened */
    V a0 = abc[0], b0 = ADD(abc[1], S(0)), c0 = abc[2], a1 = a0, b1 = b0, c1 = c0;
    V a2 = a0, b2 = b0, c2 = c0, a3 = a0, b3 = b0, c3 = c0;
    V d0 = ADD(_mm512_shuffle_epi8(base, swap), S(1));
    V d1 = ADD(_mm512_shuffle_epi8(ADD(base, _mm512_set1_epi32(16)), swap), S(1));
    V d2 = ADD(_mm512_shuffle_epi8(ADD(base, _mm512_set1_epi32(32)), swap), S(1));
    V d3 = ADD(_mm512_shuffle_epi8(ADD(base, _mm512_set1_epi32(48)), swap), S(1));
    kc_ghash512_sums g;
    kc_ghash512_zero(&g);
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
    V v[16] = { a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3 };
#pragma GCC unroll 4
    for (unsigned j = 0; j < 16; j += 4) {   /* A and C whitened */
        v[j] = ADD(v[j], S(2 * RC6_ROUNDS + 2));
        v[j + 2] = ADD(v[j + 2], S(2 * RC6_ROUNDS + 3));
        transpose(v + j);
    }
#pragma GCC unroll 16
    for (unsigned j = 0; j < 16; j++)
        _mm512_storeu_si512(out + 64 * j, XOR(v[j], _mm512_loadu_si512(in + 64 * j)));
}

static size_t rc6_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                      uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const rc6_key *k = ctx;
    const kc_ghash512_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (n == 0) return 0;
    __m512i abc[3];
    for (unsigned i = 0; i < 3; i++) abc[i] = _mm512_set1_epi32((int)kc_load32_le(ctr + 4 * i));
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) batch(k, abc, low + (uint32_t)(BATCH * (i)), hk, &acc, hash, h, o, s)
#define TAIL(p) (acc = kc_ghash512_absorb32(hk, kc_ghash512_absorb32(hk, acc, p), (p) + 512))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_rc6_avx512_gcm = { &kc_ghash_vpclmul512, rc6_gcm };
#endif
