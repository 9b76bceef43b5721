/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on GFNI + AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the pclmul GHASH backend): the
 * batch, its GHASH groups and its branch-free inc32 are aria_x86_gcm.h's;
 * here gfni_avx2.c's S-layer.  Constant time: GFNI, carry-less multiplies,
 * XORs, fixed shuffles. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,gfni,pclmul,ssse3")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 1
#include "aria/aria_x86.h"
#include "aria/aria_x86_gcm.h"

extern const kc_ghash_backend kc_ghash_pclmul;

/* SL1 (odd) or SL2 on byte-sliced state: gfni_avx2.c's S-layer. */
static inline void sl32(__m256i x[16], int odd)
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

static size_t gfni_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                             uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return aria_x86_gcm(sl32, NULL, ctx, hkey, ctr, y, encrypt, out, in, nblocks);
}

KC_TARGET_END

const kc_gcm_stitch kc_aria_gfni_avx2_gcm = { &kc_ghash_pclmul, gfni_avx2_gcm };
#endif
