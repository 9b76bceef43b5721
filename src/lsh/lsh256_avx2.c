/* SPDX-License-Identifier: MIT */
/* LSH-256 compression on AVX2 (lsh256_x86.h): each rotation is two shifts
 * and an OR; and 8 messages side by side (lsh_lanes.h). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "lsh/lsh.h"

KC_TARGET_BEGIN("avx2")

#define ROT(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))

#include "lsh/lsh256_x86.h"

typedef __m256i V;
#define LANES 8
#define VLOAD(p) _mm256_load_si256((const __m256i *)(p))
#define VSTORE(p, x) _mm256_store_si256((__m256i *)(p), x)
#define ADD _mm256_add_epi32
#define XOR _mm256_xor_si256
#define SET1(x) _mm256_set1_epi32((int)(x))
#define G8(x) _mm256_shuffle_epi8(x, _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, \
                                                      3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14))
#define G16(x) _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, \
                                                       2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define G24(x) _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, \
                                                       1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
#define GB(x, k) ((k) == 1 ? G8(x) : (k) == 2 ? G16(x) : G24(x))
#define LSH_LANE_WORD 32
#include "lsh/lsh_lanes.h"

KC_TARGET_END

const kc_hash_backend kc_lsh256_avx2 = {
    .head = { .name = "avx2", .summary = "AVX2: cv_l, cv_r in one register each",
              .cpu = KC_CPU_AVX2, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_LSH256_COMMON,
    .compress = compress,
    .lanes = 8,
    .compress_lanes = compress_lanes,
};
#endif
