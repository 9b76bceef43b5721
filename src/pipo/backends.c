/* SPDX-License-Identifier: MIT */
/* pipo backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_pipo_bitslice, kc_pipo_table;
#include "core/arch.h"
#if KC_ARCH_RV32
extern const kc_block_backend kc_pipo_rv32i_bs4, kc_pipo_rv32i;
#endif
#if KC_ARCH_AVR
extern const kc_block_backend kc_pipo_avr_bs8;
#endif
#if KC_ARCH_X86
extern const kc_block_backend kc_pipo_avx512_least, kc_pipo_avx2_least, kc_pipo_avx512, kc_pipo_avx2;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_pipo_neon16_least, kc_pipo_neon8_least, kc_pipo_neon16, kc_pipo_neon8;
#endif

const kc_block_backend *const kc_pipo_backends[] = {
#if KC_ARCH_X86
    &kc_pipo_avx512_least,
    &kc_pipo_avx2_least,
    &kc_pipo_avx512,
    &kc_pipo_avx2,
#endif
#if KC_ARCH_AARCH64
    &kc_pipo_neon16_least,
    &kc_pipo_neon8_least,
    &kc_pipo_neon16,
    &kc_pipo_neon8,
#endif
#if KC_ARCH_RV32
    &kc_pipo_rv32i_bs4,
    &kc_pipo_rv32i,
#endif
#if KC_ARCH_AVR
    &kc_pipo_avr_bs8,
#endif
    &kc_pipo_bitslice,
    &kc_pipo_table,
    NULL
};
