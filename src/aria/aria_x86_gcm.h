/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on AVX2 + PCLMULQDQ with CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the pclmul GHASH backend and its key
 * layout, ghash/ghash_x86.h), around a byte-sliced backend's S-layer:
 * gfni_avx2_gcm.c, vaes_avx2_gcm.c and aesni_avx2_gcm.c.  Include after aria/aria_x86.h
 * inside a KC_TARGET_BEGIN region that also has pclmul and ssse3.
 *
 * A batch is 32 counter blocks, byte-sliced; the four 8-block GHASH groups
 * of 32 blocks of ciphertext (one reduction each) are issued after the
 * first four round pairs (ARIA has at least six).  Encryption hashes the
 * previous batch's ciphertext (just stored, in L1), decryption the batch's
 * own input.  The counter slices are made with inc32 carries by compares
 * and masks, not branches, so a secret (GHASH-derived) J0 may run here
 * too.  There is no kernel for vpclmul-avx2 (Zen 3, Alder Lake): this
 * batch over its 16-block groups, issued after round pairs 0 and 2 or
 * spread over the first eight S-layers, ran 0-10 % slower than CTR then
 * GHASH (kcipher-bench-stitch, same run, both classes' masks). */
#ifndef KC_ARIA_X86_GCM_H
#define KC_ARIA_X86_GCM_H
#include "core/util.h"
#include "ghash/stitch.h"
#include "ghash/ghash_x86.h"

#define ARIA_GCM_BATCH 32

/* The 32 counter blocks ctr[0..11] || low + i, byte-sliced as after
 * load32 (aria_x86_ctr_slices' layout), the carries into bytes 14..12 by
 * compares: no branch on low. */
static inline __attribute__((always_inline)) void aria_gcm_slices(__m256i x[16], const uint8_t *ctr, uint32_t low)
{
    const __m256i index = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                                           1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m256i ff = _mm256_set1_epi8(-1);
    const __m256i l0 = _mm256_set1_epi8((char)low), l1 = _mm256_set1_epi8((char)(low >> 8));
    const __m256i l2 = _mm256_set1_epi8((char)(low >> 16)), l3 = _mm256_set1_epi8((char)(low >> 24));
    for (int p = 0; p < 12; p++) x[p] = _mm256_set1_epi8((char)ctr[p]);
    x[15] = _mm256_add_epi8(l0, index);
    __m256i c14 = _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(x[15], l0), x[15]), ff);   /* carry: -1 */
    __m256i c13 = _mm256_and_si256(c14, _mm256_cmpeq_epi8(l1, ff));
    __m256i c12 = _mm256_and_si256(c13, _mm256_cmpeq_epi8(l2, ff));
    x[14] = _mm256_sub_epi8(l1, c14);
    x[13] = _mm256_sub_epi8(l2, c13);
    x[12] = _mm256_sub_epi8(l3, c12);
}

/* One batch: 32 blocks of CTR from counter word low over in into out;
 * when hash, the 32 blocks at h into *y, 8 after each of the first four
 * round pairs. */
static inline __attribute__((always_inline)) void aria_gcm_batch(
    aria_x86_sl32_fn sl, const aria_x86_keys *ks, unsigned rounds, const uint8_t *ctr,
    uint32_t low, const kc_ghash_pclmul_key *hk, __m128i *y, const int hash, const uint8_t *h, uint8_t *out,
    const uint8_t *in)
{
    __m256i x[16];
    aria_gcm_slices(x, ctr, low);
    aria_x86_first32(x, ks);
    for (unsigned r = 0; r < rounds; r += 2) {
        sl(x, 1, ks, r);
        aria_x86_diffuse32(x);
        sl(x, 0, ks, r + 1);
        if (r + 2 < rounds) aria_x86_diffuse32(x);
        if (hash && r < 8) *y = kc_ghash_x86_absorb8(hk, *y, h + 16 * 8 * (r / 2));
    }
    aria_x86_last32(x, ks, rounds);
    aria_x86_transpose32(x);
    kc_ctr_x86_xor256(out, in, x, ARIA_GCM_BATCH);
}

/* The kernel's run (kc_gcm_stitch.run) for ctx an aria_x86_key. */
static inline __attribute__((always_inline)) size_t aria_x86_gcm(aria_x86_sl32_fn sl,
                                                                 const void *ctx, const void *hkey, uint8_t ctr[16],
                                                                 uint8_t y[16], int encrypt, uint8_t *out,
                                                                 const uint8_t *in, size_t nblocks)
{
    const aria_x86_key *k = ctx;
    const aria_x86_keys *ks = &k->enc;
    const kc_ghash_pclmul_key *hk = hkey;
    const size_t n = nblocks / ARIA_GCM_BATCH;
    if (n == 0) return 0;
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) \
    aria_gcm_batch(sl, ks, k->rounds, ctr, low + (uint32_t)(ARIA_GCM_BATCH * (i)), hk, &acc, hash, h, o, s)
#define TAIL(p) for (int g = 0; g < 4; g++) acc = kc_ghash_x86_absorb8(hk, acc, (p) + 128 * g)
    KC_GCM_STITCH_LOOP(n, ARIA_GCM_BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * ARIA_GCM_BATCH));
    return n * ARIA_GCM_BATCH;
}

#endif
