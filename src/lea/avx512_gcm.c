/* SPDX-License-Identifier: MIT */
/* LEA-GCM on AVX-512F + VPCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the vpclmul512 GHASH backend).  A
 * batch is 32 counter blocks in avx512.c's two sets of four word-sliced
 * zmm registers, made in that layout: X0..X2 are the counter's first
 * twelve bytes in every block, X3 its low word plus the block index,
 * byte-swapped, so inc32 is an addition (no branch: a secret, GHASH-derived
 * J0 may run here too).  The eight four-block multiplies of one GHASH batch
 * (32 blocks, one reduction) are spread over the first SPACING * 8 rounds
 * (LEA has at least 24).  Encryption hashes the previous batch's
 * ciphertext (in L1, just stored), decryption the batch's own input.  ARX
 * and carry-less multiplies only: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "ghash/stitch.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */

extern const kc_ghash_backend kc_ghash_vpclmul512;

KC_TARGET_BEGIN("avx512f,avx512bw,vpclmulqdq,pclmul,ssse3")
#include "ghash/ghash_vpclmul512.h"

/* avx512.c's operations, for lea_simd.h's rounds and transpose */
typedef __m512i V;
#define LEA_BATCH 32
#define LEA_RK uint32_t
#define K(j) _mm512_set1_epi32((int)rk[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32
#define ROL _mm512_rol_epi32
#define ROR _mm512_ror_epi32
#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
#include "lea/lea_simd.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 32
#define SPACING 3   /* rounds per GHASH group: 1 and 2 ran as fast */

/* Group q = 7 - r / SPACING after round r, group 0 (which waits for y) last. */
#define GROUP(r) do { \
    if (hash && (r) % SPACING == SPACING - 1 && (r) / SPACING < 8) \
        kc_ghash512_group32(&g, hk, *y, h, 7 - (r) / SPACING); \
} while (0)

/* One batch: 32 blocks of CTR from low word low over in into out; when
 * hash, the 32 blocks at h into *y between the rounds.  After transpose(),
 * word position p of a sliced register belongs to block 4 (p mod 4) + p / 4
 * of its set. */
static ALWAYS_INLINE void batch(const lea_key *k, const __m512i x012[3], uint32_t low, const kc_ghash512_key *hk,
                                __m128i *y, const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    const __m512i swap = _mm512_broadcast_i32x4(_mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3));
    const __m512i base = ADD(_mm512_set1_epi32((int)low), order);
    const int two = 1;
    V x0 = x012[0], x1 = x012[1], x2 = x012[2], x3 = _mm512_shuffle_epi8(base, swap);
    V y0 = x012[0], y1 = x012[1], y2 = x012[2], y3 = _mm512_shuffle_epi8(ADD(base, _mm512_set1_epi32(16)), swap);
    kc_ghash512_sums g;
    kc_ghash512_zero(&g);
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
        _mm512_storeu_si512(out + 64 * j, XOR(v[j], _mm512_loadu_si512(in + 64 * j)));
    if (hash) *y = kc_ghash512_finish(&g);
}

static size_t lea_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                      uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const lea_key *k = ctx;
    const kc_ghash512_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (n == 0) return 0;
    __m512i x012[3];
    for (unsigned i = 0; i < 3; i++) x012[i] = _mm512_set1_epi32((int)kc_load32_le(ctr + 4 * i));
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) batch(k, x012, low + (uint32_t)(BATCH * (i)), hk, &acc, hash, h, o, s)
#define TAIL(p) (acc = kc_ghash512_absorb32(hk, acc, p))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_lea_avx512_gcm = { &kc_ghash_vpclmul512, lea_gcm };
#endif
