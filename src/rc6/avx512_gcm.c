/* SPDX-License-Identifier: MIT */
/* RC6-GCM on AVX-512F + VPCLMULQDQ (rc6/rc6_gcm.h): 64 blocks a batch in
 * four sets, its sixteen four-block multiplies (two reductions) one per
 * round over the first sixteen. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/backend.h"
#include "core/simd_blocks.h"   /* (rc6_simd.h's headers, before the pragma) */
#include "rc6/rc6_common.h"

KC_TARGET_BEGIN("avx512f,avx512bw,vpclmulqdq,pclmul,ssse3")
#define STITCH_VBYTES 64
#define KC_STITCH_GHASH 512
#define STITCH_SPACING 1
#include "rc6/rc6_gcm.h"
KC_TARGET_END

const kc_gcm_stitch kc_rc6_avx512_gcm = { .ghash = &kc_ghash_vpclmul512, .run = stitch_run };
#endif
