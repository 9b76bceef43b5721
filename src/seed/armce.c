/* SPDX-License-Identifier: MIT */
/* SEED on AArch64 with the ARMv8 Crypto Extensions: S-boxes through AESE,
 * 4 blocks word-sliced per register, four sets (16 blocks) per pass
 * (seed_neon.h).  An S-box is the input map into the AES field by two TBL
 * nibble look-ups, the inversion by AESE with a zero key (its ShiftRows
 * undone beforehand by a TBL), then each S-box's output map by two more
 * look-ups and a blend by byte position (seed_common.h, as
 * seed_aesni_x86.h).  Constant time: AES instructions, TBL on registers,
 * ARX. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "seed/seed_common.h"

KC_TARGET_BEGIN("+crypto")

#define SETS 4
#define EB(m, i, sh, c) (uint8_t)(SEED_APPLY(m, (unsigned)(i) << (sh)) ^ (c))
#define NIB(m, sh, c) { EB(m, 0, sh, c), EB(m, 1, sh, c), EB(m, 2, sh, c), EB(m, 3, sh, c),          \
    EB(m, 4, sh, c), EB(m, 5, sh, c), EB(m, 6, sh, c), EB(m, 7, sh, c), EB(m, 8, sh, c),             \
    EB(m, 9, sh, c), EB(m, 10, sh, c), EB(m, 11, sh, c), EB(m, 12, sh, c), EB(m, 13, sh, c),         \
    EB(m, 14, sh, c), EB(m, 15, sh, c) }

/* Nibble tables (low, high) of the input map and of each output map. */
static const uint8_t NIBBLES[6][16] = {
    NIB(SEED_G_IN, 0, 0), NIB(SEED_G_IN, 4, 0),
    NIB(SEED_N_OUT1, 0, SEED_N_C1), NIB(SEED_N_OUT1, 4, 0),
    NIB(SEED_N_OUT2, 0, SEED_N_C2), NIB(SEED_N_OUT2, 4, 0),
};
/* InvShiftRows as a TBL; S2's byte positions (1 and 3 of each word). */
static const uint8_t INV_SHIFT_ROWS[16] = { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 };

static inline __attribute__((always_inline)) uint8x16_t lin(uint8x16_t x, int m)
{
    return veorq_u8(vqtbl1q_u8(vld1q_u8(NIBBLES[2 * m]), vandq_u8(x, vdupq_n_u8(0x0f))),
                    vqtbl1q_u8(vld1q_u8(NIBBLES[2 * m + 1]), vshrq_n_u8(x, 4)));
}

/* The S-boxes; shifted: x's columns differ, so ShiftRows is undone first
 * (one block broadcast to four equal columns skips it). */
static inline __attribute__((always_inline)) uint32x4_t sbox_(uint32x4_t x, int shifted)
{
    uint8x16_t y = vreinterpretq_u8_u32(x);
    if (shifted) y = vqtbl1q_u8(y, vld1q_u8(INV_SHIFT_ROWS));
    y = vaeseq_u8(lin(y, 0), vdupq_n_u8(0));
    return vreinterpretq_u32_u8(vbslq_u8(vreinterpretq_u8_u32(vdupq_n_u32(0xff00ff00u)), lin(y, 2), lin(y, 1)));
}
#define SBOX(x) sbox_(x, 1)
#define SBOX1(x) sbox_(x, 0)

#include "seed/seed_neon.h"

const kc_block_backend kc_seed_armce = {
    .head = {
        .name = "armce",
        .summary = "ARMv8 Crypto Extensions S-boxes (AESE + TBL affine maps), NEON word-sliced, 16 blocks per pass, constant time",
        .cpu = KC_CPU_NEON | KC_CPU_ARMAES,
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
