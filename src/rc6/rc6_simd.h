/* SPDX-License-Identifier: MIT */
/* RC6 word-sliced SIMD: the code the avx2, avx512 and neon backends share.
 * Register w of a set of four holds word w (A, B, C, D) of V_LANES blocks,
 * so a round is the scalar round on whole registers.  The including file
 * first defines
 *   V, RC6_BATCH      its vector of 32-bit words; blocks per call of its
 *                     batch kernel (RC6_SETS sets of V_LANES blocks);
 *   RC6_SETS          sets of registers in flight at most (2 or 4): the
 *                     multiplies' latency is hidden by the other sets' work;
 *   S(j)              word j of the key table s, broadcast to a V;
 *   XOR ADD SUB       lane-wise operations;
 *   VR, f(x, &r)      f(x) = ROL(x * (2x + 1), 5) and in r what ROLV and
 *                     RORV need to rotate by its low five bits (VR is V
 *                     where the rotation instruction masks the count);
 *   ROLV(x, r) RORV(x, r)   data-dependent rotations;
 *   V_UNPACKLO(w, a, b) V_UNPACKHI(w, a, b)   (x86) in-lane unpacks, for
 *                     transpose();
 *   RC6_MASKED        (optional) its kernel takes any 2..RC6_BATCH blocks
 *                     in place; otherwise a tail is padded on the stack
 *                     (core/simd_blocks.h).
 * A lone block goes to the ref code.  Multiplies, additions and rotations
 * by register take the same time for every value: constant time. */
#ifndef KC_RC6_SIMD_H
#define KC_RC6_SIMD_H
#include "core/simd_blocks.h"
#include "rc6/rc6_common.h"

extern const kc_block_backend kc_rc6_ref;

/* Round i on (A, B, C, D) = (a, b, c, d), in place; the next round takes
 * (b, c, d, a).  UNROUND undoes it. */
#define ROUND(a, b, c, d, i) do { \
    VR rt, ru; V t = f(b, &rt), u = f(d, &ru); \
    a = ADD(ROLV(XOR(a, t), ru), S(2 * (i))); \
    c = ADD(ROLV(XOR(c, u), rt), S(2 * (i) + 1)); \
} while (0)
#define UNROUND(a, b, c, d, i) do { \
    VR rt, ru; V t = f(b, &rt), u = f(d, &ru); \
    a = XOR(RORV(SUB(a, S(2 * (i))), ru), t); \
    c = XOR(RORV(SUB(c, S(2 * (i) + 1)), rt), u); \
} while (0)
/* F on each of the first `sets` register sets (a0..d0, a1..d1, ...). */
#if RC6_SETS > 2
#define MORE_SETS(F, a, b, c, d, i) \
    if (sets > 2) F(a##2, b##2, c##2, d##2, i); \
    if (sets > 3) F(a##3, b##3, c##3, d##3, i);
#else
#define MORE_SETS(F, a, b, c, d, i)
#endif
#define EACH(F, a, b, c, d, i) do { \
    F(a##0, b##0, c##0, d##0, i); \
    if (sets > 1) F(a##1, b##1, c##1, d##1, i); \
    MORE_SETS(F, a, b, c, d, i) \
} while (0)

/* Whitening and rounds on the sliced words of `sets` sets, v[4j..4j+3]
 * for set j.  Inlined with constant enc and sets, so each variant is
 * straight code. */
static inline __attribute__((always_inline))
void rounds(const uint32_t *s, V v[4 * RC6_SETS], int enc, unsigned sets)
{
    for (unsigned j = 0; j < 4 * sets; j += 4) {
        if (enc) { v[j + 1] = ADD(v[j + 1], S(0)); v[j + 3] = ADD(v[j + 3], S(1)); }
        else { v[j] = SUB(v[j], S(2 * RC6_ROUNDS + 2)); v[j + 2] = SUB(v[j + 2], S(2 * RC6_ROUNDS + 3)); }
    }
    V a0 = v[0], b0 = v[1], c0 = v[2], d0 = v[3], a1 = v[4], b1 = v[5], c1 = v[6], d1 = v[7];
#if RC6_SETS > 2
    V a2 = v[8], b2 = v[9], c2 = v[10], d2 = v[11], a3 = v[12], b3 = v[13], c3 = v[14], d3 = v[15];
#endif
    if (enc) {
        for (unsigned i = 1; i <= RC6_ROUNDS; i += 4) {
            EACH(ROUND, a, b, c, d, i);
            EACH(ROUND, b, c, d, a, i + 1);
            EACH(ROUND, c, d, a, b, i + 2);
            EACH(ROUND, d, a, b, c, i + 3);
        }
    } else {
        for (unsigned i = RC6_ROUNDS; i >= 1; i -= 4) {
            EACH(UNROUND, d, a, b, c, i);
            EACH(UNROUND, c, d, a, b, i - 1);
            EACH(UNROUND, b, c, d, a, i - 2);
            EACH(UNROUND, a, b, c, d, i - 3);
        }
    }
    v[0] = a0; v[1] = b0; v[2] = c0; v[3] = d0; v[4] = a1; v[5] = b1; v[6] = c1; v[7] = d1;
#if RC6_SETS > 2
    v[8] = a2; v[9] = b2; v[10] = c2; v[11] = d2; v[12] = a3; v[13] = b3; v[14] = c3; v[15] = d3;
#endif
    for (unsigned j = 0; j < 4 * sets; j += 4) {
        if (enc) { v[j] = ADD(v[j], S(2 * RC6_ROUNDS + 2)); v[j + 2] = ADD(v[j + 2], S(2 * RC6_ROUNDS + 3)); }
        else { v[j + 1] = SUB(v[j + 1], S(0)); v[j + 3] = SUB(v[j + 3], S(1)); }
    }
}

/* One of the variants above (sets = 1..RC6_SETS), chosen at run time. */
static inline __attribute__((always_inline))
void rounds_any(const uint32_t *s, V v[4 * RC6_SETS], int enc, unsigned sets)
{
#define VARIANT(n) (enc ? rounds(s, v, 1, n) : rounds(s, v, 0, n))
    switch (sets) {
    case 1: VARIANT(1); break;
#if RC6_SETS > 2
    case 2: VARIANT(2); break;
    case 3: VARIANT(3); break;
    default: VARIANT(4); break;
#else
    default: VARIANT(2); break;
#endif
    }
#undef VARIANT
}

#ifdef V_UNPACKLO
#include "core/transpose4x4.h"   /* transpose() */
#endif

/* rc6_encrypt and rc6_decrypt (rc6_common.h): the block loop
 * (core/simd_blocks.h) around the file's batch kernel. */
#ifdef RC6_MASKED
#define RC6_TAIL_MASKED 1
#else
#define RC6_TAIL_MASKED 0
#endif
#define RC6_SIMD_ENTRIES(batch)                                                                  \
    static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc) \
    {                                                                                            \
        kc_simd_blocks(batch, RC6_BATCH, RC6_TAIL_MASKED, &kc_rc6_ref,                           \
                       ctx, out, in, nblocks, enc);                                              \
    }                                                                                            \
    RC6_CRYPT_ENTRIES(crypt)

#endif
