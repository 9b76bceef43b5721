/* SPDX-License-Identifier: MIT */
/* LEA, AArch64 NEON: 4 blocks word-sliced in q registers.  LD4 loads them
 * already transposed (register j = word j of the 4 blocks) and ST4 stores
 * them back, so no shuffles are needed; a rotation is a shift plus a
 * shift-and-insert (SLI/SRI).  set_key also stores every round-key word
 * broadcast to a whole register, so a round loads its keys with three LDPs.
 * A tail of 2..3 blocks is padded to 4 on the stack.  See lea_simd.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32x4_t V;
#define LEA_BATCH 4
#define LEA_RK uint32x4_t
#define K(j) rk[j]
#define XOR veorq_u32
#define ADD vaddq_u32
#define SUB vsubq_u32
#define ROL(x, n) vsliq_n_u32(vshrq_n_u32(x, 32 - (n)), x, n)
#define ROR(x, n) vsriq_n_u32(vshlq_n_u32(x, 32 - (n)), x, n)
#define V_LANES 4

/* Multi-buffer CBC's block moves: LD4/ST4 of one lane put block p[i] + off
 * straight into (out of) lane i of the sliced words. */
static inline void gather(V x[4], const uint8_t *const p[], size_t off)
{
    uint32x4x4_t t = { { x[0], x[1], x[2], x[3] } };
    t = vld4q_lane_u32((const uint32_t *)(const void *)(p[0] + off), t, 0);
    t = vld4q_lane_u32((const uint32_t *)(const void *)(p[1] + off), t, 1);
    t = vld4q_lane_u32((const uint32_t *)(const void *)(p[2] + off), t, 2);
    t = vld4q_lane_u32((const uint32_t *)(const void *)(p[3] + off), t, 3);
    x[0] = t.val[0]; x[1] = t.val[1]; x[2] = t.val[2]; x[3] = t.val[3];
}
static inline void scatter(uint8_t *const p[], size_t off, V x[4])
{
    uint32x4x4_t t = { { x[0], x[1], x[2], x[3] } };
    if (p[0]) vst4q_lane_u32((uint32_t *)(void *)(p[0] + off), t, 0);
    if (p[1]) vst4q_lane_u32((uint32_t *)(void *)(p[1] + off), t, 1);
    if (p[2]) vst4q_lane_u32((uint32_t *)(void *)(p[2] + off), t, 2);
    if (p[3]) vst4q_lane_u32((uint32_t *)(void *)(p[3] + off), t, 3);
}
#include "lea/lea_simd.h"
#include "core/ctr_neon.h"

typedef struct lea_neon_key {
    lea_key k;                                 /* first: the ref code's view */
    uint32x4_t rk[LEA_MAX_ROUNDS][6];          /* k.rk[i][j] in every lane */
} lea_neon_key;

static kc_status lea_neon_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    lea_neon_key *nk = ctx;
    (void)block_len;
    lea_expand_key(&nk->k, key, key_len);
    for (unsigned i = 0; i < nk->k.rounds; i++)
        for (unsigned j = 0; j < 6; j++) nk->rk[i][j] = vdupq_n_u32(nk->k.rk[i][j]);
    return KC_OK;
}

/* 4 blocks, one set.  Words are little-endian, as AArch64 Linux loads them. */
static void crypt4(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    const lea_neon_key *nk = ctx;
    uint32x4x4_t x = vld4q_u32((const uint32_t *)(const void *)in);
    V v[8] = { x.val[0], x.val[1], x.val[2], x.val[3] };   /* v[4..7]: unused */
    (void)n;
    if (enc) rounds(nk->rk, nk->k.rounds, v, 1, 0);
    else rounds(nk->rk, nk->k.rounds, v, 0, 0);
    x.val[0] = v[0]; x.val[1] = v[1]; x.val[2] = v[2]; x.val[3] = v[3];
    vst4q_u32((uint32_t *)(void *)out, x);
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt4, ctx, out, in, nblocks, 1);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    lea_simd_crypt(crypt4, ctx, out, in, nblocks, 0);
}

/* CTR kernel (kc_ctr_words_fn): the counter blocks made in LD4's layout.
 * noinline: inlined into the driver it spills. */
static __attribute__((noinline)) void ctr4(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out,
                                           const uint8_t *in, size_t n)
{
    const lea_key *k = ctx;
    const lea_neon_key *nk = (const lea_neon_key *)(const void *)k;   /* k is its first member */
    V v[8] = { vdupq_n_u32(x012[0]), vdupq_n_u32(x012[1]), vdupq_n_u32(x012[2]), kc_ctr_neon_word3(low) };
    rounds(nk->rk, nk->k.rounds, v, 1, 0);
    uint32x4x4_t x = { { v[0], v[1], v[2], v[3] } };
    kc_ctr_neon_xor4(out, in, x, n);
}

static void lea_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                          uint8_t *const iv[], size_t nblocks)
{
    const lea_neon_key *nk = ctx;
    lea_simd_cbc_multi(nk->rk, nk->k.rounds, n, out, in, iv, nblocks);
}

static void lea_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_word_runs(ctr4, LEA_CTR_BATCH, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_lea_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON, 4 blocks word-sliced (LD4/ST4), SLI/SRI rotations",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(lea_neon_key),
    },
    .set_key = lea_neon_set_key,
    .encrypt = lea_encrypt,
    .decrypt = lea_decrypt,
    .ctr = lea_ctr,
    .cbc_encrypt = kc_lea_cbc_encrypt,
    .cbc_encrypt_multi = lea_cbc_multi,
};
#endif
