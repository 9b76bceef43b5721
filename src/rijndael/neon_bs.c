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

#define BS_WORD v128
#define BS_INLINE ALWAYS_INLINE
#include "rijndael/sbox_bitslice.h"

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
