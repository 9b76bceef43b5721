/* SPDX-License-Identifier: MIT */
/* FEA-1 / FEA-2 (TTAK.KO-12.0275) internals shared by the backends: the
 * constants, the key schedule and the Feistel network, written once over an
 * SP function that each backend supplies ([FEA]: S-box, diffusion layer
 * and SP function, key and tweak schedules, round function and Feistel
 * structure).
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

/* The S-box as a list X(S[0]) X(S[1]) ... X(S[255]), so that tables derived
 * from it can be built at compile time (table_16k.c, table_paper.c, avr_table.c). */
#define FEA_SBOX_LIST(X) \
    X(0x62) X(0x31) X(0x70) X(0x8e) X(0xbc) X(0x30) X(0x9c) X(0x78) \
    X(0xe0) X(0x5c) X(0xce) X(0xbb) X(0x42) X(0xac) X(0xb8) X(0xdf) \
    X(0x29) X(0xe7) X(0x86) X(0x5f) X(0xee) X(0xba) X(0x3f) X(0x87) \
    X(0xc0) X(0x36) X(0xc3) X(0x14) X(0x7c) X(0xec) X(0x73) X(0xda) \
    X(0x57) X(0x72) X(0xf6) X(0x77) X(0x98) X(0x3b) X(0xc5) X(0xc4) \
    X(0x4c) X(0x52) X(0x81) X(0x20) X(0x15) X(0x97) X(0x26) X(0xfc) \
    X(0x8b) X(0x3c) X(0xaf) X(0x6e) X(0xc8) X(0x7e) X(0xf0) X(0x40) \
    X(0x24) X(0xa1) X(0xb1) X(0x54) X(0xff) X(0xad) X(0x51) X(0xbd) \
    X(0xc1) X(0x13) X(0x41) X(0xb5) X(0x6b) X(0x94) X(0x63) X(0xd6) \
    X(0xde) X(0x6f) X(0x89) X(0xd2) X(0xa9) X(0xd4) X(0x17) X(0x38) \
    X(0xa5) X(0xf2) X(0xe3) X(0xdb) X(0x47) X(0x66) X(0xed) X(0xcb) \
    X(0x4e) X(0xd5) X(0x05) X(0x60) X(0x8c) X(0x06) X(0x92) X(0xa3) \
    X(0xbe) X(0x68) X(0x56) X(0xa7) X(0x80) X(0x32) X(0xfa) X(0x6c) \
    X(0x8f) X(0x88) X(0xd9) X(0x50) X(0x0a) X(0x21) X(0x3d) X(0x75) \
    X(0x71) X(0x01) X(0xe5) X(0x7a) X(0xc6) X(0xb9) X(0x82) X(0x64) \
    X(0xd1) X(0x00) X(0x7d) X(0x2b) X(0xa0) X(0x1a) X(0x5e) X(0xf5) \
    X(0x35) X(0x90) X(0x2f) X(0x2a) X(0x83) X(0x49) X(0x5a) X(0xa8) \
    X(0xd8) X(0x8d) X(0x46) X(0x96) X(0xdc) X(0xb0) X(0xc9) X(0xdd) \
    X(0xcd) X(0x65) X(0x44) X(0xc7) X(0x43) X(0x67) X(0x55) X(0xeb) \
    X(0xe1) X(0x9d) X(0x34) X(0x74) X(0xb3) X(0x4a) X(0xca) X(0xd7) \
    X(0x79) X(0xbf) X(0xf7) X(0x99) X(0x6a) X(0x2d) X(0xef) X(0x85) \
    X(0xe2) X(0x5d) X(0xfe) X(0x11) X(0x0f) X(0x19) X(0xcc) X(0xe4) \
    X(0x58) X(0x09) X(0x8a) X(0x1b) X(0x6d) X(0x91) X(0x9f) X(0x4b) \
    X(0x61) X(0x2c) X(0x2e) X(0xcf) X(0x27) X(0x10) X(0x18) X(0xb7) \
    X(0x1d) X(0x0c) X(0x9b) X(0x39) X(0x7f) X(0xd3) X(0x84) X(0xa4) \
    X(0xf9) X(0x76) X(0x33) X(0xf4) X(0xf3) X(0xd0) X(0x07) X(0x0e) \
    X(0x22) X(0x1f) X(0xfd) X(0x25) X(0x12) X(0x08) X(0x1e) X(0x4d) \
    X(0xb6) X(0xb4) X(0x53) X(0x37) X(0xe8) X(0xb2) X(0x9e) X(0x93) \
    X(0x02) X(0xe9) X(0xf1) X(0x3a) X(0x0b) X(0xfb) X(0x45) X(0x69) \
    X(0xea) X(0xf8) X(0xc2) X(0x1c) X(0x04) X(0x59) X(0x03) X(0x48) \
    X(0x16) X(0xa2) X(0x4f) X(0x3e) X(0x9a) X(0x23) X(0xaa) X(0xae) \
    X(0x5b) X(0xe6) X(0x95) X(0xab) X(0x7b) X(0x0d) X(0x28) X(0xa6)
#define FEA_BYTE_(s) s,
static const uint8_t FEA_SBOX[256] = { FEA_SBOX_LIST(FEA_BYTE_) };

/* Diffusion matrix: M[i][j] = FEA_MROW[(i + j) % 8] over GF(2^8) mod
 * t^8+t^6+t^5+t^4+1 (0x171). */
#define FEA_M(k) ((k) % 8 == 0 ? 0x28 : (k) % 8 == 1 ? 0x1a : (k) % 8 == 2 ? 0x7b : (k) % 8 == 3 ? 0x78 : \
                  (k) % 8 == 4 ? 0xc3 : (k) % 8 == 5 ? 0xd0 : (k) % 8 == 6 ? 0x42 : 0x40)   /* FEA_MROW[k % 8] */
static const uint8_t FEA_MROW[8] = { FEA_M(0), FEA_M(1), FEA_M(2), FEA_M(3), FEA_M(4), FEA_M(5), FEA_M(6), FEA_M(7) };
#define FEA_POLY 0x71u
/* M[j][0] x in constant expressions, for tables built at compile time:
 * FEA_P<j>_<i> = M[j][0] 2^i (by xtime), and the product is the XOR of
 * FEA_P<j>_<i> over the bits i of x. */
#define FEA_XT(x) ((((x) << 1) & 0xff) ^ ((x) >> 7) * FEA_POLY)
#define FEA_POWERS_(j) enum { FEA_P##j##_0 = FEA_M(j), FEA_P##j##_1 = FEA_XT(FEA_P##j##_0),          \
    FEA_P##j##_2 = FEA_XT(FEA_P##j##_1), FEA_P##j##_3 = FEA_XT(FEA_P##j##_2),                          \
    FEA_P##j##_4 = FEA_XT(FEA_P##j##_3), FEA_P##j##_5 = FEA_XT(FEA_P##j##_4),                          \
    FEA_P##j##_6 = FEA_XT(FEA_P##j##_5), FEA_P##j##_7 = FEA_XT(FEA_P##j##_6) };
FEA_POWERS_(0) FEA_POWERS_(1) FEA_POWERS_(2) FEA_POWERS_(3)
FEA_POWERS_(4) FEA_POWERS_(5) FEA_POWERS_(6) FEA_POWERS_(7)
#define FEA_BIT_(x, i, j) ((x) >> (i) & 1 ? FEA_P##j##_##i : 0)
#define FEA_MUL_M(j, x) (FEA_BIT_(x, 0, j) ^ FEA_BIT_(x, 1, j) ^ FEA_BIT_(x, 2, j) ^ FEA_BIT_(x, 3, j) \
                       ^ FEA_BIT_(x, 4, j) ^ FEA_BIT_(x, 5, j) ^ FEA_BIT_(x, 6, j) ^ FEA_BIT_(x, 7, j))

/* Row i of M in little-endian lane order: lane byte b multiplies byte 7 - b
 * of the S-box output (byte 0 = most significant), for SIMD row constants. */
#define FEA_LANE_ROW(i) FEA_M((i) + 7), FEA_M((i) + 6), FEA_M((i) + 5), FEA_M((i) + 4), \
                        FEA_M((i) + 3), FEA_M((i) + 2), FEA_M((i) + 1), FEA_M(i)

/* The S-box on every byte of w, by table (secret indices: not constant time). */
static inline uint64_t fea_sbox_bytes(uint64_t w)
{
    uint64_t s = 0;
    for (int k = 0; k < 64; k += 8) s |= (uint64_t)FEA_SBOX[(w >> k) & 0xff] << k;
    return s;
}

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
    /* & 63 changes nothing for 4 <= w <= 64; the static analyser
     * (scripts/analyze.sh) cannot see that bound, set by set_key. */
    *first = fea_shr(hi, lo, w2) << ((64 - w1) & 63);
    *second = fea_low(lo, w2) << ((64 - w2) & 63);
}

/* Inverse of fea_split: stores first || second. */
static inline void fea_join(uint8_t *p, size_t len, uint64_t first, unsigned w1,
                            uint64_t second, unsigned w2)
{
    first >>= (64 - w1) & 63;             /* & 63: as in fea_split */
    second >>= (64 - w2) & 63;
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

/* set_key, encrypt and decrypt of a backend: the key schedule with sp, and
 * encryption by crypt(ctx, out, in, count, tweak, tweak_stride, decrypt,
 * arg) -- fea_crypt with sp, or fea_crypt_lanes (fea_x86.h) with rounds. */
#define FEA_ENTRIES(sp, crypt, arg)                                                           \
    static kc_status set_key(void *ctx, int variant, const uint8_t *key, size_t key_len,      \
                             unsigned n_bits)                                                 \
    {                                                                                         \
        return fea_expand_key(ctx, variant, key, key_len, n_bits, sp);                        \
    }                                                                                         \
    static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,       \
                        const uint8_t *tweak, size_t tweak_stride)                            \
    {                                                                                         \
        crypt(ctx, out, in, count, tweak, tweak_stride, 0, arg);                              \
    }                                                                                         \
    static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,       \
                        const uint8_t *tweak, size_t tweak_stride)                            \
    {                                                                                         \
        crypt(ctx, out, in, count, tweak, tweak_stride, 1, arg);                              \
    }
#define FEA_SP_ENTRIES(sp) FEA_ENTRIES(sp, fea_crypt, sp)

#endif
