/* SPDX-License-Identifier: MIT */
/* CHAM, AVX-512 (F + BW): word-sliced, 16 CHAM-128 blocks (32-bit lanes,
 * vprold rotations) or 32 CHAM-64 blocks (16-bit lanes) per set of four zmm
 * registers, two sets in flight.  See cham_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "cham/cham_common.h"   /* (cham_simd.h's headers, before the pragma) */
KC_TARGET_BEGIN("avx512f,avx512bw")

typedef __m512i V;
#define XOR _mm512_xor_si512
#define ADD32 _mm512_add_epi32
#define SUB32 _mm512_sub_epi32
#define ADD16 _mm512_add_epi16
#define SUB16 _mm512_sub_epi16
#define ROL32_1(x) _mm512_rol_epi32(x, 1)
#define ROR32_1(x) _mm512_ror_epi32(x, 1)
#define ROL32_8(x) _mm512_rol_epi32(x, 8)
#define ROR32_8(x) _mm512_ror_epi32(x, 8)
#define ROL16_1(x) _mm512_or_si512(_mm512_add_epi16(x, x), _mm512_srli_epi16(x, 15))
#define ROR16_1(x) _mm512_or_si512(_mm512_srli_epi16(x, 1), _mm512_slli_epi16(x, 15))
#define LANES(a, b) _mm512_set_epi64(b, a, b, a, b, a, b, a)
#define SWAP16(x) _mm512_shuffle_epi8(x, LANES(0x0607040502030001, 0x0e0f0c0d0a0b0809))
#define PAIR16(x) _mm512_shuffle_epi8(x, LANES(0x0b0a030209080100, 0x0f0e07060d0c0504))
#define UNPAIR16(x) _mm512_shuffle_epi8(x, LANES(0x0d0c090805040100, 0x0f0e0b0a07060302))
#define BCAST(p) _mm512_set1_epi32((int)*(p))
#define V_SET1(x) _mm512_set1_epi32((int)(x))
#define BSWAP32(x) _mm512_shuffle_epi8(x, LANES(0x0405060700010203, 0x0c0d0e0f08090a0b))
#define CTR_ORDER _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)   /* 4 (p mod 4) + p / 4 */
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, x) _mm512_storeu_si512((void *)(p), x)
#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
#include "cham/cham_simd.h"

const kc_block_backend kc_cham_avx512 = {
    .head = {
        .name = "avx512",
        .summary = "AVX-512F/BW, 32 CHAM-128 or 64 CHAM-64 blocks word-sliced, vprold rotations",
        .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_key),
    },
    .set_key = cham_set_key,
    .encrypt = cham_simd_encrypt,
    .decrypt = cham_simd_decrypt,
    .cbc_encrypt = kc_cham_cbc_encrypt,
    .ctr = cham_simd_ctr,
};
KC_TARGET_END
#endif
