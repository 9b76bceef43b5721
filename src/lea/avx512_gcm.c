/* SPDX-License-Identifier: MIT */
/* LEA-GCM on AVX-512F + VPCLMULQDQ (lea/lea_gcm.h): 32 blocks a batch,
 * its eight four-block multiplies (one reduction) one every third round
 * (1 and 2 ran as fast). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/simd_blocks.h"
#include "lea/lea_common.h"   /* (lea_simd.h's headers, before the pragma) */

KC_TARGET_BEGIN("avx512f,avx512bw,vpclmulqdq,pclmul,ssse3")
#define STITCH_VBYTES 64
#define KC_STITCH_GHASH 512
#define STITCH_SPACING 3
#include "lea/lea_gcm.h"
KC_TARGET_END

const kc_gcm_stitch kc_lea_avx512_gcm = { .ghash = &kc_ghash_vpclmul512, .run = stitch_run };
#endif
