/* SPDX-License-Identifier: MIT */
/* FEA, aesni-avx2: AES-NI S-box and pshufb diffusion on ymm (aesni_x86.h),
 * for AVX2 CPUs without GFNI or VAES (Haswell, Zen 2): each aesenclast on
 * one 128-bit lane.  Constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
KC_TARGET_BEGIN("avx2,aes")
#define FEA_AESNI_VAES 0
#define FEA_AESNI_W 256
#include "fea/aesni_x86.h"

const kc_fea_backend kc_fea_aesni_avx2 = {
    .head = {
        .name = "aesni-avx2",
        .summary = "constant time: AES-NI S-box, pshufb diffusion, 32 blocks byte-sliced in ymm",
        .cpu = KC_CPU_AVX2 | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_aesni_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
