/* SPDX-License-Identifier: MIT */
/* LSH-256 compression on AVX2 (lsh256_x86.h): each rotation is two shifts
 * and an OR. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "lsh/lsh.h"

KC_TARGET_BEGIN("avx2")

#define ROT(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))

#include "lsh/lsh256_x86.h"

KC_TARGET_END

const kc_hash_backend kc_lsh256_avx2 = {
    .head = { .name = "avx2", .summary = "AVX2: cv_l, cv_r in one register each",
              .cpu = KC_CPU_AVX2, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_LSH256_COMMON,
    .compress = compress,
};
#endif
