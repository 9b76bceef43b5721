/* SPDX-License-Identifier: MIT */
/* FEA-1/FEA-2 backends, best first: the default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_fea_backend kc_fea_ct, kc_fea_naive;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_fea_backend kc_fea_gfni_avx512, kc_fea_gfni_avx2, kc_fea_vaes_avx2, kc_fea_aesni_avx512,
    kc_fea_aesni_avx2,
    kc_fea_avx2_paper,
    kc_fea_sse2_paper;
#endif
#if KC_ARCH_AARCH64
extern const kc_fea_backend kc_fea_neon, kc_fea_neon_paper;
#endif
#if KC_ARCH_AVR
extern const kc_fea_backend kc_fea_avr_table;
#else
extern const kc_fea_backend kc_fea_table_16k, kc_fea_table_paper;
#endif

const kc_fea_backend *const kc_fea_backends[] = {
#if KC_ARCH_X86
    &kc_fea_gfni_avx512,
    &kc_fea_gfni_avx2,
    &kc_fea_vaes_avx2,
    &kc_fea_aesni_avx512,
    &kc_fea_aesni_avx2,
#endif
#if KC_ARCH_AARCH64
    &kc_fea_neon,
#endif
    &kc_fea_ct,
#if KC_ARCH_AVR    /* the tables would be copied to RAM; avr_table.c keeps [FEA-OPT]'s 2 KiB in flash */
    &kc_fea_avr_table,
#else
    &kc_fea_table_16k,
    &kc_fea_table_paper,   /* [FEA-OPT]'s table */
#endif
#if KC_ARCH_AARCH64
    &kc_fea_neon_paper,
#endif
#if KC_ARCH_X86
    &kc_fea_avx2_paper,
    &kc_fea_sse2_paper,
#endif
    &kc_fea_naive,
    NULL
};
