/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on AES-NI + AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the pclmul GHASH backend): the
 * batch, its GHASH groups and its branch-free inc32 are aria_x86_gcm.h's;
 * here the AES-NI S-layer (aria_x86.h's aria_x86_sl32).  Constant time: AES instructions, carry-less
 * multiplies, XORs, pshufb with secret indices into constant registers
 * only. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,aes,pclmul,ssse3")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 0
#include "aria/aria_x86.h"
#include "aria/aria_x86_gcm.h"

extern const kc_ghash_backend kc_ghash_pclmul;

static size_t aesni_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                              uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return aria_x86_gcm(aria_x86_sl32, ctx, hkey, ctr, y, encrypt, out, in, nblocks);
}

KC_TARGET_END

const kc_gcm_stitch kc_aria_aesni_avx2_gcm = { .ghash = &kc_ghash_pclmul, .run = aesni_avx2_gcm };
#endif
