/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on VAES + AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the pclmul GHASH backend): the batch,
 * its GHASH groups and its branch-free inc32 are aria_x86_gcm.h's; here the
 * AES-NI S-layer of aria_x86.h with VAES on whole ymm.  Constant time: AES
 * instructions, carry-less multiplies, XORs, pshufb with secret indices
 * into constant registers only. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,aes,vaes,pclmul,ssse3")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 0
#define ARIA_X86_VAES 1
#include "aria/aria_x86.h"
#include "aria/aria_x86_gcm.h"

extern const kc_ghash_backend kc_ghash_pclmul;

static size_t vaes_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return aria_x86_gcm(aria_x86_sl32, ctx, hkey, ctr, y, encrypt, out, in, nblocks);
}

KC_TARGET_END

const kc_gcm_stitch kc_aria_vaes_avx2_gcm = { .ghash = &kc_ghash_pclmul, .run = vaes_avx2_gcm };
#endif
