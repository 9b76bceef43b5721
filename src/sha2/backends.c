/* SPDX-License-Identifier: MIT */
/* SHA-2 backends, best first, one list per compression function (the
 * registry's default is the first constant-time one this CPU runs). */
#include "core/backend.h"
#include "core/arch.h"

extern const kc_hash_backend kc_sha256_ref, kc_sha512_ref;
#if KC_ARCH_X86
extern const kc_hash_backend kc_sha256_shani, kc_sha512_avx512, kc_sha512_avx2;
#endif
#if KC_ARCH_AARCH64
extern const kc_hash_backend kc_sha256_armv8, kc_sha512_armv8;
#endif

const kc_hash_backend *const kc_sha256_backends[] = {
#if KC_ARCH_X86
    &kc_sha256_shani,
#endif
#if KC_ARCH_AARCH64
    &kc_sha256_armv8,
#endif
    &kc_sha256_ref,
    NULL
};

const kc_hash_backend *const kc_sha512_backends[] = {
#if KC_ARCH_X86
    &kc_sha512_avx512,
    &kc_sha512_avx2,
#endif
#if KC_ARCH_AARCH64
    &kc_sha512_armv8,
#endif
    &kc_sha512_ref,
    NULL
};
