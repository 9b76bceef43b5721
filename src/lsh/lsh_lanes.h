/* SPDX-License-Identifier: MIT */
/* LSH compression of LANES messages side by side (kc_hash_batch), one body
 * for both word sizes and the SIMD backends (lsh256_avx2.c: 8 lanes,
 * lsh256_avx512.c: 16, lsh512_avx2.c: 4, lsh512_avx512.c: 8, lsh256_neon.c:
 * 4, lsh512_neon.c: 2): word-sliced, register i holds word i of every
 * lane, so the word permutation and the message's tau are only renamings
 * and a step is adds, rotations and xors.
 * The includer defines, inside its target: LSH_LANE_WORD (32: LSH-256, 64:
 * LSH-512), V, LANES, VLOAD, VSTORE, ADD, XOR, SET1, ROT(x, n) and GB(x, k),
 * a left rotation of each word by k bytes (k a constant). */
#include "core/util.h"

/* The algorithm's constants for the word size: steps, step rotations (even:
 * RE_A, RE_B; odd: RO_A, RO_B) and gamma, the rotation of words 1..7 of cv_r
 * in bytes (word 0's is 0 in both). */
#if LSH_LANE_WORD == 32
#define LW uint32_t
#define LSTEPS 26
#define LSC kc_lsh256_sc
#define LLOAD kc_load32_le
#define RE_A 29
#define RE_B 1
#define RO_A 5
#define RO_B 17
#define G1(x) GB(x, 1)
#define G2(x) GB(x, 2)
#define G3(x) GB(x, 3)
#define G4(x) GB(x, 3)
#define G5(x) GB(x, 2)
#define G6(x) GB(x, 1)
#define G7(x) (x)
#else
#define LW uint64_t
#define LSTEPS 28
#define LSC kc_lsh512_sc
#define LLOAD kc_load64_le
#define RE_A 23
#define RE_B 59
#define RO_A 7
#define RO_B 3
#define G1(x) GB(x, 2)
#define G2(x) GB(x, 4)
#define G3(x) GB(x, 6)
#define G4(x) GB(x, 1)
#define G5(x) GB(x, 3)
#define G6(x) GB(x, 5)
#define G7(x) GB(x, 7)
#endif

/* word i of the mix: l = cv[i], r = cv[i + 8] with the message added. */
#define MIX(i, a, b, G) do { \
        V l_ = XOR(cv[i], m[i]), r_ = XOR(cv[(i) + 8], m[(i) + 8]); \
        l_ = XOR(ROT(ADD(l_, r_), a), SET1(sc[i])); \
        r_ = ROT(ADD(r_, l_), b); \
        t[i] = ADD(l_, r_); \
        t[(i) + 8] = G(r_); \
    } while (0)
#define G0(x) (x)

#define DEFSTEP(name, a, b) \
    static inline void name(V cv[16], const V m[16], const LW *sc) \
    { \
        static const unsigned char sigma[16] = { 6, 4, 5, 7, 12, 15, 14, 13, 2, 0, 1, 3, 8, 11, 10, 9 }; \
        V t[16]; \
        MIX(0, a, b, G0); MIX(1, a, b, G1); MIX(2, a, b, G2); MIX(3, a, b, G3); \
        MIX(4, a, b, G4); MIX(5, a, b, G5); MIX(6, a, b, G6); MIX(7, a, b, G7); \
        for (int i = 0; i < 16; i++) cv[i] = t[sigma[i]]; \
    }
DEFSTEP(lanes_even, RE_A, RE_B)
DEFSTEP(lanes_odd, RO_A, RO_B)

/* m = other + tau(m) */
static inline void lanes_expand(V m[16], const V o[16])
{
    static const unsigned char tau[16] = { 3, 2, 0, 1, 7, 4, 5, 6, 11, 10, 8, 9, 15, 12, 13, 14 };
    V t[16];
    for (int i = 0; i < 16; i++) t[i] = m[i];
    for (int i = 0; i < 16; i++) m[i] = ADD(o[i], t[tau[i]]);
}

static void compress_lanes(void *const states[], const uint8_t *const p[], size_t nblocks)
{
    _Alignas(64) LW w[32][LANES];   /* word-sliced: w[i][lane] */
    V cv[16], e[16], o[16];
    for (int i = 0; i < 16; i++) {
        for (int k = 0; k < LANES; k++) w[i][k] = ((const LW *)states[k])[i];
        cv[i] = VLOAD(w[i]);
    }
    for (size_t b = 0; b < nblocks; b++) {
        for (int k = 0; k < LANES; k++)
            for (int i = 0; i < 32; i++) w[i][k] = LLOAD(p[k] + 32 * sizeof(LW) * b + sizeof(LW) * i);
        for (int i = 0; i < 16; i++) e[i] = VLOAD(w[i]), o[i] = VLOAD(w[i + 16]);
        lanes_even(cv, e, LSC[0]);
        lanes_odd(cv, o, LSC[1]);
        for (int j = 2; j < LSTEPS; j += 2) {
            lanes_expand(e, o);
            lanes_even(cv, e, LSC[j]);
            lanes_expand(o, e);
            lanes_odd(cv, o, LSC[j + 1]);
        }
        lanes_expand(e, o);
        for (int i = 0; i < 16; i++) cv[i] = XOR(cv[i], e[i]);
    }
    for (int i = 0; i < 16; i++) {
        VSTORE(w[i], cv[i]);
        for (int k = 0; k < LANES; k++) ((LW *)states[k])[i] = w[i][k];
    }
    kc_wipe(w, sizeof w);
}
