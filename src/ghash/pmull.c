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
#include "ghash/ghash_arm.h"

typedef kc_ghash_pmull_key pmull_key;

static uint64x2_t mul(uint64x2_t a, uint64x2_t h)
{
    uint64x2_t mid = kc_ghash_arm_mul_lo(kc_ghash_arm_halves(a), kc_ghash_arm_halves(h));
    return kc_ghash_arm_reduce(kc_ghash_arm_mul_lo(a, h), mid, kc_ghash_arm_mul_hi(a, h));
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
        k->k[i] = kc_ghash_arm_halves(p);
        if (i) p = mul(p, k->h[7]);
    }
}

static void pmull_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const pmull_key *k = key;
    uint64x2_t acc = kc_ghash_arm_load(y);
    for (; nblocks >= 8; nblocks -= 8, in += 128) acc = kc_ghash_arm_absorb(k, acc, in, 8);
    switch (nblocks) {      /* the count is public */
    case 7: acc = kc_ghash_arm_absorb(k, acc, in, 7); break;
    case 6: acc = kc_ghash_arm_absorb(k, acc, in, 6); break;
    case 5: acc = kc_ghash_arm_absorb(k, acc, in, 5); break;
    case 4: acc = kc_ghash_arm_absorb(k, acc, in, 4); break;
    case 3: acc = kc_ghash_arm_absorb(k, acc, in, 3); break;
    case 2: acc = kc_ghash_arm_absorb(k, acc, in, 2); break;
    case 1: acc = kc_ghash_arm_absorb(k, acc, in, 1); break;
    default: break;
    }
    kc_ghash_arm_store(y, acc);
}

KC_TARGET_END

const kc_ghash_backend kc_ghash_pmull = {
    { "pmull", "AArch64 PMULL, 8 blocks per reduction (H^1..H^8, Karatsuba)",
      KC_CPU_NEON | KC_CPU_PMULL, KC_CONSTANT_TIME, sizeof(pmull_key) },
    pmull_init, pmull_update
};
#endif
