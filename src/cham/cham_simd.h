/* SPDX-License-Identifier: MIT */
/* CHAM word-sliced SIMD: the code the avx512, avx2, ssse3, sse2 and neon
 * backends share (the idea of lea/lea_simd.h).  A set of four registers
 * holds word Xw of as many blocks as fit, so a round is the scalar round
 * on whole registers: 32-bit lanes for CHAM-128, 16-bit lanes for CHAM-64
 * (twice the blocks).
 * Two sets are in flight on long inputs (decryption is a serial chain).
 * The including file first defines
 *   V                         its vector;
 *   XOR, ADD32, SUB32, ADD16, SUB16                lane-wise operations;
 *   ROL32_1, ROR32_1, ROL32_8, ROR32_8, ROL16_1, ROR16_1, SWAP16 (= ROL8)
 *                             the rotations CHAM uses;
 *   BCAST(p)                  a uint32_t at p in every 32-bit lane (or
 *                             RK(p), RI(p): below);
 *   V_LOAD, V_STORE           unaligned loads and stores;
 *   V_UNPACKLO, V_UNPACKHI    in-lane unpacks (core/transpose4x4.h);
 *   PAIR16(x), UNPAIR16(x)    in-lane byte shuffles: two 8-byte blocks per
 *                             128-bit lane <-> the pairs (word w of both)
 *                             at 32-bit position w
 * (the last three on x86 only: NEON brings its own cham_load/cham_store).
 * ARX only, no table: constant time. */
#ifndef KC_CHAM_SIMD_H
#define KC_CHAM_SIMD_H
#include <string.h>
#include "cham/cham_common.h"
#include "core/ctr_blocks.h"

extern const kc_block_backend kc_cham_ref;

#define CHAM_VB ((size_t)sizeof(V))      /* bytes per register */
#define CHAM_BATCH (8 * CHAM_VB)         /* bytes per kernel call: two sets */


/* The round key and round number of round p as vectors: broadcast, or
 * read from memory where the including file defines RK and RI. */
#ifndef RK
#define RK(p) BCAST(k->rk + (p))
#define RI(p) BCAST(k->ri + (p))
#endif

/* Four rounds from round p (encryption) on (a, b, c, d); the words come
 * back in place.  w16 selects the 16-bit lanes. */
#define ENC_R(a, b, p, RA, RB) a = RB(ADD(XOR(a, RI(p)), XOR(RA(b), RK(p))))
#define ENC4(a, b, c, d, p) do { \
    ENC_R(a, b, p, ROL_1, ROL_8); ENC_R(b, c, p + 1, ROL_8, ROL_1); \
    ENC_R(c, d, p + 2, ROL_1, ROL_8); ENC_R(d, a, p + 3, ROL_8, ROL_1); } while (0)
/* The inverse of the four rounds before round p. */
#define DEC_R(a, b, p, RA, RB) a = XOR(SUB(RB(a), XOR(RA(b), RK(p))), RI(p))
#define DEC4(a, b, c, d, p) do { \
    DEC_R(d, a, p - 1, ROL_8, ROR_1); DEC_R(c, d, p - 2, ROL_1, ROR_8); \
    DEC_R(b, c, p - 3, ROL_8, ROR_1); DEC_R(a, b, p - 4, ROL_1, ROR_8); } while (0)
#define TWICE(F, p) do { F(x0, x1, x2, x3, p); if (two) F(y0, y1, y2, y3, p); } while (0)

/* All rounds on v[0..3] and, when two, v[4..7] (encryption from round
 * start, a multiple of 4).  Inlined with constant enc, two, w16, start:
 * each variant is straight code. */
static inline __attribute__((always_inline))
void cham_sliced_rounds(const cham_key *k, V v[8], int enc, int two, int w16, unsigned start)
{
#define ADD(a, b) (w16 ? ADD16(a, b) : ADD32(a, b))
#define SUB(a, b) (w16 ? SUB16(a, b) : SUB32(a, b))
#define ROL_1(x) (w16 ? ROL16_1(x) : ROL32_1(x))
#define ROR_1(x) (w16 ? ROR16_1(x) : ROR32_1(x))
#define ROL_8(x) (w16 ? SWAP16(x) : ROL32_8(x))
#define ROR_8(x) (w16 ? SWAP16(x) : ROR32_8(x))
    V x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    V y0 = v[4], y1 = v[5], y2 = v[6], y3 = v[7];
    unsigned nr = k->rounds;
    if (enc) {
        for (size_t p = start; p < nr; p += 4) TWICE(ENC4, p);
    } else {
        for (size_t p = nr; p; p -= 4) TWICE(DEC4, p);
    }
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = y0; v[5] = y1; v[6] = y2; v[7] = y3;
#undef ADD
#undef SUB
#undef ROL_1
#undef ROR_1
#undef ROL_8
#undef ROR_8
}

#ifndef CHAM_OWN_SLICING
#include "core/transpose4x4.h"   /* transpose() */
/* One set: 4 registers of blocks at p into the sliced layout, and back
 * (xin, when not NULL, XORed in as it is stored).  A NEON file has its
 * own (vld4/vst4 de-interleave) and defines CHAM_OWN_SLICING. */
static inline __attribute__((always_inline)) void cham_load(V v[4], const uint8_t *p, int w16)
{
    for (unsigned j = 0; j < 4; j++) v[j] = V_LOAD(p + CHAM_VB * j);
    if (w16)
        for (unsigned j = 0; j < 4; j++) v[j] = PAIR16(v[j]);
    transpose(v);
}
static inline __attribute__((always_inline))
void cham_store(uint8_t *p, V v[4], const uint8_t *xin, int w16)
{
    transpose(v);
    if (w16)
        for (unsigned j = 0; j < 4; j++) v[j] = UNPAIR16(v[j]);
    for (unsigned j = 0; j < 4; j++) {
        if (xin) v[j] = XOR(v[j], V_LOAD(xin + CHAM_VB * j));
        V_STORE(p + CHAM_VB * j, v[j]);
    }
}
#endif

/* One kernel call: CHAM_BATCH bytes at in (two sets, or the first half
 * when !two) to out; xin (CTR) is XORed into the result as it is stored. */
static inline __attribute__((always_inline))
void cham_kernel(const cham_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin, int enc, int two, int w16)
{
    V v[8];
    const size_t half = 4 * CHAM_VB;
    cham_load(v, in, w16);
    if (two) cham_load(v + 4, in + half, w16);
    else memset(v + 4, 0, sizeof(V) * 4);
    cham_sliced_rounds(k, v, enc, two, w16, 0);
    cham_store(out, v, xin, w16);
    if (two) cham_store(out + half, v + 4, xin ? xin + half : NULL, w16);
}

/* The variants, out of line (each is one straight-line round loop). */
#define CHAM_VARIANT(name, enc, two, w16) \
    static void name(const cham_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin) \
    { cham_kernel(k, out, in, xin, enc, two, w16); }
CHAM_VARIANT(enc2_32, 1, 1, 0)
CHAM_VARIANT(enc1_32, 1, 0, 0)
CHAM_VARIANT(dec2_32, 0, 1, 0)
CHAM_VARIANT(dec1_32, 0, 0, 0)
CHAM_VARIANT(enc2_16, 1, 1, 1)
CHAM_VARIANT(enc1_16, 1, 0, 1)
CHAM_VARIANT(dec2_16, 0, 1, 1)
CHAM_VARIANT(dec1_16, 0, 0, 1)
typedef void cham_kernel_fn(const cham_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin);

static inline cham_kernel_fn *cham_pick(const cham_key *k, int enc, int two)
{
    if (k->w == 16) return enc ? (two ? enc2_16 : enc1_16) : (two ? dec2_16 : dec1_16);
    return enc ? (two ? enc2_32 : enc1_32) : (two ? dec2_32 : dec1_32);
}

/* Full batches, then the tail padded on the stack; a lone block goes to
 * the reference code. */
static void cham_simd_crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const cham_key *k = ctx;
    size_t bs = k->w / 2, len = nblocks * bs;
    cham_kernel_fn *full = cham_pick(k, enc, 1);
    for (; len >= CHAM_BATCH; len -= CHAM_BATCH, in += CHAM_BATCH, out += CHAM_BATCH) full(k, out, in, NULL);
    if (len > bs) {
        uint8_t buf[CHAM_BATCH];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, len);
        cham_pick(k, enc, len > CHAM_BATCH / 2)(k, buf, buf, NULL);
        memcpy(out, buf, len);
        kc_wipe(buf, sizeof buf);
    } else if (len) {
        (enc ? kc_cham_ref.encrypt : kc_cham_ref.decrypt)(ctx, out, in, 1);
    }
}

static void cham_simd_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    cham_simd_crypt(ctx, out, in, nblocks, 1);
}

static void cham_simd_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    cham_simd_crypt(ctx, out, in, nblocks, 0);
}

#ifdef CTR_ORDER
/* CTR for CHAM-128 (the 32-bit lanes).  In a run of blocks that does not
 * wrap the counter's low 32 bits, X0..X2 are the same in every block and
 * only X3 (that word, byte-swapped) differs: rounds 0, 1 and 4 are then
 * scalar and rounds 2, 3, 5 and 7 have a common operand, 27 of a set's
 * 784 vector steps saved, and the counter blocks are made in the sliced
 * layout (CTR_ORDER: the block at each 32-bit position after transpose())
 * instead of written out and transposed.  The including file defines
 * V_SET1(x), BSWAP32(x) and CTR_ORDER. */
#define CHAM_LANES (CHAM_VB / 4)              /* blocks per set */
#define CHAM_CTR_BLOCKS (2 * CHAM_LANES)      /* per kernel call */

static inline __attribute__((always_inline)) V ctr_x3(uint32_t low, unsigned s)
{
    return BSWAP32(ADD32(V_SET1(low + CHAM_LANES * s), CTR_ORDER));
}

/* Blocks low .. low + CHAM_LANES (two ? 2 : 1) - 1 into out, XORed with
 * in (NULL: the keystream itself). */
static inline __attribute__((always_inline))
void cham_ctr_kernel(const cham_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, int two)
{
    const uint32_t *rk = k->rk;
    uint32_t b = x012[1], c = x012[2];
    uint32_t a1 = kc_rol32(x012[0] + (kc_rol32(b, 1) ^ rk[0]), 8);
    uint32_t b1 = kc_rol32((b ^ 1) + (kc_rol32(c, 8) ^ rk[1]), 1);
    uint32_t a2 = kc_rol32((a1 ^ 4) + (kc_rol32(b1, 1) ^ rk[4]), 8);
    V v[8];
    for (unsigned s = 0; s < 2; s++) {
        V x2, x3 = ctr_x3(low, s), *x = v + 4 * s;
        x2 = ROL32_8(ADD32(V_SET1(c ^ 2), XOR(ROL32_1(x3), RK(2))));             /* round 2 */
        x3 = ROL32_1(ADD32(XOR(x3, RI(3)), V_SET1(kc_rol32(a1, 8) ^ rk[3])));  /* 3 */
        x[1] = ROL32_1(ADD32(V_SET1(b1 ^ 5), XOR(ROL32_8(x2), RK(5))));           /* 5 */
        x[2] = ROL32_8(ADD32(XOR(x2, RI(6)), XOR(ROL32_1(x3), RK(6)))); /* 6 */
        x[3] = ROL32_1(ADD32(XOR(x3, RI(7)), V_SET1(kc_rol32(a2, 8) ^ rk[7])));  /* 7 */
        x[0] = V_SET1(a2);
        if (!two) { memset(v + 4, 0, sizeof(V) * 4); break; }
    }
    cham_sliced_rounds(k, v, 1, two, 0, 8);
    cham_store(out, v, in, 0);
    if (two) cham_store(out + 4 * CHAM_VB, v + 4, in ? in + 4 * CHAM_VB : NULL, 0);
}

static void ctr_full(const cham_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in)
{
    cham_ctr_kernel(k, x012, low, out, in, 1);
}

/* 1 .. CHAM_CTR_BLOCKS blocks; fewer than all through a keystream buffer. */
static void ctr_batch(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in,
                      size_t n)
{
    const cham_key *k = ctx;
    uint8_t ks[16 * CHAM_CTR_BLOCKS];
    if (n == CHAM_CTR_BLOCKS) {
        ctr_full(k, x012, low, out, in);
        return;
    }
    if (n > CHAM_LANES) cham_ctr_kernel(k, x012, low, ks, NULL, 1);
    else cham_ctr_kernel(k, x012, low, ks, NULL, 0);
    for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
    kc_wipe(ks, sizeof ks);
}

#endif

/* CTR: the counter blocks of one batch written out (the whole block a
 * big-endian counter, as two 64-bit halves for CHAM-128), encrypted, and
 * the input XORed in as the kernel stores. */
static void cham_simd_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    size_t bs = k->w / 2;
#ifdef CTR_ORDER
    if (bs == 16) {
        kc_ctr_word_runs(ctr_batch, CHAM_CTR_BLOCKS, k, counter, out, in, nblocks);
        return;
    }
#endif
    uint64_t hi = bs == 16 ? kc_load64_be(counter) : 0, lo = kc_load64_be(counter + bs - 8);
    uint8_t buf[CHAM_BATCH];
    while (nblocks) {
        size_t n = nblocks < CHAM_BATCH / bs ? nblocks : CHAM_BATCH / bs, len = n * bs;
        for (size_t j = 0; j < len; j += bs) {
            if (bs == 16) kc_store64_be(buf + j, hi);
            kc_store64_be(buf + j + bs - 8, lo);
            hi += ++lo == 0;
        }
        if (len == CHAM_BATCH) {
            cham_pick(k, 1, 1)(k, out, buf, in);
        } else {
            uint8_t x[CHAM_BATCH];
            memset(buf + len, 0, sizeof buf - len);
            memset(x, 0, sizeof x);
            memcpy(x, in, len);
            cham_pick(k, 1, len > CHAM_BATCH / 2)(k, x, buf, x);
            memcpy(out, x, len);
            kc_wipe(x, sizeof x);
        }
        in += len; out += len; nblocks -= n;
    }
    if (bs == 16) kc_store64_be(counter, hi);
    kc_store64_be(counter + bs - 8, lo);
    kc_wipe(buf, sizeof buf);
}

#endif
