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

/* w[i] = G(w[i]) for i < 16. */
static inline void seed_g16(uint32_t w[16])
{
    uint64_t x[8], a[8], o1[8], o2[8];
    for (int i = 0; i < 8; i++) x[i] = (uint64_t)w[2 * i + 1] << 32 | w[2 * i];
    kc_gf_transpose8(x);
    KC_GF_LIN(a, x, SEED_T_IN);
    kc_gf_tower_inv_n10(a);
    KC_GF_LIN(o1, a, SEED_T_OUT1);
    KC_GF_LIN(o2, a, SEED_T_OUT2);
    for (int i = 0; i < 8; i++)
        x[i] = (o1[i] & SEED_BS_S1) ^ (o2[i] & ~SEED_BS_S1)
             ^ seed_const_plane(169, i, SEED_BS_S1) ^ seed_const_plane(56, i, ~SEED_BS_S1);
    kc_gf_transpose8(x);
    for (int i = 0; i < 8; i++) {
        w[2 * i] = seed_mix((uint32_t)x[i]);
        w[2 * i + 1] = seed_mix((uint32_t)(x[i] >> 32));
    }
    kc_wipe(x, sizeof x); kc_wipe(a, sizeof a); kc_wipe(o1, sizeof o1); kc_wipe(o2, sizeof o2);
}

/* The round keys, G run over the schedule's inputs in two passes. */
static inline void seed_bs_set_key(seed_key *k, const uint8_t key[16])
{
    seed_key_inputs(k->rk, key);
    seed_g16(k->rk);
    seed_g16(k->rk + 16);
}

#endif
