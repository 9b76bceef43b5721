/* SPDX-License-Identifier: MIT */
/* LSH-256 compression on AVX-512VL: as lsh256_avx2.c (cv_l, cv_r in one
 * 256-bit register each), with each rotation one VPROLD instead of three
 * instructions and the word permutation two VPERMT2D instead of four lane
 * moves (VL: every CPU with AVX512BW has it). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "lsh/lsh.h"

KC_TARGET_BEGIN("avx2,avx512f,avx512vl")

/* VPROLD takes an immediate: each rotation LSH-256 uses, spelt out. */
#define ROT(x, n) ((n) == 29 ? _mm256_rol_epi32(x, 29) : (n) == 5 ? _mm256_rol_epi32(x, 5) \
                   : (n) == 1 ? _mm256_rol_epi32(x, 1) : _mm256_rol_epi32(x, 17))
/* new cv_l, cv_r = words (6 4 5 7 12 15 14 13), (2 0 1 3 8 11 10 9) of (x, y): VPERMT2D */
#define PERMUTE2(l, r, x, y) do { \
        *(l) = _mm256_permutex2var_epi32(x, _mm256_setr_epi32(6, 4, 5, 7, 12, 15, 14, 13), y); \
        *(r) = _mm256_permutex2var_epi32(x, _mm256_setr_epi32(2, 0, 1, 3, 8, 11, 10, 9), y); \
    } while (0)
#include "lsh/lsh256_x86.h"
#undef ROT

/* 16 messages side by side (lsh_lanes.h) in 512-bit registers. */
typedef __m512i V;
#define LANES 16
#define VLOAD(p) _mm512_load_si512(p)
#define VSTORE(p, x) _mm512_store_si512(p, x)
#define ADD _mm512_add_epi32
#define XOR _mm512_xor_si512
#define SET1(x) _mm512_set1_epi32((int)(x))
#define ROT(x, n) _mm512_rolv_epi32(x, _mm512_set1_epi32(n))
#define GB(x, k) ROT(x, 8 * (k))
#define LSH_LANE_WORD 32
#include "lsh/lsh_lanes.h"

KC_TARGET_END

const kc_hash_backend kc_lsh256_avx512 = {
    .head = { .name = "avx512", .summary = "AVX-512VL on 256-bit registers: VPROLD",
              .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_LSH256_COMMON,
    .compress = compress,
    .lanes = 16,
    .compress_lanes = compress_lanes,
};
#endif
