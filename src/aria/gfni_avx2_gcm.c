/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on GFNI + AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the pclmul GHASH backend and its key
 * layout, ghash/ghash_x86.h).  A batch is 32 counter blocks, byte-sliced
 * as in gfni_avx2.c; the four 8-block GHASH groups of 32 blocks of
 * ciphertext (one reduction each) are issued after the first four round
 * pairs (ARIA has at least six).  Encryption hashes the previous batch's
 * ciphertext, decryption the batch's own input.  The counter slices are
 * made with inc32 carries by compares and masks, not branches, so a secret
 * (GHASH-derived) J0 may run here too.  Constant time: GFNI, carry-less
 * multiplies, XORs, fixed shuffles. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/util.h"
#include "ghash/stitch.h"
KC_TARGET_BEGIN("avx2,gfni,pclmul,ssse3")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 1
#include "aria/aria_x86.h"
#include "ghash/ghash_x86.h"

extern const kc_ghash_backend kc_ghash_pclmul;

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 32

/* SL1 (odd) or SL2 on byte-sliced state: gfni_avx2.c's S-layer. */
static ALWAYS_INLINE void sl32(__m256i x[16], int odd)
{
    const __m256i m1 = _mm256_set1_epi64x(ARIA_GF_S1), m2 = _mm256_set1_epi64x(ARIA_GF_S2);
    const __m256i mx1 = _mm256_set1_epi64x(ARIA_GF_X1), mx2 = _mm256_set1_epi64x(ARIA_GF_X2);
    const __m256i id = _mm256_set1_epi64x(ARIA_GF_ID);
    const int s = odd ? 0 : 2, t = odd ? 2 : 0;
    for (int w = 0; w < 16; w += 4) {
        x[w + s] = _mm256_gf2p8affineinv_epi64_epi8(x[w + s], m1, 0x63);
        x[w + s + 1] = _mm256_gf2p8affineinv_epi64_epi8(x[w + s + 1], m2, 0xE2);
        x[w + t] = _mm256_gf2p8affineinv_epi64_epi8(_mm256_gf2p8affine_epi64_epi8(x[w + t], mx1, 0x05), id, 0);
        x[w + t + 1] = _mm256_gf2p8affineinv_epi64_epi8(
            _mm256_gf2p8affine_epi64_epi8(x[w + t + 1], mx2, 0x2C), id, 0);
    }
}

/* The 32 counter blocks ctr[0..11] || low + i, byte-sliced as after
 * load32 (aria_x86_ctr_slices' layout), the carries into bytes 14..12 by
 * compares: no branch on low. */
static ALWAYS_INLINE void slices(__m256i x[16], const uint8_t *ctr, uint32_t low)
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
static ALWAYS_INLINE void batch(const aria_x86_keys *ks, unsigned rounds, const uint8_t *ctr, uint32_t low,
                                const kc_ghash_pclmul_key *hk, __m128i *y, const int hash, const uint8_t *h,
                                uint8_t *out, const uint8_t *in)
{
    __m256i x[16];
    slices(x, ctr, low);
    for (unsigned r = 0; r < rounds; r += 2) {
        aria_x86_add_key32(x, ks->k4[r]);
        sl32(x, 1);
        aria_x86_diffuse32(x);
        aria_x86_add_key32(x, ks->k4[r + 1]);
        sl32(x, 0);
        if (r + 2 < rounds) aria_x86_diffuse32(x);
        if (hash && r < 8) *y = kc_ghash_x86_absorb8(hk, *y, h + 16 * 8 * (r / 2));
    }
    aria_x86_add_key32(x, ks->k4[rounds]);
    aria_x86_transpose32(x);
    kc_ctr_x86_xor256(out, in, x, BATCH);
}

static ALWAYS_INLINE __m128i absorb32(const kc_ghash_pclmul_key *hk, __m128i y, const uint8_t *p)
{
    for (int g = 0; g < 4; g++) y = kc_ghash_x86_absorb8(hk, y, p + 128 * g);
    return y;
}

static size_t gfni_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aria_x86_key *k = ctx;
    const kc_ghash_pclmul_key *hk = hkey;
    const size_t n = nblocks / BATCH, step = 16 * BATCH;
    if (n == 0) return 0;
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
    if (encrypt) {   /* batch i's ciphertext is hashed during batch i + 1 */
        batch(&k->enc, k->rounds, ctr, low, hk, &acc, 0, NULL, out, in);
        for (size_t i = 1; i < n; i++)
            batch(&k->enc, k->rounds, ctr, low + (uint32_t)(BATCH * i), hk, &acc, 1, out + step * (i - 1),
                  out + step * i, in + step * i);
        acc = absorb32(hk, acc, out + step * (n - 1));
    } else {
        for (size_t i = 0; i < n; i++)
            batch(&k->enc, k->rounds, ctr, low + (uint32_t)(BATCH * i), hk, &acc, 1, in + step * i, out + step * i,
                  in + step * i);
    }
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_aria_gfni_avx2_gcm = { &kc_ghash_pclmul, gfni_avx2_gcm };
#endif
