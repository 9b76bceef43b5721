/* SPDX-License-Identifier: MIT */
/* Counter blocks in NEON registers for the fused CTR kernels (kc_ctr_runs):
 * within a run the 16-byte blocks differ only in their last word, the
 * run's first plus the block index, big-endian.  Counters are public;
 * nothing here depends on secrets. */
#ifndef KC_CTR_NEON_H
#define KC_CTR_NEON_H
#include <arm_neon.h>
#include <stddef.h>
#include "kcipher.h"   /* kc_wipe */

/* The counter block ctr with its last word replaced by low. */
static inline uint8x16_t kc_ctr_neon_block(const uint8_t *ctr, uint32_t low)
{
    return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(low), vreinterpretq_u32_u8(vld1q_u8(ctr)), 3));
}

/* Word 3 of the blocks low .. low + 3 as LD4 loads it (little-endian
 * words of big-endian counters). */
static inline uint32x4_t kc_ctr_neon_word3(uint32_t low)
{
    static const uint32_t index[4] = { 0, 1, 2, 3 };
    uint32x4_t w = vaddq_u32(vdupq_n_u32(low), vld1q_u32(index));
    return vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(w)));
}

/* out = in ^ the first n (1..4) blocks of the LD4 layout x. */
static inline void kc_ctr_neon_xor4(uint8_t *out, const uint8_t *in, uint32x4x4_t x, size_t n)
{
    if (n == 4) {
        uint32x4x4_t y = vld4q_u32((const uint32_t *)(const void *)in);
        for (int w = 0; w < 4; w++) x.val[w] = veorq_u32(x.val[w], y.val[w]);
        vst4q_u32((uint32_t *)(void *)out, x);
        return;
    }
    uint8_t ks[64];
    vst4q_u32((uint32_t *)(void *)ks, x);
    for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
    kc_wipe(ks, sizeof ks);
}

#endif
