/* SPDX-License-Identifier: MIT */
/* SEED with AES-NI S-boxes on SSSE3 (seed_aesni_x86.h in xmm registers:
 * AES-NI without AVX2, Westmere to Ivy Bridge), 4 blocks word-sliced per
 * register, twelve sets (48 blocks) per pass, the rounds as short
 * loops (seed_x86.h, SEED_STAGED); one block (CBC
 * encryption, CMAC) by seed_aes1.h.  Constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("ssse3,aes")
#define SEED_VAES 0
#define SEED_XMM 1
#include "seed/seed_aesni_x86.h"

const kc_block_backend kc_seed_aesni_ssse3 = {
    .head = {
        .name = "aesni-ssse3",
        .summary = "AES-NI S-boxes (aesenclast + pshufb affine maps), SSSE3 word-sliced, 48 blocks per pass, constant time",
        .cpu = KC_CPU_SSSE3 | KC_CPU_AESNI,
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
