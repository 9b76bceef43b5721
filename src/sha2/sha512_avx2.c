/* SPDX-License-Identifier: MIT */
/* SHA-512 on AVX2 (sha512_x86.h): the schedule's rotations as two shifts
 * and an or. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/util.h"
#include "sha2/sha2.h"

KC_TARGET_BEGIN("avx2")

#define VROR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))
#define SIGMA(x, r1, r2, s) _mm256_xor_si256(_mm256_xor_si256(VROR(x, r1), VROR(x, r2)), _mm256_srli_epi64(x, s))
#include "sha2/sha512_x86.h"

KC_TARGET_END

const kc_hash_backend kc_sha512_avx2 = {
    .head = { .name = "avx2", .summary = "AVX2 message schedule, scalar rounds",
              .cpu = KC_CPU_AVX2, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_SHA512_COMMON,
    .compress = compress,
};
#endif
