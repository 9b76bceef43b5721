/* SPDX-License-Identifier: MIT */
/* ARIA's S-box layer on bit planes, shared by ct.c (64-bit planes, four
 * blocks), bs32.c (32-bit planes, two blocks) and sse2.c (128-bit planes,
 * eight blocks): x[i] holds bit i of every byte.  The including file defines
 *   ARIA_BS_W    the plane type (uint64_t, uint32_t, a gcc vector);
 *   ARIA_POS(t)  the plane bits of the bytes at positions p % 4 == t
 * and, optionally,
 *   ARIA_BS_K(c)    a plane of the 64-bit constant c (a vector type: c in
 *                   every 64-bit part; default a cast);
 *   ARIA_BS_INLINE  how the functions below are declared (default static
 *                   inline)
 * and includes this header once.
 *
 * All four S-boxes are affine maps around inversion in GF(2^8), so one
 * bitsliced inversion circuit serves every byte; the affine maps are chosen
 * per byte position with constant masks.  The inversion runs in the tower
 * field GF(16)[Y]/(Y^2 + Y + L), GF(16) = GF(2)[z]/(z^4 + z + 1), L = z^3 +
 * z (core/gf_bitslice.h): far fewer gates than in the AES polynomial basis.
 * The isomorphism sends x to (z^2)Y + z^3 + z^2 (byte 0x4c: high nibble the
 * Y coefficient); its matrix T and T^-1 are folded into the affine maps
 * around the inversion:
 *   S1(x) = A.x^-1 + 0x63  = (A.T^-1).inv(T.x) + 0x63
 *   S2(x) = B.x^-1 + 0xE2  = (B.T^-1).inv(T.x) + 0xE2
 *   X1(y) = (A^-1.y + 0x05)^-1 = T^-1.inv((T.A^-1).y + T(0x05))
 *   X2(y) = (B^-1.y + 0x2C)^-1 = T^-1.inv((T.B^-1).y + T(0x2C))
 * A is the AES affine matrix, B that of S2 ([ARIA]).  The
 * products were computed, and checked on all 256 inputs of every S-box, by
 * tests/vectors/aria/derive_ct_constants.py.  Secret data only meets AND,
 * XOR and fixed shifts. */
#include "aria/aria_common.h"

#ifndef ARIA_BS_K
#define ARIA_BS_K(c) ((ARIA_BS_W)(c))
#endif
#ifndef ARIA_BS_INLINE
#define ARIA_BS_INLINE static inline
#endif
#define KC_GF_W ARIA_BS_W
#define KC_GF_K(c) ARIA_BS_K(c)
#define KC_GF_INLINE ARIA_BS_INLINE
#include "core/gf_bitslice.h"

/* Matrices in the GFNI encoding: output bit i = parity(byte 7-i of m AND
 * input). */
#define M_T    0x212cc2cadcac72a0ull   /* T */
#define M_TX1  0x302332178671bec6ull   /* T.A^-1, then + 0x33 = T(0x05) */
#define M_TX2  0xce4110d7d488381full   /* T.B^-1, then + 0xeb = T(0x2C) */
#define M_TI   0xa370ac0cc4a25622ull   /* T^-1 */
#define M_S1TI 0xb1050b51b7b6901eull   /* A.T^-1, then + 0x63 */
#define M_S2TI 0xaab23ba704e3a887ull   /* B.T^-1, then + 0xE2 */

#define LIN(o, x, m) KC_GF_LIN(o, x, m)   /* core/gf_bitslice.h */

/* Inversion of h.Y + l (l in planes 0-3, h in 4-7), in place. */
ARIA_BS_INLINE void tower_inv(ARIA_BS_W x[8])
{
    const ARIA_BS_W *l = x, *h = x + 4;
    ARIA_BS_W n[4] = {                   /* L.h^2 + l^2 */
        h[2] ^ h[3] ^ l[0] ^ l[2],
        h[0] ^ h[1] ^ l[2],
        h[1] ^ h[2] ^ l[1] ^ l[3],
        h[0] ^ h[1] ^ h[2] ^ l[3],
    };
    kc_gf_tower_inv(x + 4, x, h, l, n);
}

/* Plane i of a constant byte c on the positions in pos. */
ARIA_BS_INLINE ARIA_BS_W const_plane(unsigned c, int i, ARIA_BS_W pos)
{
    return (0 - ARIA_BS_K(c >> i & 1)) & pos;
}

/* SL1 (odd rounds: S1 S2 X1 X2 on positions 0..3 mod 4) or SL2 (X1 X2 S1 S2). */
ARIA_BS_INLINE void sub_bytes(ARIA_BS_W x[8], int odd)
{
    const ARIA_BS_W s1 = ARIA_POS(odd ? 0 : 2), s2 = ARIA_POS(odd ? 1 : 3);
    const ARIA_BS_W x1 = ARIA_POS(odd ? 2 : 0), x2 = ARIA_POS(odd ? 3 : 1);
    ARIA_BS_W a[8], b[8], c[8];

    LIN(a, x, M_T);
    LIN(b, x, M_TX1);
    LIN(c, x, M_TX2);
    for (int i = 0; i < 8; i++)
        x[i] = (a[i] & (s1 | s2)) ^ (b[i] & x1) ^ (c[i] & x2)
             ^ const_plane(0x33, i, x1) ^ const_plane(0xeb, i, x2);
    tower_inv(x);
    LIN(a, x, M_TI);
    LIN(b, x, M_S1TI);
    LIN(c, x, M_S2TI);
    for (int i = 0; i < 8; i++)
        x[i] = (a[i] & (x1 | x2)) ^ (b[i] & s1) ^ (c[i] & s2)
             ^ const_plane(0x63, i, s1) ^ const_plane(0xE2, i, s2);
}

ARIA_BS_INLINE void swapmove(ARIA_BS_W *a, ARIA_BS_W *b, ARIA_BS_W mask, unsigned n)
{
    ARIA_BS_W t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Exchanges the word index (0..7) with the bit-in-byte index; its own inverse. */
ARIA_BS_INLINE void transpose(ARIA_BS_W r[8])
{
    for (int i = 0; i < 8; i += 2) swapmove(&r[i], &r[i + 1], ARIA_BS_K(0x5555555555555555ull), 1);
    for (int i = 0; i < 8; i += 4) {
        swapmove(&r[i], &r[i + 2], ARIA_BS_K(0x3333333333333333ull), 2);
        swapmove(&r[i + 1], &r[i + 3], ARIA_BS_K(0x3333333333333333ull), 2);
    }
    for (int i = 0; i < 4; i++) swapmove(&r[i], &r[i + 4], ARIA_BS_K(0x0F0F0F0F0F0F0F0Full), 4);
}
