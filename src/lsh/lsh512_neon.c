/* SPDX-License-Identifier: MIT */
/* LSH-512 compression on AArch64 NEON: cv_l and cv_r are four q registers
 * each (two 64-bit words a register).  A rotation is a shift plus a
 * shift-and-insert (SLI); the word permutation of cv_l is TRN1/TRN2 and
 * that of cv_r, with its gamma rotations (whole bytes), one two-register
 * table lookup (TBL) per register; the message's tau is EXTs.  And 2
 * messages side by side (lsh_lanes.h). */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "lsh/lsh.h"

typedef uint64x2_t V;
#define ROT(x, n) vsliq_n_u64(vshrq_n_u64(x, 64 - (n)), x, n)
#define LOAD(p) vreinterpretq_u64_u8(vld1q_u8(p))

static inline V tbl2(V a, V b, uint8x16_t t)
{
    uint8x16x2_t ab = { { vreinterpretq_u8_u64(a), vreinterpretq_u8_u64(b) } };
    return vreinterpretq_u64_u8(vqtbl2q_u8(ab, t));
}

/* One step on the message m[8] (m_l, m_r): x = cv_l, y = cv_r words 0..7
 * in registers of two.  The rotations are immediates, so each parity is
 * its own function.  t: new r4..7 = (y0, y3 <<< 48), (y2 <<< 32, y1 <<< 16)
 * from (y0..y3); new l4..7 = (y4 <<< 8, y7 <<< 56), (y6 <<< 40, y5 <<< 24). */
#define DEFSTEP(name, a, b) \
    static inline void name(V cv[8], const V m[8], const uint64_t *sc, const uint8x16_t t[4]) \
    { \
        V x[4], y[4]; \
        for (int i = 0; i < 4; i++) { \
            x[i] = veorq_u64(cv[i], m[i]), y[i] = veorq_u64(cv[i + 4], m[i + 4]); \
            x[i] = vaddq_u64(x[i], y[i]); \
            x[i] = veorq_u64(ROT(x[i], a), vld1q_u64(sc + 2 * i)); \
            y[i] = ROT(vaddq_u64(y[i], x[i]), b); \
            x[i] = vaddq_u64(x[i], y[i]); \
        } \
        cv[0] = vtrn1q_u64(x[3], x[2]), cv[1] = vtrn2q_u64(x[2], x[3]);   /* l6 l4, l5 l7 */ \
        cv[4] = vtrn1q_u64(x[1], x[0]), cv[5] = vtrn2q_u64(x[0], x[1]);   /* l2 l0, l1 l3 */ \
        cv[2] = tbl2(y[2], y[3], t[0]), cv[3] = tbl2(y[2], y[3], t[1]); \
        cv[6] = tbl2(y[0], y[1], t[2]), cv[7] = tbl2(y[0], y[1], t[3]); \
    }
DEFSTEP(step_even, 23, 59)
DEFSTEP(step_odd, 7, 3)

/* m = other + tau(m): tau is (3 2 0 1) on words 0..3 and (7 4 5 6) on 4..7, twice. */
static inline void expand(V m[8], const V o[8])
{
    for (int i = 0; i < 8; i += 4) {
        V m0 = m[i], m1 = m[i + 1], m2 = m[i + 2], m3 = m[i + 3];
        m[i] = vaddq_u64(o[i], vextq_u64(m1, m1, 1));
        m[i + 1] = vaddq_u64(o[i + 1], m0);
        m[i + 2] = vaddq_u64(o[i + 2], vextq_u64(m3, m2, 1));
        m[i + 3] = vaddq_u64(o[i + 3], vextq_u64(m2, m3, 1));
    }
}

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *s = state;
    static const uint8_t tt[4][16] = {
        { 7, 0, 1, 2, 3, 4, 5, 6, 25, 26, 27, 28, 29, 30, 31, 24 },
        { 19, 20, 21, 22, 23, 16, 17, 18, 13, 14, 15, 8, 9, 10, 11, 12 },
        { 0, 1, 2, 3, 4, 5, 6, 7, 26, 27, 28, 29, 30, 31, 24, 25 },
        { 20, 21, 22, 23, 16, 17, 18, 19, 14, 15, 8, 9, 10, 11, 12, 13 },
    };
    const uint8x16_t t[4] = { vld1q_u8(tt[0]), vld1q_u8(tt[1]), vld1q_u8(tt[2]), vld1q_u8(tt[3]) };
    V cv[8];
    for (int i = 0; i < 8; i++) cv[i] = vld1q_u64(s + 2 * i);
    for (; nblocks--; p += 256) {
        V e[8], o[8];
        for (int i = 0; i < 8; i++) e[i] = LOAD(p + 16 * i), o[i] = LOAD(p + 128 + 16 * i);
        step_even(cv, e, kc_lsh512_sc[0], t);
        step_odd(cv, o, kc_lsh512_sc[1], t);
        for (int j = 2; j < 28; j += 2) {
            expand(e, o);
            step_even(cv, e, kc_lsh512_sc[j], t);
            expand(o, e);
            step_odd(cv, o, kc_lsh512_sc[j + 1], t);
        }
        expand(e, o);
        for (int i = 0; i < 8; i++) cv[i] = veorq_u64(cv[i], e[i]);
    }
    for (int i = 0; i < 8; i++) vst1q_u64(s + 2 * i, cv[i]);
}

/* 2 messages side by side (lsh_lanes.h), a word of each in a q register:
 * the byte rotations of gamma are a REV64 (4 bytes) or a TBL. */
#undef DEFSTEP
static const uint8_t rotb[8][16] = {   /* each 64-bit word rotated left by k bytes */
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14 },
    { 6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13 },
    { 5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12 },
    { 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11 },
    { 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10 },
    { 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9 },
    { 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8 },
};
#define LANES 2
#define VLOAD(p) vld1q_u64(p)
#define VSTORE(p, x) vst1q_u64(p, x)
#define ADD vaddq_u64
#define XOR veorq_u64
#define SET1(x) vdupq_n_u64(x)
#define GB(x, k) ((k) == 4 ? vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x))) \
                  : vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), vld1q_u8(rotb[k]))))
#define LSH_LANE_WORD 64
#include "lsh/lsh_lanes.h"

const kc_hash_backend kc_lsh512_neon = {
    .head = { .name = "neon", .summary = "NEON: cv_l, cv_r in four registers each, TBL for gamma",
              .cpu = KC_CPU_NEON, .timing = KC_CONSTANT_TIME, .ctx_size = 128 },
    KC_LSH512_COMMON,
    .compress = compress,
    .lanes = 2,
    .compress_lanes = compress_lanes,
};
#endif
