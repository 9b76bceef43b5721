/* SPDX-License-Identifier: MIT */
/* ARIA (RFC 5794) pieces shared by the backends: the key schedule, written
 * once around a backend's own round function, and the diffusion layer A in
 * 32-bit word form.
 *
 * Words are loaded little-endian: word i holds bytes 4i..4i+3, byte 4i in
 * the low 8 bits.  A = MM . P . MM . M, where M replaces every byte by the
 * XOR of the other three bytes of its word, MM mixes whole words and P
 * permutes bytes inside words 1-3 (checked against the 16 equations of RFC
 * 5794 section 2.4.3, and by the vectors). */
#ifndef KC_ARIA_COMMON_H
#define KC_ARIA_COMMON_H
#include <string.h>
#include "kcipher.h"
#include "core/util.h"

#define ARIA_MAX_ROUNDS 16

/* Round keys as bytes, ek1..ek(n+1) at [0..n]. */
typedef uint8_t aria_round_keys[ARIA_MAX_ROUNDS + 1][16];

/* 12, 14 or 16 rounds for 16-, 24- and 32-byte keys. */
static inline unsigned aria_rounds(size_t key_len) { return (unsigned)(key_len / 4 + 8); }

static inline uint32_t aria_swap8(uint32_t x)  /* (a,b,c,d) -> (b,a,d,c) */
{
    return (x << 8 & 0xFF00FF00u) | (x >> 8 & 0x00FF00FFu);
}

/* M: every byte becomes the XOR of the other three bytes of its word. */
static inline uint32_t aria_others(uint32_t x)
{
    uint32_t s = x ^ kc_rol32(x, 16);
    return s ^ kc_rol32(s, 8) ^ x;
}

static inline void aria_mm(uint32_t t[4])
{
    t[1] ^= t[2]; t[2] ^= t[3]; t[0] ^= t[1];
    t[3] ^= t[1]; t[2] ^= t[0]; t[1] ^= t[2];
}

/* The part of A after M: MM, byte permutation P, MM. */
static inline void aria_mix_words(uint32_t t[4])
{
    aria_mm(t);
    t[1] = aria_swap8(t[1]);
    t[2] = kc_rol32(t[2], 16);
    t[3] = kc_rol32(aria_swap8(t[3]), 16);   /* byte reversal */
    aria_mm(t);
}

static inline void aria_diffuse(uint32_t t[4])
{
    for (int i = 0; i < 4; i++) t[i] = aria_others(t[i]);
    aria_mix_words(t);
}

static inline void aria_diffuse_bytes(uint8_t out[16], const uint8_t in[16])
{
    uint32_t t[4];
    for (int i = 0; i < 4; i++) t[i] = kc_load32_le(in + 4 * i);
    aria_diffuse(t);
    for (int i = 0; i < 4; i++) kc_store32_le(out + 4 * i, t[i]);
}

/* out = a ^ (b >>> n), b a 128-bit big-endian integer; n is public. */
static inline void aria_xor_ror(uint8_t out[16], const uint8_t a[16], const uint8_t b[16], unsigned n)
{
    unsigned q = n / 8, r = n % 8;
    for (unsigned i = 0; i < 16; i++) {
        unsigned hi = b[(i + 16 - q) % 16], lo = b[(i + 15 - q) % 16];
        out[i] = (uint8_t)(a[i] ^ (hi >> r) ^ (lo << (8 - r)));
    }
}

/* out = A(SL(in ^ rk)) with SL1 when odd (FO), SL2 otherwise (FE). */
typedef void (*aria_round_fn)(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd);

/* Encryption round keys (RFC 5794 section 2.2) with the backend's round function. */
static inline void aria_expand_key(aria_round_keys ek, const uint8_t *key, size_t key_len,
                                   aria_round_fn round)
{
    static const uint8_t ck[3][16] = {
        { 0x51, 0x7c, 0xc1, 0xb7, 0x27, 0x22, 0x0a, 0x94, 0xfe, 0x13, 0xab, 0xe8, 0xfa, 0x9a, 0x6e, 0xe0 },
        { 0x6d, 0xb1, 0x4a, 0xcc, 0x9e, 0x21, 0xc8, 0x20, 0xff, 0x28, 0xb1, 0xd5, 0xef, 0x5d, 0xe2, 0xb0 },
        { 0xdb, 0x92, 0x37, 0x1d, 0x21, 0x26, 0xe9, 0x70, 0x03, 0x24, 0x97, 0x75, 0x04, 0xe8, 0xc9, 0x0e },
    };
    /* ek(4g+j+1) = W(j) ^ (W(j+1) >>> rot[g]); left rotations written as right ones. */
    static const unsigned rot[5] = { 19, 31, 128 - 61, 128 - 31, 128 - 19 };
    uint8_t w[4][16], kr[16] = { 0 }, t[16];
    unsigned c = (unsigned)(key_len - 16) / 8;   /* CK1 = C1, C2 or C3 */

    memcpy(w[0], key, 16);
    memcpy(kr, key + 16, key_len - 16);
    round(t, w[0], ck[c], 1);
    for (int i = 0; i < 16; i++) w[1][i] = t[i] ^ kr[i];
    round(t, w[1], ck[(c + 1) % 3], 0);
    for (int i = 0; i < 16; i++) w[2][i] = t[i] ^ w[0][i];
    round(t, w[2], ck[(c + 2) % 3], 1);
    for (int i = 0; i < 16; i++) w[3][i] = t[i] ^ w[1][i];

    for (unsigned i = 0; i <= aria_rounds(key_len); i++)
        aria_xor_ror(ek[i], w[i % 4], w[(i + 1) % 4], rot[i / 4]);
    kc_wipe(w, sizeof w); kc_wipe(kr, sizeof kr); kc_wipe(t, sizeof t);
}

/* Decryption keys: ek in reverse order, the inner ones through A. */
static inline void aria_decrypt_keys(aria_round_keys dk, aria_round_keys ek, unsigned rounds)
{
    memcpy(dk[0], ek[rounds], 16);
    for (unsigned i = 1; i < rounds; i++) aria_diffuse_bytes(dk[i], ek[rounds - i]);
    memcpy(dk[rounds], ek[0], 16);
}

/* Round keys as little-endian words (word i = bytes 4i..4i+3), for the
 * portable backends. */
typedef struct aria_word_keys {
    uint32_t ek[ARIA_MAX_ROUNDS + 1][4], dk[ARIA_MAX_ROUNDS + 1][4];
    unsigned rounds;
} aria_word_keys;

static inline void aria_word_set_key(aria_word_keys *k, const uint8_t *key, size_t key_len,
                                     aria_round_fn round)
{
    aria_round_keys ek, dk;
    k->rounds = aria_rounds(key_len);
    aria_expand_key(ek, key, key_len, round);
    aria_decrypt_keys(dk, ek, k->rounds);
    for (unsigned r = 0; r <= k->rounds; r++)
        for (int i = 0; i < 4; i++) {
            k->ek[r][i] = kc_load32_le(ek[r] + 4 * i);
            k->dk[r][i] = kc_load32_le(dk[r] + 4 * i);
        }
    kc_wipe(ek, sizeof ek); kc_wipe(dk, sizeof dk);
}

/* aria_set_key, aria_encrypt and aria_decrypt of a backend keyed by
 * aria_word_keys, around its key_round and crypt(rk, rounds, out, in, n). */
#define ARIA_WORD_ENTRIES(key_round, crypt)                                                       \
    static kc_status aria_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len) \
    {                                                                                            \
        (void)block_len;                                                                         \
        aria_word_set_key(ctx, key, key_len, key_round);                                         \
        return KC_OK;                                                                            \
    }                                                                                            \
    static void aria_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)   \
    {                                                                                            \
        const aria_word_keys *k = ctx;                                                           \
        crypt(k->ek, k->rounds, out, in, nblocks);                                               \
    }                                                                                            \
    static void aria_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)   \
    {                                                                                            \
        const aria_word_keys *k = ctx;                                                           \
        crypt(k->dk, k->rounds, out, in, nblocks);                                               \
    }

/* o = m.x on eight bit planes of type T (plane b = bit b of many bytes),
 * m an 8x8 bit matrix in the GFNI encoding (output bit i = parity(byte
 * 7 - i of m AND x)) known at compile time: the masks fold to plain XORs. */
#define ARIA_MB(T, m, i, j) (0 - (T)((m) >> (8 * (7 - (i)) + (j)) & 1))
#define ARIA_ROW(T, x, m, i) ((x[0] & ARIA_MB(T, m, i, 0)) ^ (x[1] & ARIA_MB(T, m, i, 1))  \
    ^ (x[2] & ARIA_MB(T, m, i, 2)) ^ (x[3] & ARIA_MB(T, m, i, 3)) ^ (x[4] & ARIA_MB(T, m, i, 4)) \
    ^ (x[5] & ARIA_MB(T, m, i, 5)) ^ (x[6] & ARIA_MB(T, m, i, 6)) ^ (x[7] & ARIA_MB(T, m, i, 7)))
#define ARIA_LIN(T, o, x, m) do {                                                            \
    o[0] = ARIA_ROW(T, x, m, 0); o[1] = ARIA_ROW(T, x, m, 1); o[2] = ARIA_ROW(T, x, m, 2);  \
    o[3] = ARIA_ROW(T, x, m, 3); o[4] = ARIA_ROW(T, x, m, 4); o[5] = ARIA_ROW(T, x, m, 5);  \
    o[6] = ARIA_ROW(T, x, m, 6); o[7] = ARIA_ROW(T, x, m, 7);                               \
} while (0)

#endif
