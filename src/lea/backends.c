/* SPDX-License-Identifier: MIT */
/* lea backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_lea_ref;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_block_backend kc_lea_avx512, kc_lea_avx2, kc_lea_sse2;
#endif
#if KC_ARCH_RV32
extern const kc_block_backend kc_lea_rv32i;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_lea_neon;
#endif

const kc_block_backend *const kc_lea_backends[] = {
#if KC_ARCH_X86
    &kc_lea_avx512,
    &kc_lea_avx2,
    &kc_lea_sse2,
#endif
#if KC_ARCH_RV32
    &kc_lea_rv32i,
#endif
#if KC_ARCH_AARCH64
    &kc_lea_neon,
#endif
    &kc_lea_ref,
    NULL
};
