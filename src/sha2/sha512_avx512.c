/* SPDX-License-Identifier: MIT */
/* SHA-512 on AVX-512VL (sha512_x86.h): the schedule's sigmas as two
 * VPRORQ, a shift and one VPTERNLOGQ (three-way xor) on 256-bit vectors. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/util.h"
#include "sha2/sha2.h"

KC_TARGET_BEGIN("avx2,avx512f,avx512vl")

#define SIGMA(x, r1, r2, s) \
    _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, r1), _mm256_ror_epi64(x, r2), _mm256_srli_epi64(x, s), 0x96)
#include "sha2/sha512_x86.h"

KC_TARGET_END

const kc_hash_backend kc_sha512_avx512 = {
    .head = { .name = "avx512", .summary = "AVX-512VL message schedule (VPRORQ), scalar rounds",
              .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_SHA512_COMMON,
    .compress = compress,
};
#endif
