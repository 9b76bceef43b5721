/* SPDX-License-Identifier: MIT */
/* RC6-GCM on AVX2 + 256-bit VPCLMULQDQ, no AVX-512 (rc6/rc6_gcm.h; Zen 3,
 * Alder Lake): 16 blocks a batch, its eight two-block multiplies (one
 * reduction) one every second round: 5-7 % faster than CTR then
 * GHASH (kcipher-bench-stitch, Zen 3 and Alder Lake masks). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/backend.h"
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "rc6/rc6_common.h"

KC_TARGET_BEGIN("avx2,vpclmulqdq,pclmul,ssse3")
#define STITCH_VBYTES 32
#define KC_STITCH_GHASH 256
#define STITCH_SPACING 2
#include "rc6/rc6_gcm.h"
KC_TARGET_END

const kc_gcm_stitch kc_rc6_avx2_gcm256 = { .ghash = &kc_ghash_vpclmul_avx2, .run = stitch_run };
#endif
