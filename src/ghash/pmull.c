/* SPDX-License-Identifier: MIT */
/* GHASH on AArch64 PMULL (the Crypto Extensions' 64x64 carry-less
 * multiply): pclmul.c's arithmetic with NEON registers.  Blocks are
 * byte-reversed into 128-bit integers (lane 0 the low half), the key is
 * H * x^-1 so products need no shift, eight blocks are summed against
 * H^8..H^1 (Karatsuba: three multiplies each) and reduced once by two
 * multiplies by x^127 + x^126 + x^121.  Constant time: no table, no branch
 * on data. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "core/util.h"
#include "ghash/ghash.h"

KC_TARGET_BEGIN("+crypto")

typedef struct {
    uint64x2_t h[8];   /* h[i] = H^(8-i) * x^-1, reflected: h[7] is H's */
    uint64x2_t k[8];   /* the halves of h[i] XORed, in both lanes */
} pmull_key;

static inline uint64x2_t mul_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}

static inline uint64x2_t mul_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

static inline uint64x2_t swap(uint64x2_t a) { return vextq_u64(a, a, 1); }
static inline uint64x2_t halves(uint64x2_t a) { return veorq_u64(a, swap(a)); }

static inline uint64x2_t load(const uint8_t *p)
{
    uint8x16_t v = vrev64q_u8(vld1q_u8(p));
    return swap(vreinterpretq_u64_u8(v));
}

static inline void store(uint8_t *p, uint64x2_t v)
{
    vst1q_u8(p, vrev64q_u8(vreinterpretq_u8_u64(swap(v))));
}

/* hi:lo with Karatsuba's uncorrected middle term, reduced (ghash_x86.h). */
static inline uint64x2_t reduce(uint64x2_t lo, uint64x2_t mid, uint64x2_t hi)
{
    const uint64x2_t poly = vdupq_n_u64(0xc200000000000000u);
    const uint64x2_t zero = vdupq_n_u64(0);
    mid = veorq_u64(mid, veorq_u64(lo, hi));
    lo = veorq_u64(lo, vextq_u64(zero, mid, 1));     /* mid's low half into lo's high */
    hi = veorq_u64(hi, vextq_u64(mid, zero, 1));     /* mid's high half into hi's low */
    lo = veorq_u64(lo, swap(mul_lo(lo, poly)));
    return veorq_u64(hi, veorq_u64(lo, mul_hi(lo, poly)));
}

static uint64x2_t mul(uint64x2_t a, uint64x2_t h)
{
    uint64x2_t mid = mul_lo(halves(a), halves(h));
    return reduce(mul_lo(a, h), mid, mul_hi(a, h));
}

static void pmull_init(void *key, const uint8_t h[16])
{
    pmull_key *k = key;
    uint64_t hi = kc_load64_be(h), lo = kc_load64_be(h + 8), carry = 0 - (hi >> 63);
    hi = (hi << 1 | lo >> 63) ^ (carry & 0xc200000000000000u);   /* H * x^-1 */
    lo = lo << 1 ^ (carry & 1);
    uint64x2_t p = vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
    for (int i = 7; i >= 0; i--) {
        k->h[i] = p;
        k->k[i] = halves(p);
        if (i) p = mul(p, k->h[7]);
    }
}

/* n (1..8) blocks against H^n..H^1, one reduction. */
static inline __attribute__((always_inline)) uint64x2_t blocks(const pmull_key *k, uint64x2_t y,
                                                               const uint8_t *in, int n)
{
    uint64x2_t lo = vdupq_n_u64(0), hi = lo, mid = lo;
    for (int j = n - 1; j >= 0; j--) {      /* the block that waits for y last */
        uint64x2_t x = load(in + 16 * j);
        if (j == 0) x = veorq_u64(x, y);
        const int i = 8 - n + j;
        lo = veorq_u64(lo, mul_lo(x, k->h[i]));
        hi = veorq_u64(hi, mul_hi(x, k->h[i]));
        mid = veorq_u64(mid, mul_lo(halves(x), k->k[i]));
    }
    return reduce(lo, mid, hi);
}

static void pmull_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const pmull_key *k = key;
    uint64x2_t acc = load(y);
    for (; nblocks >= 8; nblocks -= 8, in += 128) acc = blocks(k, acc, in, 8);
    switch (nblocks) {      /* the count is public */
    case 7: acc = blocks(k, acc, in, 7); break;
    case 6: acc = blocks(k, acc, in, 6); break;
    case 5: acc = blocks(k, acc, in, 5); break;
    case 4: acc = blocks(k, acc, in, 4); break;
    case 3: acc = blocks(k, acc, in, 3); break;
    case 2: acc = blocks(k, acc, in, 2); break;
    case 1: acc = blocks(k, acc, in, 1); break;
    default: break;
    }
    store(y, acc);
}

KC_TARGET_END

const kc_ghash_backend kc_ghash_pmull = {
    { "pmull", "AArch64 PMULL, 8 blocks per reduction (H^1..H^8, Karatsuba)",
      KC_CPU_NEON | KC_CPU_PMULL, KC_CONSTANT_TIME, sizeof(pmull_key) },
    pmull_init, pmull_update
};
#endif
