/* SPDX-License-Identifier: MIT */
/* aria backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_aria_ct, kc_aria_bs32, kc_aria_table;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_block_backend kc_aria_gfni_avx512, kc_aria_gfni_avx2, kc_aria_vaes_avx2,
    kc_aria_aesni_avx2, kc_aria_aesni, kc_aria_sse2;
#endif
#if KC_ARCH_RV32
extern const kc_block_backend kc_aria_rv32i_bs32, kc_aria_rv32i_table;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_aria_neon;
#endif

const kc_block_backend *const kc_aria_backends[] = {
#if KC_ARCH_X86
    &kc_aria_gfni_avx512,
    &kc_aria_gfni_avx2,
    &kc_aria_vaes_avx2,
    &kc_aria_aesni_avx2,
    &kc_aria_aesni,   /* one block at a time: no AVX2 */
    &kc_aria_sse2,    /* no AES-NI: bitsliced on 128-bit planes */
#endif
#if KC_ARCH_AARCH64
    &kc_aria_neon,
#endif
#if KC_ARCH_RV32
    &kc_aria_rv32i_bs32,   /* assembly, constant time */
    &kc_aria_bs32,   /* 32-bit words: faster than ct's uint64 */
    &kc_aria_ct,
    &kc_aria_rv32i_table,
#else
    &kc_aria_ct,
    &kc_aria_bs32,
#endif
    &kc_aria_table,
    NULL
};
