/* SPDX-License-Identifier: MIT */
/* cham backends, best first: the registry's default is the first one that
 * is constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_cham_ref;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_block_backend kc_cham_avx512, kc_cham_avx2, kc_cham_ssse3, kc_cham_sse2;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_cham_neon;
#endif
#if KC_ARCH_RV32
extern const kc_block_backend kc_cham_rv32i;
#endif
#if KC_ARCH_AVR
extern const kc_block_backend kc_cham_avr;
#endif

const kc_block_backend *const kc_cham_backends[] = {
#if KC_ARCH_X86
    &kc_cham_avx512,
    &kc_cham_avx2,
    &kc_cham_ssse3,
    &kc_cham_sse2,
#endif
#if KC_ARCH_AARCH64
    &kc_cham_neon,
#endif
#if KC_ARCH_RV32
    &kc_cham_rv32i,
#endif
#if KC_ARCH_AVR
    &kc_cham_avr,
#endif
    &kc_cham_ref,
    NULL
};
