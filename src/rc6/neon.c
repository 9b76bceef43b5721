/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b, AArch64 NEON: 4 blocks word-sliced per set of four q
 * registers (LD4/ST4 transpose them), two sets in flight when there are 8
 * or more blocks so that one set's multiplies overlap the other's work.
 * f(x) = ROL(x * (2x + 1), 5) is MUL + MLA (x + 2 x^2) then SHL + SRI; the
 * data-dependent rotations are two USHLs, one by r and one by r - 32 (a
 * negative count shifts right), ORed.  A tail of 2..7 blocks is padded on
 * the stack; a lone block goes to the ref code.  Multiplies and shifts by
 * register take the same time for every value: constant time.  See
 * rc6_simd.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>

typedef uint32x4_t V;
typedef int32x4_t VR;      /* USHL counts: signed */
#define RC6_BATCH 8
#define RC6_SETS 2
#define S(j) vld1q_dup_u32(s + (j))
#define XOR veorq_u32
#define ADD vaddq_u32
#define SUB vsubq_u32

/* ROL(x * (2x + 1), 5), and in *r its low five bits (the product's top
 * five), the rotation amount it gives. */
static inline uint32x4_t f(uint32x4_t x, int32x4_t *r)
{
    uint32x4_t p = vmlaq_n_u32(x, vmulq_u32(x, x), 2);
    *r = vreinterpretq_s32_u32(vshrq_n_u32(p, 27));
    return vsriq_n_u32(vshlq_n_u32(p, 5), p, 27);
}

/* Rotations by r = 0..31 (USHL by -32 gives 0, which makes r = 0 right). */
static inline uint32x4_t ROLV(uint32x4_t x, int32x4_t r)
{
    return vorrq_u32(vshlq_u32(x, r), vshlq_u32(x, vsubq_s32(r, vdupq_n_s32(32))));
}

static inline uint32x4_t RORV(uint32x4_t x, int32x4_t r)
{
    int32x4_t neg = vnegq_s32(r);
    return vorrq_u32(vshlq_u32(x, neg), vshlq_u32(x, vaddq_s32(neg, vdupq_n_s32(32))));
}

#include "rc6/rc6_simd.h"
#include "core/ctr_blocks.h"
#include "core/ctr_neon.h"

#define rc6_set_key rc6_set_key_ctx   /* the descriptor's name for it */

/* Blocks 0..3 and, when n > 4, 4..7.  Words are little-endian, as AArch64
 * Linux loads them. */
static void crypt8(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const rc6_key *k = ctx;
    unsigned sets = n > 4 ? 2 : 1;
    uint32x4x4_t x0 = vld4q_u32((const uint32_t *)(const void *)in), x1 = x0;
    if (sets > 1) x1 = vld4q_u32((const uint32_t *)(const void *)(in + 64));
    V v[8] = { x0.val[0], x0.val[1], x0.val[2], x0.val[3], x1.val[0], x1.val[1], x1.val[2], x1.val[3] };
    rounds_any(k->s, v, enc, sets);
    for (unsigned w = 0; w < 4; w++) { x0.val[w] = v[w]; x1.val[w] = v[4 + w]; }
    vst4q_u32((uint32_t *)(void *)out, x0);
    if (sets > 1) vst4q_u32((uint32_t *)(void *)(out + 64), x1);
}

RC6_SIMD_ENTRIES(crypt8)

/* CTR on a run of n = 1..8 blocks (kc_ctr_runs), the counter blocks made
 * in LD4's layout: words A, B, C the same in every block, D the
 * byte-swapped low word plus the block index. */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const rc6_key *k = ctx;
    V v[8];
    for (unsigned w = 0; w < 3; w++) v[w] = v[4 + w] = vdupq_n_u32(kc_load32_le(ctr + 4 * w));
    v[3] = kc_ctr_neon_word3(low);
    v[7] = kc_ctr_neon_word3(low + 4);
    rounds_any(k->s, v, 1, n > 4 ? 2 : 1);
    uint32x4x4_t x0 = { { v[0], v[1], v[2], v[3] } }, x1 = { { v[4], v[5], v[6], v[7] } };
    kc_ctr_neon_xor4(out, in, x0, n < 4 ? n : 4);
    if (n > 4) kc_ctr_neon_xor4(out + 64, in + 64, x1, n - 4);
}

static void rc6_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(ctr_run, 8, 1, rc6_encrypt, ctx, 16, counter, out, in, nblocks);
}

const kc_block_backend kc_rc6_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON, 4 or 8 blocks word-sliced (LD4/ST4), MUL/MLA and USHL rotations",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(rc6_key),
    },
    .set_key = rc6_set_key,
    .encrypt = rc6_encrypt,
    .decrypt = rc6_decrypt,
    .cbc_encrypt = kc_rc6_cbc_encrypt,
    .ctr = rc6_ctr,
};
#endif
