/* SPDX-License-Identifier: MIT */
/* FEA, byte-sliced on GFNI/AVX2: vaes-avx2's method (aesni_x86.h) with
 * SubBytes as one gf2p8affineinvqb.  Not a backend of its own: gfni-avx2
 * runs it for n <= 64, where computing only the bytes each half keeps beats
 * gfni-avx2's whole-word rounds (Alder Lake class, n = 54: about 1.4x).
 * Constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
KC_TARGET_BEGIN("avx2,gfni")
#define FEA_AESNI_GFNI 1
#define FEA_AESNI_VAES 0
#define FEA_AESNI_W 256
#include "fea/aesni_x86.h"

const kc_fea_backend kc_fea_gfni_sliced_avx2 = {
    .head = {
        .name = "gfni-avx2",
        .summary = "gfni-avx2 for n <= 64: GFNI S-box, pshufb diffusion, 32 blocks byte-sliced in ymm",
        .cpu = KC_CPU_AVX2 | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_aesni_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
