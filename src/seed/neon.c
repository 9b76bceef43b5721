/* SPDX-License-Identifier: MIT */
/* SEED on AArch64 NEON without the Crypto Extensions: S-boxes by TBL/TBX
 * over the 256-byte tables, 4 blocks word-sliced per register, four sets
 * (16 blocks) per pass (seed_neon.h).  Each table is looked up 64 bytes
 * (four registers) at a time with indices x, x^0x40, x^0x80, x^0xc0 (an
 * out-of-range index leaves the result alone, as in src/aria/neon.c): the
 * secret bytes only select register bytes, never a memory address.
 * Constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "seed/seed_common.h"
#include "seed/seed_sbox.h"

#define SETS 4

static inline __attribute__((always_inline)) uint8x16_t lookup(const uint8_t t[256], uint8x16_t x)
{
    uint8x16_t r = vqtbl4q_u8(vld1q_u8_x4(t), x);
    for (int q = 1; q < 4; q++)
        r = vqtbx4q_u8(r, vld1q_u8_x4(t + 64 * q), veorq_u8(x, vdupq_n_u8((uint8_t)(0x40 * q))));
    return r;
}

static inline __attribute__((always_inline)) uint32x4_t sbox(uint32x4_t x)
{
    uint8x16_t b = vreinterpretq_u8_u32(x);
    return vreinterpretq_u32_u8(vbslq_u8(vreinterpretq_u8_u32(vdupq_n_u32(0xff00ff00u)),
                                         lookup(seed_sbox[1], b), lookup(seed_sbox[0], b)));
}
#define SBOX sbox
#define SBOX1 sbox

#include "seed/seed_neon.h"

const kc_block_backend kc_seed_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON word-sliced, S-boxes by TBL/TBX over 256-byte tables, 16 blocks per pass, constant time",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(seed_key),
    },
    .set_key = seed_simd_set_key,
    .encrypt = seed_simd_encrypt,
    .decrypt = seed_simd_decrypt,
    .ctr = seed_simd_ctr,
    .cbc_encrypt = seed_simd_cbc,
};
#endif
