/* SPDX-License-Identifier: MIT */
/* HIGHT, one block at a time in xmm registers (SSSE3): the path of CBC
 * encryption and CMAC, whose blocks come one by one.  This file: the
 * technique and its key tables (portable C); the kernel, x86 intrinsics,
 * is hight_lone_encrypt in hight_simd.h, and its NEON copy (tbl for
 * pshufb, the same tables) is in neon.c.
 *
 * A round's four F computations are independent, so the round's latency
 * is what counts.  E holds the even state bytes (a, c, e, g), O the odd
 * ones (b, d, f, h), in slots 0..3 = xmm bytes 1, 3, 5, 7 (the even
 * bytes stay 0, so a 16-bit shift right by 4 leaves each high nibble
 * clean, ready for pshufb).  A round updates one register from the other,
 * slot by slot: two slots add F1(x) ^ SK, two XOR F0(x) + SK.  Each
 * register is kept as two halves with zeros elsewhere, the bytes that
 * take F1 and those that take F0 when it is next the source (after being
 * an add target a byte takes F0, after a XOR target F1), so no mask picks
 * the table: F(x) = T_lo[x & 15] ^ T_hi[x >> 4] (pshufb; F is linear,
 * F(0) = 0).  Per round, with perm lining the target's slots up with the
 * source's (off the critical path: the target has been waiting):
 *   T0' = (perm(T1) ^ ca) + F1(S1)      T1' = perm(T0) ^ cx ^ (F0(S0) + ka)
 * The XOR subkeys of F1 enter through its input (F1(x) ^ k = F1(x ^
 * F1^-1(k))), folded into the previous round's cx; ca takes them back out
 * before the add.  Critical path: 4 cycles (and or shift, pshufb, xor,
 * add) into an add target, 5 into a XOR target; the chains alternate.
 * Every constant is read by round number: no index or branch depends on
 * data or key. */
#ifndef KC_HIGHT_LONE_H
#define KC_HIGHT_LONE_H
#include <stdint.h>
#include "hight/hight_common.h"

typedef struct hight_lone_key {
    /* per round, one byte per slot (byte 2p + 1 of each word) */
    uint64_t perm[HIGHT_ROUNDS], ka[HIGHT_ROUNDS], ca[HIGHT_ROUNDS], cx[HIGHT_ROUNDS];
    uint64_t in_add, in_xor;   /* whitening of E (and round 0's F1 XOR keys) */
    uint64_t o_xor;            /* O's last pending F1 XOR keys */
    uint64_t out_e, out_o;     /* pshufb: the block's bytes from E and O */
    uint64_t out_add, out_xor; /* output whitening */
} hight_lone_key;

static inline uint8_t hight_f1_inv(uint8_t x)
{
    return hight_rol(x, 2) ^ hight_rol(x, 3) ^ hight_rol(x, 4) ^ hight_rol(x, 5) ^ hight_rol(x, 7);
}

/* Slot p of a register holds its logical byte (p + off) & 3 (E_i = a, c,
 * e, g; O_i = b, d, f, h).  Round r (0-based) writes O_i from E_i (r even)
 * or E_i from O_{i-1} (r odd) with subkey j = (i + r / 2) & 3 of the
 * round: even j adds F1 ^ SK, odd j XORs F0 + SK (the standard's x1, x3,
 * x5, x7 in turn).  Lining the target up with the source gives it offset
 * (r + 1) / 2: after round 0 each round turns the target one slot (from
 * slot p + 1 to p), and slot p takes subkey j = (p + r) & 3; it is then
 * the source of round r + 1 with j = (p + r + 1) & 3, the other role. */
#define HIGHT_SLOT(v, p) ((uint64_t)(v) << (16 * (p) + 8))

static inline void hight_lone_set_key(hight_lone_key *l, const hight_key *k)
{
    uint8_t inv[2 * HIGHT_ROUNDS];   /* F1^-1 of the F1 subkeys SK_2m */
    for (unsigned m = 0; m < 2 * HIGHT_ROUNDS; m++) inv[m] = hight_f1_inv(k->sk[2 * m]);
    l->in_add = HIGHT_SLOT(k->wk[0], 0) | HIGHT_SLOT(k->wk[2], 2);
    l->in_xor = HIGHT_SLOT(k->wk[1], 1) | HIGHT_SLOT(k->wk[3], 3) | HIGHT_SLOT(inv[0], 0) | HIGHT_SLOT(inv[1], 2);
    l->o_xor = 0;
    for (unsigned r = 0; r < HIGHT_ROUNDS; r++) {
        uint64_t perm = 0x8080808080808080ull, ka = 0, ca = 0, cx = 0;
        for (unsigned p = 0; p < 4; p++) {
            unsigned j = (p + r) & 3, from = r ? (p + 1) & 3 : p;
            perm ^= HIGHT_SLOT(0x80 ^ (2 * from + 1), p);
            if (j & 1) {   /* XOR slot: F0 + SK; put in this round's F1 subkey of round r + 1 */
                ka |= HIGHT_SLOT(k->sk[4 * r + j], p);
                if (r + 1 < HIGHT_ROUNDS) cx |= HIGHT_SLOT(inv[(4 * (r + 1) + ((j + 1) & 3)) / 2], p);
            } else if (r) {  /* add slot: take out the F1 subkey it carried into round r - 1 */
                ca |= HIGHT_SLOT(inv[(4 * (r - 1) + j) / 2], p);
            }
        }
        l->perm[r] = perm; l->ka[r] = ka; l->ca[r] = ca; l->cx[r] = cx;
    }
    /* After round 31, E has offset 16 & 3 = 0 and no subkey; O has offset
     * 15 & 3 = 3 and round 31's F1 subkeys, put in by round 30. */
    for (unsigned p = 0; p < 4; p++)
        if (!((p + 31) & 3 & 1)) l->o_xor |= HIGHT_SLOT(inv[(4 * 31 + ((p + 31) & 3)) / 2], p);
    /* out = b + wk4, c, d ^ wk5, e, f + wk6, g, h ^ wk7, a: O_0 .. O_3 at
     * bytes 0, 2, 4, 6; E_1, E_2, E_3, E_0 at bytes 1, 3, 5, 7. */
    l->out_e = l->out_o = 0x8080808080808080ull;
    for (unsigned i = 0; i < 4; i++) {
        unsigned se = i, so = (i - 3) & 3, be = 2 * ((i + 3) & 3) + 1;
        l->out_o ^= (uint64_t)(0x80 ^ (2 * so + 1)) << 16 * i;
        l->out_e ^= (uint64_t)(0x80 ^ (2 * se + 1)) << 8 * be;
    }
    l->out_add = (uint64_t)k->wk[4] | (uint64_t)k->wk[6] << 32;
    l->out_xor = (uint64_t)k->wk[5] << 16 | (uint64_t)k->wk[7] << 48;
    kc_wipe(inv, sizeof inv);
}
#undef HIGHT_SLOT

#endif
