/* SPDX-License-Identifier: MIT */
/* LSH-256 compression of LANES messages side by side (kc_hash_batch), one
 * body for lsh256_avx2.c (8 lanes) and lsh256_avx512.c (16): word-sliced,
 * register i holds word i of every lane, so the word permutation and the
 * message's tau are only renamings and a step is adds, rotations and xors.
 * The includer defines V, LANES, VLOAD, VSTORE, ADD, XOR, SET1, ROT(x, n)
 * and G8, G16, G24 (rotations by whole bytes) inside its target. */
#include "core/util.h"

/* word i of the mix: l = cv[i], r = cv[i + 8] with the message added;
 * a, b the step's rotations, G the gamma rotation of word i + 8. */
#define MIX(i, a, b, G) do { \
        V l_ = XOR(cv[i], m[i]), r_ = XOR(cv[(i) + 8], m[(i) + 8]); \
        l_ = XOR(ROT(ADD(l_, r_), a), SET1(sc[i])); \
        r_ = ROT(ADD(r_, l_), b); \
        t[i] = ADD(l_, r_); \
        t[(i) + 8] = G(r_); \
    } while (0)
#define G0(x) (x)

#define DEFSTEP(name, a, b) \
    static inline void name(V cv[16], const V m[16], const uint32_t *sc) \
    { \
        static const unsigned char sigma[16] = { 6, 4, 5, 7, 12, 15, 14, 13, 2, 0, 1, 3, 8, 11, 10, 9 }; \
        V t[16]; \
        MIX(0, a, b, G0); MIX(1, a, b, G8); MIX(2, a, b, G16); MIX(3, a, b, G24); \
        MIX(4, a, b, G24); MIX(5, a, b, G16); MIX(6, a, b, G8); MIX(7, a, b, G0); \
        for (int i = 0; i < 16; i++) cv[i] = t[sigma[i]]; \
    }
DEFSTEP(lanes_even, 29, 1)
DEFSTEP(lanes_odd, 5, 17)

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
    _Alignas(64) uint32_t w[32][LANES];   /* word-sliced: w[i][lane] */
    V cv[16], e[16], o[16];
    for (int i = 0; i < 16; i++) {
        for (int k = 0; k < LANES; k++) w[i][k] = ((const uint32_t *)states[k])[i];
        cv[i] = VLOAD(w[i]);
    }
    for (size_t b = 0; b < nblocks; b++) {
        for (int k = 0; k < LANES; k++)
            for (int i = 0; i < 32; i++) w[i][k] = kc_load32_le(p[k] + 128 * b + 4 * i);
        for (int i = 0; i < 16; i++) e[i] = VLOAD(w[i]), o[i] = VLOAD(w[i + 16]);
        lanes_even(cv, e, kc_lsh256_sc[0]);
        lanes_odd(cv, o, kc_lsh256_sc[1]);
        for (int j = 2; j < 26; j += 2) {
            lanes_expand(e, o);
            lanes_even(cv, e, kc_lsh256_sc[j]);
            lanes_expand(o, e);
            lanes_odd(cv, o, kc_lsh256_sc[j + 1]);
        }
        lanes_expand(e, o);
        for (int i = 0; i < 16; i++) cv[i] = XOR(cv[i], e[i]);
    }
    for (int i = 0; i < 16; i++) {
        VSTORE(w[i], cv[i]);
        for (int k = 0; k < LANES; k++) ((uint32_t *)states[k])[i] = w[i][k];
    }
    kc_wipe(w, sizeof w);
}
