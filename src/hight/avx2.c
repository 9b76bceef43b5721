/* SPDX-License-Identifier: MIT */
/* HIGHT, AVX2: byte-sliced, 32 blocks per set of eight ymm registers
 * (register k holds byte Xk of the 32 blocks), so a round is the scalar
 * round on whole registers with byte adds.  F0 and F1 are linear over
 * GF(2)^8: each is two 16-entry nibble lookups (vpshufb on the low and the
 * high nibble) XORed, the tables constants, the index the data but inside
 * a register: constant time.  Subkeys are kept as 4-byte patterns so that
 * a broadcast is one load.  CTR writes its counter blocks and XORs the
 * input in as the kernel stores. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"

extern const kc_block_backend kc_hight_ref;

typedef struct hight_avx2_key {
    hight_key k;                    /* first: the ref code takes a lone block */
    uint32_t sk[4 * HIGHT_ROUNDS];  /* SK_i in every byte */
    uint32_t wk[8];
} hight_avx2_key;

static kc_status set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    hight_avx2_key *x = ctx;
    hight_set_key(&x->k, key, key_len, block_len);
    for (unsigned i = 0; i < 4 * HIGHT_ROUNDS; i++) x->sk[i] = x->k.sk[i] * 0x01010101u;
    for (unsigned i = 0; i < 8; i++) x->wk[i] = x->k.wk[i] * 0x01010101u;
    return KC_OK;
}

#define BATCH 256   /* bytes: 32 blocks */

/* The nibble tables of F0 (rotations 1, 2, 7) and F1 (3, 4, 6). */
#define R8(x, n) ((((x) << (n)) | ((x) >> (8 - (n)))) & 0xff)
#define F0C(x) (char)(R8(x, 1) ^ R8(x, 2) ^ R8(x, 7))
#define F1C(x) (char)(R8(x, 3) ^ R8(x, 4) ^ R8(x, 6))
#define TAB(F, s) _mm256_setr_epi8(F(0 << s), F(1 << s), F(2 << s), F(3 << s), F(4 << s), F(5 << s), \
    F(6 << s), F(7 << s), F(8 << s), F(9 << s), F(10 << s), F(11 << s), F(12 << s), F(13 << s), F(14 << s), \
    F(15 << s), F(0 << s), F(1 << s), F(2 << s), F(3 << s), F(4 << s), F(5 << s), F(6 << s), F(7 << s), \
    F(8 << s), F(9 << s), F(10 << s), F(11 << s), F(12 << s), F(13 << s), F(14 << s), F(15 << s))

KC_TARGET_BEGIN("avx2")
typedef __m256i V;
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi8
#define SUB _mm256_sub_epi8
#define KEY(p) _mm256_set1_epi32((int)*(p))
#define F(t, x) XOR(_mm256_shuffle_epi8(t##lo, _mm256_and_si256(x, nib)), \
                    _mm256_shuffle_epi8(t##hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)))
#define ROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = ADD(x1, XOR(F(f1, x0), KEY(s))); x3 = XOR(x3, ADD(F(f0, x2), KEY(s + 1))); \
    x5 = ADD(x5, XOR(F(f1, x4), KEY(s + 2))); x7 = XOR(x7, ADD(F(f0, x6), KEY(s + 3))); } while (0)
#define UNROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = SUB(x1, XOR(F(f1, x0), KEY(s))); x3 = XOR(x3, ADD(F(f0, x2), KEY(s + 1))); \
    x5 = SUB(x5, XOR(F(f1, x4), KEY(s + 2))); x7 = XOR(x7, ADD(F(f0, x6), KEY(s + 3))); } while (0)

/* 8x8 transpose of the 16-bit elements of each 128-bit lane; its own inverse. */
static inline void transpose8(V r[8])
{
    V a[8], b[8];
    for (unsigned i = 0; i < 8; i += 2) {
        a[i] = _mm256_unpacklo_epi16(r[i], r[i + 1]);
        a[i + 1] = _mm256_unpackhi_epi16(r[i], r[i + 1]);
    }
    for (unsigned i = 0; i < 8; i += 4) {
        b[i] = _mm256_unpacklo_epi32(a[i], a[i + 2]);
        b[i + 1] = _mm256_unpackhi_epi32(a[i], a[i + 2]);
        b[i + 2] = _mm256_unpacklo_epi32(a[i + 1], a[i + 3]);
        b[i + 3] = _mm256_unpackhi_epi32(a[i + 1], a[i + 3]);
    }
    for (unsigned i = 0; i < 4; i++) {
        r[2 * i] = _mm256_unpacklo_epi64(b[i], b[i + 4]);
        r[2 * i + 1] = _mm256_unpackhi_epi64(b[i], b[i + 4]);
    }
}

/* 32 blocks at in to out; xin (CTR), when not NULL, XORed in on the way out. */
static inline __attribute__((always_inline))
void kernel(const hight_avx2_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin, int enc)
{
    /* In each lane: two blocks' bytes interleaved (byte i of both at 16-bit element i), and back. */
    const V pair = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
                                    0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    const V unpair = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15,
                                      0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15);
    const V nib = _mm256_set1_epi8(0x0f);
    const V f0lo = TAB(F0C, 0), f0hi = TAB(F0C, 4), f1lo = TAB(F1C, 0), f1hi = TAB(F1C, 4);
    V r[8];
    for (unsigned j = 0; j < 8; j++)
        r[j] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * j)), pair);
    transpose8(r);
    V a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
    const uint32_t *s;
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
    transpose8(r);
    for (unsigned j = 0; j < 8; j++) {
        V o = _mm256_shuffle_epi8(r[j], unpair);
        if (xin) o = XOR(o, _mm256_loadu_si256((const __m256i *)(const void *)(xin + 32 * j)));
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * j), o);
    }
}

static void enc32(const hight_avx2_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin)
{
    kernel(k, out, in, xin, 1);
}

static void dec32(const hight_avx2_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin)
{
    kernel(k, out, in, xin, 0);
}

/* Full batches, then the tail padded on the stack; a lone block goes to
 * the reference code. */
static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const hight_avx2_key *k = ctx;
    size_t len = 8 * nblocks;
    for (; len >= BATCH; len -= BATCH, in += BATCH, out += BATCH) (enc ? enc32 : dec32)(k, out, in, NULL);
    if (len > 8) {
        uint8_t buf[BATCH];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, len);
        (enc ? enc32 : dec32)(k, buf, buf, NULL);
        memcpy(out, buf, len);
        kc_wipe(buf, sizeof buf);
    } else if (len) {
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

/* CTR: the whole block a big-endian 64-bit counter. */
static void hight_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const hight_avx2_key *k = ctx;
    uint64_t c = kc_load64_be(counter);
    uint8_t buf[BATCH];
    while (nblocks) {
        size_t n = nblocks < BATCH / 8 ? nblocks : BATCH / 8;
        for (size_t j = 0; j < n; j++) kc_store64_be(buf + 8 * j, c++);
        if (n == BATCH / 8) {
            enc32(k, out, buf, in);
        } else {
            uint8_t x[BATCH];
            memset(x, 0, sizeof x);
            memcpy(x, in, 8 * n);
            enc32(k, x, buf, x);
            memcpy(out, x, 8 * n);
            kc_wipe(x, sizeof x);
        }
        in += 8 * n; out += 8 * n; nblocks -= n;
    }
    kc_store64_be(counter, c);
    kc_wipe(buf, sizeof buf);
}

const kc_block_backend kc_hight_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2, 32 blocks byte-sliced, F0/F1 as nibble shuffles",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_avx2_key),
    },
    .set_key = set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .ctr = hight_ctr,
};
KC_TARGET_END
#endif
