/* SPDX-License-Identifier: MIT */
/* SEED word-sliced on AArch64 NEON: the code neon.c (S-boxes by TBL) and
 * armce.c (S-boxes by AESE) share.  LD4 loads four blocks as four
 * registers, register w holding word w (L0 L1 R0 R1) of each; REV32 makes
 * the big-endian words native, so a round is the scalar round
 * (seed_common.h) on whole registers.  SETS sets run side by side, as G's
 * three calls per round are a serial chain.  The including file defines
 * SETS, SBOX(x) (S1 on bytes 0 and 2 of each word, S2 on 1 and 3) and
 * SBOX1(x) (the same where every lane holds the same word: one block).
 * The key schedule is the bitsliced ct one.  Constant time when SBOX is. */
#ifndef KC_SEED_NEON_H
#define KC_SEED_NEON_H
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "core/ctr_neon.h"
#include "seed/seed_bitslice.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define V_LANES 4
#define BATCH (V_LANES * SETS)
#define U8(x) vreinterpretq_u8_u32(x)
#define U32(x) vreinterpretq_u32_u8(x)

static ALWAYS_INLINE uint32x4_t bswap(uint32x4_t x) { return U32(vrev32q_u8(U8(x))); }

/* seed_mix(): ROR8 by TBL, ROR16 by REV32 on halves. */
static ALWAYS_INLINE uint32x4_t seed_g(uint32x4_t x, int one)
{
    static const uint8_t ror8[16] = { 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12 };
    uint32x4_t y = one ? SBOX1(x) : SBOX(x), r = U32(vqtbl1q_u8(U8(y), vld1q_u8(ror8)));
    uint32x4_t lo = veorq_u32(vandq_u32(y, vdupq_n_u32(SEED_MIX0)), vandq_u32(r, vdupq_n_u32(SEED_MIX1)));
    uint32x4_t hi = veorq_u32(vandq_u32(y, vdupq_n_u32(SEED_MIX2)), vandq_u32(r, vdupq_n_u32(SEED_MIX3)));
    return veorq_u32(lo, vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(hi))));
}

/* One round on every set: l ^= F(r). */
static ALWAYS_INLINE void seed_round(uint32x4_t (*s)[4], int l, const uint32_t *rk, int sets, int one)
{
    uint32x4_t k0 = vdupq_n_u32(rk[0]), k1 = vdupq_n_u32(rk[1]), a[SETS], t[SETS], u[SETS], d[SETS];
    int r = 2 - l;
    for (int q = 0; q < sets; q++) {
        a[q] = veorq_u32(s[q][r], k0);
        t[q] = seed_g(veorq_u32(a[q], veorq_u32(s[q][r + 1], k1)), one);
    }
    for (int q = 0; q < sets; q++) u[q] = seed_g(vaddq_u32(t[q], a[q]), one);
    for (int q = 0; q < sets; q++) d[q] = seed_g(vaddq_u32(u[q], t[q]), one);
    for (int q = 0; q < sets; q++) {
        s[q][l] = veorq_u32(s[q][l], vaddq_u32(d[q], u[q]));
        s[q][l + 1] = veorq_u32(s[q][l + 1], d[q]);
    }
}

static ALWAYS_INLINE void seed_rounds(const seed_key *k, uint32x4_t (*s)[4], int sets, int dec, int one)
{
    for (int i = 0; i < 16; i += 2) {
        seed_round(s, 0, k->rk + 2 * (dec ? 15 - i : i), sets, one);
        seed_round(s, 2, k->rk + 2 * (dec ? 14 - i : i + 1), sets, one);
    }
}

/* Output R || L (words 2 3 0 1) in LD4's layout. */
static ALWAYS_INLINE uint32x4x4_t seed_unslice(const uint32x4_t s[4])
{
    uint32x4x4_t o = { { bswap(s[2]), bswap(s[3]), bswap(s[0]), bswap(s[1]) } };
    return o;
}

/* sets * 4 blocks. */
static ALWAYS_INLINE void seed_pass(const seed_key *k, uint8_t *out, const uint8_t *in, int sets, int dec)
{
    uint32x4_t s[SETS][4];
    for (int q = 0; q < sets; q++) {
        uint32x4x4_t x = vld4q_u32((const uint32_t *)(const void *)(in + 64 * q));
        for (int j = 0; j < 4; j++) s[q][j] = bswap(x.val[j]);
    }
    seed_rounds(k, s, sets, dec, 0);
    for (int q = 0; q < sets; q++) vst4q_u32((uint32_t *)(void *)(out + 64 * q), seed_unslice(s[q]));
}

/* A pass of fewer sets (a count known only at run time). */
static __attribute__((noinline)) void seed_pass_some(const seed_key *k, uint8_t *out, const uint8_t *in,
                                                     int sets, int dec)
{
    seed_pass(k, out, in, sets, dec);
}

/* One block (CBC encryption, CMAC: a serial chain), words w[0..3]: each
 * broadcast to a whole register (AESE's ShiftRows is then the identity);
 * the output words go to w. */
static ALWAYS_INLINE void seed_one(const seed_key *k, uint32_t w[4], int dec)
{
    uint32x4_t s[1][4] = { { vdupq_n_u32(w[0]), vdupq_n_u32(w[1]), vdupq_n_u32(w[2]), vdupq_n_u32(w[3]) } };
    seed_rounds(k, s, 1, dec, 1);
    w[0] = vgetq_lane_u32(s[0][2], 0); w[1] = vgetq_lane_u32(s[0][3], 0);
    w[2] = vgetq_lane_u32(s[0][0], 0); w[3] = vgetq_lane_u32(s[0][1], 0);
}

/* CTR: the counter blocks made sliced (words 0-2 the same in every lane,
 * word 3 low + the block index), the keystream XORed in as it is stored. */
static ALWAYS_INLINE void seed_ctr_pass(const seed_key *k, const uint8_t *ctr, uint32_t low, uint8_t *out,
                                        const uint8_t *in, size_t n, int sets)
{
    static const uint32_t index[4] = { 0, 1, 2, 3 };
    uint32x4_t s[SETS][4];
    for (int q = 0; q < sets; q++) {
        for (int j = 0; j < 3; j++) s[q][j] = vdupq_n_u32(kc_load32_be(ctr + 4 * j));
        s[q][3] = vaddq_u32(vdupq_n_u32(low + 4 * (uint32_t)q), vld1q_u32(index));
    }
    seed_rounds(k, s, sets, 0, 0);
    for (int q = 0; q < sets; q++)
        kc_ctr_neon_xor4(out + 64 * q, in + 64 * q, seed_unslice(s[q]), n - 4 * (size_t)q < 4 ? n - 4 * (size_t)q : 4);
}

#include "seed/seed_simd_glue.h"

#endif
