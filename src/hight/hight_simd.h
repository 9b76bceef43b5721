/* SPDX-License-Identifier: MIT */
/* HIGHT byte-sliced SIMD: the code the ssse3, avx2, gfni-avx2, gfni-avx512
 * and neon backends share.  A batch is eight registers of blocks (16, 32 or 64);
 * after the transpose register k holds byte Xk of every block, so a round
 * is the scalar round (hight_common.h) on whole registers with byte adds.
 * The including file defines, inside its target region,
 *   V                         its vector;
 *   XOR, ADD, SUB             byte-wise operations;
 *   KEY(p)                    the subkey stored at p in every byte;
 *   F_SETUP; F0(x), F1(x)     constants F0 and F1 need, and the functions
 *                             (linear over GF(2)^8: nibble shuffles or
 *                             one gf2p8affineqb, no memory table);
 *   LANES16(lo, hi)           a 16-byte pattern (two little-endian qwords)
 *                             in every 128-bit lane;
 *   UNPACKLO(w, a, b), UNPACKHI(w, a, b), SHUF(x, m), LOADU(p), STOREU(p, x)
 *                             in-lane unpacks and byte shuffle, unaligned
 *                             loads and stores (x86; NEON brings its own
 *                             hight_load/hight_store).
 * Subkeys are kept as 4-byte patterns so that a broadcast is one load.
 * An including file may store them otherwise: it then defines
 *   HIGHT_SK_T, hight_sk_t    the type of one stored subkey;
 *   HIGHT_SK_SET(d, v, f1)    store subkey byte v at d (f1: an F1 subkey
 *                             SK_2m, whitening keys f1 = 0);
 *   F1K(x, s), F0K(x, s)      F1(x) ^ SK and F0(x) + SK, SK stored at s.
 * CTR writes its counter blocks and XORs the input in as the kernel
 * stores (or, HIGHT_CTR_BATCH in hight_ctr.h, the includer builds them
 * in registers already sliced and calls rounds() and hight_store()).  A lone block, and CBC encryption, take the one-block kernel of
 * hight_lone.h (x86 here, NEON in neon.c).  Constant time: no branch or address depends on
 * data or key. */
#ifndef KC_HIGHT_SIMD_H
#define KC_HIGHT_SIMD_H
#include <string.h>
#include "hight/hight_common.h"
#include "hight/hight_lone.h"

#ifndef HIGHT_SK_T
typedef uint32_t hight_sk_t;        /* SK_i in every byte */
#define HIGHT_SK_SET(d, v, f1) (*(d) = (uint32_t)(v) * 0x01010101u)
#define F1K(x, s) XOR(F1(x), KEY(s))
#define F0K(x, s) ADD(F0(x), KEY(s))
#endif

typedef struct hight_simd_key {
    hight_key k;                    /* first: the ref code takes a lone block */
    hight_sk_t sk[4 * HIGHT_ROUNDS];
    hight_sk_t wk[8];
    hight_lone_key lone;            /* the one-block kernel's tables */
} hight_simd_key;

static kc_status hight_simd_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    hight_simd_key *x = ctx;
    hight_set_key(&x->k, key, key_len, block_len);
    for (unsigned i = 0; i < 4 * HIGHT_ROUNDS; i++) HIGHT_SK_SET(&x->sk[i], x->k.sk[i], !(i & 1));
    for (unsigned i = 0; i < 8; i++) HIGHT_SK_SET(&x->wk[i], x->k.wk[i], 0);
    hight_lone_set_key(&x->lone, &x->k);
    return KC_OK;
}

/* gf2p8affineqb matrices of F0 and F1: byte 7 - i selects the input bits
 * of output bit i, bit i - r for a rotation left by r. */
#define HIGHT_AROW(i, r) (1ull << ((((i) - (r)) & 7) + 8 * (7 - (i))))
#define HIGHT_AROT(r) (HIGHT_AROW(0, r) | HIGHT_AROW(1, r) | HIGHT_AROW(2, r) | HIGHT_AROW(3, r) | \
                       HIGHT_AROW(4, r) | HIGHT_AROW(5, r) | HIGHT_AROW(6, r) | HIGHT_AROW(7, r))
#define HIGHT_F0_MATRIX (HIGHT_AROT(1) ^ HIGHT_AROT(2) ^ HIGHT_AROT(7))
#define HIGHT_F1_MATRIX (HIGHT_AROT(3) ^ HIGHT_AROT(4) ^ HIGHT_AROT(6))
/* Nibble tables of F0 and F1 (F(lo) ^ F(hi << 4) = F(x)): byte n of the
 * pattern is F(n << s). */
#define HIGHT_R8(x, n) ((((x) << (n)) | ((x) >> (8 - (n)))) & 0xff)
#define HIGHT_F0C(x) (HIGHT_R8(x, 1) ^ HIGHT_R8(x, 2) ^ HIGHT_R8(x, 7))
#define HIGHT_F1C(x) (HIGHT_R8(x, 3) ^ HIGHT_R8(x, 4) ^ HIGHT_R8(x, 6))
#define HIGHT_Q(F, s, n) ((uint64_t)F((n) << (s)) << (8 * ((n) & 7)))
#define HIGHT_Q8(F, s, n0) (HIGHT_Q(F, s, n0) | HIGHT_Q(F, s, n0 + 1) | HIGHT_Q(F, s, n0 + 2) | \
    HIGHT_Q(F, s, n0 + 3) | HIGHT_Q(F, s, n0 + 4) | HIGHT_Q(F, s, n0 + 5) | HIGHT_Q(F, s, n0 + 6) | HIGHT_Q(F, s, n0 + 7))
#define HIGHT_NIBBLES(F, s) LANES16(HIGHT_Q8(F, s, 0), HIGHT_Q8(F, s, 8))

#define BATCH (8 * sizeof(V))   /* bytes per kernel call: 16, 32 or 64 blocks */

#define ROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = ADD(x1, F1K(x0, s)); x3 = XOR(x3, F0K(x2, s + 1)); \
    x5 = ADD(x5, F1K(x4, s + 2)); x7 = XOR(x7, F0K(x6, s + 3)); } while (0)
#define UNROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = SUB(x1, F1K(x0, s)); x3 = XOR(x3, F0K(x2, s + 1)); \
    x5 = SUB(x5, F1K(x4, s + 2)); x7 = XOR(x7, F0K(x6, s + 3)); } while (0)

#ifndef HIGHT_OWN_SLICING
/* One block, the low 8 bytes of blk (x86, SSSE3): see hight_lone.h. */
static inline __attribute__((always_inline)) __m128i hight_lone_encrypt(const hight_lone_key *l, __m128i blk)
{
#define HIGHT_TAB(F, s) _mm_set_epi64x((long long)HIGHT_Q8(F, s, 8), (long long)HIGHT_Q8(F, s, 0))
#define HIGHT_LQ(p) _mm_loadl_epi64((const __m128i *)(const void *)(p))
#define HIGHT_F(t, x) _mm_xor_si128(_mm_shuffle_epi8(t##lo, _mm_and_si128(x, nib)), \
                                    _mm_shuffle_epi8(t##hi, _mm_srli_epi16(x, 4)))
    const __m128i f1lo = HIGHT_TAB(HIGHT_F1C, 0), f1hi = HIGHT_TAB(HIGHT_F1C, 4);
    const __m128i f0lo = HIGHT_TAB(HIGHT_F0C, 0), f0hi = HIGHT_TAB(HIGHT_F0C, 4);
    const __m128i nib = _mm_set1_epi8(0x0f), half = _mm_set_epi32(0, 0, 0x0000ff00, 0x0000ff00);
    __m128i e = _mm_shuffle_epi8(blk, _mm_set_epi32(-1, -1, 0x06ff04ff, 0x02ff00ff));
    __m128i o = _mm_shuffle_epi8(blk, _mm_set_epi32(-1, -1, 0x07ff05ff, 0x03ff01ff));
    e = _mm_xor_si128(_mm_add_epi8(e, HIGHT_LQ(&l->in_add)), HIGHT_LQ(&l->in_xor));
    /* round 0 adds into O's slots 0 and 2 from E's slots 0 and 2 (F1) */
    __m128i e1 = _mm_and_si128(e, half), e0 = _mm_andnot_si128(half, e);
    __m128i o1 = _mm_and_si128(o, half), o0 = _mm_andnot_si128(half, o);
#define HIGHT_LONE_ROUND(r, S1, S0, T1, T0) do { \
        __m128i g1 = HIGHT_F(f1, S1), g0 = _mm_add_epi8(HIGHT_F(f0, S0), HIGHT_LQ(&l->ka[r])); \
        __m128i pm = HIGHT_LQ(&l->perm[r]); \
        __m128i ta = _mm_xor_si128(_mm_shuffle_epi8(T1, pm), HIGHT_LQ(&l->ca[r])); \
        __m128i tx = _mm_xor_si128(_mm_shuffle_epi8(T0, pm), HIGHT_LQ(&l->cx[r])); \
        T0 = _mm_add_epi8(ta, g1); T1 = _mm_xor_si128(tx, g0); } while (0)
    for (unsigned r = 0; r < HIGHT_ROUNDS; r += 2) {
        HIGHT_LONE_ROUND(r, e1, e0, o1, o0);
        HIGHT_LONE_ROUND(r + 1, o1, o0, e1, e0);
    }
    e = _mm_xor_si128(e1, e0);
    o = _mm_xor_si128(_mm_xor_si128(o1, o0), HIGHT_LQ(&l->o_xor));
    __m128i out = _mm_or_si128(_mm_shuffle_epi8(e, HIGHT_LQ(&l->out_e)), _mm_shuffle_epi8(o, HIGHT_LQ(&l->out_o)));
    return _mm_xor_si128(_mm_add_epi8(out, HIGHT_LQ(&l->out_add)), HIGHT_LQ(&l->out_xor));
#undef HIGHT_LONE_ROUND
#undef HIGHT_F
#undef HIGHT_LQ
#undef HIGHT_TAB
}

/* 8x8 transpose of the 16-bit elements of each 128-bit lane; its own inverse. */
static inline void transpose8(V r[8])
{
    V a[8], b[8];
    for (unsigned i = 0; i < 8; i += 2) {
        a[i] = UNPACKLO(16, r[i], r[i + 1]);
        a[i + 1] = UNPACKHI(16, r[i], r[i + 1]);
    }
    for (unsigned i = 0; i < 8; i += 4) {
        b[i] = UNPACKLO(32, a[i], a[i + 2]);
        b[i + 1] = UNPACKHI(32, a[i], a[i + 2]);
        b[i + 2] = UNPACKLO(32, a[i + 1], a[i + 3]);
        b[i + 3] = UNPACKHI(32, a[i + 1], a[i + 3]);
    }
    for (unsigned i = 0; i < 4; i++) {
        r[2 * i] = UNPACKLO(64, b[i], b[i + 4]);
        r[2 * i + 1] = UNPACKHI(64, b[i], b[i + 4]);
    }
}

/* A batch at p into the byte-sliced layout (in each lane two blocks'
 * bytes interleaved, byte i of both at 16-bit element i, then the
 * transpose), and back, xin (when not NULL) XORed in as it is stored.  A
 * NEON file brings its own (vld4/vst4) and defines HIGHT_OWN_SLICING. */
static inline __attribute__((always_inline)) void hight_load(V r[8], const uint8_t *p)
{
    const V pair = LANES16(0x0b030a0209010800, 0x0f070e060d050c04);
    for (unsigned j = 0; j < 8; j++) r[j] = SHUF(LOADU(p + sizeof(V) * j), pair);
    transpose8(r);
}
static inline __attribute__((always_inline)) void hight_store(uint8_t *p, V r[8], const uint8_t *xin)
{
    const V unpair = LANES16(0x0e0c0a0806040200, 0x0f0d0b0907050301);
    transpose8(r);
    for (unsigned j = 0; j < 8; j++) {
        V o = SHUF(r[j], unpair);
        if (xin) o = XOR(o, LOADU(xin + sizeof(V) * j));
        STOREU(p + sizeof(V) * j, o);
    }
}
#endif

/* The 32 rounds and the whitening on a sliced batch r. */
static inline __attribute__((always_inline)) void rounds(const hight_simd_key *k, V r[8], int enc)
{
    F_SETUP;
    V a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
    const hight_sk_t *s;
    if (enc) {
        a = ADD(a, KEY(k->wk)); c = XOR(c, KEY(k->wk + 1)); e = ADD(e, KEY(k->wk + 2)); g = XOR(g, KEY(k->wk + 3));
        for (s = k->sk; s != k->sk + 4 * HIGHT_ROUNDS; s += 32) {
            ROUND(s, a, b, c, d, e, f, g, h);      ROUND(s + 4, h, a, b, c, d, e, f, g);
            ROUND(s + 8, g, h, a, b, c, d, e, f);  ROUND(s + 12, f, g, h, a, b, c, d, e);
            ROUND(s + 16, e, f, g, h, a, b, c, d); ROUND(s + 20, d, e, f, g, h, a, b, c);
            ROUND(s + 24, c, d, e, f, g, h, a, b); ROUND(s + 28, b, c, d, e, f, g, h, a);
        }
        r[0] = ADD(b, KEY(k->wk + 4)); r[1] = c; r[2] = XOR(d, KEY(k->wk + 5)); r[3] = e;
        r[4] = ADD(f, KEY(k->wk + 6)); r[5] = g; r[6] = XOR(h, KEY(k->wk + 7)); r[7] = a;
    } else {
        /* the input is X32 = (b, c, ..., h, a) */
        V t = SUB(a, KEY(k->wk + 4)), u = b, v = XOR(c, KEY(k->wk + 5)), w = d;
        V x = SUB(e, KEY(k->wk + 6)), y = f, z = XOR(g, KEY(k->wk + 7)), q = h;
        b = t; c = u; d = v; e = w; f = x; g = y; h = z; a = q;
        for (s = k->sk + 4 * HIGHT_ROUNDS; s != k->sk; s -= 32) {
            UNROUND(s - 4, b, c, d, e, f, g, h, a);  UNROUND(s - 8, c, d, e, f, g, h, a, b);
            UNROUND(s - 12, d, e, f, g, h, a, b, c); UNROUND(s - 16, e, f, g, h, a, b, c, d);
            UNROUND(s - 20, f, g, h, a, b, c, d, e); UNROUND(s - 24, g, h, a, b, c, d, e, f);
            UNROUND(s - 28, h, a, b, c, d, e, f, g); UNROUND(s - 32, a, b, c, d, e, f, g, h);
        }
        r[0] = SUB(a, KEY(k->wk)); r[1] = b; r[2] = XOR(c, KEY(k->wk + 1)); r[3] = d;
        r[4] = SUB(e, KEY(k->wk + 2)); r[5] = f; r[6] = XOR(g, KEY(k->wk + 3)); r[7] = h;
    }
}

/* One batch (8 registers of bytes) at in to out; xin (CTR), when not NULL, XORed in on the way out. */
static inline __attribute__((always_inline))
void kernel(const hight_simd_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin, int enc)
{
    V r[8];
    hight_load(r, in);
    rounds(k, r, enc);
    hight_store(out, r, xin);
}

static void enc_batch(const hight_simd_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin)
{
    kernel(k, out, in, xin, 1);
}

static void dec_batch(const hight_simd_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin)
{
    kernel(k, out, in, xin, 0);
}

/* Full batches, then the tail padded on the stack; a lone block goes to
 * the one-block kernel (NEON's: hight_lone_block, neon.c), or decrypting
 * to the reference code. */
static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const hight_simd_key *k = ctx;
    size_t len = 8 * nblocks;
    for (; len >= BATCH; len -= BATCH, in += BATCH, out += BATCH) (enc ? enc_batch : dec_batch)(k, out, in, NULL);
    if (len > 8) {
        uint8_t buf[BATCH];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, len);
        (enc ? enc_batch : dec_batch)(k, buf, buf, NULL);
        memcpy(out, buf, len);
        kc_wipe(buf, sizeof buf);
    } else if (len) {
#ifndef HIGHT_OWN_SLICING
        if (enc) {
            __m128i b = hight_lone_encrypt(&k->lone, _mm_loadl_epi64((const __m128i *)(const void *)in));
            _mm_storel_epi64((__m128i *)(void *)out, b);
            return;
        }
#else
        if (enc) {
            hight_lone_block(&k->lone, out, in);
            return;
        }
#endif
        (enc ? kc_hight_ref.encrypt : kc_hight_ref.decrypt)(ctx, out, in, 1);
    }
}

static void hight_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 1);
}

static void hight_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 0);
}

#ifndef HIGHT_OWN_SLICING
/* CBC encryption (and CMAC's CBC-MAC): the chain stays in a register. */
static void hight_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const hight_simd_key *k = ctx;
    __m128i x = _mm_loadl_epi64((const __m128i *)(const void *)iv);
    for (; nblocks; nblocks--, in += 8, out += 8) {
        x = hight_lone_encrypt(&k->lone, _mm_xor_si128(x, _mm_loadl_epi64((const __m128i *)(const void *)in)));
        _mm_storel_epi64((__m128i *)(void *)out, x);
    }
    _mm_storel_epi64((__m128i *)(void *)iv, x);
}
#endif

#define HIGHT_BATCH_KEY hight_simd_key
#include "hight/hight_ctr.h"

#endif
