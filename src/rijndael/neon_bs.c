/* SPDX-License-Identifier: MIT */
/* AES on AArch64 NEON without the AES instructions: bitsliced, eight
 * blocks in eight q-registers (the layout of Kasper and Schwabe, "Faster
 * and timing-attack resistant AES-GCM", CHES 2009).  Plane q[i] holds bit i
 * of every state byte: byte j of the plane is state byte j (row j % 4,
 * column j / 4), its bit b that byte of block b.  So ShiftRows is one TBL
 * per plane, MixColumns rotates bytes inside 32-bit columns (TBL, REV32),
 * and the S-box is the portable ct backend's Boyar-Peralta circuit
 * (rijndael/ct.c) on 128-bit planes.  Blocks go in and out of planes by the
 * 8x8 bit transpose ct uses, across the eight block registers.
 *
 * AES only (16-byte blocks, 128/192/256-bit keys); Rijndael's 24- and
 * 32-byte blocks are handed to the ct backend (its key in this context).
 * No table look-ups on data, no branches on data: constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "core/ctr_neon.h"
#include "rijndael/rijndael_common.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

extern const kc_block_backend kc_rijndael_ct;

typedef uint8x16_t v128;

typedef struct bs_key {
    union {
        v128 rk[RIJNDAEL_MAX_ROUNDS + 1][8];      /* AES round keys as planes (bytes 0x00 or 0xff) */
        _Alignas(16) uint8_t ct[1152];           /* wider blocks: the ct backend's key */
    } u;
    unsigned nb, nr;
} bs_key;

/* S(x) for each bit position; q[7] is the most significant bit (ct.c's circuit). */
static inline __attribute__((always_inline)) void sbox(v128 *q)
{
    v128 U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];

    /* Top linear layer. */
    v128 T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5, T5 = U4 ^ U6;
    v128 T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6, T9 = U7 ^ T7, T10 = T6 ^ T7;
    v128 T11 = U1 ^ U5, T12 = U2 ^ U5, T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11;
    v128 T16 = T5 ^ T12, T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
    v128 T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10, T25 = T20 ^ T17;
    v128 T26 = T3 ^ T16, T27 = T1 ^ T12;

    /* Shared non-linear middle: inversion in GF(2^8) via GF(2^4). */
    v128 M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & U7, M5 = M4 ^ M1;
    v128 M6 = T3 & T16, M7 = T22 & T9, M8 = T26 ^ M6, M9 = T20 & T17, M10 = M9 ^ M6;
    v128 M11 = T1 & T15, M12 = T4 & T27, M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11;
    v128 M16 = M3 ^ M2, M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13;
    v128 M21 = M17 ^ M15, M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23, M25 = M22 & M20;
    v128 M26 = M21 ^ M25, M27 = M20 ^ M21, M28 = M23 ^ M25, M29 = M28 & M27, M30 = M26 & M24;
    v128 M31 = M20 & M23, M32 = M27 & M31, M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34;
    v128 M36 = M24 ^ M25, M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36;
    v128 M41 = M38 ^ M40, M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40, M45 = M42 ^ M41;
    v128 M46 = M44 & T6, M47 = M40 & T8, M48 = M39 & U7, M49 = M43 & T16, M50 = M38 & T9;
    v128 M51 = M37 & T17, M52 = M42 & T15, M53 = M45 & T27, M54 = M41 & T10, M55 = M44 & T13;
    v128 M56 = M40 & T23, M57 = M39 & T19, M58 = M43 & T3, M59 = M38 & T22, M60 = M37 & T20;
    v128 M61 = M42 & T1, M62 = M45 & T4, M63 = M41 & T2;

    /* Bottom linear layer, including the affine map. */
    v128 L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55, L4 = M54 ^ M58;
    v128 L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3, L8 = M51 ^ M59, L9 = M52 ^ M53;
    v128 L10 = M53 ^ L4, L11 = M60 ^ L2, L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61;
    v128 L15 = M55 ^ L1, L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
    v128 L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
    v128 L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;

    q[7] = L6 ^ L24;
    q[6] = ~(L16 ^ L26);
    q[5] = ~(L19 ^ L28);
    q[4] = L6 ^ L21;
    q[3] = L20 ^ L22;
    q[2] = L25 ^ L29;
    q[1] = ~(L13 ^ L27);
    q[0] = ~(L6 ^ L23);
}

/* x -> B(x) ^ 0x05, the inverse of the S-box's affine map:
 * bit i = x[i+2] ^ x[i+5] ^ x[i+7] (indices mod 8). */
static ALWAYS_INLINE void inv_affine(v128 *q)
{
    v128 x[8];
    for (unsigned i = 0; i < 8; i++) x[i] = q[i];
    for (unsigned i = 0; i < 8; i++) q[i] = x[(i + 2) & 7] ^ x[(i + 5) & 7] ^ x[(i + 7) & 7];
    q[0] = ~q[0];
    q[2] = ~q[2];
}

static ALWAYS_INLINE void inv_sbox(v128 *q)
{
    inv_affine(q);
    sbox(q);
    inv_affine(q);
}

/* Byte permutations of a plane: ShiftRows (row r of column c takes column
 * c + r), its inverse, and the rotation of each column by one row. */
static const uint8_t perm[3][16] = {
    { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 },
    { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 },
    { 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12 },
};

static ALWAYS_INLINE void permute(v128 *q, v128 idx)
{
    for (unsigned i = 0; i < 8; i++) q[i] = vqtbl1q_u8(q[i], idx);
}

static ALWAYS_INLINE v128 rot2(v128 x) { return vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(x))); }

/* Multiplication by x of every byte, modulo x^8 + x^4 + x^3 + x + 1. */
static ALWAYS_INLINE void xtime(v128 *d, const v128 *s)
{
    v128 hi = s[7];
    d[7] = s[6]; d[6] = s[5]; d[5] = s[4]; d[4] = s[3] ^ hi;
    d[3] = s[2] ^ hi; d[2] = s[1]; d[1] = s[0] ^ hi; d[0] = hi;
}

/* out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3} = 2 t_r + a_{r+1} + t_{r+2}, t = a + rot1(a). */
static ALWAYS_INLINE void mix_columns(v128 *q, v128 rot1)
{
    v128 a1[8], t[8], t2[8];
    for (unsigned i = 0; i < 8; i++) { a1[i] = vqtbl1q_u8(q[i], rot1); t[i] = q[i] ^ a1[i]; }
    xtime(t2, t);
    for (unsigned i = 0; i < 8; i++) q[i] = t2[i] ^ a1[i] ^ rot2(t[i]);
}

/* InvMixColumns = MixColumns after a_r <- 5 a_r + 4 a_{r+2}. */
static ALWAYS_INLINE void inv_mix_columns(v128 *q, v128 rot1)
{
    v128 u[8], u2[8], u4[8];
    for (unsigned i = 0; i < 8; i++) u[i] = q[i] ^ rot2(q[i]);
    xtime(u2, u);
    xtime(u4, u2);
    for (unsigned i = 0; i < 8; i++) q[i] ^= u4[i];
    mix_columns(q, rot1);
}

static ALWAYS_INLINE void add_round_key(v128 *q, const v128 *rk)
{
    for (unsigned i = 0; i < 8; i++) q[i] ^= rk[i];
}

/* Exchanges the bits of a selected by mask << d with the bits of b selected
 * by mask (a macro: the shift count must be an immediate). */
#define SWAP_MOVE(a, b, mask, d) do { \
        v128 t_ = vandq_u8(veorq_u8(vshrq_n_u8(a, d), b), mask); \
        b = veorq_u8(b, t_); \
        a = veorq_u8(a, vshlq_n_u8(t_, d)); \
    } while (0)

/* Blocks <-> planes: word b byte j bit i <-> word i byte j bit b. */
static ALWAYS_INLINE void transpose(v128 *w)
{
    const v128 m1 = vdupq_n_u8(0x55), m2 = vdupq_n_u8(0x33), m4 = vdupq_n_u8(0x0f);
    SWAP_MOVE(w[0], w[1], m1, 1); SWAP_MOVE(w[2], w[3], m1, 1);
    SWAP_MOVE(w[4], w[5], m1, 1); SWAP_MOVE(w[6], w[7], m1, 1);
    SWAP_MOVE(w[0], w[2], m2, 2); SWAP_MOVE(w[1], w[3], m2, 2);
    SWAP_MOVE(w[4], w[6], m2, 2); SWAP_MOVE(w[5], w[7], m2, 2);
    SWAP_MOVE(w[0], w[4], m4, 4); SWAP_MOVE(w[1], w[5], m4, 4);
    SWAP_MOVE(w[2], w[6], m4, 4); SWAP_MOVE(w[3], w[7], m4, 4);
}

/* q holds the eight blocks; they leave encrypted. */
static ALWAYS_INLINE void encrypt8(const bs_key *k, v128 *q)
{
    const v128 sr = vld1q_u8(perm[0]), rot1 = vld1q_u8(perm[2]);
    transpose(q);
    add_round_key(q, k->u.rk[0]);
    for (unsigned r = 1; r < k->nr; r++) {
        sbox(q);
        permute(q, sr);
        mix_columns(q, rot1);
        add_round_key(q, k->u.rk[r]);
    }
    sbox(q);
    permute(q, sr);
    add_round_key(q, k->u.rk[k->nr]);
    transpose(q);
}

static ALWAYS_INLINE void decrypt8(const bs_key *k, v128 *q)
{
    const v128 isr = vld1q_u8(perm[1]), rot1 = vld1q_u8(perm[2]);
    transpose(q);
    add_round_key(q, k->u.rk[k->nr]);
    for (unsigned r = k->nr - 1; r > 0; r--) {
        permute(q, isr);
        inv_sbox(q);
        add_round_key(q, k->u.rk[r]);
        inv_mix_columns(q, rot1);
    }
    permute(q, isr);
    inv_sbox(q);
    add_round_key(q, k->u.rk[0]);
    transpose(q);
}

/* A 16-byte column of bytes as a plane set: plane i byte j = -(bit i of b[j]). */
static void to_planes(v128 *q, const uint8_t b[16])
{
    v128 x = vld1q_u8(b);
    for (unsigned i = 0; i < 8; i++) q[i] = vtstq_u8(x, vdupq_n_u8((uint8_t)(1u << i)));
}

/* S-box on the four bytes of a key-schedule word, through the same circuit. */
static uint32_t bs_sub_word(uint32_t w)
{
    uint8_t b[16] = { 0 };
    v128 q[8];
    kc_store32_le(b, w);
    to_planes(q, b);
    sbox(q);
    uint8_t r[16];
    uint32_t out = 0;
    for (unsigned i = 0; i < 8; i++) {
        vst1q_u8(r, q[i]);
        for (unsigned j = 0; j < 4; j++) out |= (uint32_t)(r[j] & 1) << (8 * j + i);
    }
    kc_wipe(b, sizeof b);
    kc_wipe(r, sizeof r);
    kc_wipe(q, sizeof q);
    return out;
}

static kc_status bs_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    bs_key *k = ctx;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    if (block_len != 16 && block_len != 24 && block_len != 32) return KC_ERR_BLOCK_BITS;
    k->nb = (unsigned)block_len / 4;
    if (k->nb != 4) {
        if (kc_rijndael_ct.head.ctx_size > sizeof k->u.ct) return KC_ERR_BLOCK_BITS;   /* not reached */
        return kc_rijndael_ct.set_key(k->u.ct, key, key_len, block_len);
    }
    unsigned nk = (unsigned)key_len / 4;
    k->nr = rijndael_rounds(4, nk);
    uint32_t w[RIJNDAEL_MAX_WORDS];
    uint8_t b[16];
    rijndael_expand_key(w, key, nk, 4, bs_sub_word);
    for (unsigned r = 0; r <= k->nr; r++) {
        for (unsigned c = 0; c < 4; c++) kc_store32_le(b + 4 * c, w[4 * r + c]);
        to_planes(k->u.rk[r], b);
    }
    kc_wipe(w, sizeof w);
    kc_wipe(b, sizeof b);
    return KC_OK;
}

/* n (1..8) blocks, the rest of the batch zeros. */
static ALWAYS_INLINE void load8(v128 *q, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < 8; i++) q[i] = i < n ? vld1q_u8(in + 16 * i) : vdupq_n_u8(0);
}

static ALWAYS_INLINE void store8(uint8_t *out, const v128 *q, size_t n)
{
    for (size_t i = 0; i < n; i++) vst1q_u8(out + 16 * i, q[i]);
}

static void bs_crypt(const bs_key *k, int enc, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    v128 q[8];
    while (nblocks) {
        size_t n = nblocks < 8 ? nblocks : 8;
        load8(q, in, n);
        if (enc) encrypt8(k, q);
        else decrypt8(k, q);
        store8(out, q, n);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
}

static void bs_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const bs_key *k = ctx;
    if (k->nb != 4) kc_rijndael_ct.encrypt(k->u.ct, out, in, nblocks);
    else bs_crypt(k, 1, out, in, nblocks);
}

static void bs_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const bs_key *k = ctx;
    if (k->nb != 4) kc_rijndael_ct.decrypt(k->u.ct, out, in, nblocks);
    else bs_crypt(k, 0, out, in, nblocks);
}

/* CTR on a run of kc_ctr_runs: counter blocks made in registers. */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const bs_key *k = ctx;
    v128 q[8];
    while (n) {
        size_t m = n < 8 ? n : 8;
        for (unsigned i = 0; i < 8; i++) q[i] = kc_ctr_neon_block(ctr, low + i);
        encrypt8(k, q);
        for (size_t i = 0; i < m; i++) vst1q_u8(out + 16 * i, veorq_u8(q[i], vld1q_u8(in + 16 * i)));
        in += 16 * m;
        out += 16 * m;
        low += (uint32_t)m;
        n -= m;
    }
    kc_wipe(q, sizeof q);
}

static void bs_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const bs_key *k = ctx;
    if (k->nb == 4) kc_ctr_runs(ctr_run, 128, 0, bs_encrypt, ctx, 16, counter, out, in, nblocks);
    else kc_ctr_generic(bs_encrypt, ctx, 4 * k->nb, counter, out, in, nblocks);
}

const kc_block_backend kc_rijndael_neon_bs = {
    .head = {
        .name = "neon-bs",
        .summary = "AArch64 NEON bitsliced, 8 blocks in 8 registers (Kasper-Schwabe layout, Boyar-Peralta S-box); "
                   "AES only, wider Rijndael blocks through ct (constant-time)",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(bs_key),
    },
    .set_key = bs_set_key,
    .encrypt = bs_encrypt,
    .decrypt = bs_decrypt,
    .ctr = bs_ctr,
};
#endif
