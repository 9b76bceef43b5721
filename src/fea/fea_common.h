/* FEA-1 / FEA-2 (TTAK.KO-12.0275) internals shared by the backends: the
 * constants, the key schedule and the Feistel network, written once over an
 * SP function that each backend supplies (specs/fea.md sections 3-8).
 *
 * Halves are kept left-aligned in 64-bit words, as in the reference library:
 * the round function's input is then half ^ tweak word, and its output is
 * masked to the top bits of the half it updates.  Only n and the round
 * number steer branches and shifts, so the network is constant time when SP
 * is. */
#ifndef KC_FEA_COMMON_H
#define KC_FEA_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "core/backend.h"
#include "core/util.h"

#define FEA_MAX_ROUNDS 24

typedef struct fea_ctx {
    uint64_t rk[FEA_MAX_ROUNDS][2];   /* (RK_a, RK_b) of rounds 1..r */
    unsigned n, rounds;
    int variant;
} fea_ctx;

typedef uint64_t (*fea_sp_fn)(uint64_t);

static const uint8_t FEA_SBOX[256] = {
    0x62,0x31,0x70,0x8e,0xbc,0x30,0x9c,0x78,0xe0,0x5c,0xce,0xbb,0x42,0xac,0xb8,0xdf,
    0x29,0xe7,0x86,0x5f,0xee,0xba,0x3f,0x87,0xc0,0x36,0xc3,0x14,0x7c,0xec,0x73,0xda,
    0x57,0x72,0xf6,0x77,0x98,0x3b,0xc5,0xc4,0x4c,0x52,0x81,0x20,0x15,0x97,0x26,0xfc,
    0x8b,0x3c,0xaf,0x6e,0xc8,0x7e,0xf0,0x40,0x24,0xa1,0xb1,0x54,0xff,0xad,0x51,0xbd,
    0xc1,0x13,0x41,0xb5,0x6b,0x94,0x63,0xd6,0xde,0x6f,0x89,0xd2,0xa9,0xd4,0x17,0x38,
    0xa5,0xf2,0xe3,0xdb,0x47,0x66,0xed,0xcb,0x4e,0xd5,0x05,0x60,0x8c,0x06,0x92,0xa3,
    0xbe,0x68,0x56,0xa7,0x80,0x32,0xfa,0x6c,0x8f,0x88,0xd9,0x50,0x0a,0x21,0x3d,0x75,
    0x71,0x01,0xe5,0x7a,0xc6,0xb9,0x82,0x64,0xd1,0x00,0x7d,0x2b,0xa0,0x1a,0x5e,0xf5,
    0x35,0x90,0x2f,0x2a,0x83,0x49,0x5a,0xa8,0xd8,0x8d,0x46,0x96,0xdc,0xb0,0xc9,0xdd,
    0xcd,0x65,0x44,0xc7,0x43,0x67,0x55,0xeb,0xe1,0x9d,0x34,0x74,0xb3,0x4a,0xca,0xd7,
    0x79,0xbf,0xf7,0x99,0x6a,0x2d,0xef,0x85,0xe2,0x5d,0xfe,0x11,0x0f,0x19,0xcc,0xe4,
    0x58,0x09,0x8a,0x1b,0x6d,0x91,0x9f,0x4b,0x61,0x2c,0x2e,0xcf,0x27,0x10,0x18,0xb7,
    0x1d,0x0c,0x9b,0x39,0x7f,0xd3,0x84,0xa4,0xf9,0x76,0x33,0xf4,0xf3,0xd0,0x07,0x0e,
    0x22,0x1f,0xfd,0x25,0x12,0x08,0x1e,0x4d,0xb6,0xb4,0x53,0x37,0xe8,0xb2,0x9e,0x93,
    0x02,0xe9,0xf1,0x3a,0x0b,0xfb,0x45,0x69,0xea,0xf8,0xc2,0x1c,0x04,0x59,0x03,0x48,
    0x16,0xa2,0x4f,0x3e,0x9a,0x23,0xaa,0xae,0x5b,0xe6,0x95,0xab,0x7b,0x0d,0x28,0xa6
};

/* Diffusion matrix: M[i][j] = FEA_MROW[(i + j) % 8] over GF(2^8) mod
 * t^8+t^6+t^5+t^4+1 (0x171). */
static const uint8_t FEA_MROW[8] = { 0x28, 0x1a, 0x7b, 0x78, 0xc3, 0xd0, 0x42, 0x40 };
#define FEA_POLY 0x71u

/* Round constants RC[variant-1][key 128/192/256][iteration], zero padded. */
static const uint64_t FEA_RC[2][3][12] = {
    { { 0x71366FBD8EEF2E7Du, 0x9063FF208A85D13Fu, 0xFDB54B3C9A86CB08u, 0xF2EA772BE55E4DE0u,
        0x7C8814F95B9F8D0Bu, 0xEB21FBFFCCBB8DF5u },
      { 0xD2F928B5C6C08B51u, 0x4CBE190CDCC2962Cu, 0xD0A2A85F772C8A07u, 0xE3FB1D49F5932802u,
        0x047117EEE8007DFEu, 0x4390E40073A64C7Du, 0xEE9FAB45168DDADCu },
      { 0x8F1C67DA8E609269u, 0x9B705F1835E0CDDCu, 0x6BF524A08A50A621u, 0x6B3C821900ADAB39u,
        0x1F0EB84F4DE6881Cu, 0x887FBA6319CBF504u, 0x51547790DD0B8145u, 0xAD7C1F118CA88090u } },
    { { 0xC9E3B39803F2F6AFu, 0x40F343267298B62Du, 0x8A0D175B8BAAFA2Bu, 0xE7B876206DEBAC98u,
        0x559552FB4AFA1B10u, 0xED2EAE35C1382144u, 0x27573B291169B825u, 0x3E96CA16224AE8C5u,
        0x1ACBDA11317C387Eu },
      { 0xA4198D55053B7CB5u, 0xBE1442D9B7E08DF0u, 0x3D97EEEA5149358Cu, 0xAA9782D20CC69850u,
        0x5071F733039A8ED5u, 0x625C15071EA7BCA1u, 0xCF37D8F11024C664u, 0x86D094E21E74D0A5u,
        0x47DF6E91FC91754Bu, 0x1F0B2F23B88200E7u, 0x29816E82B43E6464u },
      { 0x93C7673007E5ED5Eu, 0x81E6864CE5316C5Bu, 0x141A2EB71755F457u, 0xCF70EC40DBD75930u,
        0xAB2AA5F695F43621u, 0xDA5D5C6B82704288u, 0x4EAE765222D3704Au, 0x7D2D942C4495D18Au,
        0x3597B42262F870FDu, 0x73D53787626CC076u, 0x4ADF41D8ECAFEE96u, 0xE59D0F633ACA9195u } }
};

static const unsigned char FEA_ROUNDS[2][3] = { { 12, 14, 16 }, { 18, 21, 24 } };

/* Section 5.1.  key_len is 16, 24 or 32 (K_c, K_d = key words 3 and 4, the
 * intended reading, not the 2019 library's bug). */
static inline kc_status fea_expand_key(fea_ctx *c, int variant, const uint8_t *key,
                                       size_t key_len, unsigned n, fea_sp_fn sp)
{
    size_t kidx = key_len / 8 - 2;
    uint64_t k[4] = { 0, 0, 0, 0 };
    for (size_t i = 0; i < key_len / 8; i++) k[i] = kc_load64_be(key + 8 * i);
    c->variant = variant;
    c->n = n;
    c->rounds = FEA_ROUNDS[variant - 1][kidx];
    for (unsigned i = 0; 2 * i < c->rounds; i++) {
        uint64_t x = sp(k[0] ^ k[2] ^ FEA_RC[variant - 1][kidx][i]);
        uint64_t y = sp(k[1] ^ k[3] ^ n ^ x);
        x ^= y;
        k[0] ^= x; k[1] ^= y; k[2] ^= x; k[3] ^= y;
        uint64_t t = k[2];
        k[2] ^= k[3];
        k[3] = t;
        c->rk[2 * i][0] = k[0];
        c->rk[2 * i][1] = k[1];
        if (2 * i + 1 < c->rounds) {
            c->rk[2 * i + 1][0] = k[2];
            c->rk[2 * i + 1][1] = k[3];
        }
    }
    kc_wipe(k, sizeof k);
    return KC_OK;
}

/* A 128-bit integer from len <= 16 big-endian bytes. */
static inline void fea_load(const uint8_t *p, size_t len, uint64_t *hi, uint64_t *lo)
{
    uint64_t h = 0, l = 0;
    for (size_t i = 0; i < len; i++) {
        h = h << 8 | l >> 56;
        l = l << 8 | p[i];
    }
    *hi = h;
    *lo = l;
}

static inline void fea_store(uint8_t *p, size_t len, uint64_t hi, uint64_t lo)
{
    for (size_t i = len; i-- > 0;) {
        p[i] = (uint8_t)lo;
        lo = lo >> 8 | hi << 56;
        hi >>= 8;
    }
}

/* Low 64 bits of (hi:lo) >> s, 0 <= s <= 64. */
static inline uint64_t fea_shr(uint64_t hi, uint64_t lo, unsigned s)
{
    return s == 0 ? lo : s == 64 ? hi : lo >> s | hi << (64 - s);
}

static inline uint64_t fea_low(uint64_t v, unsigned bits)   /* 0 < bits <= 64 */
{
    return bits == 64 ? v : v & ((UINT64_C(1) << bits) - 1);
}

/* Splits a (w1 + w2)-bit value into its first w1 and last w2 bits, each
 * left-aligned in a 64-bit word (4 <= w1, w2 <= 64). */
static inline void fea_split(const uint8_t *p, size_t len, unsigned w1, unsigned w2,
                             uint64_t *first, uint64_t *second)
{
    uint64_t hi, lo;
    fea_load(p, len, &hi, &lo);
    *first = fea_shr(hi, lo, w2) << (64 - w1);
    *second = fea_low(lo, w2) << (64 - w2);
}

/* Inverse of fea_split: stores first || second. */
static inline void fea_join(uint8_t *p, size_t len, uint64_t first, unsigned w1,
                            uint64_t second, unsigned w2)
{
    first >>= 64 - w1;
    second >>= 64 - w2;
    uint64_t lo = w2 == 64 ? second : second | first << w2;
    uint64_t hi = w2 == 64 ? first : first >> (64 - w2);
    fea_store(p, len, hi, lo);
}

/* Section 6: the tweak words W_i, indexed by round i (1-based) mod 3 for
 * FEA-2 and mod 2 for FEA-1. */
static inline void fea_tweak_words(const fea_ctx *c, const uint8_t *tweak, uint64_t w[3])
{
    unsigned na = (c->n + 1) / 2;
    uint64_t hi = 0, lo = 0;
    w[0] = w[1] = w[2] = 0;
    if (c->variant == 2) {
        if (tweak) { hi = kc_load64_be(tweak); lo = kc_load64_be(tweak + 8); }
        w[2] = hi;                       /* rounds 2, 5, 8, ...: T_L */
        w[0] = lo;                       /* rounds 3, 6, 9, ...: T_R */
    } else {
        unsigned tr = 64 - na;           /* |T_R| = floor((128 - n) / 2) */
        if (tweak) fea_load(tweak, kc_fea_tweak_bytes(1, c->n), &hi, &lo);
        w[1] = fea_shr(hi, lo, tr);      /* odd rounds: T_L */
        w[0] = tr ? fea_low(lo, tr) : 0; /* even rounds: T_R */
    }
}

/* Sections 7-8: count blocks through the Feistel network; block k uses the
 * tweak at tweak + k * tweak_stride (stride 0: one tweak for all). */
static inline void fea_crypt(const fea_ctx *c, uint8_t *out, const uint8_t *in, size_t count,
                             const uint8_t *tweak, size_t tweak_stride, int decrypt, fea_sp_fn sp)
{
    unsigned n = c->n, r = c->rounds, na = (n + 1) / 2, nb = n / 2;
    size_t bs = (n + 7) / 8;
    unsigned period = c->variant == 2 ? 3 : 2;
    uint64_t w[3], mask_a = ~UINT64_C(0) << (64 - na), mask_b = ~UINT64_C(0) << (64 - nb);
    fea_tweak_words(c, tweak, w);
    /* Encryption starts from A || B; it ends, and decryption starts, from
     * A || B for odd r and from B || A for even r. */
    int swap = decrypt && r % 2 == 0;
    for (size_t blk = 0; blk < count; blk++, in += bs, out += bs) {
        uint64_t a, b;
        if (tweak_stride && blk) fea_tweak_words(c, tweak + blk * tweak_stride, w);
        if (swap) fea_split(in, bs, nb, na, &b, &a);
        else fea_split(in, bs, na, nb, &a, &b);
        for (unsigned k = 0; k < r; k++) {
            unsigned i = decrypt ? r - k : k + 1;
            const uint64_t *rk = c->rk[i - 1];
            if (i % 2) a ^= sp(sp((b ^ w[i % period]) ^ rk[0]) ^ rk[1]) & mask_a;
            else b ^= sp(sp((a ^ w[i % period]) ^ rk[0]) ^ rk[1]) & mask_b;
        }
        if (!decrypt && r % 2 == 0) fea_join(out, bs, b, nb, a, na);
        else fea_join(out, bs, a, na, b, nb);
    }
}

#endif
