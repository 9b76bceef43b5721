/* SPDX-License-Identifier: MIT */
/* TinyJAMBU backends, best first.  Adding a backend = two lines here: its
 * extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_aead_backend kc_tinyjambu_ref;
#include "core/arch.h"
#if KC_ARCH_X86
extern const kc_aead_backend kc_tinyjambu_avx512_vbmi2, kc_tinyjambu_avx512, kc_tinyjambu_avx2;
#endif
#if KC_ARCH_AVR
extern const kc_aead_backend kc_tinyjambu_avr_rs;
#endif
#if KC_ARCH_AARCH64
extern const kc_aead_backend kc_tinyjambu_neon;
#endif

const kc_aead_backend *const kc_tinyjambu_backends[] = {
#if KC_ARCH_X86
    &kc_tinyjambu_avx512_vbmi2,
    &kc_tinyjambu_avx512,
    &kc_tinyjambu_avx2,
#endif
#if KC_ARCH_AVR
    &kc_tinyjambu_avr_rs,
#endif
#if KC_ARCH_AARCH64
    &kc_tinyjambu_neon,
#endif
    &kc_tinyjambu_ref,
    NULL
};
