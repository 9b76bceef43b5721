/* SPDX-License-Identifier: MIT */
/* Bitsliced GF(16) and tower-field GF(2^8) inversion, shared by the
 * constant-time S-boxes of ARIA (ct.c, bs32.c) and FEA (ct.c).  Word i of
 * an element holds bit i of as many field elements as the word has lanes;
 * everything is AND and XOR, so the time does not depend on the data.
 *
 * The including file defines KC_GF_W, its word type (uint32_t, uint64_t),
 * then includes this header once.
 *
 * GF(16) = GF(2)[z]/(z^4 + z + 1).  GF(2^8) is the tower GF(16)[Y]/(Y^2 + Y
 * + N) for a constant N of the caller's choice (ARIA: z^3 + z, FEA: 15), an
 * element h.Y + l; each cipher maps its own byte basis to and from it. */
#include <stdint.h>

#ifndef KC_GF_W
#error "define KC_GF_W (the word type) before including core/gf_bitslice.h"
#endif

/* o = a.b (schoolbook, then z^4 = z + 1, z^5 = z^2 + z, z^6 = z^3 + z^2). */
static inline void kc_gf16_mul(KC_GF_W o[4], const KC_GF_W a[4], const KC_GF_W b[4])
{
    KC_GF_W p4 = (a[1] & b[3]) ^ (a[2] & b[2]) ^ (a[3] & b[1]);
    KC_GF_W p5 = (a[2] & b[3]) ^ (a[3] & b[2]), p6 = a[3] & b[3];
    o[0] = (a[0] & b[0]) ^ p4;
    o[1] = (a[0] & b[1]) ^ (a[1] & b[0]) ^ p4 ^ p5;
    o[2] = (a[0] & b[2]) ^ (a[1] & b[1]) ^ (a[2] & b[0]) ^ p5 ^ p6;
    o[3] = (a[0] & b[3]) ^ (a[1] & b[2]) ^ (a[2] & b[1]) ^ (a[3] & b[0]) ^ p6;
}

/* o = a^-1 = a^14 (0 -> 0), written as its algebraic normal form. */
static inline void kc_gf16_inv(KC_GF_W o[4], const KC_GF_W a[4])
{
    KC_GF_W a01 = a[0] & a[1], a02 = a[0] & a[2], a03 = a[0] & a[3];
    KC_GF_W a12 = a[1] & a[2], a13 = a[1] & a[3], a23 = a[2] & a[3];
    KC_GF_W a123 = a12 & a[3], all = a[0] ^ a[1] ^ a[2] ^ a[3];
    o[0] = all ^ a02 ^ a12 ^ (a01 & a[2]) ^ a123;
    o[1] = a01 ^ a02 ^ a12 ^ a[3] ^ a13 ^ (a01 & a[3]);
    o[2] = a01 ^ a[2] ^ a02 ^ a[3] ^ a03 ^ (a02 & a[3]);
    o[3] = all ^ a[0] ^ a03 ^ a13 ^ a23 ^ a123;
}

/* (h.Y + l)^-1 = (h.Y + h + l) / d with d = N.h^2 + h.l + l^2 (0 -> 0).
 * The caller gives n = N.h^2 + l^2: squaring is linear over GF(2), so for
 * its fixed N that is a few XORs of the bits.  oh, ol may be h, l. */
static inline void kc_gf_tower_inv(KC_GF_W oh[4], KC_GF_W ol[4], const KC_GF_W h[4], const KC_GF_W l[4],
                                   const KC_GF_W n[4])
{
    KC_GF_W d[4], di[4], hl[4], nh[4];
    kc_gf16_mul(d, h, l);
    for (int i = 0; i < 4; i++) d[i] ^= n[i];
    kc_gf16_inv(di, d);
    for (int i = 0; i < 4; i++) hl[i] = h[i] ^ l[i];
    kc_gf16_mul(nh, h, di);
    kc_gf16_mul(ol, hl, di);
    for (int i = 0; i < 4; i++) oh[i] = nh[i];
}
