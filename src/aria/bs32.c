/* SPDX-License-Identifier: MIT */
/* ARIA in constant time over 32-bit words: bitsliced S-boxes, two blocks
 * at a time, for 32-bit CPUs without SIMD (written for RV32I, where the
 * 64-bit words of ct.c cost two registers and multi-instruction shifts).
 *
 * Two blocks (32 bytes) are eight 32-bit words; a transposition turns them
 * into eight bit planes (word b = bit b of all 32 bytes) for the S-box
 * layer and back for key addition and the diffusion layer, which work on
 * plain words.  The S-boxes are the tower-field inversion circuit of ct.c
 * (same matrices, same derivation: tests/vectors/aria/derive_ct_constants.py)
 * on 32-bit planes.  Secret data only meets AND, XOR and fixed shifts. */
#include "core/backend.h"
#include "aria/aria_common.h"


/* Matrices in the GFNI encoding (output bit i = parity(byte 7-i of m AND
 * input)); see ct.c for what each one is. */
#define M_T    0x212cc2cadcac72a0ull   /* T */
#define M_TX1  0x302332178671bec6ull   /* T.A^-1, then + 0x33 */
#define M_TX2  0xce4110d7d488381full   /* T.B^-1, then + 0xeb */
#define M_TI   0xa370ac0cc4a25622ull   /* T^-1 */
#define M_S1TI 0xb1050b51b7b6901eull   /* A.T^-1, then + 0x63 */
#define M_S2TI 0xaab23ba704e3a887ull   /* B.T^-1, then + 0xE2 */

#define LIN(o, x, m) ARIA_LIN(uint32_t, o, x, m)   /* aria_common.h */

/* GF(16) = GF(2)[z]/(z^4 + z + 1): o = a.b. */
static inline void gf16_mul(uint32_t o[4], const uint32_t a[4], const uint32_t b[4])
{
    uint32_t p4 = (a[1] & b[3]) ^ (a[2] & b[2]) ^ (a[3] & b[1]);
    uint32_t p5 = (a[2] & b[3]) ^ (a[3] & b[2]), p6 = a[3] & b[3];
    o[0] = (a[0] & b[0]) ^ p4;
    o[1] = (a[0] & b[1]) ^ (a[1] & b[0]) ^ p4 ^ p5;
    o[2] = (a[0] & b[2]) ^ (a[1] & b[1]) ^ (a[2] & b[0]) ^ p5 ^ p6;
    o[3] = (a[0] & b[3]) ^ (a[1] & b[2]) ^ (a[2] & b[1]) ^ (a[3] & b[0]) ^ p6;
}

/* GF(16): o = a^14 (0 -> 0), algebraic normal form. */
static inline void gf16_inv(uint32_t o[4], const uint32_t a[4])
{
    uint32_t a01 = a[0] & a[1], a02 = a[0] & a[2], a03 = a[0] & a[3];
    uint32_t a12 = a[1] & a[2], a13 = a[1] & a[3], a23 = a[2] & a[3];
    uint32_t a123 = a12 & a[3], all = a[0] ^ a[1] ^ a[2] ^ a[3];
    o[0] = all ^ a02 ^ a12 ^ (a01 & a[2]) ^ a123;
    o[1] = a01 ^ a02 ^ a12 ^ a[3] ^ a13 ^ (a01 & a[3]);
    o[2] = a01 ^ a[2] ^ a02 ^ a[3] ^ a03 ^ (a02 & a[3]);
    o[3] = all ^ a[0] ^ a03 ^ a13 ^ a23 ^ a123;
}

/* x = h.Y + l in GF(16)[Y]/(Y^2 + Y + L), L = z^3 + z:
 * x^-1 = (h.Y + h + l) / (L.h^2 + h.l + l^2). */
static inline void tower_inv(uint32_t x[8])
{
    const uint32_t *l = x, *h = x + 4;
    uint32_t d[4], di[4], hl[4], nh[4];
    gf16_mul(d, h, l);
    d[0] ^= h[2] ^ h[3] ^ l[0] ^ l[2];
    d[1] ^= h[0] ^ h[1] ^ l[2];
    d[2] ^= h[1] ^ h[2] ^ l[1] ^ l[3];
    d[3] ^= h[0] ^ h[1] ^ h[2] ^ l[3];
    gf16_inv(di, d);
    for (int i = 0; i < 4; i++) hl[i] = h[i] ^ l[i];
    gf16_mul(nh, h, di);
    gf16_mul(x, hl, di);
    for (int i = 0; i < 4; i++) x[4 + i] = nh[i];
}

/* After the transposition byte j of word w sits at bit 8j + w of each
 * plane: byte position p % 4 == t is the byte lane t. */
#define POS(t) (0xFFu << 8 * (t))

static inline uint32_t const_plane(unsigned c, int i, uint32_t pos)
{
    return (0 - (uint32_t)(c >> i & 1)) & pos;
}

/* SL1 (odd rounds: S1 S2 X1 X2 on positions 0..3 mod 4) or SL2 (X1 X2 S1 S2). */
static inline void sub_bytes(uint32_t x[8], int odd)
{
    const uint32_t s1 = POS(odd ? 0 : 2), s2 = POS(odd ? 1 : 3);
    const uint32_t x1 = POS(odd ? 2 : 0), x2 = POS(odd ? 3 : 1);
    uint32_t a[8], b[8], c[8];

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

static inline void swapmove(uint32_t *a, uint32_t *b, uint32_t mask, unsigned n)
{
    uint32_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* Exchanges the word index (0..7) with the bit-in-byte index; its own inverse. */
static inline void transpose(uint32_t r[8])
{
    for (int i = 0; i < 8; i += 2) swapmove(&r[i], &r[i + 1], 0x55555555u, 1);
    for (int i = 0; i < 8; i += 4) {
        swapmove(&r[i], &r[i + 2], 0x33333333u, 2);
        swapmove(&r[i + 1], &r[i + 3], 0x33333333u, 2);
    }
    for (int i = 0; i < 4; i++) swapmove(&r[i], &r[i + 4], 0x0F0F0F0Fu, 4);
}

/* Block k is r[4k..4k+3], little-endian words. */
static inline void add_key(uint32_t r[8], const uint32_t rk[4])
{
    for (int i = 0; i < 4; i++) { r[i] ^= rk[i]; r[4 + i] ^= rk[i]; }
}

/* One round (SL then A), or the last one (SL, no A). */
static inline void round2(uint32_t r[8], const uint32_t rk[4], int odd, int last)
{
    add_key(r, rk);
    transpose(r);
    sub_bytes(r, odd);
    transpose(r);
    if (!last) { aria_diffuse(r); aria_diffuse(r + 4); }
}

/* Encrypts or decrypts (by the key order) 32 bytes. */
static void crypt2(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in)
{
    uint32_t r[8];
    for (int i = 0; i < 8; i++) r[i] = kc_load32_le(in + 4 * i);
    for (unsigned i = 0; i + 2 < rounds; i += 2) {
        round2(r, rk[i], 1, 0);
        round2(r, rk[i + 1], 0, 0);
    }
    round2(r, rk[rounds - 2], 1, 0);
    round2(r, rk[rounds - 1], 0, 1);
    add_key(r, rk[rounds]);
    for (int i = 0; i < 8; i++) kc_store32_le(out + 4 * i, r[i]);
    kc_wipe(r, sizeof r);
}

static void crypt_blocks(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    for (; n >= 2; n -= 2, in += 32, out += 32) crypt2(rk, rounds, out, in);
    if (n) {
        uint8_t buf[32] = { 0 };
        memcpy(buf, in, 16);
        crypt2(rk, rounds, buf, buf);
        memcpy(out, buf, 16);
        kc_wipe(buf, sizeof buf);
    }
}

/* FO / FE for the key schedule, on one block (the other lane idle). */
static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    uint32_t r[8] = { 0 };
    for (int i = 0; i < 4; i++) r[i] = kc_load32_le(in + 4 * i) ^ kc_load32_le(rk + 4 * i);
    transpose(r);
    sub_bytes(r, odd);
    transpose(r);
    aria_diffuse(r);
    for (int i = 0; i < 4; i++) kc_store32_le(out + 4 * i, r[i]);
    kc_wipe(r, sizeof r);
}

/* The context is an aria_word_keys (rv32i_bs32.c relies on it). */
ARIA_WORD_ENTRIES(key_round, crypt_blocks)

const kc_block_backend kc_aria_bs32 = {
    .head = {
        .name = "bs32",
        .summary = "bitsliced S-boxes over 32-bit words, 2 blocks per pass, constant time (for 32-bit CPUs)",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_word_keys),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
};
