/* SPDX-License-Identifier: MIT */
/* SEED word-sliced on x86 vectors: the code gfni_avx2.c, gfni_avx512.c and
 * aesni_avx2.c share.  Register w of a set of four holds word w (L0 L1 R0
 * R1, byte-swapped to native order) of V_LANES blocks, so a round is the
 * scalar round (seed_common.h) on whole registers; SETS sets run side by
 * side, as G's three calls per round are a serial chain.  The including
 * file opens KC_TARGET_BEGIN and defines
 *   V, V_LANES, SETS            the vector type, its 32-bit lanes, sets per pass;
 *   XOR AND ADD SET1(u32) ROR8 ROR16 BSWAP32   lane-wise operations;
 *   SBOX(x)                     S1 on bytes 0 and 2 of each word, S2 on 1 and 3;
 *                               or SBOX_C(c, x) with constants c (SEED_SBOX_C
 *                               below);
 *   SEED_ONE(k, w, dec), SEED_CBC1   one block on the big-endian words w, and
 *                               CBC encryption (seed_one_x86.h);
 *   LOAD(p) STORE(p, v)         unaligned whole-vector loads and stores;
 *   V_UNPACKLO/HI(w, a, b)      in-lane unpacks (core/transpose4x4.h);
 *   CTR_OFFS                    a V of the block index of each lane after
 *                               the transposition;
 *   CTR_XOR(out, in, v, n)      core/ctr_x86.h's kc_ctr_x86_xor256/512;
 *   SEED_STAGED (optional)      the rounds as short loops over the sets
 *                               (seed_round_staged below; with SEED_G2_*).
 * The key schedule is the bitsliced ct one.  Constant time when SBOX is. */
#ifndef KC_SEED_X86_H
#define KC_SEED_X86_H
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "seed/seed_bitslice.h"

#include "core/transpose4x4.h"

#define BATCH (SETS * V_LANES)

/* G's constant vectors, read from memory through a pointer the compiler
 * cannot follow (as in fea/aesni_x86.h): otherwise, short of registers, gcc
 * rebuilds masks in the rounds from 64-bit immediates (movabs, vmovq,
 * vpbroadcastq: two shuffle-port uops a mask).  An including file whose
 * SBOX needs constants of its own defines SEED_SBOX_C (a struct type),
 * SEED_SBOX_C_INIT(c) and SBOX_C(c, x). */
#ifndef SEED_SBOX_C
typedef struct { char unused; } seed_sbox_c;
#define SEED_SBOX_C seed_sbox_c
#define SEED_SBOX_C_INIT(c) ((void)(c))
#define SBOX_C(c, x) SBOX(x)
#endif
typedef struct seed_vc {
    V mix[4];
    SEED_SBOX_C sb;
} seed_vc;

static inline __attribute__((always_inline)) void seed_vc_init(seed_vc *c)
{
    c->mix[0] = SET1(SEED_MIX0); c->mix[1] = SET1(SEED_MIX1);
    c->mix[2] = SET1(SEED_MIX2); c->mix[3] = SET1(SEED_MIX3);
    SEED_SBOX_C_INIT(&c->sb);
}

static inline const seed_vc *seed_fresh(const seed_vc *c)
{
    __asm__("" : "+r"(c));
    return c;
}

static inline __attribute__((always_inline)) V seed_g(const seed_vc *c, V x)
{
    V y = SBOX_C(&c->sb, x), r = ROR8(y);   /* seed_mix() */
    return XOR(XOR(AND(y, c->mix[0]), AND(r, c->mix[1])), ROR16(XOR(AND(y, c->mix[2]), AND(r, c->mix[3]))));
}

/* One round on every set: l ^= F(r).  Where the including file has a G
 * of two registers (seed_aesni_x86.h): z = SEED_G2_SBOX(sb, x) on one,
 * SEED_G2_MIX(sb, z0, z1, &x0, &x1) on a pair, each of G's three steps
 * runs the S-box layer on every set first, then the rest on pairs of sets
 * (an odd last set paired with a copy of itself): in program order, the
 * sets' aesenclast chains lie side by side instead of each behind its
 * pair's mixing, which gcc's schedule does not reorder (about 7% faster
 * with AVX2 and AES-NI alone). */
#ifdef SEED_G2_MIX
static inline __attribute__((always_inline)) void seed_g_sets(const seed_vc *c, V *v, int sets)
{
    V z[SETS], spare;
    int q = 0;
    for (; q < sets; q++) z[q] = SEED_G2_SBOX(&c->sb, v[q]);
    for (q = 0; q + 1 < sets; q += 2) SEED_G2_MIX(&c->sb, z[q], z[q + 1], &v[q], &v[q + 1]);
    if (q < sets) SEED_G2_MIX(&c->sb, z[q], z[q], &v[q], &spare);
}
#endif

static inline __attribute__((always_inline))
void seed_round(const seed_vc *c, V (*s)[4], int l, const uint32_t *rk, int sets)
{
    V k0 = SET1(rk[0]), k1 = SET1(rk[1]), a[SETS], t[SETS], u[SETS], d[SETS];
    int r = 2 - l;
#ifdef SEED_G2_MIX
    for (int q = 0; q < sets; q++) {
        a[q] = XOR(s[q][r], k0);
        t[q] = XOR(a[q], XOR(s[q][r + 1], k1));
    }
    seed_g_sets(c, t, sets);
    for (int q = 0; q < sets; q++) u[q] = ADD(t[q], a[q]);
    seed_g_sets(c, u, sets);
    for (int q = 0; q < sets; q++) d[q] = ADD(u[q], t[q]);
    seed_g_sets(c, d, sets);
#else
    for (int q = 0; q < sets; q++) {
        a[q] = XOR(s[q][r], k0);
        t[q] = seed_g(c, XOR(a[q], XOR(s[q][r + 1], k1)));
    }
    for (int q = 0; q < sets; q++) u[q] = seed_g(c, ADD(t[q], a[q]));
    for (int q = 0; q < sets; q++) d[q] = seed_g(c, ADD(u[q], t[q]));
#endif
    for (int q = 0; q < sets; q++) {
        s[q][l] = XOR(s[q][l], ADD(d[q], u[q]));
        s[q][l + 1] = XOR(s[q][l + 1], d[q]);
    }
}

#ifdef SEED_STAGED
/* The rounds as loops (SEED_STAGED, seed_aesni_x86.h in xmm registers):
 * each of a round's six stages (G's S-box layer on every set, then G's
 * mixing on every pair of sets; three times) is a short loop over the sets
 * through arrays in memory, and the 16 rounds a loop too.  Unrolled, the
 * two-round loop body was 11 KB of SSE code whose speed depended on where
 * it fell in the op cache: CTR 6.9 c/B, ECB 8.3 on a Zen 3, and 8.4 for
 * CTR too with the loop 64-byte aligned; staged, 1-2 KB, 6.8 for both
 * (8 sets), the stages' iterations independent, as the S-box-first order
 * above had them.  The stage loops run two sets (pairs) an iteration: one
 * at a time, CTR measured alternately with a peer read 6.8-7.6 c/B where
 * alone it read 6.5 (cause not found); two, 6.6-6.8.  An odd
 * last set is mixed with a copy of itself. */
#define SEED_PRAGMA(x) _Pragma(#x)
#define SEED_ROLL SEED_PRAGMA(GCC unroll 1)
#define SEED_ROLL2 SEED_PRAGMA(GCC unroll 2)
static inline __attribute__((always_inline))
void seed_round_staged(const seed_vc *c, V (*s)[4], int l, const uint32_t *rk, int sets)
{
    V k0 = SET1(rk[0]), k1 = SET1(rk[1]), a[SETS], t[SETS + 1], u[SETS + 1], z[SETS + 1];
    int r = 2 - l, q;
    SEED_ROLL2
    for (q = 0; q < sets; q++) {
        a[q] = XOR(s[q][r], k0);
        z[q] = SEED_G2_SBOX(&c->sb, XOR(a[q], XOR(s[q][r + 1], k1)));
    }
    if (sets & 1) z[sets] = z[sets - 1];
    SEED_ROLL2
    for (q = 0; q < sets; q += 2) SEED_G2_MIX(&c->sb, z[q], z[q + 1], &t[q], &t[q + 1]);
    SEED_ROLL2
    for (q = 0; q < sets; q++) z[q] = SEED_G2_SBOX(&c->sb, ADD(t[q], a[q]));
    if (sets & 1) z[sets] = z[sets - 1];
    SEED_ROLL2
    for (q = 0; q < sets; q += 2) SEED_G2_MIX(&c->sb, z[q], z[q + 1], &u[q], &u[q + 1]);
    SEED_ROLL2
    for (q = 0; q < sets; q++) z[q] = SEED_G2_SBOX(&c->sb, ADD(u[q], t[q]));
    if (sets & 1) z[sets] = z[sets - 1];
    SEED_ROLL2
    for (q = 0; q < sets; q += 2) {
        V d0, d1;
        SEED_G2_MIX(&c->sb, z[q], z[q + 1], &d0, &d1);
        s[q][l] = XOR(s[q][l], ADD(d0, u[q]));
        s[q][l + 1] = XOR(s[q][l + 1], d0);
        if (q + 1 < sets) {
            s[q + 1][l] = XOR(s[q + 1][l], ADD(d1, u[q + 1]));
            s[q + 1][l + 1] = XOR(s[q + 1][l + 1], d1);
        }
    }
}
#endif

static inline __attribute__((always_inline))
void seed_rounds(const seed_key *k, V (*s)[4], int sets, int dec)
{
    seed_vc vc;
    seed_vc_init(&vc);
#ifdef SEED_STAGED
    /* One set alone (a few blocks): straight rounds, no loop overhead. */
    if (sets > 1) {
        int l = 0;
        SEED_ROLL
        for (int i = 0; i < 16; i++, l ^= 2) seed_round_staged(&vc, s, l, k->rk + 2 * (dec ? 15 - i : i), sets);
        return;
    }
    sets = 1;
#endif
    for (int i = 0; i < 16; i += 2) {
        const seed_vc *c = seed_fresh(&vc);
        seed_round(c, s, 0, k->rk + 2 * (dec ? 15 - i : i), sets);
        seed_round(c, s, 2, k->rk + 2 * (dec ? 14 - i : i + 1), sets);
    }
}

/* Whole blocks in and out: x[j] holds blocks j * V_LANES / 4 ... */
static inline __attribute__((always_inline)) void seed_slice(V x[4])
{
    for (int j = 0; j < 4; j++) x[j] = BSWAP32(x[j]);
    transpose(x);
}

/* Output R || L: words 2 3 0 1, back to whole blocks. */
static inline __attribute__((always_inline)) void seed_unslice(V o[4], V s[4])
{
    o[0] = s[2]; o[1] = s[3]; o[2] = s[0]; o[3] = s[1];
    transpose(o);
    for (int j = 0; j < 4; j++) o[j] = BSWAP32(o[j]);
}

static inline __attribute__((always_inline))
void seed_pass(const seed_key *k, uint8_t *out, const uint8_t *in, int sets, int dec)
{
    V s[SETS][4], o[4];
    for (int q = 0; q < sets; q++) {
        for (int j = 0; j < 4; j++) s[q][j] = LOAD(in + 16 * V_LANES * q + 4 * V_LANES * j);
        seed_slice(s[q]);
    }
    seed_rounds(k, s, sets, dec);
    for (int q = 0; q < sets; q++) {
        seed_unslice(o, s[q]);
        for (int j = 0; j < 4; j++) STORE(out + 16 * V_LANES * q + 4 * V_LANES * j, o[j]);
    }
}

/* A pass of fewer sets (a count known only at run time): side by side
 * still, as one set alone waits on G's latency. */
static __attribute__((noinline)) void seed_pass_some(const seed_key *k, uint8_t *out, const uint8_t *in,
                                                     int sets, int dec)
{
    seed_pass(k, out, in, sets, dec);
}

/* One block (CBC encryption, CMAC: a serial chain): the including file's
 * own, in xmm registers (seed_one_x86.h). */
static inline __attribute__((always_inline)) void seed_one(const seed_key *k, uint32_t w[4], int dec)
{
    SEED_ONE(k, w, dec);
}

/* CTR: the counter blocks made in the sliced layout (words 0-2 the same in
 * every lane, word 3 low + the lane's block index), the keystream XORed in
 * as it is stored. */
static inline __attribute__((always_inline))
void seed_ctr_pass(const seed_key *k, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in,
                   size_t n, int sets)
{
    V s[SETS][4], v[SETS * 4];
    V c0 = SET1(kc_load32_be(ctr)), c1 = SET1(kc_load32_be(ctr + 4)), c2 = SET1(kc_load32_be(ctr + 8));
    for (int q = 0; q < sets; q++) {
        s[q][0] = c0; s[q][1] = c1; s[q][2] = c2;
        s[q][3] = ADD(SET1(low + (uint32_t)(q * V_LANES)), CTR_OFFS);
    }
    seed_rounds(k, s, sets, 0);
    for (int q = 0; q < sets; q++) seed_unslice(v + 4 * q, s[q]);
    for (int q = sets; q < SETS; q++) v[4 * q] = v[4 * q + 1] = v[4 * q + 2] = v[4 * q + 3] = SET1(0);
    CTR_XOR(out, in, v, n);
}

#include "seed/seed_simd_glue.h"

#endif
