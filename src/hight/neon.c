/* SPDX-License-Identifier: MIT */
/* HIGHT, NEON: byte-sliced, 16 blocks per batch of eight registers, sliced
 * by de-interleaving loads (two vld4q_u8 give bytes j and j + 4 of the
 * blocks in turn, vuzp separates them); F0 and F1 two 16-entry nibble
 * lookups (vqtbl1q, constant tables in registers) XORed.  See
 * hight_simd.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"

extern const kc_block_backend kc_hight_ref;

typedef uint8x16_t V;
#define XOR veorq_u8
#define ADD vaddq_u8
#define SUB vsubq_u8
#define KEY(p) vreinterpretq_u8_u32(vld1q_dup_u32(p))
#define LANES16(lo, hi) vcombine_u8(vcreate_u8(lo), vcreate_u8(hi))
#define F_SETUP const V nib = vdupq_n_u8(0x0f), f0lo = HIGHT_NIBBLES(HIGHT_F0C, 0), \
    f0hi = HIGHT_NIBBLES(HIGHT_F0C, 4), f1lo = HIGHT_NIBBLES(HIGHT_F1C, 0), f1hi = HIGHT_NIBBLES(HIGHT_F1C, 4)
#define NIB(t, x) XOR(vqtbl1q_u8(t##lo, vandq_u8(x, nib)), vqtbl1q_u8(t##hi, vshrq_n_u8(x, 4)))
#define F0(x) NIB(f0, x)
#define F1(x) NIB(f1, x)

#define HIGHT_OWN_SLICING
/* Blocks 0..7 in a, 8..15 in b: a.val[j] alternates bytes j and j + 4. */
static inline void hight_load(V r[8], const uint8_t *p)
{
    uint8x16x4_t a = vld4q_u8(p), b = vld4q_u8(p + 64);
    for (unsigned j = 0; j < 4; j++) {
        r[j] = vuzp1q_u8(a.val[j], b.val[j]);
        r[j + 4] = vuzp2q_u8(a.val[j], b.val[j]);
    }
}
static inline void hight_store(uint8_t *p, V r[8], const uint8_t *xin)
{
    uint8x16x4_t a, b;
    for (unsigned j = 0; j < 4; j++) {
        a.val[j] = vzip1q_u8(r[j], r[j + 4]);
        b.val[j] = vzip2q_u8(r[j], r[j + 4]);
    }
    if (xin) {
        uint8x16x4_t xa = vld4q_u8(xin), xb = vld4q_u8(xin + 64);
        for (unsigned j = 0; j < 4; j++) {
            a.val[j] = XOR(a.val[j], xa.val[j]);
            b.val[j] = XOR(b.val[j], xb.val[j]);
        }
    }
    vst4q_u8(p, a);
    vst4q_u8(p + 64, b);
}
#include "hight/hight_simd.h"

const kc_block_backend kc_hight_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON, 16 blocks byte-sliced, F0/F1 as nibble lookups",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_simd_key),
    },
    .set_key = hight_simd_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .ctr = hight_ctr,
};
#endif
