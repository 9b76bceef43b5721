/* SPDX-License-Identifier: MIT */
/* LEA-GCM on AVX2 + PCLMULQDQ (lea/lea_gcm.h): 16 blocks a batch, one
 * GHASH block after each of the first sixteen rounds (two 8-block groups,
 * one reduction each), faster than each group issued at once. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/simd_blocks.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */

KC_TARGET_BEGIN("avx2,pclmul,ssse3")
#define STITCH_VBYTES 32
#define KC_STITCH_GHASH 128
#define STITCH_SPACING 1
#include "lea/lea_gcm.h"
KC_TARGET_END

extern const kc_gcm_stitch kc_lea_avx2_gcm256;   /* avx2_gcm256.c */
const kc_gcm_stitch kc_lea_avx2_gcm = { .ghash = &kc_ghash_pclmul, .run = stitch_run, .next = &kc_lea_avx2_gcm256 };
#endif
