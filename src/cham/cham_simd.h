/* SPDX-License-Identifier: MIT */
/* CHAM word-sliced SIMD: the code the avx512, avx2, ssse3, sse2 and neon
 * backends share (the idea of lea/lea_simd.h).  A set of four registers
 * holds word Xw of as many blocks as fit, so a round is the scalar round
 * on whole registers: 32-bit lanes for CHAM-128, 16-bit lanes for CHAM-64
 * (twice the blocks).
 * Two sets (CHAM_SETS, or three: the x86 backends with 16 registers) are
 * in flight on long inputs: a round is a chain of 5 or 6 dependent uops,
 * and on Zen 3 the third set took 3-30% off (CHAM-64 on SSE2 the most).
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
#ifndef CHAM_SETS
#define CHAM_SETS 2                      /* sets in flight on long inputs (2 or 3) */
#endif
#define CHAM_SET_BYTES (4 * CHAM_VB)
#define CHAM_BATCH (CHAM_SETS * CHAM_SET_BYTES)   /* bytes per kernel call */


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
#define SETS(F, p) do { \
    F(x0, x1, x2, x3, p); if (sets > 1) F(y0, y1, y2, y3, p); if (sets > 2) F(z0, z1, z2, z3, p); } while (0)

/* All rounds on sets v[0..3], v[4..7], v[8..11] (the first `sets` of
 * them; encryption from round start, a multiple of 4).  Inlined with
 * constant enc, sets, w16, start: each variant is straight code. */
static inline __attribute__((always_inline))
void cham_sliced_rounds(const cham_key *k, V v[12], int enc, int sets, int w16, unsigned start)
{
#define ADD(a, b) (w16 ? ADD16(a, b) : ADD32(a, b))
#define SUB(a, b) (w16 ? SUB16(a, b) : SUB32(a, b))
#define ROL_1(x) (w16 ? ROL16_1(x) : ROL32_1(x))
#define ROR_1(x) (w16 ? ROR16_1(x) : ROR32_1(x))
#define ROL_8(x) (w16 ? SWAP16(x) : ROL32_8(x))
#define ROR_8(x) (w16 ? SWAP16(x) : ROR32_8(x))
    V x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    V y0 = v[4], y1 = v[5], y2 = v[6], y3 = v[7];
    V z0 = v[8], z1 = v[9], z2 = v[10], z3 = v[11];
    unsigned nr = k->rounds;
    if (enc) {
        for (size_t p = start; p < nr; p += 4) SETS(ENC4, p);
    } else {
        for (size_t p = nr; p; p -= 4) SETS(DEC4, p);
    }
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = y0; v[5] = y1; v[6] = y2; v[7] = y3;
    v[8] = z0; v[9] = z1; v[10] = z2; v[11] = z3;
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

/* One kernel call: sets * CHAM_SET_BYTES bytes at in to out; xin (CTR)
 * is XORed into the result as it is stored. */
static inline __attribute__((always_inline))
void cham_kernel(const cham_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin, int enc, int sets, int w16)
{
    V v[12];
    memset(v, 0, sizeof v);
    for (int s = 0; s < sets; s++) cham_load(v + 4 * s, in + CHAM_SET_BYTES * s, w16);
    cham_sliced_rounds(k, v, enc, sets, w16, 0);
    for (int s = 0; s < sets; s++)
        cham_store(out + CHAM_SET_BYTES * s, v + 4 * s, xin ? xin + CHAM_SET_BYTES * s : NULL, w16);
}

/* The variants, out of line (each is one straight-line round loop):
 * name<sets>_<lane bits>. */
#define CHAM_VARIANT(name, enc, sets, w16) \
    static void name(const cham_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin) \
    { cham_kernel(k, out, in, xin, enc, sets, w16); }
#define CHAM_VARIANTS(sets) \
    CHAM_VARIANT(enc##sets##_32, 1, sets, 0) CHAM_VARIANT(dec##sets##_32, 0, sets, 0) \
    CHAM_VARIANT(enc##sets##_16, 1, sets, 1) CHAM_VARIANT(dec##sets##_16, 0, sets, 1)
CHAM_VARIANTS(1)
CHAM_VARIANTS(2)
#if CHAM_SETS > 2
CHAM_VARIANTS(3)
#endif
typedef void cham_kernel_fn(const cham_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin);

/* The kernel for 1 .. CHAM_SETS sets. */
#define CHAM_PICK(n) (k->w == 16 ? (enc ? enc##n##_16 : dec##n##_16) : (enc ? enc##n##_32 : dec##n##_32))
static inline cham_kernel_fn *cham_pick(const cham_key *k, int enc, size_t sets)
{
#if CHAM_SETS > 2
    if (sets == 3) return CHAM_PICK(3);
#endif
    return sets == 2 ? CHAM_PICK(2) : CHAM_PICK(1);
}
#undef CHAM_PICK

/* Sets needed for len bytes (1 .. CHAM_SETS). */
static inline size_t cham_sets_for(size_t len)
{
    return (len + CHAM_SET_BYTES - 1) / CHAM_SET_BYTES;
}

/* Full batches, then the tail padded on the stack; a lone block goes to
 * the reference code. */
static void cham_simd_crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const cham_key *k = ctx;
    size_t bs = k->w / 2, len = nblocks * bs;
    cham_kernel_fn *full = cham_pick(k, enc, CHAM_SETS);
    for (; len >= CHAM_BATCH; len -= CHAM_BATCH, in += CHAM_BATCH, out += CHAM_BATCH) full(k, out, in, NULL);
    if (len > bs) {
        uint8_t buf[CHAM_BATCH];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, len);
        cham_pick(k, enc, cham_sets_for(len))(k, buf, buf, NULL);
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
#define CHAM_CTR_BLOCKS (CHAM_SETS * CHAM_LANES)   /* per kernel call */

static inline __attribute__((always_inline)) V ctr_x3(uint32_t low, unsigned s)
{
    return BSWAP32(ADD32(V_SET1(low + CHAM_LANES * s), CTR_ORDER));
}

/* Blocks low .. low + CHAM_LANES * sets - 1 into out, XORed with in
 * (NULL: the keystream itself). */
static inline __attribute__((always_inline))
void cham_ctr_kernel(const cham_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, int sets)
{
    const uint32_t *rk = k->rk;
    uint32_t b = x012[1], c = x012[2];
    uint32_t a1 = kc_rol32(x012[0] + (kc_rol32(b, 1) ^ rk[0]), 8);
    uint32_t b1 = kc_rol32((b ^ 1) + (kc_rol32(c, 8) ^ rk[1]), 1);
    uint32_t a2 = kc_rol32((a1 ^ 4) + (kc_rol32(b1, 1) ^ rk[4]), 8);
    V v[12];
    memset(v + 4 * sets, 0, sizeof(V) * 4 * (size_t)(3 - sets));
    for (int s = 0; s < sets; s++) {
        V x2, x3 = ctr_x3(low, (unsigned)s), *x = v + 4 * s;
        x2 = ROL32_8(ADD32(V_SET1(c ^ 2), XOR(ROL32_1(x3), RK(2))));             /* round 2 */
        x3 = ROL32_1(ADD32(XOR(x3, RI(3)), V_SET1(kc_rol32(a1, 8) ^ rk[3])));  /* 3 */
        x[1] = ROL32_1(ADD32(V_SET1(b1 ^ 5), XOR(ROL32_8(x2), RK(5))));           /* 5 */
        x[2] = ROL32_8(ADD32(XOR(x2, RI(6)), XOR(ROL32_1(x3), RK(6)))); /* 6 */
        x[3] = ROL32_1(ADD32(XOR(x3, RI(7)), V_SET1(kc_rol32(a2, 8) ^ rk[7])));  /* 7 */
        x[0] = V_SET1(a2);
    }
    cham_sliced_rounds(k, v, 1, sets, 0, 8);
    for (int s = 0; s < sets; s++)
        cham_store(out + CHAM_SET_BYTES * s, v + 4 * s, in ? in + CHAM_SET_BYTES * s : NULL, 0);
}

static void ctr_full(const cham_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in)
{
    cham_ctr_kernel(k, x012, low, out, in, CHAM_SETS);
}

/* 1 .. CHAM_CTR_BLOCKS blocks; fewer than all through a keystream buffer
 * (one kernel per set count, out of line). */
#define CHAM_CTR_PART(sets) \
    static void ctr_part##sets(const cham_key *k, const uint32_t x012[3], uint32_t low, uint8_t *ks) \
    { cham_ctr_kernel(k, x012, low, ks, NULL, sets); }
CHAM_CTR_PART(1)
#if CHAM_SETS > 2
CHAM_CTR_PART(2)
#endif

static void ctr_batch(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in,
                      size_t n)
{
    const cham_key *k = ctx;
    uint8_t ks[16 * CHAM_CTR_BLOCKS];
    if (n == CHAM_CTR_BLOCKS) {
        ctr_full(k, x012, low, out, in);
        return;
    }
    if (n <= CHAM_LANES) ctr_part1(k, x012, low, ks);
#if CHAM_SETS > 2
    else if (n <= 2 * CHAM_LANES) ctr_part2(k, x012, low, ks);
#endif
    else cham_ctr_kernel(k, x012, low, ks, NULL, CHAM_SETS);
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
        if (bs == 8) {   /* CHAM-64: one word a block, no carry test (10% of its CTR on Zen 3) */
            for (size_t j = 0; j < n; j++) kc_store64_be(buf + 8 * j, lo + j);
            lo += n;
        } else {
            for (size_t j = 0; j < len; j += 16) {
                kc_store64_be(buf + j, hi);
                kc_store64_be(buf + j + 8, lo);
                hi += ++lo == 0;
            }
        }
        if (len == CHAM_BATCH) {
            cham_pick(k, 1, CHAM_SETS)(k, out, buf, in);
        } else {
            uint8_t x[CHAM_BATCH];
            memset(buf + len, 0, sizeof buf - len);
            memset(x, 0, sizeof x);
            memcpy(x, in, len);
            cham_pick(k, 1, cham_sets_for(len))(k, x, buf, x);
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
