/* SPDX-License-Identifier: MIT */
/* FEA, neon: constant time, sixteen blocks byte-sliced.
 *
 * The halves of 16 blocks (64-bit words, left-aligned, as in fea_common.h)
 * are transposed with three levels of UZP so that register j holds byte j
 * (bits 8j..8j+7) of every block's word; the tweak words likewise.  Then
 * every step of a round is bytewise:
 *  - key bytes are broadcasts (LD1R), the output mask a per-register AND
 *    (for n <= 64 the lower four output slices are not computed at all);
 *  - the S-box is four TBL/TBX look-ups into the 256-byte table held in
 *    16 registers (indices x, x^0x40, x^0x80, x^0xc0: out-of-range ones
 *    leave the result alone), so the secret bytes only select register
 *    bytes, never a memory address;
 *  - the diffusion layer's byte moves become register numbering, and its
 *    products c * s are TBL look-ups in 16-entry tables of c * nibble.
 * Short batches (under 12 or 15 blocks), notably FPE's single blocks, take
 * a second path: two blocks in one register, a word per 64-bit lane, the
 * S-box as above and M by Horner's rule with a TBL byte rotation.
 * The lane plumbing (splitting blocks into halves, tweak words, joining)
 * is fea_x86.h's, which is plain C; it hands over up to FEA_LANES blocks.
 * No secret-dependent branch or memory index: constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "fea/fea_x86.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* MUL[m][v] = c_m * v for nibbles v, mod 0x171. */
static const uint8_t MUL[8][16] = {
    { 0x00, 0x28, 0x50, 0x78, 0xa0, 0x88, 0xf0, 0xd8, 0x31, 0x19, 0x61, 0x49, 0x91, 0xb9, 0xc1, 0xe9 },
    { 0x00, 0x1a, 0x34, 0x2e, 0x68, 0x72, 0x5c, 0x46, 0xd0, 0xca, 0xe4, 0xfe, 0xb8, 0xa2, 0x8c, 0x96 },
    { 0x00, 0x7b, 0xf6, 0x8d, 0x9d, 0xe6, 0x6b, 0x10, 0x4b, 0x30, 0xbd, 0xc6, 0xd6, 0xad, 0x20, 0x5b },
    { 0x00, 0x78, 0xf0, 0x88, 0x91, 0xe9, 0x61, 0x19, 0x53, 0x2b, 0xa3, 0xdb, 0xc2, 0xba, 0x32, 0x4a },
    { 0x00, 0xc3, 0xf7, 0x34, 0x9f, 0x5c, 0x68, 0xab, 0x4f, 0x8c, 0xb8, 0x7b, 0xd0, 0x13, 0x27, 0xe4 },
    { 0x00, 0xd0, 0xd1, 0x01, 0xd3, 0x03, 0x02, 0xd2, 0xd7, 0x07, 0x06, 0xd6, 0x04, 0xd4, 0xd5, 0x05 },
    { 0x00, 0x42, 0x84, 0xc6, 0x79, 0x3b, 0xfd, 0xbf, 0xf2, 0xb0, 0x76, 0x34, 0x8b, 0xc9, 0x0f, 0x4d },
    { 0x00, 0x40, 0x80, 0xc0, 0x71, 0x31, 0xf1, 0xb1, 0xe2, 0xa2, 0x62, 0x22, 0x93, 0xd3, 0x13, 0x53 },
};
/* MULHI[m][v] = c_m * (v << 4): the high-nibble tables of the two-block path. */
static const uint8_t MULHI[8][16] = {
    { 0x00, 0x62, 0xc4, 0xa6, 0xf9, 0x9b, 0x3d, 0x5f, 0x83, 0xe1, 0x47, 0x25, 0x7a, 0x18, 0xbe, 0xdc },
    { 0x00, 0xd1, 0xd3, 0x02, 0xd7, 0x06, 0x04, 0xd5, 0xdf, 0x0e, 0x0c, 0xdd, 0x08, 0xd9, 0xdb, 0x0a },
    { 0x00, 0x96, 0x5d, 0xcb, 0xba, 0x2c, 0xe7, 0x71, 0x05, 0x93, 0x58, 0xce, 0xbf, 0x29, 0xe2, 0x74 },
    { 0x00, 0xa6, 0x3d, 0x9b, 0x7a, 0xdc, 0x47, 0xe1, 0xf4, 0x52, 0xc9, 0x6f, 0x8e, 0x28, 0xb3, 0x15 },
    { 0x00, 0x9e, 0x4d, 0xd3, 0x9a, 0x04, 0xd7, 0x49, 0x45, 0xdb, 0x08, 0x96, 0xdf, 0x41, 0x92, 0x0c },
    { 0x00, 0xdf, 0xcf, 0x10, 0xef, 0x30, 0x20, 0xff, 0xaf, 0x70, 0x60, 0xbf, 0x40, 0x9f, 0x8f, 0x50 },
    { 0x00, 0x95, 0x5b, 0xce, 0xb6, 0x23, 0xed, 0x78, 0x1d, 0x88, 0x46, 0xd3, 0xab, 0x3e, 0xf0, 0x65 },
    { 0x00, 0xb5, 0x1b, 0xae, 0x36, 0x83, 0x2d, 0x98, 0x6c, 0xd9, 0x77, 0xc2, 0x5a, 0xef, 0x41, 0xf4 },
};
/* T8[h] = h * t^8: t^4 * v = (v << 4) ^ T8[v >> 4]. */
static const uint8_t T8[16] = {
    0x00, 0x71, 0xe2, 0x93, 0xb5, 0xc4, 0x57, 0x26, 0x1b, 0x6a, 0xf9, 0x88, 0xae, 0xdf, 0x4c, 0x3d
};

typedef struct tables {
    uint8x16x4_t sbox[4];          /* FEA_SBOX[64 q .. 64 q + 63] */
    uint8x16_t mul[8], t8;
} tables;

static inline void load_tables(tables *t)
{
    for (int q = 0; q < 4; q++) t->sbox[q] = vld1q_u8_x4(FEA_SBOX + 64 * q);
    for (int m = 0; m < 8; m++) t->mul[m] = vld1q_u8(MUL[m]);
    t->t8 = vld1q_u8(T8);
}

static inline uint8x16_t sbox(const tables *t, uint8x16_t x)
{
    uint8x16_t r = vqtbl4q_u8(t->sbox[0], x);
    r = vqtbx4q_u8(r, t->sbox[1], veorq_u8(x, vdupq_n_u8(0x40)));
    r = vqtbx4q_u8(r, t->sbox[2], veorq_u8(x, vdupq_n_u8(0x80)));
    return vqtbx4q_u8(r, t->sbox[3], veorq_u8(x, vdupq_n_u8(0xc0)));
}

/* Register j is byte 7 - j of the spec's big-endian word, so M's
 * y_j = XOR_k c_(j+k) s_k reads y[i] = XOR_k c_(6-i-k) s[k] (indices mod 8).
 * Written with the nibbles s = lo + t^4 hi, y = M(lo) + t^4 M(hi): both
 * products by nibbles, so eight tables serve (few enough to stay in
 * registers), and one t^4 per output.  Only outputs from..7 are computed
 * (from is a constant: the rest would be masked off). */
static ALWAYS_INLINE void sp(const tables *t, uint8x16_t y[8], const uint8x16_t x[8], const int from)
{
    uint8x16_t s[8];
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) s[k] = sbox(t, x[k]);
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) {
        uint8x16_t hi = vshrq_n_u8(s[k], 4);
#pragma GCC unroll 8
        for (int i = from; i < 8; i++) {
            uint8x16_t p = vqtbl1q_u8(t->mul[(6 - i - k) & 7], hi);
            y[i] = k ? veorq_u8(y[i], p) : p;
        }
    }
#pragma GCC unroll 8
    for (int i = from; i < 8; i++)
        y[i] = veorq_u8(vshlq_n_u8(y[i], 4), vqtbl1q_u8(t->t8, vshrq_n_u8(y[i], 4)));
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) {
        uint8x16_t lo = vandq_u8(s[k], vdupq_n_u8(0x0f));
#pragma GCC unroll 8
        for (int i = from; i < 8; i++) y[i] = veorq_u8(y[i], vqtbl1q_u8(t->mul[(6 - i - k) & 7], lo));
    }
}

/* ---- 16 words <-> 8 byte slices ----
 * UZP1/UZP2 of a register pair moves the lowest bit of the byte index
 * into the register number; three levels turn (block, byte) into
 * (register = byte, lane = block).  ZIP undoes it. */
static inline void to_slices(uint8x16_t v[8], const uint64_t w[16])
{
    const uint8_t *p = (const uint8_t *)w;
    uint8x16_t t[8];
    for (int q = 0; q < 8; q++) v[q] = vld1q_u8(p + 16 * q);
    for (int s = 1; s < 8; s *= 2) {
        for (int q = 0; q < 8; q++) t[q] = v[q];
        for (int q = 0; q < 8; q++)
            if (!(q & s)) {
                v[q] = vuzp1q_u8(t[q], t[q + s]);
                v[q + s] = vuzp2q_u8(t[q], t[q + s]);
            }
    }
}

static inline void from_slices(uint64_t w[16], uint8x16_t v[8])
{
    uint8_t *p = (uint8_t *)w;
    uint8x16_t t[8];
    for (int s = 4; s >= 1; s /= 2) {
        for (int q = 0; q < 8; q++) t[q] = v[q];
        for (int q = 0; q < 8; q++)
            if (!(q & s)) {
                v[q] = vzip1q_u8(t[q], t[q + s]);
                v[q + s] = vzip2q_u8(t[q], t[q + s]);
            }
    }
    for (int q = 0; q < 8; q++) vst1q_u8(p + 16 * q, v[q]);
}

/* h ^= F(x) & mask (section 7), all on slices; mask is 0 below slice from. */
static ALWAYS_INLINE void feistel(const tables *t, uint8x16_t h[8], const uint8x16_t x[8],
                                  const uint8x16_t w[8], const uint64_t rk[2], uint64_t mask, const int from)
{
    const uint8_t *ka = (const uint8_t *)&rk[0], *kb = (const uint8_t *)&rk[1];
    uint8x16_t u[8], z[8];
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) u[j] = veorq_u8(veorq_u8(x[j], w[j]), vld1q_dup_u8(ka + j));
    sp(t, z, u, 0);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) z[j] = veorq_u8(z[j], vld1q_dup_u8(kb + j));
    sp(t, u, z, from);
#pragma GCC unroll 8
    for (int j = from; j < 8; j++) {                 /* mask: public, n only */
        uint8_t mb = (uint8_t)(mask >> (8 * j));
        if (mb) h[j] = veorq_u8(h[j], mb == 0xff ? u[j] : vandq_u8(u[j], vdupq_n_u8(mb)));
    }
}

/* All rounds (decrypt: in reverse) on the 16 lanes from lane j.  Halves
 * of at most 32 bits (n <= 64) only need the upper four slices of F. */
static ALWAYS_INLINE void rounds_from(const fea_ctx *c, fea_lanes *l, size_t j, int decrypt, const int from)
{
    unsigned r = c->rounds, na = (c->n + 1) / 2, nb = c->n / 2, period = c->variant == 2 ? 3 : 2;
    uint64_t mask_a = ~UINT64_C(0) << (64 - na), mask_b = ~UINT64_C(0) << (64 - nb);
    uint8x16_t a[8], b[8], w[3][8];
    tables t;
    load_tables(&t);
    to_slices(a, l->a + j);
    to_slices(b, l->b + j);
    for (unsigned k = 0; k < period; k++) to_slices(w[k], l->w[k] + j);
    for (unsigned k = 0, i = decrypt ? r : 1; k < r; k++, i = decrypt ? i - 1 : i + 1) {
        if (i % 2) feistel(&t, a, b, w[i % period], c->rk[i - 1], mask_a, from);
        else feistel(&t, b, a, w[i % period], c->rk[i - 1], mask_b, from);
    }
    from_slices(l->a + j, a);
    from_slices(l->b + j, b);
}

static void rounds16(const fea_ctx *c, fea_lanes *l, size_t j, int decrypt)
{
    if (c->n <= 64) rounds_from(c, l, j, decrypt, 4);
    else rounds_from(c, l, j, decrypt, 0);
}

/* ---- two blocks, a word per 64-bit lane: short batches, FPE's single
 * blocks ----  With S'[i] = S[(6 - i) mod 8] and rot(v)[i] = v[(i + 1) mod 8]
 * in each lane, M is y = XOR_m rot^m(c_m S'), by Horner's rule
 * y = c_0 S' ^ rot(c_1 S' ^ rot(c_2 S' ^ ...)): TBL permutes the bytes. */
static const uint8_t PERM0[16] = { 6, 5, 4, 3, 2, 1, 0, 7, 14, 13, 12, 11, 10, 9, 8, 15 };
static const uint8_t ROT1[16] = { 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8 };

static ALWAYS_INLINE uint8x16_t sp2(const tables *t, uint8x16_t x)
{
    const uint8x16_t perm0 = vld1q_u8(PERM0), rot1 = vld1q_u8(ROT1);
    uint8x16_t s = vqtbl1q_u8(sbox(t, x), perm0), y = vdupq_n_u8(0);
    uint8x16_t lo = vandq_u8(s, vdupq_n_u8(0x0f)), hi = vshrq_n_u8(s, 4);
    for (int m = 7; m >= 0; m--) {
        uint8x16_t p = veorq_u8(vqtbl1q_u8(t->mul[m], lo), vqtbl1q_u8(vld1q_u8(MULHI[m]), hi));
        y = m == 7 ? p : veorq_u8(vqtbl1q_u8(y, rot1), p);
    }
    return y;
}

/* All rounds on lanes j and j + 1. */
static void rounds2(const fea_ctx *c, fea_lanes *l, size_t j, int decrypt)
{
    unsigned r = c->rounds, na = (c->n + 1) / 2, nb = c->n / 2, period = c->variant == 2 ? 3 : 2;
    const uint64x2_t mask_a = vdupq_n_u64(~UINT64_C(0) << (64 - na));
    const uint64x2_t mask_b = vdupq_n_u64(~UINT64_C(0) << (64 - nb));
    uint64x2_t a = vld1q_u64(l->a + j), b = vld1q_u64(l->b + j), w[3];
    tables t;
    load_tables(&t);
    for (unsigned k = 0; k < period; k++) w[k] = vld1q_u64(l->w[k] + j);
    for (unsigned k = 0, i = decrypt ? r : 1; k < r; k++, i = decrypt ? i - 1 : i + 1) {
        const uint64_t *rk = c->rk[i - 1];
        uint64x2_t x = veorq_u64(veorq_u64(i % 2 ? b : a, w[i % period]), vdupq_n_u64(rk[0]));
        uint8x16_t z = veorq_u8(sp2(&t, vreinterpretq_u8_u64(x)), vreinterpretq_u8_u64(vdupq_n_u64(rk[1])));
        uint64x2_t f = vreinterpretq_u64_u8(sp2(&t, z));
        if (i % 2) a = veorq_u64(a, vandq_u64(f, mask_a));
        else b = veorq_u64(b, vandq_u64(f, mask_b));
    }
    vst1q_u64(l->a + j, a);
    vst1q_u64(l->b + j, b);
}

_Static_assert(FEA_LANES % 16 == 0, "whole groups of 16 lanes");

/* Lanes 0..m-1 in groups of 16 and the rest in pairs, unless the pairs
 * would cost more than one more group (12 or more blocks with n <= 64, 15
 * or more above, by the instruction counts).  Padding lanes get zeros. */
static void rounds(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt)
{
    size_t full = m / 16 * 16, end = m - full >= (c->n <= 64 ? 12u : 15u) ? full + 16 : m + m % 2, j = 0;
    for (size_t i = m; i < end; i++) l->a[i] = l->b[i] = l->w[0][i] = l->w[1][i] = l->w[2][i] = 0;
    for (; j + 16 <= end; j += 16) rounds16(c, l, j, decrypt);
    for (; j < end; j += 2) rounds2(c, l, j, decrypt);
}

/* SP on one word (key schedule). */
static uint64_t sp_word(uint64_t x)
{
    tables t;
    load_tables(&t);
    return vgetq_lane_u64(vreinterpretq_u64_u8(sp2(&t, vreinterpretq_u8_u64(vdupq_n_u64(x)))), 0);
}

static kc_status set_key(void *ctx, int variant, const uint8_t *key, size_t key_len, unsigned n_bits)
{
    return fea_expand_key(ctx, variant, key, key_len, n_bits, sp_word);
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    fea_crypt_lanes(ctx, out, in, count, tweak, tweak_stride, 0, rounds);
}

static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    fea_crypt_lanes(ctx, out, in, count, tweak, tweak_stride, 1, rounds);
}

const kc_fea_backend kc_fea_neon = {
    .head = {
        .name = "neon",
        .summary = "constant time: 16 blocks byte-sliced, S-box by TBL/TBX from 16 registers, "
                   "diffusion by TBL nibble products",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
#endif
