/* SPDX-License-Identifier: MIT */
/* FEA, ct: constant time, the eight bytes of a word at once.
 *
 * The FEA S-box is affine-equivalent to inversion: S(x) = A(x^-1) ^ 0x62 in
 * GF(2^8) mod 0x11d, A linear (found and checked exhaustively offline).  The
 * inversion is bitsliced over the eight bytes: bit plane i holds bit i of
 * every byte, kept at bit 0 of each byte lane.  The planes are mapped to the
 * tower field GF(16)[Y]/(Y^2 + Y + 15), GF(16) = GF(2)[y]/(y^4 + y + 1),
 * where (aY + b)^-1 = (a/D) Y + (a + b)/D with D = 15a^2 + ab + b^2
 * (core/gf_bitslice.h), and the result is mapped back with A folded in.
 * (The two basis changes send x to the root 0x2b = 2Y + 11 of
 * x^8+x^4+x^3+x^2+1; the vector tests check them.)
 * The diffusion layer then multiplies all bytes by each constant of M at
 * once.  No table look-ups, no data-dependent branches or shifts. */
#include "fea/fea_common.h"
#define KC_GF_W uint64_t
#include "core/gf_bitslice.h"

#define LSB UINT64_C(0x0101010101010101)

/* 0xff in each byte whose bit 0 is set in t (t has no other bits). */
static inline uint64_t bytemask(uint64_t t) { return (t << 8) - t; }

/* Multiplication by t in every byte, GF(2^8) mod 0x171. */
static inline uint64_t xtime(uint64_t x)
{
    return ((x & UINT64_C(0x7f7f7f7f7f7f7f7f)) << 1) ^ (bytemask((x >> 7) & LSB) & FEA_POLY * LSB);
}

/* The S-box on all eight bytes of w. */
static inline uint64_t sbox8(uint64_t w)
{
    uint64_t x[8], a[4], b[4], t[4], c[4], d[4];
    for (int i = 0; i < 8; i++) x[i] = (w >> i) & LSB;
    /* w = a Y + b in the tower field */
    b[0] = x[0] ^ x[1] ^ x[3] ^ x[5];
    b[1] = x[1] ^ x[4] ^ x[7];
    b[2] = x[7];
    b[3] = x[1] ^ x[6];
    a[0] = x[4] ^ x[7];
    a[1] = x[1] ^ x[3] ^ x[4];
    a[2] = x[2] ^ x[5] ^ x[6];
    a[3] = x[5];
    /* w^-1 = c Y + d = (a Y + a + b) / D, D = 15 a^2 + a b + b^2 */
    t[0] = a[0] ^ a[1] ^ b[0] ^ b[2];   /* 15 a^2 + b^2 */
    t[1] = a[0] ^ a[2] ^ b[2];
    t[2] = a[0] ^ b[1] ^ b[3];
    t[3] = a[0] ^ a[1] ^ a[3] ^ b[3];
    kc_gf_tower_inv(c, d, a, b, t);
    /* back to bytes through A, plus the constant */
    return 0x62 * LSB
         ^ (d[0] ^ c[3])
         ^ (d[0] ^ d[1] ^ d[2] ^ d[3] ^ c[0] ^ c[3]) << 1
         ^ (d[1] ^ d[3] ^ c[2] ^ c[3]) << 2
         ^ (d[2] ^ c[0] ^ c[1] ^ c[3]) << 3
         ^ (d[0] ^ d[1] ^ c[2]) << 4
         ^ (d[1] ^ d[3] ^ c[1] ^ c[2]) << 5
         ^ (d[0] ^ d[1]) << 6
         ^ (d[1] ^ d[2] ^ c[2] ^ c[3]) << 7;
}

static inline uint64_t bswap(uint64_t x)
{
    x = x >> 32 | x << 32;
    x = (x & UINT64_C(0xffff0000ffff0000)) >> 16 | (x & UINT64_C(0x0000ffff0000ffff)) << 16;
    return (x & UINT64_C(0xff00ff00ff00ff00)) >> 8 | (x & UINT64_C(0x00ff00ff00ff00ff)) << 8;
}

static inline uint64_t rotl(uint64_t x, unsigned s) { return s ? x << s | x >> (64 - s) : x; }

/* y_j = XOR_k c[(j + k) % 8] s_k = XOR_m (c[m] s)_{(m - j) % 8}: multiply all
 * bytes by c[m] at once, then move byte m - j to position j (byte 0 = MSB). */
static uint64_t sp(uint64_t w)
{
    uint64_t p[8], y = 0;
    p[0] = bswap(sbox8(w));
    for (int b = 1; b < 8; b++) p[b] = xtime(p[b - 1]);
    for (unsigned m = 0; m < 8; m++) {
        uint64_t q = 0;
        for (int b = 0; b < 8; b++)
            if (FEA_MROW[m] >> b & 1) q ^= p[b];   /* public constant */
        y ^= rotl(q, 8 * (7 - m));
    }
    return y;
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_ct = {
    .head = {
        .name = "ct",
        .summary = "constant time: bitsliced tower-field S-box, SWAR diffusion (8 bytes per word)",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
