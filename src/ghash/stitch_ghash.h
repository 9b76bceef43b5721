/* SPDX-License-Identifier: MIT */
/* One interface over the x86 GHASH backends' arithmetic, for stitched GCM
 * kernels written once for all of them (ghash/stitch_sliced.h).  The including file defines KC_STITCH_GHASH, the
 * backend whose key layout the kernel reads, inside a KC_TARGET_BEGIN
 * region that has its instructions:
 *   128  pclmul        (ghash/ghash_x86.h: a step is 1 block, a group 8)
 *   256  vpclmul-avx2  (ghash/ghash_vpclmul256.h: 2 blocks, 16)
 *   512  vpclmul512    (ghash/ghash_vpclmul512.h: 4 blocks, 32)
 * A group of KC_STITCH_GROUP blocks costs one reduction.  Its eight steps
 * (7 down to 0: step 0 takes y, which waits for the previous reduction,
 * and ends the group) may be spread over a cipher's rounds:
 * kc_stitch_step(&g, hk, &y, h, s) runs step s of a batch of groups at h
 * (s = 0 first: step 7 - s % 8 of group s / 8).  kc_stitch_absorb(hk, y, p)
 * hashes one group at once. */
#ifndef KC_GHASH_STITCH_GHASH_H
#define KC_GHASH_STITCH_GHASH_H
#include "ghash/ghash.h"

#define KC_STITCH_INLINE static inline __attribute__((always_inline))

#if KC_STITCH_GHASH == 128
#include "ghash/ghash_x86.h"
#define KC_STITCH_BACKEND kc_ghash_pclmul
#define KC_STITCH_GROUP 8
typedef kc_ghash_pclmul_key kc_stitch_key;
typedef struct kc_stitch_sums { __m128i lo, mid, hi; } kc_stitch_sums;
KC_STITCH_INLINE void kc_stitch_zero(kc_stitch_sums *g) { g->lo = g->mid = g->hi = _mm_setzero_si128(); }
KC_STITCH_INLINE void kc_stitch_step(kc_stitch_sums *g, const kc_stitch_key *hk, __m128i *y, const uint8_t *h,
                                     unsigned s)
{
    kc_ghash_x86_step8(hk, &g->lo, &g->mid, &g->hi, y, h + 16 * KC_STITCH_GROUP * (s / 8), 7 - s % 8);
}
#define kc_stitch_absorb kc_ghash_x86_absorb8

#elif KC_STITCH_GHASH == 256
#include "ghash/ghash_vpclmul256.h"
#define KC_STITCH_BACKEND kc_ghash_vpclmul_avx2
#define KC_STITCH_GROUP 16
typedef kc_ghash256_key kc_stitch_key;
typedef kc_ghash256_sums kc_stitch_sums;
#define kc_stitch_zero kc_ghash256_zero
KC_STITCH_INLINE void kc_stitch_step(kc_stitch_sums *g, const kc_stitch_key *hk, __m128i *y, const uint8_t *h,
                                     unsigned s)
{
    kc_ghash256_pair16(g, hk, *y, h + 16 * KC_STITCH_GROUP * (s / 8), 7 - s % 8);
    if (s % 8 == 7) { *y = kc_ghash256_finish(g); kc_ghash256_zero(g); }
}
#define kc_stitch_absorb kc_ghash256_absorb16

#elif KC_STITCH_GHASH == 512
#include "ghash/ghash_vpclmul512.h"
#define KC_STITCH_BACKEND kc_ghash_vpclmul512
#define KC_STITCH_GROUP 32
typedef kc_ghash512_key kc_stitch_key;
typedef kc_ghash512_sums kc_stitch_sums;
#define kc_stitch_zero kc_ghash512_zero
KC_STITCH_INLINE void kc_stitch_step(kc_stitch_sums *g, const kc_stitch_key *hk, __m128i *y, const uint8_t *h,
                                     unsigned s)
{
    kc_ghash512_group32(g, hk, *y, h + 16 * KC_STITCH_GROUP * (s / 8), 7 - s % 8);
    if (s % 8 == 7) { *y = kc_ghash512_finish(g); kc_ghash512_zero(g); }
}
#define kc_stitch_absorb kc_ghash512_absorb32

#else
#error "KC_STITCH_GHASH: 128, 256 or 512"
#endif

extern const kc_ghash_backend KC_STITCH_BACKEND;

#endif
