/* SPDX-License-Identifier: MIT */
/* rc6 backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_rc6_ref;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_block_backend kc_rc6_avx512, kc_rc6_avx2;
#endif
#if KC_ARCH_AARCH64
extern const kc_block_backend kc_rc6_neon;
#endif

const kc_block_backend *const kc_rc6_backends[] = {
#if KC_ARCH_X86
    &kc_rc6_avx512,
    &kc_rc6_avx2,
#endif
#if KC_ARCH_AARCH64
    &kc_rc6_neon,
#endif
    &kc_rc6_ref,
    NULL
};
