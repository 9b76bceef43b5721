/* SPDX-License-Identifier: MIT */
/* ARIA in constant time: bitsliced S-boxes, four blocks at a time.
 *
 * Four blocks (64 bytes) are loaded as eight 64-bit words and transposed so
 * that word b holds bit b of all 64 bytes (a "bit plane").  All four S-boxes
 * are affine maps around inversion in GF(2^8), so one bitsliced inversion
 * circuit serves every byte; the affine maps are chosen per byte position
 * with constant masks.  Key addition and the diffusion layer work on plain
 * 32-bit words between two transpositions.  Secret data only meets AND,
 * XOR and fixed shifts: no secret branches or memory indices. */
#include "core/backend.h"
#include "aria/aria_common.h"

/* ---- S-boxes on bit planes: x[i] holds bit i of every byte ----
 *
 * The inversion runs in the tower field GF(16)[Y]/(Y^2 + Y + L), with
 * GF(16) = GF(2)[z]/(z^4 + z + 1) and L = z^3 + z: far fewer gates than in
 * the AES polynomial basis.  The isomorphism sends x to (z^2)Y + z^3 + z^2
 * (byte 0x4c: high nibble the Y coefficient); its matrix T and T^-1 are
 * folded into the affine maps around the inversion:
 *   S1(x) = A.x^-1 + 0x63  = (A.T^-1).inv(T.x) + 0x63
 *   S2(x) = B.x^-1 + 0xE2  = (B.T^-1).inv(T.x) + 0xE2
 *   X1(y) = (A^-1.y + 0x05)^-1 = T^-1.inv((T.A^-1).y + T(0x05))
 *   X2(y) = (B^-1.y + 0x2C)^-1 = T^-1.inv((T.B^-1).y + T(0x2C))
 * A is the AES affine matrix, B that of S2 (spec section 4.1).  The
 * products were computed, and checked on all 256 inputs of every S-box, by
 * tests/vectors/aria/derive_ct_constants.py.
 *
 * Matrices use the GFNI encoding: output bit i = parity(byte 7-i of m AND
 * input). */
#define M_T    0x212cc2cadcac72a0ull   /* T */
#define M_TX1  0x302332178671bec6ull   /* T.A^-1, then + 0x33 = T(0x05) */
#define M_TX2  0xce4110d7d488381full   /* T.B^-1, then + 0xeb = T(0x2C) */
#define M_TI   0xa370ac0cc4a25622ull   /* T^-1 */
#define M_S1TI 0xb1050b51b7b6901eull   /* A.T^-1, then + 0x63 */
#define M_S2TI 0xaab23ba704e3a887ull   /* B.T^-1, then + 0xE2 */

#define LIN(o, x, m) ARIA_LIN(uint64_t, o, x, m)   /* aria_common.h */

/* GF(16): o = a.b (schoolbook, then z^4 = z + 1). */
static inline void gf16_mul(uint64_t o[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t p4 = (a[1] & b[3]) ^ (a[2] & b[2]) ^ (a[3] & b[1]);
    uint64_t p5 = (a[2] & b[3]) ^ (a[3] & b[2]), p6 = a[3] & b[3];
    o[0] = (a[0] & b[0]) ^ p4;
    o[1] = (a[0] & b[1]) ^ (a[1] & b[0]) ^ p4 ^ p5;
    o[2] = (a[0] & b[2]) ^ (a[1] & b[1]) ^ (a[2] & b[0]) ^ p5 ^ p6;
    o[3] = (a[0] & b[3]) ^ (a[1] & b[2]) ^ (a[2] & b[1]) ^ (a[3] & b[0]) ^ p6;
}

/* GF(16): o = a^-1 = a^14 (0 -> 0), written as its algebraic normal form. */
static inline void gf16_inv(uint64_t o[4], const uint64_t a[4])
{
    uint64_t a01 = a[0] & a[1], a02 = a[0] & a[2], a03 = a[0] & a[3];
    uint64_t a12 = a[1] & a[2], a13 = a[1] & a[3], a23 = a[2] & a[3];
    uint64_t a123 = a12 & a[3], all = a[0] ^ a[1] ^ a[2] ^ a[3];
    o[0] = all ^ a02 ^ a12 ^ (a01 & a[2]) ^ a123;
    o[1] = a01 ^ a02 ^ a12 ^ a[3] ^ a13 ^ (a01 & a[3]);
    o[2] = a01 ^ a[2] ^ a02 ^ a[3] ^ a03 ^ (a02 & a[3]);
    o[3] = all ^ a[0] ^ a03 ^ a13 ^ a23 ^ a123;
}

/* Tower field: x = h.Y + l (l in planes 0-3, h in 4-7).
 * x^-1 = (h.Y + h + l) / d with d = L.h^2 + h.l + l^2 (0 -> 0). */
static void tower_inv(uint64_t x[8])
{
    const uint64_t *l = x, *h = x + 4;
    uint64_t d[4], di[4], hl[4], nh[4];
    gf16_mul(d, h, l);
    d[0] ^= h[2] ^ h[3] ^ l[0] ^ l[2];   /* + L.h^2 + l^2 */
    d[1] ^= h[0] ^ h[1] ^ l[2];
    d[2] ^= h[1] ^ h[2] ^ l[1] ^ l[3];
    d[3] ^= h[0] ^ h[1] ^ h[2] ^ l[3];
    gf16_inv(di, d);
    for (int i = 0; i < 4; i++) hl[i] = h[i] ^ l[i];
    gf16_mul(nh, h, di);
    gf16_mul(x, hl, di);
    for (int i = 0; i < 4; i++) x[4 + i] = nh[i];
}

/* Byte positions p with p % 4 == t, in every block.  After the transposition
 * byte p of block k sits at bit 8(p % 8) + 2k + p / 8 of each plane. */
#define POS(t) (0x000000FF000000FFull << 8 * (t))

/* Plane i of a constant byte c on the positions in pos. */
static inline uint64_t const_plane(unsigned c, int i, uint64_t pos)
{
    return (0 - (uint64_t)(c >> i & 1)) & pos;
}

/* SL1 (odd rounds: S1 S2 X1 X2 on positions 0..3 mod 4) or SL2 (X1 X2 S1 S2). */
static void sub_bytes(uint64_t x[8], int odd)
{
    const uint64_t s1 = POS(odd ? 0 : 2), s2 = POS(odd ? 1 : 3);
    const uint64_t x1 = POS(odd ? 2 : 0), x2 = POS(odd ? 3 : 1);
    uint64_t a[8], b[8], c[8];

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

/* ---- four blocks in eight words ---- */

static inline void swapmove(uint64_t *a, uint64_t *b, uint64_t mask, unsigned n)
{
    uint64_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Exchanges the word index (0..7) with the bit-in-byte index; its own inverse. */
static void transpose(uint64_t r[8])
{
    for (int i = 0; i < 8; i += 2) swapmove(&r[i], &r[i + 1], 0x5555555555555555ull, 1);
    for (int i = 0; i < 8; i += 4) {
        swapmove(&r[i], &r[i + 2], 0x3333333333333333ull, 2);
        swapmove(&r[i + 1], &r[i + 3], 0x3333333333333333ull, 2);
    }
    for (int i = 0; i < 4; i++) swapmove(&r[i], &r[i + 4], 0x0F0F0F0F0F0F0F0Full, 4);
}

/* Block k is r[2k] (bytes 0..7, little-endian) and r[2k+1] (bytes 8..15). */
static void diffuse(uint64_t r[8])
{
    for (int k = 0; k < 8; k += 2) {
        uint32_t t[4] = { (uint32_t)r[k], (uint32_t)(r[k] >> 32),
                          (uint32_t)r[k + 1], (uint32_t)(r[k + 1] >> 32) };
        aria_diffuse(t);
        r[k] = (uint64_t)t[1] << 32 | t[0];
        r[k + 1] = (uint64_t)t[3] << 32 | t[2];
    }
}

static inline void add_key(uint64_t r[8], const uint32_t rk[4])
{
    uint64_t lo = (uint64_t)rk[1] << 32 | rk[0], hi = (uint64_t)rk[3] << 32 | rk[2];
    for (int k = 0; k < 8; k += 2) { r[k] ^= lo; r[k + 1] ^= hi; }
}

static inline uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)kc_load32_le(p + 4) << 32 | kc_load32_le(p);
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
    kc_store32_le(p, (uint32_t)v);
    kc_store32_le(p + 4, (uint32_t)(v >> 32));
}

/* Encrypts or decrypts (by the key order) 64 bytes. */
static void crypt4(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in)
{
    uint64_t r[8];
    for (int i = 0; i < 8; i++) r[i] = load64_le(in + 8 * i);
    for (unsigned i = 0; i < rounds; i++) {
        add_key(r, rk[i]);
        transpose(r);
        sub_bytes(r, i % 2 == 0);   /* round i + 1 */
        transpose(r);
        if (i + 1 < rounds) diffuse(r);
    }
    add_key(r, rk[rounds]);
    for (int i = 0; i < 8; i++) store64_le(out + 8 * i, r[i]);
    kc_wipe(r, sizeof r);
}

static void crypt_blocks(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    for (; n >= 4; n -= 4, in += 64, out += 64) crypt4(rk, rounds, out, in);
    if (n) {
        uint8_t buf[64] = { 0 };
        memcpy(buf, in, 16 * n);
        crypt4(rk, rounds, buf, buf);
        memcpy(out, buf, 16 * n);
        kc_wipe(buf, sizeof buf);
    }
}

/* FO / FE for the key schedule, on one block (the other three lanes idle). */
static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    uint64_t r[8] = { load64_le(in) ^ load64_le(rk), load64_le(in + 8) ^ load64_le(rk + 8) };
    transpose(r);
    sub_bytes(r, odd);
    transpose(r);
    diffuse(r);
    store64_le(out, r[0]);
    store64_le(out + 8, r[1]);
    kc_wipe(r, sizeof r);
}

ARIA_WORD_ENTRIES(key_round, crypt_blocks)

const kc_block_backend kc_aria_ct = {
    .head = {
        .name = "ct",
        .summary = "bitsliced S-boxes (GF(2^8) inversion circuit), 4 blocks per pass, constant time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_word_keys),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
};
