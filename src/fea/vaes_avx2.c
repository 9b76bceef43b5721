/* SPDX-License-Identifier: MIT */
/* FEA, vaes-avx2: aesni-avx2 (aesni_x86.h) with one VAES aesenclast per ymm,
 * for AVX2 CPUs with VAES but without GFNI (Zen 3).  Constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
KC_TARGET_BEGIN("avx2,aes,vaes")
#define FEA_AESNI_VAES 1
#define FEA_AESNI_W 256
#include "fea/aesni_x86.h"

const kc_fea_backend kc_fea_vaes_avx2 = {
    .head = {
        .name = "vaes-avx2",
        .summary = "constant time: VAES S-box (256-bit aesenclast), pshufb diffusion, 32 blocks byte-sliced in ymm",
        .cpu = KC_CPU_AVX2 | KC_CPU_AESNI | KC_CPU_VAES,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_aesni_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
