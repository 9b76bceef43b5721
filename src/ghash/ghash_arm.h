/* SPDX-License-Identifier: MIT */
/* What the PMULL GHASH backend shares with the kernels that stitch GHASH
 * into a CTR loop (include inside a KC_TARGET_BEGIN("+crypto") region):
 * byte-reversed loads, the pmull backend's key layout, the products and
 * their reduction (see ghash/pmull.c).  With y = kc_ghash_arm_load(Y), n <= 8
 * blocks are absorbed by zeroing lo, mid, hi, then for block j (the first
 * XORed with y) kc_ghash_arm_mul_add(&lo, &mid, &hi, kc_ghash_arm_load(block
 * j), key, 8 - n + j), and y = kc_ghash_arm_reduce(lo, mid, hi). */
#ifndef KC_GHASH_ARM_H
#define KC_GHASH_ARM_H
#include <arm_neon.h>
#include <stdint.h>

/* The pmull backend's key (its ctx, from kc_ghash_pmull.init). */
typedef struct kc_ghash_pmull_key {
    uint64x2_t h[8];   /* h[i] = H^(8-i) * x^-1, reflected: h[7] is H's */
    uint64x2_t k[8];   /* the halves of h[i] XORed, in both lanes */
} kc_ghash_pmull_key;

static inline uint64x2_t kc_ghash_arm_mul_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}

static inline uint64x2_t kc_ghash_arm_mul_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

static inline uint64x2_t kc_ghash_arm_swap(uint64x2_t a) { return vextq_u64(a, a, 1); }
static inline uint64x2_t kc_ghash_arm_halves(uint64x2_t a) { return veorq_u64(a, kc_ghash_arm_swap(a)); }

/* A block as a 128-bit integer, byte-reversed (lane 0 the low half). */
static inline uint64x2_t kc_ghash_arm_load(const uint8_t *p)
{
    return kc_ghash_arm_swap(vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p))));
}

static inline void kc_ghash_arm_store(uint8_t *p, uint64x2_t v)
{
    vst1q_u8(p, vrev64q_u8(vreinterpretq_u8_u64(kc_ghash_arm_swap(v))));
}

/* x times the key power i into the Karatsuba sums. */
static inline __attribute__((always_inline)) void kc_ghash_arm_mul_add(uint64x2_t *lo, uint64x2_t *mid, uint64x2_t *hi,
                                                                      uint64x2_t x, const kc_ghash_pmull_key *k, int i)
{
    *lo = veorq_u64(*lo, kc_ghash_arm_mul_lo(x, k->h[i]));
    *hi = veorq_u64(*hi, kc_ghash_arm_mul_hi(x, k->h[i]));
    *mid = veorq_u64(*mid, kc_ghash_arm_mul_lo(kc_ghash_arm_halves(x), k->k[i]));
}

/* hi:lo with Karatsuba's uncorrected middle term, reduced by two
 * multiplies by x^127 + x^126 + x^121 (ghash_x86.h). */
static inline uint64x2_t kc_ghash_arm_reduce(uint64x2_t lo, uint64x2_t mid, uint64x2_t hi)
{
    const uint64x2_t poly = vdupq_n_u64(0xc200000000000000u);
    const uint64x2_t zero = vdupq_n_u64(0);
    mid = veorq_u64(mid, veorq_u64(lo, hi));
    lo = veorq_u64(lo, vextq_u64(zero, mid, 1));     /* mid's low half into lo's high */
    hi = veorq_u64(hi, vextq_u64(mid, zero, 1));     /* mid's high half into hi's low */
    lo = veorq_u64(lo, kc_ghash_arm_swap(kc_ghash_arm_mul_lo(lo, poly)));
    return veorq_u64(hi, veorq_u64(lo, kc_ghash_arm_mul_hi(lo, poly)));
}

/* n (1..8) blocks at p absorbed into y against H^n..H^1, one reduction;
 * the last block first, so that block 0 (which waits for y) goes last. */
static inline __attribute__((always_inline)) uint64x2_t kc_ghash_arm_absorb(const kc_ghash_pmull_key *k, uint64x2_t y,
                                                                           const uint8_t *p, int n)
{
    uint64x2_t lo = vdupq_n_u64(0), hi = lo, mid = lo;
    for (int j = n - 1; j >= 0; j--) {
        uint64x2_t x = kc_ghash_arm_load(p + 16 * j);
        if (j == 0) x = veorq_u64(x, y);
        kc_ghash_arm_mul_add(&lo, &mid, &hi, x, k, 8 - n + j);
    }
    return kc_ghash_arm_reduce(lo, mid, hi);
}

#endif
