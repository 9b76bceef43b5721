/* SPDX-License-Identifier: MIT */
/* The SEED SIMD templates' (seed_x86.h, seed_neon.h) common glue: one block
 * alone, whole passes and the padded tail, the fused CBC encryption and CTR,
 * and the functions the backend tables name (seed_simd_*).  The template
 * defines V_LANES (blocks per set), SETS, BATCH (V_LANES * SETS),
 * seed_pass(), seed_pass_some(), seed_one() and seed_ctr_pass() first. */
#ifndef KC_SEED_SIMD_GLUE_H
#define KC_SEED_SIMD_GLUE_H
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "seed/seed_bitslice.h"

static __attribute__((noinline)) void seed_crypt1(const seed_key *k, uint8_t *out, const uint8_t *in, int dec)
{
    uint32_t w[4];
    for (int j = 0; j < 4; j++) w[j] = kc_load32_be(in + 4 * j);
    if (dec) seed_one(k, w, 1);
    else seed_one(k, w, 0);
    for (int j = 0; j < 4; j++) kc_store32_be(out + 4 * j, w[j]);
    kc_wipe(w, sizeof w);
}

/* Full passes, the whole sets left in one pass, then the last blocks
 * padded to a set; one block alone by seed_crypt1. */
static void seed_crypt(const seed_key *k, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    if (n == 1) { seed_crypt1(k, out, in, dec); return; }
    for (; n >= BATCH; n -= BATCH, in += 16 * BATCH, out += 16 * BATCH)
        if (dec) seed_pass(k, out, in, SETS, 1);
        else seed_pass(k, out, in, SETS, 0);
    if (n >= V_LANES) {
        size_t sets = n / V_LANES;
        seed_pass_some(k, out, in, (int)sets, dec);
        n -= sets * V_LANES; in += 16 * V_LANES * sets; out += 16 * V_LANES * sets;
    }
    if (n) {
        uint8_t buf[16 * V_LANES];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * n);
        seed_pass(k, buf, buf, 1, dec);
        memcpy(out, buf, 16 * n);
        kc_wipe(buf, sizeof buf);
    }
}

static kc_status seed_simd_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)key_len; (void)block_len;
    seed_bs_set_key(ctx, key);
    return KC_OK;
}

static void seed_simd_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { seed_crypt(ctx, out, in, n, 0); }
static void seed_simd_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { seed_crypt(ctx, out, in, n, 1); }

/* CBC encryption: the chaining value in registers, one block at a time
 * (or the template's own, SEED_CBC1). */
#ifdef SEED_CBC1
#define seed_simd_cbc SEED_CBC1
#else
SEED_CBC_WORDS(seed_simd_cbc, seed_one)
#endif

/* The whole pass on its own: inlined beside the partial one, gcc shares
 * their code, the set count in a register and a branch after every set. */
static __attribute__((noinline)) void seed_ctr_full(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out,
                                                    const uint8_t *in)
{
    seed_ctr_pass(ctx, ctr, low, out, in, BATCH, SETS);
}

static void seed_ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    if (n == BATCH) seed_ctr_full(ctx, ctr, low, out, in);
    else seed_ctr_pass(ctx, ctr, low, out, in, n, (int)((n + V_LANES - 1) / V_LANES));
}

static void seed_simd_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(seed_ctr_run, BATCH, 0, seed_simd_encrypt, ctx, 16, counter, out, in, nblocks);
}

#endif
