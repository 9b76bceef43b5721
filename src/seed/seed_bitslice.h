/* SPDX-License-Identifier: MIT */
/* SEED's G on 16 words at once in constant time: bitsliced S-boxes over
 * 64-bit planes (ct.c, and the key schedule of the SIMD backends).
 *
 * The 16 words are packed two to a 64-bit word and transposed so that
 * plane b holds bit b of all 64 bytes (core/gf_bitslice.h).  Both S-boxes
 * are affine maps around the same inversion (seed_common.h): one input map
 * T, one tower-field inversion circuit, then both output maps, each kept
 * on the byte positions of its S-box.  Secret data only meets AND, XOR and
 * fixed shifts. */
#ifndef KC_SEED_BITSLICE_H
#define KC_SEED_BITSLICE_H
#include "seed/seed_common.h"

#define KC_GF_W uint64_t
#include "core/gf_bitslice.h"

/* After the transposition byte j of packed word w is bit 8j + w: the bytes
 * 0 and 2 of each 32-bit word (S1) are j = 0, 2, 4, 6. */
#define SEED_BS_S1 0x00FF00FF00FF00FFull

static inline uint64_t seed_const_plane(unsigned c, int i, uint64_t pos)
{
    return (0 - (uint64_t)(c >> i & 1)) & pos;
}

/* The S-boxes on planes x (S1 on the bits of SEED_BS_S1), in place. */
static inline void seed_bs_sbox(uint64_t x[8])
{
    uint64_t a[8], o1[8], o2[8];
    KC_GF_LIN(a, x, SEED_T_IN);
    kc_gf_tower_inv_n10(a);
    KC_GF_LIN(o1, a, SEED_T_OUT1);
    KC_GF_LIN(o2, a, SEED_T_OUT2);
    for (int i = 0; i < 8; i++)
        x[i] = (o1[i] & SEED_BS_S1) ^ (o2[i] & ~SEED_BS_S1)
             ^ seed_const_plane(169, i, SEED_BS_S1) ^ seed_const_plane(56, i, ~SEED_BS_S1);
    kc_wipe(a, sizeof a); kc_wipe(o1, sizeof o1); kc_wipe(o2, sizeof o2);
}

/* w[i] = G(w[i]) for i < 16. */
static inline void seed_g16(uint32_t w[16])
{
    uint64_t x[8];
    for (int i = 0; i < 8; i++) x[i] = (uint64_t)w[2 * i + 1] << 32 | w[2 * i];
    kc_gf_transpose8(x);
    seed_bs_sbox(x);
    kc_gf_transpose8(x);
    for (int i = 0; i < 8; i++) {
        w[2 * i] = seed_mix((uint32_t)x[i]);
        w[2 * i + 1] = seed_mix((uint32_t)(x[i] >> 32));
    }
    kc_wipe(x, sizeof x);
}

/* w[i] = G(w[i]) for i < n <= 8, for a few blocks: bit b of byte k of w[j]
 * goes to bit 8k + j of plane b by shifts and masks, cheaper than the
 * transpositions and mixes of 16 words that seed_g16 would run. */
static inline void seed_g_few(uint32_t *w, size_t n)
{
    uint64_t x[8] = { 0 };
    for (size_t j = 0; j < n; j++)
        for (int b = 0; b < 8; b++) x[b] |= (uint64_t)(w[j] >> b & 0x01010101u) << j;
    seed_bs_sbox(x);
    for (size_t j = 0; j < n; j++) {
        uint32_t y = 0;
        for (int b = 0; b < 8; b++) y |= (uint32_t)(x[b] >> j & 0x01010101u) << b;
        w[j] = seed_mix(y);
    }
    kc_wipe(x, sizeof x);
}

/* The round keys, G run over the schedule's inputs in two passes. */
static inline void seed_bs_set_key(seed_key *k, const uint8_t key[16])
{
    seed_key_inputs(k->rk, key);
    seed_g16(k->rk);
    seed_g16(k->rk + 16);
}

#endif
