/* SPDX-License-Identifier: MIT */
/* hight backends, best first: the registry's default is the first one that
 * is constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_hight_ref;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_block_backend kc_hight_gfni_avx512, kc_hight_gfni_avx2, kc_hight_avx2, kc_hight_ssse3, kc_hight_sse2;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_hight_neon;
#endif
#if KC_ARCH_AVR
extern const kc_block_backend kc_hight_avr;
#endif
#if KC_ARCH_RV32
extern const kc_block_backend kc_hight_rv32i;
#endif

const kc_block_backend *const kc_hight_backends[] = {
#if KC_ARCH_X86
    &kc_hight_gfni_avx512,
    &kc_hight_gfni_avx2,
    &kc_hight_avx2,
    &kc_hight_ssse3,
    &kc_hight_sse2,
#endif
#if KC_ARCH_AARCH64
    &kc_hight_neon,
#endif
#if KC_ARCH_AVR
    &kc_hight_avr,
#endif
#if KC_ARCH_RV32
    &kc_hight_rv32i,
#endif
    &kc_hight_ref,
    NULL
};
