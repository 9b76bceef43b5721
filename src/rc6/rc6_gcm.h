/* SPDX-License-Identifier: MIT */
/* RC6-GCM with CTR and GHASH stitched in one pass: ghash/stitch_sliced.h's
 * kernel around avx2.c's or avx512.c's rounds (two or four sets of four
 * word-sliced registers).  The including file, inside a KC_TARGET_BEGIN
 * region with both ISAs, defines STITCH_VBYTES (32: ymm, two sets; 64:
 * zmm, four), KC_STITCH_GHASH and STITCH_SPACING (ghash/stitch_sliced.h);
 * the GHASH steps fit in RC6's twenty rounds.  Multiplies, rotations by
 * register and carry-less multiplies take the same time for every value:
 * constant time. */
#ifndef KC_RC6_GCM_H
#define KC_RC6_GCM_H
#include <immintrin.h>

#define ALWAYS_INLINE inline __attribute__((always_inline))
#if STITCH_VBYTES == 32
#include "rc6/rc6_ops_avx2.h"
#else
#include "rc6/rc6_ops_avx512.h"
#endif
#include "rc6/rc6_simd.h"

#define STITCH_SETS RC6_SETS
#define STITCH_KEY rc6_key
#include "ghash/stitch_sliced.h"
_Static_assert(STITCH_STEPS * STITCH_SPACING <= RC6_ROUNDS, "GHASH steps past RC6's rounds");

KC_STITCH_INLINE void gcm_cipher(const rc6_key *k, V v[4 * RC6_SETS], kc_stitch_hash *t)
{
    const uint32_t *s = k->s;
    const unsigned sets = RC6_SETS;
    V a0 = v[0], b0 = ADD(v[1], S(0)), c0 = v[2], d0 = ADD(v[3], S(1));   /* B and D whitened */
    V a1 = v[4], b1 = ADD(v[5], S(0)), c1 = v[6], d1 = ADD(v[7], S(1));
#if RC6_SETS > 2
    V a2 = v[8], b2 = ADD(v[9], S(0)), c2 = v[10], d2 = ADD(v[11], S(1));
    V a3 = v[12], b3 = ADD(v[13], S(0)), c3 = v[14], d3 = ADD(v[15], S(1));
#endif
#pragma GCC unroll 5
    for (unsigned i = 1; i <= RC6_ROUNDS; i += 4) {
        EACH(ROUND, a, b, c, d, i);
        kc_stitch_round(t, i - 1);
        EACH(ROUND, b, c, d, a, i + 1);
        kc_stitch_round(t, i);
        EACH(ROUND, c, d, a, b, i + 2);
        kc_stitch_round(t, i + 1);
        EACH(ROUND, d, a, b, c, i + 3);
        kc_stitch_round(t, i + 2);
    }
    v[0] = a0; v[1] = b0; v[2] = c0; v[3] = d0; v[4] = a1; v[5] = b1; v[6] = c1; v[7] = d1;
#if RC6_SETS > 2
    v[8] = a2; v[9] = b2; v[10] = c2; v[11] = d2; v[12] = a3; v[13] = b3; v[14] = c3; v[15] = d3;
#endif
#pragma GCC unroll 4
    for (unsigned j = 0; j < 4 * RC6_SETS; j += 4) {   /* A and C whitened */
        v[j] = ADD(v[j], S(2 * RC6_ROUNDS + 2));
        v[j + 2] = ADD(v[j + 2], S(2 * RC6_ROUNDS + 3));
        transpose(v + j);
    }
}

#endif
