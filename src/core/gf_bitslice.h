/* SPDX-License-Identifier: MIT */
/* Bitsliced GF(16) and tower-field GF(2^8) inversion, shared by the
 * constant-time S-boxes of ARIA (ct.c, bs32.c) and FEA (ct.c).  Word i of
 * an element holds bit i of as many field elements as the word has lanes;
 * everything is AND and XOR, so the time does not depend on the data.
 *
 * The including file defines KC_GF_W, its word type (uint32_t, uint64_t),
 * then includes this header once.  (seed/sse2.c includes it a second time for
 * another word type, the function names #defined to others.)
 *
 * GF(16) = GF(2)[z]/(z^4 + z + 1).  GF(2^8) is the tower GF(16)[Y]/(Y^2 + Y
 * + N) for a constant N of the caller's choice (ARIA: z^3 + z, FEA: 15), an
 * element h.Y + l; each cipher maps its own byte basis to and from it. */
#include <stdint.h>

#ifndef KC_GF_W
#error "define KC_GF_W (the word type) before including core/gf_bitslice.h"
#endif
/* KC_GF_K(c): a word of constant c (a vector KC_GF_W, e.g. a gcc vector of
 * 64-bit parts, defines it as c in every part). */
#ifndef KC_GF_K
#define KC_GF_K(c) ((KC_GF_W)(c))
#endif
/* KC_GF_INLINE: how the functions below are declared (a caller may force
 * them inline). */
#ifndef KC_GF_INLINE
#define KC_GF_INLINE static inline
#endif

/* o = a.b (schoolbook, then z^4 = z + 1, z^5 = z^2 + z, z^6 = z^3 + z^2). */
KC_GF_INLINE void kc_gf16_mul(KC_GF_W o[4], const KC_GF_W a[4], const KC_GF_W b[4])
{
    KC_GF_W p4 = (a[1] & b[3]) ^ (a[2] & b[2]) ^ (a[3] & b[1]);
    KC_GF_W p5 = (a[2] & b[3]) ^ (a[3] & b[2]), p6 = a[3] & b[3];
    o[0] = (a[0] & b[0]) ^ p4;
    o[1] = (a[0] & b[1]) ^ (a[1] & b[0]) ^ p4 ^ p5;
    o[2] = (a[0] & b[2]) ^ (a[1] & b[1]) ^ (a[2] & b[0]) ^ p5 ^ p6;
    o[3] = (a[0] & b[3]) ^ (a[1] & b[2]) ^ (a[2] & b[1]) ^ (a[3] & b[0]) ^ p6;
}

/* o = a^-1 = a^14 (0 -> 0), written as its algebraic normal form. */
KC_GF_INLINE void kc_gf16_inv(KC_GF_W o[4], const KC_GF_W a[4])
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
KC_GF_INLINE void kc_gf_tower_inv(KC_GF_W oh[4], KC_GF_W ol[4], const KC_GF_W h[4], const KC_GF_W l[4],
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

/* o = m.x on eight bit planes (plane b = bit b of many bytes), m an 8x8
 * bit matrix in the GFNI encoding (output bit i = parity(byte 7 - i of m
 * AND x)) known at compile time: the masks fold to plain XORs. */
#define KC_GF_MB(m, i, j) (0 - KC_GF_K((m) >> (8 * (7 - (i)) + (j)) & 1))
#define KC_GF_ROW(x, m, i) ((x[0] & KC_GF_MB(m, i, 0)) ^ (x[1] & KC_GF_MB(m, i, 1))          \
    ^ (x[2] & KC_GF_MB(m, i, 2)) ^ (x[3] & KC_GF_MB(m, i, 3)) ^ (x[4] & KC_GF_MB(m, i, 4))    \
    ^ (x[5] & KC_GF_MB(m, i, 5)) ^ (x[6] & KC_GF_MB(m, i, 6)) ^ (x[7] & KC_GF_MB(m, i, 7)))
#define KC_GF_LIN(o, x, m) do {                                                      \
    o[0] = KC_GF_ROW(x, m, 0); o[1] = KC_GF_ROW(x, m, 1); o[2] = KC_GF_ROW(x, m, 2);  \
    o[3] = KC_GF_ROW(x, m, 3); o[4] = KC_GF_ROW(x, m, 4); o[5] = KC_GF_ROW(x, m, 5);  \
    o[6] = KC_GF_ROW(x, m, 6); o[7] = KC_GF_ROW(x, m, 7);                             \
} while (0)

/* Inversion in the tower field with N = z^3 + z (ARIA's and SEED's choice)
 * of h.Y + l, l in planes 0-3, h in 4-7, in place. */
KC_GF_INLINE void kc_gf_tower_inv_n10(KC_GF_W x[8])
{
    const KC_GF_W *l = x, *h = x + 4;
    KC_GF_W n[4] = {                   /* N.h^2 + l^2 */
        h[2] ^ h[3] ^ l[0] ^ l[2],
        h[0] ^ h[1] ^ l[2],
        h[1] ^ h[2] ^ l[1] ^ l[3],
        h[0] ^ h[1] ^ h[2] ^ l[3],
    };
    kc_gf_tower_inv(x + 4, x, h, l, n);
}

KC_GF_INLINE void kc_gf_swapmove(KC_GF_W *a, KC_GF_W *b, KC_GF_W mask, unsigned n)
{
    KC_GF_W t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Exchanges the word index (0..7) with the bit-in-byte index: afterwards
 * word b holds bit b of byte j of word w at bit 8j + w.  Its own inverse. */
KC_GF_INLINE void kc_gf_transpose8(KC_GF_W r[8])
{
    for (int i = 0; i < 8; i += 2) kc_gf_swapmove(&r[i], &r[i + 1], KC_GF_K(0x5555555555555555ull), 1);
    for (int i = 0; i < 8; i += 4) {
        kc_gf_swapmove(&r[i], &r[i + 2], KC_GF_K(0x3333333333333333ull), 2);
        kc_gf_swapmove(&r[i + 1], &r[i + 3], KC_GF_K(0x3333333333333333ull), 2);
    }
    for (int i = 0; i < 4; i++) kc_gf_swapmove(&r[i], &r[i + 4], KC_GF_K(0x0F0F0F0F0F0F0F0Full), 4);
}
