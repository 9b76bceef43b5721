/* SPDX-License-Identifier: MIT */
/* LSH backends, best first, one list per word size (the registry's
 * default is the first constant-time one this CPU runs). */
#include "core/backend.h"
#include "core/arch.h"

extern const kc_hash_backend kc_lsh256_ref, kc_lsh512_ref;
#if KC_ARCH_X86
extern const kc_hash_backend kc_lsh256_avx512, kc_lsh256_avx2, kc_lsh512_avx512, kc_lsh512_avx2;
#endif
#if KC_ARCH_AARCH64
extern const kc_hash_backend kc_lsh256_neon, kc_lsh512_neon;
#endif

const kc_hash_backend *const kc_lsh256_backends[] = {
#if KC_ARCH_X86
    &kc_lsh256_avx512,
    &kc_lsh256_avx2,
#endif
#if KC_ARCH_AARCH64
    &kc_lsh256_neon,
#endif
    &kc_lsh256_ref,
    NULL
};

const kc_hash_backend *const kc_lsh512_backends[] = {
#if KC_ARCH_X86
    &kc_lsh512_avx512,
    &kc_lsh512_avx2,
#endif
#if KC_ARCH_AARCH64
    &kc_lsh512_neon,
#endif
    &kc_lsh512_ref,
    NULL
};
