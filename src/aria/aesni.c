/* SPDX-License-Identifier: MIT */
/* ARIA one block at a time in an xmm register, AES-NI S-boxes (the lone
 * kernel of aria_x86.h): for CPUs with AES-NI but no AVX2 (Westmere to
 * Ivy Bridge), where the byte-sliced backends do not run; ECB runs four
 * blocks side by side.  Its CBC kernel also serves the GFNI backends
 * (kc_aria_aesni_cbc).
 *
 * Constant time: AES instructions, and pshufb whose secret operand is only
 * ever the index into a constant register. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("ssse3,sse4.1,aes")
#define ARIA_X86_AVX2 0
#define ARIA_X86_GFNI 0
#include "aria/aria_x86.h"

static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    aria_x86_key_round(aria_aesni_sl1, out, in, rk, odd);
}

ARIA_X86_ENTRIES(key_round, aria_x86_lone_ecb)
ARIA_X86_LONE_CBC

void kc_aria_aesni_cbc(const aria_x86_keys *ks, unsigned rounds, uint8_t *iv, uint8_t *out, const uint8_t *in,
                       size_t n)
{
    aria_x86_lone_cbc(ks, rounds, iv, out, in, n);
}

const kc_block_backend kc_aria_aesni = {
    .head = {
        .name = "aesni",
        .summary = "AES-NI S-boxes, one block per xmm (four side by side in ECB), constant time",
        .cpu = KC_CPU_SSSE3 | KC_CPU_SSE41 | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_x86_key),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
    .cbc_encrypt = aria_cbc,
};
KC_TARGET_END
#endif
