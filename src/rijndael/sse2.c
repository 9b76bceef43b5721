/* SPDX-License-Identifier: MIT */
/* AES on SSE2 without AES-NI or pshufb: bitsliced, eight blocks in eight
 * xmm registers, the layout of neon_bs.c (Kasper and Schwabe, CHES 2009)
 * with each block's bytes in row order: plane q[i] holds bit i of every
 * state byte, its byte 4r + c state byte (row r, column c), bit b of that
 * byte block b's.  So a row is a dword: MixColumns rotates dwords
 * (pshufd), ShiftRows rotates bytes inside dwords (pshufhw for two bytes,
 * shifts for one).  The S-box is the ct backend's Boyar-Peralta circuit
 * (rijndael/sbox_bitslice.h) on GCC vectors.  Blocks go in and out of
 * planes by a 4x4 byte transpose (two unpacks) and the 8x8 bit transpose
 * across the eight registers.  (ct's own layout on both 64-bit lanes, a
 * column a nibble, measured 1.4x slower: its rotations inside nibbles and
 * 16-bit units take masked shifts.)
 *
 * AES only (16-byte blocks); Rijndael's 24- and 32-byte blocks go to the
 * ct backend, whose key this context holds.  A lone block (CBC encryption,
 * CMAC, tails) takes a whole pass: still 1.7x faster than ct's batch.
 * No table look-ups on data, no branches on data: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <emmintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "rijndael/rijndael_common.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define CT_BYTES 1152   /* >= kc_rijndael_ct.head.ctx_size, checked in set_key */

extern const kc_block_backend kc_rijndael_ct;

typedef uint64_t v2u64 __attribute__((vector_size(16)));

typedef struct sse2_key {
    _Alignas(16) uint8_t ct[CT_BYTES];        /* ct's key, for the wider blocks */
    v2u64 rk[RIJNDAEL_MAX_ROUNDS + 1][8];     /* AES round keys as planes, the same in every block */
    unsigned nb, nr;
} sse2_key;

KC_TARGET_BEGIN("sse2")

#define BS_WORD v2u64
#define BS_INLINE ALWAYS_INLINE
#include "rijndael/sbox_bitslice.h"

#define SPLAT(c) ((v2u64){ (c), (c) })

/* Dword r of a plane is row r.  ShiftRows rotates row r left by r
 * columns, its bytes down by r: pshufhw turns rows 2 and 3 by two bytes,
 * then rows 1 and 3 take one more from a byte rotation of the dwords.
 * The inverse turns rows 1 and 3 the other way. */
static ALWAYS_INLINE void shift_rows(v2u64 *q, int inverse)
{
    const __m128i odd = _mm_setr_epi32(0, -1, 0, -1);
    for (unsigned i = 0; i < 8; i++) {
        __m128i s = _mm_shufflehi_epi16((__m128i)q[i], 0xb1);
        __m128i t = inverse ? _mm_or_si128(_mm_slli_epi32(s, 8), _mm_srli_epi32(s, 24))
                            : _mm_or_si128(_mm_srli_epi32(s, 8), _mm_slli_epi32(s, 24));
        q[i] = (v2u64)_mm_xor_si128(s, _mm_and_si128(_mm_xor_si128(s, t), odd));
    }
}

/* Row r of each column receives row r+1 (r+2): whole dwords. */
static ALWAYS_INLINE v2u64 rot1(v2u64 x) { return (v2u64)_mm_shuffle_epi32((__m128i)x, 0x39); }
static ALWAYS_INLINE v2u64 rot2(v2u64 x) { return (v2u64)_mm_shuffle_epi32((__m128i)x, 0x4e); }

/* Multiplication by x of every byte, modulo x^8 + x^4 + x^3 + x + 1. */
static ALWAYS_INLINE void xtime(v2u64 *d, const v2u64 *s)
{
    v2u64 hi = s[7];
    d[7] = s[6]; d[6] = s[5]; d[5] = s[4]; d[4] = s[3] ^ hi;
    d[3] = s[2] ^ hi; d[2] = s[1]; d[1] = s[0] ^ hi; d[0] = hi;
}

/* out_r = 2 t_r + a_{r+1} + t_{r+2}, t = a + rot1(a), as in ct. */
static ALWAYS_INLINE void mix_columns(v2u64 *q)
{
    v2u64 a1[8], t[8], t2[8];
    for (unsigned i = 0; i < 8; i++) { a1[i] = rot1(q[i]); t[i] = q[i] ^ a1[i]; }
    xtime(t2, t);
    for (unsigned i = 0; i < 8; i++) q[i] = t2[i] ^ a1[i] ^ rot2(t[i]);
}

/* InvMixColumns = MixColumns after a_r <- 5 a_r + 4 a_{r+2}. */
static ALWAYS_INLINE void inv_mix_columns(v2u64 *q)
{
    v2u64 u[8], u2[8], u4[8];
    for (unsigned i = 0; i < 8; i++) u[i] = q[i] ^ rot2(q[i]);
    xtime(u2, u);
    xtime(u4, u2);
    for (unsigned i = 0; i < 8; i++) q[i] ^= u4[i];
    mix_columns(q);
}

static ALWAYS_INLINE void add_round_key(v2u64 *q, const v2u64 *rk)
{
    for (unsigned i = 0; i < 8; i++) q[i] ^= rk[i];
}

static ALWAYS_INLINE void swap_move(v2u64 *a, v2u64 *b, v2u64 mask, int d)
{
    v2u64 t = ((*a >> d) ^ *b) & mask;
    *b ^= t;
    *a ^= t << d;
}

/* Blocks <-> planes: word b byte j bit i <-> word i byte j bit b. */
static ALWAYS_INLINE void transpose(v2u64 *w)
{
    const v2u64 m1 = SPLAT(0x5555555555555555u), m2 = SPLAT(0x3333333333333333u);
    const v2u64 m4 = SPLAT(0x0f0f0f0f0f0f0f0fu);
    swap_move(&w[0], &w[1], m1, 1); swap_move(&w[2], &w[3], m1, 1);
    swap_move(&w[4], &w[5], m1, 1); swap_move(&w[6], &w[7], m1, 1);
    swap_move(&w[0], &w[2], m2, 2); swap_move(&w[1], &w[3], m2, 2);
    swap_move(&w[4], &w[6], m2, 2); swap_move(&w[5], &w[7], m2, 2);
    swap_move(&w[0], &w[4], m4, 4); swap_move(&w[1], &w[5], m4, 4);
    swap_move(&w[2], &w[6], m4, 4); swap_move(&w[3], &w[7], m4, 4);
}

/* A block's 4x4 byte matrix transposed, columns to rows: byte 4r + c
 * takes byte 4c + r.  Its own inverse. */
static ALWAYS_INLINE __m128i rows(__m128i x)
{
    x = _mm_unpacklo_epi8(x, _mm_srli_si128(x, 8));
    return _mm_unpacklo_epi8(x, _mm_srli_si128(x, 8));
}

static ALWAYS_INLINE void to_planes(v2u64 *q, const __m128i *x)
{
    for (unsigned b = 0; b < 8; b++) q[b] = (v2u64)rows(x[b]);
    transpose(q);
}

static ALWAYS_INLINE void from_planes(__m128i *x, v2u64 *q)
{
    transpose(q);
    for (unsigned b = 0; b < 8; b++) x[b] = rows((__m128i)q[b]);
}

/* Eight blocks in x, encrypted in place. */
static void encrypt8(const sse2_key *k, __m128i *x)
{
    v2u64 q[8];
    to_planes(q, x);
    add_round_key(q, k->rk[0]);
    for (unsigned r = 1; r < k->nr; r++) {
        sbox(q);
        shift_rows(q, 0);
        mix_columns(q);
        add_round_key(q, k->rk[r]);
    }
    sbox(q);
    shift_rows(q, 0);
    add_round_key(q, k->rk[k->nr]);
    from_planes(x, q);
}

static void decrypt8(const sse2_key *k, __m128i *x)
{
    v2u64 q[8];
    to_planes(q, x);
    add_round_key(q, k->rk[k->nr]);
    for (unsigned r = k->nr - 1; r > 0; r--) {
        shift_rows(q, 1);
        inv_sbox(q);
        add_round_key(q, k->rk[r]);
        inv_mix_columns(q);
    }
    shift_rows(q, 1);
    inv_sbox(q);
    add_round_key(q, k->rk[0]);
    from_planes(x, q);
}

/* S-box on the four bytes of a key-schedule word, through the same circuit. */
static uint32_t sse2_sub_word(uint32_t w)
{
    v2u64 q[8];
    for (unsigned i = 0; i < 8; i++) {
        uint64_t p = 0;
        for (unsigned b = 0; b < 4; b++) p |= (uint64_t)((w >> (8 * b + i)) & 1) << b;
        q[i] = (v2u64){ p, 0 };
    }
    sbox(q);
    uint32_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned b = 0; b < 4; b++) r |= (uint32_t)((q[i][0] >> b) & 1) << (8 * b + i);
    return r;
}

static kc_status sse2_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    sse2_key *k = ctx;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    if (block_len != 16 && block_len != 24 && block_len != 32) return KC_ERR_BLOCK_BITS;
    if (kc_rijndael_ct.head.ctx_size > sizeof k->ct) return KC_ERR_BLOCK_BITS;   /* not reached */
    kc_status st = kc_rijndael_ct.set_key(k->ct, key, key_len, block_len);
    if (st != KC_OK) return st;
    k->nb = (unsigned)block_len / 4;
    if (k->nb != 4) return KC_OK;
    unsigned nk = (unsigned)key_len / 4;
    k->nr = rijndael_rounds(4, nk);
    uint32_t w[RIJNDAEL_MAX_WORDS];
    __m128i x[8];
    rijndael_expand_key(w, key, nk, 4, sse2_sub_word);
    for (unsigned r = 0; r <= k->nr; r++) {
        __m128i b = _mm_setr_epi32((int)w[4 * r], (int)w[4 * r + 1], (int)w[4 * r + 2], (int)w[4 * r + 3]);
        for (unsigned i = 0; i < 8; i++) x[i] = b;
        to_planes(k->rk[r], x);
    }
    kc_wipe(w, sizeof w);
    kc_wipe(x, sizeof x);
    return KC_OK;
}

static void sse2_crypt(const sse2_key *k, int enc, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    __m128i x[8];
    while (nblocks) {
        size_t n = nblocks < 8 ? nblocks : 8;
        for (size_t i = 0; i < 8; i++)
            x[i] = i < n ? _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i)) : _mm_setzero_si128();
        if (enc) encrypt8(k, x);
        else decrypt8(k, x);
        for (size_t i = 0; i < n; i++) _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), x[i]);
        in += 16 * n;
        out += 16 * n;
        nblocks -= n;
    }
    kc_wipe(x, sizeof x);
}

static void sse2_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const sse2_key *k = ctx;
    if (k->nb != 4) kc_rijndael_ct.encrypt(k->ct, out, in, nblocks);
    else sse2_crypt(k, 1, out, in, nblocks);
}

static void sse2_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const sse2_key *k = ctx;
    if (k->nb != 4) kc_rijndael_ct.decrypt(k->ct, out, in, nblocks);
    else sse2_crypt(k, 0, out, in, nblocks);
}

/* CTR on a run of kc_ctr_runs: counter blocks made in registers (the last
 * word big-endian, by a scalar byte swap: SSE2 has no pshufb). */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const sse2_key *k = ctx;
    const __m128i head = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)ctr),
                                       _mm_setr_epi32(-1, -1, -1, 0));
    __m128i x[8];
    while (n) {
        size_t m = n < 8 ? n : 8;
        for (unsigned i = 0; i < 8; i++)
            x[i] = _mm_or_si128(head, _mm_slli_si128(_mm_cvtsi32_si128((int)__builtin_bswap32(low + i)), 12));
        encrypt8(k, x);
        for (size_t i = 0; i < m; i++)
            _mm_storeu_si128((__m128i *)(void *)(out + 16 * i),
                             _mm_xor_si128(x[i], _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i))));
        in += 16 * m;
        out += 16 * m;
        low += (uint32_t)m;
        n -= m;
    }
    kc_wipe(x, sizeof x);
}

static void sse2_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const sse2_key *k = ctx;
    if (k->nb == 4) kc_ctr_runs(ctr_run, 128, 0, sse2_encrypt, ctx, 16, counter, out, in, nblocks);
    else kc_ctr_generic(sse2_encrypt, ctx, 4 * k->nb, counter, out, in, nblocks);
}

KC_TARGET_END

const kc_block_backend kc_rijndael_sse2 = {
    .head = {
        .name = "sse2",
        .summary = "SSE2 bitsliced, 8 blocks in 8 registers, rows as dwords (Boyar-Peralta S-box); "
                   "AES only, wider Rijndael blocks through ct (constant-time)",
        .cpu = KC_CPU_SSE2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(sse2_key),
    },
    .set_key = sse2_set_key,
    .encrypt = sse2_encrypt,
    .decrypt = sse2_decrypt,
    .ctr = sse2_ctr,
};
#endif
