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
 * Encryption is fixsliced (Adomnicai and Peyrin, TCHES 2021/1): ShiftRows
 * is never applied; after r rounds row r' sits rotated by r*r' columns, and
 * MixColumns takes its rows from there (the round keys are stored so
 * rotated, the state is set right after the last round).  That costs a
 * word shuffle or a dword rotation in some rounds instead of ShiftRows'
 * eight operations a plane in every round.
 * CTR caches round 1: see ctr_round1.
 * No table look-ups on data, no branches on data: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <emmintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "rijndael/rijndael_common.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define CACHE_MIN 64     /* blocks from which CTR caches round 1 (ctr_round1) */
#define CT_BYTES 1152   /* >= kc_rijndael_ct.head.ctx_size, checked in set_key */

extern const kc_block_backend kc_rijndael_ct;

typedef uint64_t v2u64 __attribute__((vector_size(16)));

typedef struct sse2_key {
    _Alignas(16) uint8_t ct[CT_BYTES];        /* ct's key, for the wider blocks */
    v2u64 rk[RIJNDAEL_MAX_ROUNDS + 1][8];     /* AES round keys as planes, the same in every block */
    v2u64 fk[RIJNDAEL_MAX_ROUNDS + 1][8];     /* rk[r] with row i rotated by r*i columns (fixsliced) */
    v2u64 v[32][8];                           /* byte 15's share of round 1 for 8g..8g+7 (ctr_round1) */
    v2u64 v4[8][8];                           /* v[4G + j] moved j bytes along its rows (ctr_cache) */
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

/* Each dword's bytes moved down by j (byte p takes byte p + j mod 4). */
static ALWAYS_INLINE __m128i rot_bytes(__m128i x, unsigned j)
{
    switch (j & 3) {
    case 0: return x;
    case 2: return _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1);
    default: return _mm_or_si128(_mm_srli_epi32(x, (int)(8 * (j & 3))), _mm_slli_epi32(x, (int)(32 - 8 * (j & 3))));
    }
}

/* After s ShiftRows left out, logical byte (row i, column c) is at
 * (i, c + s*i): row i + 1 (i + 2) of a column is one dword up (two) and s
 * (2s) bytes further in it. */
static ALWAYS_INLINE v2u64 rot1(v2u64 x, unsigned s)
{
    return (v2u64)rot_bytes(_mm_shuffle_epi32((__m128i)x, 0x39), s);
}
static ALWAYS_INLINE v2u64 rot2(v2u64 x, unsigned s)
{
    return (v2u64)rot_bytes(_mm_shuffle_epi32((__m128i)x, 0x4e), 2 * s);
}

/* Multiplication by x of every byte, modulo x^8 + x^4 + x^3 + x + 1. */
static ALWAYS_INLINE void xtime(v2u64 *d, const v2u64 *s)
{
    v2u64 hi = s[7];
    d[7] = s[6]; d[6] = s[5]; d[5] = s[4]; d[4] = s[3] ^ hi;
    d[3] = s[2] ^ hi; d[2] = s[1]; d[1] = s[0] ^ hi; d[0] = hi;
}

/* out_r = 2 t_r + a_{r+1} + t_{r+2}, t = a + rot1(a), as in ct; on a
 * state with s ShiftRows left out (s = 0: the plain layout). */
static ALWAYS_INLINE void mix_columns(v2u64 *q, unsigned s)
{
    v2u64 a1[8], t[8], t2[8];
    for (unsigned i = 0; i < 8; i++) { a1[i] = rot1(q[i], s); t[i] = q[i] ^ a1[i]; }
    xtime(t2, t);
    for (unsigned i = 0; i < 8; i++) q[i] = t2[i] ^ a1[i] ^ rot2(t[i], s);
}

/* InvMixColumns = MixColumns after a_r <- 5 a_r + 4 a_{r+2}. */
static ALWAYS_INLINE void inv_mix_columns(v2u64 *q)
{
    v2u64 u[8], u2[8], u4[8];
    for (unsigned i = 0; i < 8; i++) u[i] = q[i] ^ rot2(q[i], 0);
    xtime(u2, u);
    xtime(u4, u2);
    for (unsigned i = 0; i < 8; i++) q[i] ^= u4[i];
    mix_columns(q, 0);
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

/* Two ShiftRows at once, which put a state 2 (mod 4) ShiftRows behind
 * right: rows 1 and 3 turn by two bytes. */
static ALWAYS_INLINE void shift_rows2(v2u64 *q)
{
    for (unsigned i = 0; i < 8; i++)
        q[i] = (v2u64)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)q[i], 0xb4), 0xb4);
}

static ALWAYS_INLINE void enc_round(v2u64 *q, const v2u64 *rk, unsigned s)
{
    sbox(q);
    mix_columns(q, s);
    add_round_key(q, rk);
}

/* Rounds from..nr on planes that have been through from - 1 rounds
 * (from = 1 or 2; 3: round 2 after its S-box): round j leaves out its
 * ShiftRows and mixes at j % 4, the key fk[j] so rotated.  One copy of the
 * four kinds of round, entered at the right one. */
static void encrypt_rounds(const sse2_key *k, v2u64 *io, unsigned from)
{
    const unsigned nr = k->nr;
    unsigned r = from < 2 ? from : 2;
    v2u64 q[8];
    for (unsigned i = 0; i < 8; i++) q[i] = io[i];
    if (from == 2) goto second;
    if (from == 3) goto second_mix;
    for (;;) {
        enc_round(q, k->fk[r++], 1);
        if (r == nr) break;
    second:
        sbox(q);
    second_mix:
        mix_columns(q, 2);
        add_round_key(q, k->fk[r++]);
        if (r == nr) break;
        enc_round(q, k->fk[r++], 3);
        if (r == nr) break;
        enc_round(q, k->fk[r++], 0);
        if (r == nr) break;
    }
    sbox(q);
    add_round_key(q, k->fk[nr]);
    if (nr % 4 == 2) shift_rows2(q);   /* AES's nr is 10, 12 or 14 */
    for (unsigned i = 0; i < 8; i++) io[i] = q[i];
}

/* Eight blocks in x, encrypted in place. */
static void encrypt8(const sse2_key *k, __m128i *x)
{
    v2u64 q[8];
    to_planes(q, x);
    add_round_key(q, k->fk[0]);
    encrypt_rounds(k, q, 1);
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

/* CTR caches round 1.  In a run of counters that differ only in byte 15
 * (row 3, column 3), round 1's output is the same in every block but for
 * byte 15's share: S(byte 15 ^ key byte 15), which the left-out ShiftRows
 * leaves in place and MixColumns spreads over its column (planes bytes 0,
 * 5, 10, 15 in the fixsliced layout).  MixColumns being linear, round 1 is
 * the rest's share (c1: the round with byte 15's S-box output zeroed,
 * ctr_round1, once per 256 counters) XOR byte 15's (k->v: for eight
 * counters 8g..8g+7, 32 sets, made with the key).  keep selects the bytes
 * whose S-box output is kept. */
static void round1_part(const sse2_key *k, v2u64 *q, v2u64 keep)
{
    add_round_key(q, k->fk[0]);
    sbox(q);
    for (unsigned i = 0; i < 8; i++) q[i] &= keep;
    mix_columns(q, 1);
}

#define BYTE15 ((v2u64){ 0, 0xffull << 56 })
#define DIAG ((v2u64){ 0x0000ff00000000ffull, 0xff00000000ff0000ull })   /* plane bytes 0, 5, 10, 15 */

/* k->v[g]: round 1 of counter bytes 8g + b (block b) in byte 15, the rest
 * 0, byte 15's share only.  Four groups a pass: group 4h + c in row 3,
 * column c, with key byte 15 there; MixColumns spreads it over the bytes
 * (i, c + 1 + i), turned back onto the diagonal. */
static void ctr_shares(sse2_key *k)
{
    static const uint8_t low3[3] = { 0xaa, 0xcc, 0xf0 };   /* bit i of b, bit b of the plane byte */
    const v2u64 row3 = { 0, 0xffffffffull << 32 };
    v2u64 key15[8], q[8];
    for (unsigned i = 0; i < 8; i++) {    /* byte 15 of round key 0 in all of row 3 */
        __m128i t = (__m128i)(k->fk[0][i] & BYTE15);
        t = _mm_or_si128(t, _mm_srli_si128(t, 1));
        key15[i] = (v2u64)_mm_or_si128(t, _mm_srli_si128(t, 2));
    }
    for (unsigned h = 0; h < 8; h++) {
        for (unsigned i = 0; i < 8; i++) {
            uint64_t row = 0;
            for (unsigned c = 0; c < 4; c++) {
                unsigned g = 4 * h + c;
                uint64_t byte = i < 3 ? low3[i] : (uint64_t)(0u - ((g >> (i - 3)) & 1)) & 0xff;
                row |= byte << (32 + 8 * c);
            }
            q[i] = (v2u64){ 0, row } ^ key15[i];
        }
        sbox(q);
        for (unsigned i = 0; i < 8; i++) q[i] &= row3;
        mix_columns(q, 1);
        for (unsigned c = 0; c < 4; c++)
            for (unsigned i = 0; i < 8; i++)
                k->v[4 * h + c][i] = (v2u64)rot_bytes((__m128i)q[i], c + 1) & DIAG;
    }
    kc_wipe(key15, sizeof key15);
    kc_wipe(q, sizeof q);
    for (unsigned g = 0; g < 8; g++)
        for (unsigned i = 0; i < 8; i++)
            k->v4[g][i] = k->v[4 * g][i] ^ (v2u64)rot_bytes((__m128i)k->v[4 * g + 1][i], 3)
                        ^ (v2u64)rot_bytes((__m128i)k->v[4 * g + 2][i], 2) ^ (v2u64)rot_bytes((__m128i)k->v[4 * g + 3][i], 1);
}

/* Round 2's S-box, four groups of eight counters at once.  After round 1
 * the blocks differ only on the diagonal (bytes 0, 5, 10, 15): four groups'
 * diagonals, group j's moved j bytes along its rows, fill one set of
 * planes, d (c1's diagonal spread along its rows) ^ v4; one S-box on those
 * gives the four groups' diagonals, sc1 (the S-box on c1, off the
 * diagonal) the rest. */
typedef struct ctr_cache {
    v2u64 c1[8], d[8], sc1[8];
} ctr_cache;

/* c1 for counters ctr[0..11] || low (all but byte 15 matter), fk[1] added;
 * d and sc1 from it. */
static void ctr_round1(const sse2_key *k, const uint8_t *ctr, uint32_t low, ctr_cache *cc)
{
    v2u64 *c1 = cc->c1;
    __m128i x[8];
    const __m128i b = _mm_or_si128(_mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)ctr),
                                                 _mm_setr_epi32(-1, -1, -1, 0)),
                                   _mm_slli_si128(_mm_cvtsi32_si128((int)__builtin_bswap32(low)), 12));
    for (unsigned i = 0; i < 8; i++) x[i] = b;
    to_planes(c1, x);
    round1_part(k, c1, ~BYTE15);
    add_round_key(c1, k->fk[1]);
    for (unsigned i = 0; i < 8; i++) {
        __m128i d = (__m128i)(c1[i] & DIAG);
        d = _mm_or_si128(d, rot_bytes(d, 1));
        cc->d[i] = (v2u64)_mm_or_si128(d, rot_bytes(d, 2));
        cc->sc1[i] = c1[i];
    }
    sbox(cc->sc1);
    for (unsigned i = 0; i < 8; i++) cc->sc1[i] &= ~DIAG;
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
        memcpy(k->fk[r], k->rk[r], sizeof k->fk[r]);
        for (unsigned j = 0; j < r % 4; j++) shift_rows(k->fk[r], 1);
    }
    ctr_shares(k);
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

/* CTR through whole passes, n blocks from low (no wrap of the low word):
 * counter blocks made in registers (the last word big-endian, by a scalar
 * byte swap: SSE2 has no pshufb). */
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

/* CTR: eight counters from a multiple of 8 (never across the low byte's
 * wrap) from c1 ^ v[g] and rounds 2..nr; others (a run's first blocks up to
 * a multiple of 8, a short message) through ctr_run.  The counter is
 * public: the branches and the index g on it leak nothing (GCM with a
 * GHASH-derived J0 and CTR_DRBG, whose counters are secret, do not come
 * here).  c1 and the keystream are wiped. */
static void sse2_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const sse2_key *k = ctx;
    if (k->nb != 4) {
        kc_ctr_generic(sse2_encrypt, ctx, 4 * k->nb, counter, out, in, nblocks);
        return;
    }
    if (nblocks < CACHE_MIN) {  /* too short to pay for the cache */
        kc_ctr_runs(ctr_run, 128, 0, sse2_encrypt, ctx, 16, counter, out, in, nblocks);
        return;
    }
    uint32_t low = kc_load32_be(counter + 12);
    ctr_cache cc;
    v2u64 q[8], p[8];
    __m128i x[8];
    int have = 0;               /* cc is for counter[0..11] || low >> 8 */
    while (nblocks) {
        size_t m = 8 - (low & 7);
        if (m > nblocks) m = nblocks;
        if (!have || !(low & 0xff)) {
            ctr_round1(k, counter, low, &cc);
            have = 1;
        }
        if (!(low & 31) && nblocks >= 32) {   /* four groups, round 2's S-box shared */
            const v2u64 *v4 = k->v4[(low & 0xff) >> 5];
            for (unsigned i = 0; i < 8; i++) p[i] = cc.d[i] ^ v4[i];
            sbox(p);
            for (unsigned j = 0; j < 4; j++) {
                for (unsigned i = 0; i < 8; i++)
                    q[i] = cc.sc1[i] ^ ((v2u64)rot_bytes((__m128i)p[i], j) & DIAG);
                encrypt_rounds(k, q, 3);
                from_planes(x, q);
                for (size_t i = 0; i < 8; i++)
                    _mm_storeu_si128((__m128i *)(void *)(out + 128 * j + 16 * i),
                                     _mm_xor_si128(x[i], _mm_loadu_si128((const __m128i *)(const void *)(in + 128 * j + 16 * i))));
            }
            m = 32;
        } else {                /* counters 8g + j.. (j = 0 but at the start): v's lanes j.. */
            const v2u64 *v = k->v[(low & 0xff) >> 3];
            const __m128i j = _mm_cvtsi32_si128((int)(low & 7));
            for (unsigned i = 0; i < 8; i++) q[i] = cc.c1[i] ^ (v2u64)_mm_srl_epi64((__m128i)v[i], j);
            encrypt_rounds(k, q, 2);
            from_planes(x, q);
            for (size_t i = 0; i < m; i++)
                _mm_storeu_si128((__m128i *)(void *)(out + 16 * i),
                                 _mm_xor_si128(x[i], _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i))));
        }
        low += (uint32_t)m;
        for (size_t i = 12; low == 0 && i-- > 0;)   /* the carry out of the low word */
            if (++counter[i] != 0) break;
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
    }
    kc_store32_be(counter + 12, low);
    kc_wipe(&cc, sizeof cc);
    kc_wipe(q, sizeof q);
    kc_wipe(p, sizeof p);
    kc_wipe(x, sizeof x);
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
