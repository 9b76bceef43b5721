/* SPDX-License-Identifier: MIT */
/* Constant-time Rijndael, bitsliced on 64-bit words, for every block size.
 *
 * A batch is 64 state bytes: four 16-byte blocks, or two 24- or 32-byte
 * blocks (the rest padding).  Plane q[i] holds bit i of every batch byte,
 * byte j at bit j.  Byte j of a block is row j % 4 of column j / 4, so a
 * column is a nibble of each plane: MixColumns rotates bits inside nibbles
 * and ShiftRows moves nibbles within a block's 4*Nb bits by masked shifts.
 * SubBytes is the S-box circuit of Boyar and Peralta, "A depth-16 circuit
 * for the AES S-box" (2011): 128 gates, 34 AND and 94 XOR/XNOR, written
 * from the paper's listing.  The inverse S-box reuses it between two
 * inverse affine maps.  No table look-ups, no branches on data. */
#include <string.h>
#include "core/backend.h"
#include "rijndael/rijndael_common.h"

typedef struct ct_key {
    uint64_t rk[RIJNDAEL_MAX_ROUNDS + 1][8];  /* round keys, bitsliced, one copy per block slot */
    uint64_t lo[2][4], hi[2][4];              /* [0] ShiftRows, [1] InvShiftRows masks, rows 1..3 */
    unsigned nb, nr, per_batch;
} ct_key;

#define BS_WORD uint64_t
#define BS_INLINE
#include "rijndael/sbox_bitslice.h"

/* Row r of every block slot rotates left by s_r columns (right for the
 * inverse).  Called with constant nb so that the shifts are immediates. */
static inline void shift_rows_nb(const ct_key *k, uint64_t *q, unsigned nb, int inverse)
{
    const uint64_t *lo = k->lo[inverse], *hi = k->hi[inverse];
    unsigned s1 = rijndael_shift(nb, 1), s2 = rijndael_shift(nb, 2), s3 = rijndael_shift(nb, 3);
    if (inverse) { s1 = nb - s1; s2 = nb - s2; s3 = nb - s3; }
    uint64_t lo1 = lo[1], lo2 = lo[2], lo3 = lo[3], hi1 = hi[1], hi2 = hi[2], hi3 = hi[3];
    for (unsigned i = 0; i < 8; i++) {
        uint64_t x = q[i];
        q[i] = (x & 0x1111111111111111u)
             | ((x >> (4 * s1)) & lo1) | ((x << (4 * (nb - s1))) & hi1)
             | ((x >> (4 * s2)) & lo2) | ((x << (4 * (nb - s2))) & hi2)
             | ((x >> (4 * s3)) & lo3) | ((x << (4 * (nb - s3))) & hi3);
    }
}

static void shift_rows(const ct_key *k, uint64_t *q, int inverse)
{
    switch (k->nb) {
    case 4: shift_rows_nb(k, q, 4, inverse); break;
    case 6: shift_rows_nb(k, q, 6, inverse); break;
    default: shift_rows_nb(k, q, 8, inverse); break;
    }
}

/* Row r of each column receives row r+1 (r+2): rotations inside nibbles. */
static uint64_t rot1(uint64_t x) { return ((x >> 1) & 0x7777777777777777u) | ((x << 3) & 0x8888888888888888u); }
static uint64_t rot2(uint64_t x) { return ((x >> 2) & 0x3333333333333333u) | ((x << 2) & 0xccccccccccccccccu); }

/* Multiplication by x of every byte, modulo x^8 + x^4 + x^3 + x + 1. */
static void xtime(uint64_t *d, const uint64_t *s)
{
    uint64_t hi = s[7];
    d[7] = s[6]; d[6] = s[5]; d[5] = s[4]; d[4] = s[3] ^ hi;
    d[3] = s[2] ^ hi; d[2] = s[1]; d[1] = s[0] ^ hi; d[0] = hi;
}

/* out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3} = 2 t_r + a_{r+1} + t_{r+2}, t = a + rot1(a). */
static void mix_columns(uint64_t *q)
{
    uint64_t a1[8], t[8], t2[8];
    for (unsigned i = 0; i < 8; i++) { a1[i] = rot1(q[i]); t[i] = q[i] ^ a1[i]; }
    xtime(t2, t);
    for (unsigned i = 0; i < 8; i++) q[i] = t2[i] ^ a1[i] ^ rot2(t[i]);
}

/* InvMixColumns = MixColumns after a_r <- 5 a_r + 4 a_{r+2}, since
 * d(x) = c(x) (04 x^2 + 05) mod x^4 + 1. */
static void inv_mix_columns(uint64_t *q)
{
    uint64_t u[8], u2[8], u4[8];
    for (unsigned i = 0; i < 8; i++) u[i] = q[i] ^ rot2(q[i]);
    xtime(u2, u);
    xtime(u4, u2);
    for (unsigned i = 0; i < 8; i++) q[i] ^= u4[i];
    mix_columns(q);
}

static void add_round_key(uint64_t *q, const uint64_t *rk)
{
    for (unsigned i = 0; i < 8; i++) q[i] ^= rk[i];
}

/* Exchanges the bits of a selected by mask << d with the bits of b selected by mask. */
static inline void swap_move(uint64_t *a, uint64_t *b, uint64_t mask, unsigned d)
{
    uint64_t t = ((*a >> d) ^ *b) & mask;
    *b ^= t;
    *a ^= t << d;
}

/* 8x8 bit transposes between the eight words, at each byte position. */
static void transpose(uint64_t *w)
{
    const uint64_t m1 = 0x5555555555555555u, m2 = 0x3333333333333333u, m4 = 0x0f0f0f0f0f0f0f0fu;
    swap_move(&w[0], &w[1], m1, 1); swap_move(&w[2], &w[3], m1, 1);
    swap_move(&w[4], &w[5], m1, 1); swap_move(&w[6], &w[7], m1, 1);
    swap_move(&w[0], &w[2], m2, 2); swap_move(&w[1], &w[3], m2, 2);
    swap_move(&w[4], &w[6], m2, 2); swap_move(&w[5], &w[7], m2, 2);
    swap_move(&w[0], &w[4], m4, 4); swap_move(&w[1], &w[5], m4, 4);
    swap_move(&w[2], &w[6], m4, 4); swap_move(&w[3], &w[7], m4, 4);
}

/* Word m collects bytes m, m+8, ..., m+56; after the transpose q[i] bit
 * 8p + m is bit i of byte 8p + m. */
static void load_planes(uint64_t *q, const uint8_t *b)
{
    for (unsigned m = 0; m < 8; m++) {
        uint64_t w = 0;
        for (unsigned p = 0; p < 8; p++) w |= (uint64_t)b[8 * p + m] << (8 * p);
        q[m] = w;
    }
    transpose(q);
}

static void store_planes(uint8_t *b, uint64_t *q)
{
    transpose(q);
    for (unsigned m = 0; m < 8; m++)
        for (unsigned p = 0; p < 8; p++) b[8 * p + m] = (uint8_t)(q[m] >> (8 * p));
}

static void encrypt_planes(const ct_key *k, uint64_t *q)
{
    add_round_key(q, k->rk[0]);
    for (unsigned r = 1; r < k->nr; r++) {
        sbox(q);
        shift_rows(k, q, 0);
        mix_columns(q);
        add_round_key(q, k->rk[r]);
    }
    sbox(q);
    shift_rows(k, q, 0);
    add_round_key(q, k->rk[k->nr]);
}

static void decrypt_planes(const ct_key *k, uint64_t *q)
{
    add_round_key(q, k->rk[k->nr]);
    for (unsigned r = k->nr - 1; r > 0; r--) {
        shift_rows(k, q, 1);
        inv_sbox(q);
        add_round_key(q, k->rk[r]);
        inv_mix_columns(q);
    }
    shift_rows(k, q, 1);
    inv_sbox(q);
    add_round_key(q, k->rk[0]);
}

/* S-box on the four bytes of a key-schedule word, through the same circuit. */
static uint32_t ct_sub_word(uint32_t w)
{
    uint64_t q[8];
    for (unsigned i = 0; i < 8; i++) {
        q[i] = 0;
        for (unsigned b = 0; b < 4; b++) q[i] |= (uint64_t)((w >> (8 * b + i)) & 1) << b;
    }
    sbox(q);
    uint32_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned b = 0; b < 4; b++) r |= (uint32_t)((q[i] >> b) & 1) << (8 * b + i);
    return r;
}

static kc_status ct_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    ct_key *k = ctx;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    if (block_len != 16 && block_len != 24 && block_len != 32) return KC_ERR_BLOCK_BITS;
    unsigned nb = (unsigned)block_len / 4, nk = (unsigned)key_len / 4;
    k->nb = nb;
    k->nr = rijndael_rounds(nb, nk);
    k->per_batch = 64 / (unsigned)block_len;

    /* ShiftRows masks: in each block slot, destination column c of row r
     * takes column (c + s) mod Nb, from the right (c < Nb - s) or the left. */
    for (unsigned dir = 0; dir < 2; dir++)
        for (unsigned r = 1; r < 4; r++) {
            unsigned s = dir ? nb - rijndael_shift(nb, r) : rijndael_shift(nb, r);
            k->lo[dir][r] = k->hi[dir][r] = 0;
            for (unsigned blk = 0; blk < k->per_batch; blk++)
                for (unsigned c = 0; c < nb; c++) {
                    uint64_t bit = (uint64_t)1 << (blk * 4 * nb + 4 * c + r);
                    if (c < nb - s) k->lo[dir][r] |= bit;
                    else k->hi[dir][r] |= bit;
                }
        }

    uint32_t w[RIJNDAEL_MAX_WORDS];
    uint8_t batch[64] = { 0 };
    rijndael_expand_key(w, key, nk, nb, ct_sub_word);
    for (unsigned r = 0; r <= k->nr; r++) {
        for (unsigned blk = 0; blk < k->per_batch; blk++)
            for (unsigned c = 0; c < nb; c++) kc_store32_le(batch + block_len * blk + 4 * c, w[r * nb + c]);
        load_planes(k->rk[r], batch);
    }
    kc_wipe(w, sizeof w);
    kc_wipe(batch, sizeof batch);
    return KC_OK;
}

static void ct_crypt(const ct_key *k, int enc, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t block = 4 * k->nb;
    uint8_t batch[64];
    uint64_t q[8];
    while (nblocks) {
        size_t n = nblocks < k->per_batch ? nblocks : k->per_batch;
        memset(batch, 0, sizeof batch);
        memcpy(batch, in, n * block);
        load_planes(q, batch);
        if (enc) encrypt_planes(k, q);
        else decrypt_planes(k, q);
        store_planes(batch, q);
        memcpy(out, batch, n * block);
        in += n * block;
        out += n * block;
        nblocks -= n;
    }
}

static void ct_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    ct_crypt(ctx, 1, out, in, nblocks);
}

static void ct_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    ct_crypt(ctx, 0, out, in, nblocks);
}

const kc_block_backend kc_rijndael_ct = {
    .head = {
        .name = "ct",
        .summary = "bitsliced 64-bit, Boyar-Peralta S-box circuit, all block sizes (constant-time)",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(ct_key),
    },
    .set_key = ct_set_key,
    .encrypt = ct_encrypt,
    .decrypt = ct_decrypt,
};
