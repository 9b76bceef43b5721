/* SPDX-License-Identifier: MIT */
/* FEA, aesni-avx512: aesni-avx2 (aesni_x86.h) on zmm, 64 blocks per pass,
 * for AVX-512 CPUs without GFNI or VAES (Skylake-SP, Cascade Lake): each
 * aesenclast on one 128-bit lane.  Constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
KC_TARGET_BEGIN("avx512f,avx512bw,avx2,aes")
#define FEA_AESNI_VAES 0
#define FEA_AESNI_W 512
#include "fea/aesni_x86.h"

const kc_fea_backend kc_fea_aesni_avx512 = {
    .head = {
        .name = "aesni-avx512",
        .summary = "constant time: AES-NI S-box, pshufb diffusion, 64 blocks byte-sliced in zmm",
        .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_AVX2 | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_aesni_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
