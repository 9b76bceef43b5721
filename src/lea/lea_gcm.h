/* SPDX-License-Identifier: MIT */
/* LEA-GCM with CTR and GHASH stitched in one pass: ghash/stitch_sliced.h's
 * kernel around avx2.c's or avx512.c's rounds (two sets of four
 * word-sliced registers).  The including file, inside a KC_TARGET_BEGIN
 * region with both ISAs, defines STITCH_VBYTES (32: ymm, 64: zmm),
 * KC_STITCH_GHASH and STITCH_SPACING (ghash/stitch_sliced.h); LEA has at
 * least 24 rounds for the GHASH steps.  ARX and carry-less multiplies
 * only: constant time. */
#ifndef KC_LEA_GCM_H
#define KC_LEA_GCM_H
#include <immintrin.h>

#if STITCH_VBYTES == 32
#include "lea/lea_ops_avx2.h"
#else
#include "lea/lea_ops_avx512.h"
#endif
#include "lea/lea_simd.h"

#define STITCH_SETS 2
#define STITCH_KEY lea_key
#include "ghash/stitch_sliced.h"
_Static_assert(STITCH_STEPS * STITCH_SPACING <= 24, "GHASH steps past LEA-128's rounds");

KC_STITCH_INLINE void gcm_cipher(const lea_key *k, V v[8], kc_stitch_hash *t)
{
    const int two = 1;
    V x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    V y0 = v[4], y1 = v[5], y2 = v[6], y3 = v[7];
    const uint32_t (*p)[6] = k->rk, (*end)[6] = k->rk + k->rounds;
#pragma GCC unroll 6
    for (unsigned r = 0; r < 24; r += 4, p += 4) {
        R2(ROUND, 0, 1, 2, 3, p[0]);
        kc_stitch_round(t, r);
        R2(ROUND, 1, 2, 3, 0, p[1]);
        kc_stitch_round(t, r + 1);
        R2(ROUND, 2, 3, 0, 1, p[2]);
        kc_stitch_round(t, r + 2);
        R2(ROUND, 3, 0, 1, 2, p[3]);
        kc_stitch_round(t, r + 3);
    }
    for (; p != end; p += 4) ROUNDS4(p);
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = y0; v[5] = y1; v[6] = y2; v[7] = y3;
    transpose(v);
    transpose(v + 4);
}

#endif
