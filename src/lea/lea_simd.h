/* SPDX-License-Identifier: MIT */
/* LEA word-sliced SIMD: the code the sse2, avx2, avx512 and neon backends
 * share.  Register w of a set of four holds word Xw of V_LANES blocks, so
 * a round is the scalar round on whole registers.  The including file first
 * defines
 *   V, LEA_BATCH      its vector of 32-bit words; blocks per call of its
 *                     batch kernel (two sets of registers, or one for neon);
 *   LEA_RK, K(j)      the type of a round-key word as the rounds read it
 *                     (uint32_t, or a pre-broadcast V), and word j of rk as V;
 *   XOR ADD SUB ROL(x, n) ROR(x, n)   lane-wise operations;
 *   V_UNPACKLO(w, a, b) V_UNPACKHI(w, a, b)   (x86) in-lane unpacks, for
 *                     transpose();
 *   LEA_MASKED        (optional) its kernel takes any 2..LEA_BATCH blocks
 *                     in place; otherwise a tail is padded on the stack;
 *   LEA_CTR_BATCH     (optional) blocks per call of its CTR kernel, if not
 *                     LEA_BATCH.
 * Two sets are in flight on long inputs: decryption's rounds are a serial
 * chain (X1 needs the new X0, X2 the new X1) that one set cannot fill the
 * pipeline with.  A lone block goes to the ref code.  ARX only: constant
 * time. */
#ifndef KC_LEA_SIMD_H
#define KC_LEA_SIMD_H
#include <string.h>
#include "core/ctr_blocks.h"
#include "core/simd_blocks.h"
#include "lea/lea_common.h"

extern const kc_block_backend kc_lea_ref;

/* One round on (a, b, c, d) = (X0, X1, X2, X3), leaving the new state in
 * (b, c, d, a): d, c, b are overwritten in the order that reads each old
 * value before it is replaced. */
#define ROUND(a, b, c, d, round_keys) do { const LEA_RK *rk = (round_keys); \
    d = ROR(ADD(XOR(c, K(4)), XOR(d, K(5))), 3); \
    c = ROR(ADD(XOR(b, K(2)), XOR(c, K(3))), 5); \
    b = ROL(ADD(XOR(a, K(0)), XOR(b, K(1))), 9); \
} while (0)
/* Its inverse: a holds the old X0, which unlocks b, then c, then d. */
#define UNROUND(a, b, c, d, round_keys) do { const LEA_RK *rk = (round_keys); \
    b = XOR(SUB(ROR(b, 9), XOR(a, K(0))), K(1)); \
    c = XOR(SUB(ROL(c, 5), XOR(b, K(2))), K(3)); \
    d = XOR(SUB(ROL(d, 3), XOR(c, K(4))), K(5)); \
} while (0)
/* Rounds p[0..3] (forward) or p[-1] down to p[-4] (back) on set x and,
 * when two, on set y, interleaved round by round. */
#define R2(F, a, b, c, d, r) do { \
    F(x##a, x##b, x##c, x##d, r); if (two) F(y##a, y##b, y##c, y##d, r); } while (0)
#define ROUNDS4(p) do { \
    R2(ROUND, 0, 1, 2, 3, (p)[0]); R2(ROUND, 1, 2, 3, 0, (p)[1]); \
    R2(ROUND, 2, 3, 0, 1, (p)[2]); R2(ROUND, 3, 0, 1, 2, (p)[3]); \
} while (0)
#define UNROUNDS4(p) do { \
    R2(UNROUND, 3, 0, 1, 2, (p)[-1]); R2(UNROUND, 2, 3, 0, 1, (p)[-2]); \
    R2(UNROUND, 1, 2, 3, 0, (p)[-3]); R2(UNROUND, 0, 1, 2, 3, (p)[-4]); \
} while (0)

/* The nr rounds of tab on the sliced words v[0..3] and, when two, v[4..7].
 * Inlined with constant enc and two, so each variant is straight code.  The
 * key pointer walks (an unsigned index costs a multiply per round). */
static inline __attribute__((always_inline))
void rounds(const LEA_RK (*tab)[6], unsigned nr, V v[8], int enc, int two)
{
    V x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    V y0 = v[4], y1 = v[5], y2 = v[6], y3 = v[7];
    const LEA_RK (*p)[6] = tab, (*end)[6] = tab + nr;
    if (enc) {
        for (; p != end; p += 4) ROUNDS4(p);
    } else {
        for (; end != p; end -= 4) UNROUNDS4(end);
    }
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = y0; v[5] = y1; v[6] = y2; v[7] = y3;
}

/* One of the four variants above, chosen at run time. */
static inline void rounds_any(const LEA_RK (*tab)[6], unsigned nr, V v[8], int enc, int two)
{
    if (enc) {
        if (two) rounds(tab, nr, v, 1, 1); else rounds(tab, nr, v, 1, 0);
    } else {
        if (two) rounds(tab, nr, v, 0, 1); else rounds(tab, nr, v, 0, 0);
    }
}

#ifdef V_UNPACKLO
#include "core/transpose4x4.h"   /* transpose() */
#endif

/* ---- Drivers: full batches, then the tail ---- */

/* The block loop (core/simd_blocks.h) around a batch kernel. */
typedef kc_batch_fn lea_batch_fn;

static inline void lea_simd_crypt(lea_batch_fn *batch, const void *ctx, uint8_t *out, const uint8_t *in,
                                  size_t nblocks, int enc)
{
#ifdef LEA_MASKED
    kc_simd_blocks(batch, LEA_BATCH, 1, &kc_lea_ref, ctx, out, in, nblocks, enc);
#else
    kc_simd_blocks(batch, LEA_BATCH, 0, &kc_lea_ref, ctx, out, in, nblocks, enc);
#endif
}

#ifndef LEA_CTR_BATCH
#define LEA_CTR_BATCH LEA_BATCH
#endif

/* CTR: the kernels are core/ctr_blocks.h's kc_ctr_words_fn, n = 1..LEA_CTR_BATCH
 * blocks a call, run by kc_ctr_word_runs. */

/* ---- Multi-buffer CBC encryption (the cbc_encrypt_multi hook) ----
 * Lane i of the sliced registers is chain i: its chaining value stays there
 * from block to block, so a step is gather block j of every chain, XOR,
 * rounds, scatter.  Needs V_LANES (blocks per register) and, from the
 * including file,
 *   gather(x, p, off)    x[0..3] = words of the blocks p[0..V_LANES-1] + off;
 *   scatter(p, off, x)   the inverse, skipping lanes whose p[i] is NULL
 *                        (may clobber x).
 * x86 files give load_lanes(p, off) / store_lanes(p, off, x) (one block per
 * 128-bit lane) instead, and get gather/scatter here from transpose(). */
#ifdef V_LANES
#ifdef V_UNPACKLO
#define LEA_Q (V_LANES / 4)   /* blocks per 128-bit-laned register */
static inline void gather(V x[4], const uint8_t *const p[], size_t off)
{
    for (unsigned r = 0; r < 4; r++) x[r] = load_lanes(p + LEA_Q * r, off);
    transpose(x);
}
static inline void scatter(uint8_t *const p[], size_t off, V x[4])
{
    transpose(x);
    for (unsigned r = 0; r < 4; r++) store_lanes(p + LEA_Q * r, off, x[r]);
}
#endif

/* Lines j..j+3 (k of them) of the m chains into stage st. */
static inline __attribute__((always_inline))
void cbc_stage(uint8_t st[][64], const uint8_t *const in[], size_t m, size_t j, size_t nblocks)
{
    if (nblocks - j >= 4) {
        for (size_t i = 0; i < m; i++) memcpy(st[i], in[i] + 16 * j, 64);
    } else {
        for (size_t i = 0; i < m; i++) memcpy(st[i], in[i] + 16 * j, 16 * (nblocks - j));
    }
}

/* Chains s, s + 4, s + 8, ... of a finished group of k blocks from j (its
 * stage st) out to their messages. */
static inline __attribute__((always_inline))
void cbc_flush(uint8_t *const out[], uint8_t st[][64], size_t m, size_t s, size_t j, size_t k)
{
    for (size_t i = s; i < m; i += 4)
        if (out[i]) {
            if (k == 4) memcpy(out[i] + 16 * j, st[i], 64);
            else memcpy(out[i] + 16 * j, st[i], 16 * k);
        }
}

/* One pass over m = 1..2 V_LANES chains; set y (two) carries chains
 * V_LANES.. .  The chains' blocks go through 64-byte stages, one cache line
 * of each chain per four steps: messages laid out 4 KiB apart all map to
 * one L1 set, so touching each of their lines once per step thrashes it
 * (3x slower).  The next four blocks are staged before the current four
 * run, which hides their trip from L2; a finished group's lines go out a
 * quarter at a time during the next group's steps (stores that miss hold
 * up the stores behind them).  Idle lanes encrypt zeros and write nothing. */
static inline __attribute__((always_inline))
void cbc_pass(const LEA_RK (*tab)[6], unsigned nr, size_t m, uint8_t *const out[], const uint8_t *const in[],
              uint8_t *const iv[], size_t nblocks, int two)
{
    enum { L = 2 * V_LANES };
    uint8_t sin[2][L][64], sout[2][L][64], ivs[L][16];   /* plaintext, ciphertext, chaining values */
    const uint8_t *ip[2][L], *cvp[L];
    uint8_t *op[2][L], *vp[L];
    int any = 0;
    memset(sin, 0, sizeof sin);
    for (size_t i = 0; i < L; i++) {
        ip[0][i] = sin[0][i];
        ip[1][i] = sin[1][i];
        op[0][i] = i < m && out[i] ? sout[0][i] : NULL;
        op[1][i] = i < m && out[i] ? sout[1][i] : NULL;
        any |= op[0][i] != NULL;
        if (i < m) memcpy(ivs[i], iv[i], 16); else memset(ivs[i], 0, 16);
        cvp[i] = vp[i] = ivs[i];
    }
    V v[8], t[8];
    memset(v, 0, sizeof v);   /* set y unused when !two */
    memset(t, 0, sizeof t);
    gather(v, cvp, 0);
    if (two) gather(v + 4, cvp + V_LANES, 0);
    if (nblocks) cbc_stage(sin[0], in, m, 0, nblocks);
    size_t pj = 0, pk = 0, pg = 0;   /* the previous group: first block, blocks (0: none), stage */
    for (size_t j = 0, g = 0; j < nblocks; j += 4, g ^= 1) {
        size_t k = nblocks - j < 4 ? nblocks - j : 4;
        if (j + 4 < nblocks) cbc_stage(sin[g ^ 1], in, m, j + 4, nblocks);
        for (size_t s = 0; s < k; s++) {
            if (pk) cbc_flush(out, sout[pg], m, s, pj, pk);
            gather(t, ip[g], 16 * s);
            if (two) gather(t + 4, ip[g] + V_LANES, 16 * s);
            for (unsigned w = 0; w < (two ? 8u : 4u); w++) v[w] = XOR(v[w], t[w]);
            rounds(tab, nr, v, 1, two);
            if (any) {
                memcpy(t, v, sizeof t);
                scatter(op[g], 16 * s, t);
                if (two) scatter(op[g] + V_LANES, 16 * s, t + 4);
            }
        }
        if (!any) continue;
        for (size_t s = k; pk && s < 4; s++) cbc_flush(out, sout[pg], m, s, pj, pk);   /* a short last group */
        pj = j;
        pk = k;
        pg = g;
    }
    for (size_t s = 0; pk && s < 4; s++) cbc_flush(out, sout[pg], m, s, pj, pk);
    scatter(vp, 0, v);
    if (two) scatter(vp + V_LANES, 0, v + 4);
    for (size_t i = 0; i < m; i++) memcpy(iv[i], ivs[i], 16);
    kc_wipe(sin, sizeof sin);
    kc_wipe(ivs, sizeof ivs);
}

static inline void lea_simd_cbc_multi(const LEA_RK (*tab)[6], unsigned nr, size_t n, uint8_t *const out[],
                                      const uint8_t *const in[], uint8_t *const iv[], size_t nblocks)
{
    for (size_t first = 0; first < n; first += 2 * V_LANES) {
        size_t m = n - first < 2 * V_LANES ? n - first : 2 * V_LANES;
        if (m > V_LANES) cbc_pass(tab, nr, m, out + first, in + first, iv + first, nblocks, 1);
        else cbc_pass(tab, nr, m, out + first, in + first, iv + first, nblocks, 0);
    }
}
#endif

#endif
