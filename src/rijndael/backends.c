/* SPDX-License-Identifier: MIT */
/* rijndael backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_rijndael_ct, kc_rijndael_table;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_block_backend kc_rijndael_vaes512, kc_rijndael_vaes_avx2, kc_rijndael_aesni;
extern const kc_block_backend kc_rijndael_sse2;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_rijndael_armce, kc_rijndael_neon_bs;
#endif

const kc_block_backend *const kc_rijndael_backends[] = {
#if KC_ARCH_X86
    &kc_rijndael_vaes512,
    &kc_rijndael_vaes_avx2,
    &kc_rijndael_aesni,
    &kc_rijndael_sse2,
#endif
#if KC_ARCH_AARCH64
    &kc_rijndael_armce,
    &kc_rijndael_neon_bs,
#endif
    &kc_rijndael_ct,
    &kc_rijndael_table,
    NULL
};
