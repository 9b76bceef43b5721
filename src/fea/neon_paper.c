/* SPDX-License-Identifier: MIT */
/* FEA, neon-paper: a reproduction of the NEON implementation of [FEA-OPT]
 * (section 3.3, Fig. 9): the S-box by table (scalar look-ups,
 * not parallelised, as in the paper), then the diffusion layer's 64 GF(2^8)
 * products at once, 16 per register.  The registers hold the matrix rows
 * (vld1q_u8, two rows each) and the eight S-box outputs broadcast to every
 * row (vdupq_n_u64); Fig. 4's shift-and-add loop runs on all lanes, with
 * its two conditionals made arithmetic by vmulq_u8 (Fig. 9):
 *     result ^= (a & 1) * b;   b = (b << 1) ^ (b >> 7) * 0x71;   a >>= 1.
 * Each row's eight products are then XORed together (three UZP levels).
 * One SP per call, blocks one at a time through fea_crypt.  The S-box
 * look-ups are secret-indexed: not constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "fea/fea_common.h"

/* Byte 8q + k of ROWS[r] is M[2r + q][k] = FEA_MROW[(2r + q + k) % 8]. */
static const uint8_t ROWS[4][16] = {
    { 0x28, 0x1a, 0x7b, 0x78, 0xc3, 0xd0, 0x42, 0x40, 0x1a, 0x7b, 0x78, 0xc3, 0xd0, 0x42, 0x40, 0x28 },
    { 0x7b, 0x78, 0xc3, 0xd0, 0x42, 0x40, 0x28, 0x1a, 0x78, 0xc3, 0xd0, 0x42, 0x40, 0x28, 0x1a, 0x7b },
    { 0xc3, 0xd0, 0x42, 0x40, 0x28, 0x1a, 0x7b, 0x78, 0xd0, 0x42, 0x40, 0x28, 0x1a, 0x7b, 0x78, 0xc3 },
    { 0x42, 0x40, 0x28, 0x1a, 0x7b, 0x78, 0xc3, 0xd0, 0x40, 0x28, 0x1a, 0x7b, 0x78, 0xc3, 0xd0, 0x42 },
};

static uint64_t sp(uint64_t w)
{
    uint64_t s = 0;                 /* byte k (little-endian) = S[byte k of w, MSB first] */
    for (int k = 0; k < 8; k++) s |= (uint64_t)FEA_SBOX[(w >> (56 - 8 * k)) & 0xff] << (8 * k);

    const uint8x16_t one = vdupq_n_u8(1), poly = vdupq_n_u8(FEA_POLY);
    uint8x16_t a[4], r[4], b = vreinterpretq_u8_u64(vdupq_n_u64(s));
    for (int i = 0; i < 4; i++) {
        a[i] = vld1q_u8(ROWS[i]);
        r[i] = vdupq_n_u8(0);
    }
    for (int bit = 0; bit < 8; bit++) {             /* Fig. 4 on 64 products, Fig. 9 */
        for (int i = 0; i < 4; i++) {
            r[i] = veorq_u8(r[i], vmulq_u8(vandq_u8(a[i], one), b));
            a[i] = vshrq_n_u8(a[i], 1);
        }
        b = veorq_u8(vshlq_n_u8(b, 1), vmulq_u8(vshrq_n_u8(b, 7), poly));
    }

    /* Row j's products are bytes 8j..8j+7 of r[0..3]; each UZP level XORs
     * neighbours, halving the bytes per row, until byte j is y_j. */
    uint8x16_t x01 = veorq_u8(vuzp1q_u8(r[0], r[1]), vuzp2q_u8(r[0], r[1]));
    uint8x16_t x23 = veorq_u8(vuzp1q_u8(r[2], r[3]), vuzp2q_u8(r[2], r[3]));
    uint8x16_t x = veorq_u8(vuzp1q_u8(x01, x23), vuzp2q_u8(x01, x23));
    uint8x8_t y = veor_u8(vuzp1_u8(vget_low_u8(x), vget_high_u8(x)),
                          vuzp2_u8(vget_low_u8(x), vget_high_u8(x)));
    return vget_lane_u64(vreinterpret_u64_u8(vrev64_u8(y)), 0);   /* y_0 most significant */
}

static kc_status set_key(void *ctx, int variant, const uint8_t *key, size_t key_len, unsigned n_bits)
{
    return fea_expand_key(ctx, variant, key, key_len, n_bits, sp);
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    fea_crypt(ctx, out, in, count, tweak, tweak_stride, 0, sp);
}

static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    fea_crypt(ctx, out, in, count, tweak, tweak_stride, 1, sp);
}

const kc_fea_backend kc_fea_neon_paper = {
    .head = {
        .name = "neon-paper",
        .summary = "[FEA-OPT] NEON (Fig. 9): S-box by table, 64 GF(2^8) products by vmulq_u8 "
                   "(not constant time)",
        .cpu = KC_CPU_NEON,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
#endif
