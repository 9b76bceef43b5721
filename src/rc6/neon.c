/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b, AArch64 NEON: 4 blocks word-sliced per set of four q
 * registers (LD4/ST4 transpose them), two sets in flight when there are 8
 * or more blocks so that one set's multiplies overlap the other's work.
 * f(x) = ROL(x * (2x + 1), 5) is MUL + MLA (x + 2 x^2) then SHL + SRI; the
 * data-dependent rotations are two USHLs, one by r and one by r - 32 (a
 * negative count shifts right), ORed.  A tail of 2..7 blocks is padded on
 * the stack; a lone block goes to the ref code.  Multiplies and shifts by
 * register take the same time for every value: constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "rc6/rc6_common.h"

extern const kc_block_backend kc_rc6_ref;

static kc_status rc6_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)block_len;
    rc6_expand_key(ctx, key, key_len);
    return KC_OK;
}

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
static inline uint32x4_t rolv(uint32x4_t x, int32x4_t r)
{
    return vorrq_u32(vshlq_u32(x, r), vshlq_u32(x, vsubq_s32(r, vdupq_n_s32(32))));
}

static inline uint32x4_t rorv(uint32x4_t x, int32x4_t r)
{
    int32x4_t neg = vnegq_s32(r);
    return vorrq_u32(vshlq_u32(x, neg), vshlq_u32(x, vaddq_s32(neg, vdupq_n_s32(32))));
}

/* Round i on (A, B, C, D) = (a, b, c, d), in place; the next round takes
 * (b, c, d, a).  UNROUND undoes it. */
#define ROUND(a, b, c, d, i) do { \
    int32x4_t rt, ru; uint32x4_t t = f(b, &rt), u = f(d, &ru); \
    a = ADD(rolv(XOR(a, t), ru), S(2 * (i))); \
    c = ADD(rolv(XOR(c, u), rt), S(2 * (i) + 1)); \
} while (0)
#define UNROUND(a, b, c, d, i) do { \
    int32x4_t rt, ru; uint32x4_t t = f(b, &rt), u = f(d, &ru); \
    a = XOR(rorv(SUB(a, S(2 * (i))), ru), t); \
    c = XOR(rorv(SUB(c, S(2 * (i) + 1)), rt), u); \
} while (0)
/* Round i on set 0 and, when two, on set 1. */
#define ROUND2(a, b, c, d, i) do { \
    ROUND(a##0, b##0, c##0, d##0, i); if (two) ROUND(a##1, b##1, c##1, d##1, i); } while (0)
#define UNROUND2(a, b, c, d, i) do { \
    UNROUND(a##0, b##0, c##0, d##0, i); if (two) UNROUND(a##1, b##1, c##1, d##1, i); } while (0)

/* Blocks 0..3 and, when two, 4..7.  Inlined with constant enc and two, so
 * each variant is straight code. */
static inline __attribute__((always_inline))
void crypt8(const uint32_t *s, uint8_t *out, const uint8_t *in, int enc, int two)
{
    uint32x4x4_t x0 = vld4q_u32((const uint32_t *)(const void *)in), x1 = x0;
    if (two) x1 = vld4q_u32((const uint32_t *)(const void *)(in + 64));
    uint32x4_t a0 = x0.val[0], b0 = x0.val[1], c0 = x0.val[2], d0 = x0.val[3];
    uint32x4_t a1 = x1.val[0], b1 = x1.val[1], c1 = x1.val[2], d1 = x1.val[3];
    if (enc) {
        b0 = ADD(b0, S(0)); d0 = ADD(d0, S(1));
        b1 = ADD(b1, S(0)); d1 = ADD(d1, S(1));
        for (unsigned i = 1; i <= RC6_ROUNDS; i += 4) {
            ROUND2(a, b, c, d, i);
            ROUND2(b, c, d, a, i + 1);
            ROUND2(c, d, a, b, i + 2);
            ROUND2(d, a, b, c, i + 3);
        }
        a0 = ADD(a0, S(2 * RC6_ROUNDS + 2)); c0 = ADD(c0, S(2 * RC6_ROUNDS + 3));
        a1 = ADD(a1, S(2 * RC6_ROUNDS + 2)); c1 = ADD(c1, S(2 * RC6_ROUNDS + 3));
    } else {
        a0 = SUB(a0, S(2 * RC6_ROUNDS + 2)); c0 = SUB(c0, S(2 * RC6_ROUNDS + 3));
        a1 = SUB(a1, S(2 * RC6_ROUNDS + 2)); c1 = SUB(c1, S(2 * RC6_ROUNDS + 3));
        for (unsigned i = RC6_ROUNDS; i >= 1; i -= 4) {
            UNROUND2(d, a, b, c, i);
            UNROUND2(c, d, a, b, i - 1);
            UNROUND2(b, c, d, a, i - 2);
            UNROUND2(a, b, c, d, i - 3);
        }
        b0 = SUB(b0, S(0)); d0 = SUB(d0, S(1));
        b1 = SUB(b1, S(0)); d1 = SUB(d1, S(1));
    }
    x0.val[0] = a0; x0.val[1] = b0; x0.val[2] = c0; x0.val[3] = d0;
    vst4q_u32((uint32_t *)(void *)out, x0);
    if (two) {
        x1.val[0] = a1; x1.val[1] = b1; x1.val[2] = c1; x1.val[3] = d1;
        vst4q_u32((uint32_t *)(void *)(out + 64), x1);
    }
}

static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const uint32_t *s = ((const rc6_key *)ctx)->s;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        if (enc) crypt8(s, out, in, 1, 1);
        else crypt8(s, out, in, 0, 1);
    }
    if (nblocks > 1) {
        uint8_t buf[128] = { 0 };
        memcpy(buf, in, 16 * nblocks);
        if (nblocks > 4) { if (enc) crypt8(s, buf, buf, 1, 1); else crypt8(s, buf, buf, 0, 1); }
        else { if (enc) crypt8(s, buf, buf, 1, 0); else crypt8(s, buf, buf, 0, 0); }
        memcpy(out, buf, 16 * nblocks);
        kc_wipe(buf, sizeof buf);
    } else if (nblocks) {
        (enc ? kc_rc6_ref.encrypt : kc_rc6_ref.decrypt)(ctx, out, in, 1);
    }
}

static void rc6_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 1);
}

static void rc6_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 0);
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
};
#endif
