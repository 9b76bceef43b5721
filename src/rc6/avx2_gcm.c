/* SPDX-License-Identifier: MIT */
/* RC6-GCM on AVX2 + PCLMULQDQ (rc6/rc6_gcm.h): 16 blocks a batch, one
 * GHASH block after each of the first sixteen rounds (two 8-block groups,
 * one reduction each), faster than each group issued at once. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/backend.h"
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "rc6/rc6_common.h"

KC_TARGET_BEGIN("avx2,pclmul,ssse3")
#define STITCH_VBYTES 32
#define KC_STITCH_GHASH 128
#define STITCH_SPACING 1
#include "rc6/rc6_gcm.h"
KC_TARGET_END

extern const kc_gcm_stitch kc_rc6_avx2_gcm256;   /* avx2_gcm256.c */
const kc_gcm_stitch kc_rc6_avx2_gcm = { .ghash = &kc_ghash_pclmul, .run = stitch_run, .next = &kc_rc6_avx2_gcm256 };
#endif
