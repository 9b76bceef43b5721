/* SPDX-License-Identifier: MIT */
/* ARIA with VAES S-boxes on AVX2, 32 blocks byte-sliced (aria_x86.h): the
 * S-layer of aesni_avx2.c (aesenclast is ShiftRows(S1), aesdeclast
 * InvShiftRows(X1), S2 and X2 an affine map more, the ShiftRows drift
 * undone after the last round, round keys in the AES instructions' key
 * operand), but each vaesenclast/vaesdeclast takes a whole ymm instead of
 * two extracted 128-bit halves: for AMD Zen 3 and other CPUs with VAES but
 * no GFNI.  CTR caches round 1 of the counter bytes that a run of 32 blocks
 * shares (ARIA_X86_CTR_CACHED).
 *
 * Constant time: AES instructions, and pshufb whose secret operand is only
 * ever the index into a constant register. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,aes,vaes")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 0
#define ARIA_X86_VAES 1
#include "aria/aria_x86.h"

extern const struct kc_gcm_stitch kc_aria_vaes_avx2_gcm;   /* vaes_avx2_gcm.c */

#define SMALL 3   /* up to this many blocks: one at a time */

static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    aria_x86_key_round(aria_aesni_sl1, out, in, rk, odd);
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
    if (n <= SMALL) aria_x86_lone_ecb(ks, rounds, out, in, n);
    else aria_x86_crypt(crypt32, aria_aesni_sl1, SMALL, ks, rounds, out, in, n);
}

ARIA_X86_ENTRIES(key_round, crypt)
ARIA_X86_CTR_CACHED(aria_x86_sl32, core32, SMALL)
ARIA_X86_CBC_MULTI(core32)
ARIA_X86_LONE_CBC

const kc_block_backend kc_aria_vaes_avx2 = {
    .head = {
        .name = "vaes-avx2",
        .summary = "VAES S-boxes on whole ymm, AVX2 byte-sliced 32 blocks per pass, constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_VAES | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_x86_key),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
    .ctr = aria_ctr,
    .cbc_encrypt = aria_cbc,
    .cbc_encrypt_multi = aria_cbc_multi,
    .gcm_stitch = &kc_aria_vaes_avx2_gcm,
};
KC_TARGET_END
#endif
