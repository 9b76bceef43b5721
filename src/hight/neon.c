/* SPDX-License-Identifier: MIT */
/* HIGHT, NEON: byte-sliced, 16 blocks per batch of eight registers, sliced
 * by de-interleaving loads (two vld4q_u8 give bytes j and j + 4 of the
 * blocks in turn, vuzp separates them); F0 and F1 two 16-entry nibble
 * lookups (vqtbl1q, constant tables in registers) XORed.  A lone block and
 * CBC encryption take the one-block kernel of hight_lone.h, here in 64-bit
 * registers (tbl for pshufb: an index of 0x80 gives 0 on both).  See
 * hight_simd.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"
#include "hight/hight_lone.h"

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
static inline void hight_lone_block(const hight_lone_key *l, uint8_t *out, const uint8_t *in);
#include "hight/hight_simd.h"

/* One block, the 8 bytes of blk: hight_lone_encrypt of hight_simd.h with
 * vtbl1/vqtbl1 for pshufb.  The state bytes are the odd bytes, the even
 * ones 0, so a byte shift by 4 gives clean high nibbles (T[0] = F(0) = 0). */
static inline __attribute__((always_inline)) uint8x8_t hight_lone_encrypt(const hight_lone_key *l, uint8x8_t blk)
{
#define HIGHT_TAB(F, s) vcombine_u8(vcreate_u8(HIGHT_Q8(F, s, 0)), vcreate_u8(HIGHT_Q8(F, s, 8)))
#define HIGHT_LQ(x) vcreate_u8(x)
#define HIGHT_F(t, x) veor_u8(vqtbl1_u8(t##lo, vand_u8(x, nib)), vqtbl1_u8(t##hi, vshr_n_u8(x, 4)))
    const uint8x16_t f1lo = HIGHT_TAB(HIGHT_F1C, 0), f1hi = HIGHT_TAB(HIGHT_F1C, 4);
    const uint8x16_t f0lo = HIGHT_TAB(HIGHT_F0C, 0), f0hi = HIGHT_TAB(HIGHT_F0C, 4);
    const uint8x8_t nib = vdup_n_u8(0x0f), half = vcreate_u8(0x0000ff000000ff00ull);
    uint8x8_t e = vtbl1_u8(blk, vcreate_u8(0x06ff04ff02ff00ffull));
    uint8x8_t o = vtbl1_u8(blk, vcreate_u8(0x07ff05ff03ff01ffull));
    e = veor_u8(vadd_u8(e, HIGHT_LQ(l->in_add)), HIGHT_LQ(l->in_xor));
    /* round 0 adds into O's slots 0 and 2 from E's slots 0 and 2 (F1) */
    uint8x8_t e1 = vand_u8(e, half), e0 = vbic_u8(e, half);
    uint8x8_t o1 = vand_u8(o, half), o0 = vbic_u8(o, half);
#define HIGHT_LONE_ROUND(r, S1, S0, T1, T0) do { \
        uint8x8_t g1 = HIGHT_F(f1, S1), g0 = vadd_u8(HIGHT_F(f0, S0), HIGHT_LQ(l->ka[r])); \
        uint8x8_t pm = HIGHT_LQ(l->perm[r]); \
        uint8x8_t ta = veor_u8(vtbl1_u8(T1, pm), HIGHT_LQ(l->ca[r])); \
        uint8x8_t tx = veor_u8(vtbl1_u8(T0, pm), HIGHT_LQ(l->cx[r])); \
        T0 = vadd_u8(ta, g1); T1 = veor_u8(tx, g0); } while (0)
    for (unsigned r = 0; r < HIGHT_ROUNDS; r += 2) {
        HIGHT_LONE_ROUND(r, e1, e0, o1, o0);
        HIGHT_LONE_ROUND(r + 1, o1, o0, e1, e0);
    }
    e = veor_u8(e1, e0);
    o = veor_u8(veor_u8(o1, o0), HIGHT_LQ(l->o_xor));
    uint8x8_t out = vorr_u8(vtbl1_u8(e, HIGHT_LQ(l->out_e)), vtbl1_u8(o, HIGHT_LQ(l->out_o)));
    return veor_u8(vadd_u8(out, HIGHT_LQ(l->out_add)), HIGHT_LQ(l->out_xor));
#undef HIGHT_LONE_ROUND
#undef HIGHT_F
#undef HIGHT_LQ
#undef HIGHT_TAB
}

static inline void hight_lone_block(const hight_lone_key *l, uint8_t *out, const uint8_t *in)
{
    vst1_u8(out, hight_lone_encrypt(l, vld1_u8(in)));
}

/* CBC encryption (and CMAC's CBC-MAC): the chain stays in a register. */
static void hight_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const hight_simd_key *k = ctx;
    uint8x8_t x = vld1_u8(iv);
    for (; nblocks; nblocks--, in += 8, out += 8) {
        x = hight_lone_encrypt(&k->lone, veor_u8(x, vld1_u8(in)));
        vst1_u8(out, x);
    }
    vst1_u8(iv, x);
}

const kc_block_backend kc_hight_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON, 16 blocks byte-sliced, F0/F1 as nibble lookups; one-block kernel for CBC",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_simd_key),
    },
    .set_key = hight_simd_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .ctr = hight_ctr,
    .cbc_encrypt = hight_cbc,
};
#endif
