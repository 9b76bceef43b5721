/* SPDX-License-Identifier: MIT */
/* LSH-256 compression on AArch64 NEON: cv_l and cv_r are two q registers
 * each (words 0..3, 4..7).  A rotation is a shift plus a shift-and-insert
 * (SLI); the gamma rotations (whole bytes) and the word permutation are one
 * table lookup (TBL) per register; the message's tau is a TBL or an EXT.
 * And 4 messages side by side (lsh_lanes.h). */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "lsh/lsh.h"

typedef uint32x4_t V;
#define ROT(x, n) vsliq_n_u32(vshrq_n_u32(x, 32 - (n)), x, n)
#define TBL(x, t) vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), t))
#define LOAD(p) vreinterpretq_u32_u8(vld1q_u8(p))

typedef struct consts {
    uint8x16_t perm_x,   /* (2, 0, 1, 3): new l0..3 from x4..7, new r0..3 from x0..3 */
               perm_yh,  /* new l4..7: y4 <<< 24, y7, y6 <<< 8, y5 <<< 16 */
               perm_yl,  /* new r4..7: y0, y3 <<< 24, y2 <<< 16, y1 <<< 8 */
               tau;      /* (3, 2, 0, 1); (3, 0, 1, 2) is an EXT */
} consts;

/* One step on the message m[4] (m_l, m_r); the rotations are immediates,
 * so each parity is its own function. */
#define DEFSTEP(name, a, b) \
    static inline void name(V cv[4], const V m[4], const uint32_t *sc, const consts *k) \
    { \
        V x0 = veorq_u32(cv[0], m[0]), x1 = veorq_u32(cv[1], m[1]); \
        V y0 = veorq_u32(cv[2], m[2]), y1 = veorq_u32(cv[3], m[3]); \
        x0 = vaddq_u32(x0, y0), x1 = vaddq_u32(x1, y1); \
        x0 = veorq_u32(ROT(x0, a), vld1q_u32(sc)), x1 = veorq_u32(ROT(x1, a), vld1q_u32(sc + 4)); \
        y0 = vaddq_u32(y0, x0), y1 = vaddq_u32(y1, x1); \
        y0 = ROT(y0, b), y1 = ROT(y1, b); \
        x0 = vaddq_u32(x0, y0), x1 = vaddq_u32(x1, y1); \
        cv[0] = TBL(x1, k->perm_x), cv[1] = TBL(y1, k->perm_yh); \
        cv[2] = TBL(x0, k->perm_x), cv[3] = TBL(y0, k->perm_yl); \
    }
DEFSTEP(step_even, 29, 1)
DEFSTEP(step_odd, 5, 17)

/* m = other + tau(m) */
static inline void expand(V m[4], const V o[4], const consts *k)
{
    m[0] = vaddq_u32(o[0], TBL(m[0], k->tau));
    m[1] = vaddq_u32(o[1], vextq_u32(m[1], m[1], 3));
    m[2] = vaddq_u32(o[2], TBL(m[2], k->tau));
    m[3] = vaddq_u32(o[3], vextq_u32(m[3], m[3], 3));
}

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *s = state;
    static const uint8_t t[4][16] = {
        { 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15 },
        { 1, 2, 3, 0, 12, 13, 14, 15, 11, 8, 9, 10, 6, 7, 4, 5 },
        { 0, 1, 2, 3, 13, 14, 15, 12, 10, 11, 8, 9, 7, 4, 5, 6 },
        { 12, 13, 14, 15, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7 },
    };
    const consts k = { vld1q_u8(t[0]), vld1q_u8(t[1]), vld1q_u8(t[2]), vld1q_u8(t[3]) };
    V cv[4] = { vld1q_u32(s), vld1q_u32(s + 4), vld1q_u32(s + 8), vld1q_u32(s + 12) };
    for (; nblocks--; p += 128) {
        V e[4] = { LOAD(p), LOAD(p + 16), LOAD(p + 32), LOAD(p + 48) };
        V o[4] = { LOAD(p + 64), LOAD(p + 80), LOAD(p + 96), LOAD(p + 112) };
        step_even(cv, e, kc_lsh256_sc[0], &k);
        step_odd(cv, o, kc_lsh256_sc[1], &k);
        for (int j = 2; j < 26; j += 2) {
            expand(e, o, &k);
            step_even(cv, e, kc_lsh256_sc[j], &k);
            expand(o, e, &k);
            step_odd(cv, o, kc_lsh256_sc[j + 1], &k);
        }
        expand(e, o, &k);
        for (int i = 0; i < 4; i++) cv[i] = veorq_u32(cv[i], e[i]);
    }
    for (int i = 0; i < 4; i++) vst1q_u32(s + 4 * i, cv[i]);
}

/* 4 messages side by side (lsh_lanes.h), a word of each in a q register:
 * the byte rotations of gamma are a REV32 (2 bytes) or a TBL. */
#undef DEFSTEP
static const uint8_t rotb[4][16] = {   /* each 32-bit word rotated left by k bytes */
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14 },
    { 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13 },
    { 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12 },
};
#define LANES 4
#define VLOAD(p) vld1q_u32(p)
#define VSTORE(p, x) vst1q_u32(p, x)
#define ADD vaddq_u32
#define XOR veorq_u32
#define SET1(x) vdupq_n_u32(x)
#define GB(x, k) ((k) == 2 ? vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x))) : TBL(x, vld1q_u8(rotb[k])))
#define LSH_LANE_WORD 32
#include "lsh/lsh_lanes.h"

const kc_hash_backend kc_lsh256_neon = {
    .head = { .name = "neon", .summary = "NEON: cv_l, cv_r in two registers each, TBL for gamma",
              .cpu = KC_CPU_NEON, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_LSH256_COMMON,
    .compress = compress,
    .lanes = 4,
    .compress_lanes = compress_lanes,
};
#endif
