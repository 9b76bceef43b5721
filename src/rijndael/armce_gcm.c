/* SPDX-License-Identifier: MIT */
/* AES-GCM on the ARMv8 Crypto Extensions + PMULL: CTR and GHASH stitched in
 * one pass (the kernel of ghash/stitch.h, for the pmull GHASH backend and
 * its key layout, ghash/ghash_arm.h).  As aesni_gcm.c: a batch is 8
 * counter blocks, as in armce.c's CTR; the 8 Karatsuba multiplies of one
 * GHASH batch (8 blocks, one reduction) are issued one per round between
 * rounds 1..8.  Encryption hashes the previous batch's ciphertext (in L1,
 * just stored), decryption the batch's own input.  The counter is kept
 * with its words in native order and counts in its last word only: inc32
 * with no branch, so GCM's GHASH-derived (secret) J0 may run here too.
 * Constant-time: no table, no branch or address on data.  AES only
 * (Nb = 4); wider Rijndael blocks get 0 blocks done. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "core/util.h"
#include "ghash/stitch.h"
#include "rijndael/armce.h"

extern const kc_ghash_backend kc_ghash_pmull;

KC_TARGET_BEGIN("+crypto")
#include "ghash/ghash_arm.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 8   /* blocks: one GHASH reduction */
/* Keeps each round's GHASH loads and its round key load in that round:
 * without it GCC hoists them all, runs out of the 32 registers (8 states,
 * up to 15 keys, the GHASH sums) and spills. */
#define ROUND_BARRIER() __asm__ volatile("" ::: "memory")

/* One batch: 8 blocks of CTR from *ctr (words native, advanced) over in
 * into out; when hash, the 8 blocks at h into *y, block 7 first so that
 * block 0 (which waits for y) is multiplied last. */
static ALWAYS_INLINE void batch(const uint8x16_t (*rk)[2], const unsigned nr, uint32x4_t *ctr,
                                const kc_ghash_pmull_key *hk, uint64x2_t *y, const int hash, const uint8_t *h,
                                uint8_t *out, const uint8_t *in)
{
    uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
    __asm__("" : "+w"(one));   /* one register and a chain of adds, not 8 folded constants */
    uint8x16_t s[BATCH];
    uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;
#pragma GCC unroll 8
    for (unsigned i = 0; i < BATCH; i++, *ctr = vaddq_u32(*ctr, one))
        s[i] = vaesmcq_u8(vaeseq_u8(vrev32q_u8(vreinterpretq_u8_u32(*ctr)), rk[0][0]));
#pragma GCC unroll 8
    for (unsigned r = 1; r < 9; r++) {
#pragma GCC unroll 8
        for (unsigned i = 0; i < BATCH; i++) s[i] = vaesmcq_u8(vaeseq_u8(s[i], rk[r][0]));
        ROUND_BARRIER();
        if (hash) {
            const unsigned j = 8 - r;
            uint64x2_t x = kc_ghash_arm_load(h + 16 * j);
            if (j == 0) x = veorq_u64(x, *y);
            kc_ghash_arm_mul_add(&lo, &mid, &hi, x, hk, (int)j);
            __asm__("" : "+w"(lo), "+w"(mid), "+w"(hi));   /* summed now: 3 registers, not 24 */
        }
    }
#pragma GCC unroll 6
    for (unsigned r = 9; r + 1 < nr; r++)
#pragma GCC unroll 8
        for (unsigned i = 0; i < BATCH; i++) s[i] = vaesmcq_u8(vaeseq_u8(s[i], rk[r][0]));
    const uint8x16_t k_pen = rk[nr - 1][0], k_last = rk[nr][0];   /* loaded once: out may alias them */
#pragma GCC unroll 8
    for (unsigned i = 0; i < BATCH; i++) {   /* the input XOR beside the last key */
        uint8x16_t last = veorq_u8(k_last, vld1q_u8(in + 16 * i));
        vst1q_u8(out + 16 * i, veorq_u8(vaeseq_u8(s[i], k_pen), last));
    }
    if (hash) *y = kc_ghash_arm_reduce(lo, mid, hi);
}

/* The whole run for a fixed round count, so the rounds unroll. */
static ALWAYS_INLINE void run_nr(const uint8x16_t (*ek)[2], const unsigned nr, uint32x4_t c,
                                 const kc_ghash_pmull_key *hk, uint64x2_t *acc, int encrypt,
                                 uint8_t *out, const uint8_t *in, size_t n)
{
    const uint8x16_t (*rk)[2] = ek;
#define BATCH_AT(i, hash, h, o, s) batch(rk, nr, &c, hk, acc, hash, h, o, s)
#define TAIL(p) (*acc = kc_ghash_arm_absorb(hk, *acc, p, 8))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
}

static size_t armce_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                        uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const armce_key *k = ctx;
    const kc_ghash_pmull_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (k->nb != 4 || n == 0) return 0;
    uint32x4_t c = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(ctr)));
    uint64x2_t acc = kc_ghash_arm_load(y);
    if (k->nr == 10) run_nr(k->ek, 10, c, hk, &acc, encrypt, out, in, n);
    else if (k->nr == 12) run_nr(k->ek, 12, c, hk, &acc, encrypt, out, in, n);
    else run_nr(k->ek, 14, c, hk, &acc, encrypt, out, in, n);
    kc_ghash_arm_store(y, acc);
    kc_store32_be(ctr + 12, kc_load32_be(ctr + 12) + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_rijndael_armce_gcm = { .ghash = &kc_ghash_pmull, .run = armce_gcm };
#endif
