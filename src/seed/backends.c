/* SPDX-License-Identifier: MIT */
/* seed backends, best first: the registry's default is the first one that
 * is constant-time and runs on this CPU.  Adding a backend = two lines
 * here: its extern declaration and its place in the table. */
#include "core/backend.h"
#include "core/arch.h"

extern const kc_block_backend kc_seed_ct, kc_seed_table;
#if KC_ARCH_X86
extern const kc_block_backend kc_seed_gfni_avx512, kc_seed_gfni_avx2, kc_seed_vaes_avx2, kc_seed_aesni_avx2,
    kc_seed_aesni_ssse3;
#endif
#if KC_ARCH_X86
extern const kc_block_backend kc_seed_sse2;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_seed_armce, kc_seed_neon;
#endif

const kc_block_backend *const kc_seed_backends[] = {
#if KC_ARCH_X86
    &kc_seed_gfni_avx512,
    &kc_seed_gfni_avx2,
    &kc_seed_vaes_avx2,
    &kc_seed_aesni_avx2,
    &kc_seed_aesni_ssse3,
#endif
#if KC_ARCH_AARCH64
    &kc_seed_armce,
    &kc_seed_neon,
#endif
#if KC_ARCH_X86
    &kc_seed_sse2,
#endif
    &kc_seed_ct,
    &kc_seed_table,
    NULL
};
