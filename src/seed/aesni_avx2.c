/* SPDX-License-Identifier: MIT */
/* SEED with AES-NI S-boxes on AVX2 (seed_aesni_x86.h: aesenclast on each
 * 128-bit half), 8 blocks word-sliced per register, eight sets (64 blocks)
 * per pass (seed_x86.h).  Constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,aes")
#define SEED_VAES 0
#include "seed/seed_aesni_x86.h"

const kc_block_backend kc_seed_aesni_avx2 = {
    .head = {
        .name = "aesni-avx2",
        .summary = "AES-NI S-boxes (aesenclast + pshufb affine maps), AVX2 word-sliced, 64 blocks per pass, constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(seed_key),
    },
    .set_key = seed_simd_set_key,
    .encrypt = seed_simd_encrypt,
    .decrypt = seed_simd_decrypt,
    .ctr = seed_simd_ctr,
    .cbc_encrypt = seed_simd_cbc,
};
KC_TARGET_END
#endif
