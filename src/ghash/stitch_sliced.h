/* SPDX-License-Identifier: MIT */
/* The stitched GCM kernel (ghash/stitch.h) of a word-sliced cipher (LEA,
 * RC6: register w of a set of four holds word w of every block), written
 * once for every vector width and GHASH backend.  The including file,
 * inside a KC_TARGET_BEGIN region with the instructions of both, defines
 *   KC_STITCH_GHASH   the GHASH backend (ghash/stitch_ghash.h);
 *   STITCH_VBYTES     32 (ymm) or 64 (zmm);
 *   V, ADD            the cipher's vector (__m256i or __m512i) and its
 *                     32-bit lane-wise addition;
 *   STITCH_SETS       sets of four registers per batch;
 *   STITCH_SPACING    rounds per GHASH step;
 *   STITCH_KEY        the cipher's key type (the kernel's ctx);
 * then includes this file and defines
 *   gcm_cipher(k, v, t)   the cipher on the sliced counter words v (set j
 *                     in v[4j..4j+3]), leaving the keystream as blocks
 *                     (transposed), and kc_stitch_round(t, r) after each
 *                     round r from 0.
 * A batch is STITCH_SETS * LANES counter blocks: words 0..2 are the
 * counter's first twelve bytes in every block, word 3 its low word plus
 * the block index, byte-swapped, so inc32 is an addition (no branch: a
 * secret, GHASH-derived J0 may run here too).  Its GHASH steps run one
 * every STITCH_SPACING rounds from the first; encryption hashes the
 * previous batch's ciphertext (in L1, just stored), decryption the batch's
 * own input. */
#ifndef KC_GHASH_STITCH_SLICED_H
#define KC_GHASH_STITCH_SLICED_H
#include <immintrin.h>
#include "core/util.h"
#include "ghash/stitch.h"
#include "ghash/stitch_ghash.h"

#define STITCH_LANES ((unsigned)(sizeof(V) / 4))                   /* blocks per register */
#define STITCH_BATCH (STITCH_SETS * sizeof(V) / 4)                  /* blocks per batch */
#define STITCH_STEPS (STITCH_BATCH * 8 / KC_STITCH_GROUP)          /* GHASH steps per batch */

/* The GHASH of a batch, for the cipher's rounds (hash: a constant). */
typedef struct kc_stitch_hash {
    const kc_stitch_key *hk;
    __m128i *y;
    const uint8_t *h;
    int hash;
    kc_stitch_sums g;
} kc_stitch_hash;

KC_STITCH_INLINE void kc_stitch_round(kc_stitch_hash *t, unsigned r)
{
    if (t->hash && r % STITCH_SPACING == STITCH_SPACING - 1 && r / STITCH_SPACING < STITCH_STEPS)
        kc_stitch_step(&t->g, t->hk, t->y, t->h, r / STITCH_SPACING);
}

KC_STITCH_INLINE void gcm_cipher(const STITCH_KEY *k, V v[4 * STITCH_SETS], kc_stitch_hash *t);

/* After the transpose, word position p of a register belongs to block
 * (LANES / 4) (p mod 4) + p / 4 of its set; swap byte-reverses each word. */
#if STITCH_VBYTES == 32
#define STITCH_SET1(w) _mm256_set1_epi32((int)(w))
#define STITCH_ORDER _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0)
#define STITCH_SWAP _mm256_broadcastsi128_si256(_mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3))
#define STITCH_SHUFFLE _mm256_shuffle_epi8
#define STITCH_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STITCH_STORE(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), x)
#define STITCH_XOR _mm256_xor_si256
#else
#define STITCH_SET1(w) _mm512_set1_epi32((int)(w))
#define STITCH_ORDER _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0)
#define STITCH_SWAP _mm512_broadcast_i32x4(_mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3))
#define STITCH_SHUFFLE _mm512_shuffle_epi8
#define STITCH_LOAD(p) _mm512_loadu_si512(p)
#define STITCH_STORE(p, x) _mm512_storeu_si512(p, x)
#define STITCH_XOR _mm512_xor_si512
#endif

/* One batch: CTR from low word low over in into out; when hash, the
 * batch's blocks at h into *y between the rounds. */
KC_STITCH_INLINE void stitch_batch(const STITCH_KEY *k, const V x012[3], uint32_t low, const kc_stitch_key *hk,
                                   __m128i *y, const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    const V base = ADD(STITCH_SET1(low), STITCH_ORDER), swap = STITCH_SWAP;
    V v[4 * STITCH_SETS];
#pragma GCC unroll 4
    for (unsigned j = 0; j < STITCH_SETS; j++) {
        v[4 * j] = x012[0];
        v[4 * j + 1] = x012[1];
        v[4 * j + 2] = x012[2];
        v[4 * j + 3] = STITCH_SHUFFLE(ADD(base, STITCH_SET1(STITCH_LANES * j)), swap);
    }
    kc_stitch_hash t = { .hk = hk, .y = y, .h = h, .hash = hash };
    kc_stitch_zero(&t.g);
    gcm_cipher(k, v, &t);
#pragma GCC unroll 16
    for (unsigned j = 0; j < 4 * STITCH_SETS; j++)
        STITCH_STORE(out + sizeof(V) * j, STITCH_XOR(v[j], STITCH_LOAD(in + sizeof(V) * j)));
}

/* The kernel's run (kc_gcm_stitch.run). */
static size_t stitch_run(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                         uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const STITCH_KEY *k = ctx;
    const kc_stitch_key *hk = hkey;
    size_t n = nblocks / STITCH_BATCH;
    if (n == 0) return 0;
    V x012[3];
    for (unsigned i = 0; i < 3; i++) x012[i] = STITCH_SET1(kc_load32_le(ctr + 4 * i));
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) stitch_batch(k, x012, low + (uint32_t)(STITCH_BATCH * (i)), hk, &acc, hash, h, o, s)
#define TAIL(p) for (unsigned q_ = 0; q_ < STITCH_BATCH / KC_STITCH_GROUP; q_++) \
        acc = kc_stitch_absorb(hk, acc, (p) + 16 * KC_STITCH_GROUP * q_)
    KC_GCM_STITCH_LOOP(n, STITCH_BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * STITCH_BATCH));
    return n * STITCH_BATCH;
}

#endif
