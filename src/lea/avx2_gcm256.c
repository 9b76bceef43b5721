/* SPDX-License-Identifier: MIT */
/* LEA-GCM on AVX2 + 256-bit VPCLMULQDQ, no AVX-512 (lea/lea_gcm.h; Zen 3,
 * Alder Lake): 16 blocks a batch, its eight two-block multiplies (one
 * reduction) one every third round: 1-2 % faster than CTR then
 * GHASH (kcipher-bench-stitch, Zen 3 and Alder Lake masks). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/simd_blocks.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */

KC_TARGET_BEGIN("avx2,vpclmulqdq,pclmul,ssse3")
#define STITCH_VBYTES 32
#define KC_STITCH_GHASH 256
#define STITCH_SPACING 3
#include "lea/lea_gcm.h"
KC_TARGET_END

const kc_gcm_stitch kc_lea_avx2_gcm256 = { .ghash = &kc_ghash_vpclmul_avx2, .run = stitch_run };
#endif
