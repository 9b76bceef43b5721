/* SPDX-License-Identifier: MIT */
/* ARIA with GFNI S-boxes on AVX2 (VEX-encoded gf2p8affine(inv)qb on ymm),
 * 32 blocks byte-sliced (aria_x86.h).  S1 and S2 are one
 * gf2p8affineinvqb each, X1 and X2 a gf2p8affineqb followed by an
 * inversion.  Constant time: GFNI and XOR only. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,gfni")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 1
#include "aria/aria_x86.h"

extern const struct kc_gcm_stitch kc_aria_gfni_avx2_gcm;   /* gfni_avx2_gcm.c */

#define SMALL 3   /* up to this many blocks: one at a time */

static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    aria_x86_key_round(aria_gfni_sl1, out, in, rk, odd);
}

static inline void core32(const aria_x86_keys *ks, unsigned rounds, __m256i x[16])
{
    aria_x86_rounds32(aria_x86_sl32, x, ks, rounds);
}

static void crypt32(const aria_x86_keys *ks, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    __m256i x[16];
    aria_x86_load32(x, in);
    core32(ks, rounds, x);
    aria_x86_store32(out, x);
}

static void crypt(const aria_x86_keys *ks, unsigned rounds, uint8_t *out, const uint8_t *in, size_t n)
{
    aria_x86_crypt(crypt32, aria_gfni_sl1, SMALL, ks, rounds, out, in, n);
}

ARIA_X86_ENTRIES(key_round, crypt)
ARIA_X86_CTR(core32, SMALL)
ARIA_X86_CBC_MULTI(core32)

static void aria_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
    const aria_x86_key *k = ctx;
    aria_x86_gfni_cbc(&k->enc, k->rounds, iv, out, in, n);
}

const kc_block_backend kc_aria_gfni_avx2 = {
    .head = {
        .name = "gfni-avx2",
        .summary = "GFNI S-boxes, AVX2 byte-sliced 32 blocks per pass, constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_x86_key),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
    .ctr = aria_ctr,
    .cbc_encrypt = aria_cbc,
    .cbc_encrypt_multi = aria_cbc_multi,
    .gcm_stitch = &kc_aria_gfni_avx2_gcm,
};
KC_TARGET_END
#endif
