/* SPDX-License-Identifier: MIT */
/* CHAM, SSE2: word-sliced on xmm registers (cham_xmm.h), 12 CHAM-128 or 24
 * CHAM-64 blocks per kernel call.  No pshufb: ROL8 is two shifts and an
 * OR, and the byte moves of the slicing and of CTR's counters are word
 * shuffles and shifts.  See cham_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "cham/cham_common.h"   /* (cham_simd.h's headers, before the pragma) */
#include "core/ctr_blocks.h"
KC_TARGET_BEGIN("sse2")

#define ROL32_8(x) _mm_or_si128(_mm_slli_epi32(x, 8), _mm_srli_epi32(x, 24))
#define ROR32_8(x) _mm_or_si128(_mm_srli_epi32(x, 8), _mm_slli_epi32(x, 24))
#define SWAP16(x) _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8))
/* 16-bit words 0..7 -> 0 4 1 5 2 6 3 7, and back */
#define PAIR16(x) _mm_unpacklo_epi16(x, _mm_unpackhi_epi64(x, x))
#define UNPAIR16(x) _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xd8), 0xd8), 0xd8)
#define BSWAP32(x) SWAP16(_mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1))
#include "cham/cham_xmm.h"
#define CHAM_SETS 3   /* three sets in flight: 12 of the 16 registers */
#include "cham/cham_simd.h"

const kc_block_backend kc_cham_sse2 = {
    .head = {
        .name = "sse2",
        .summary = "SSE2, 12 CHAM-128 or 24 CHAM-64 blocks word-sliced, rotations by shifts",
        .cpu = KC_CPU_SSE2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_xmm_key),
    },
    .set_key = cham_xmm_set_key,
    .encrypt = cham_simd_encrypt,
    .decrypt = cham_simd_decrypt,
    .cbc_encrypt = kc_cham_cbc_encrypt,
    .ctr = cham_simd_ctr,
};
KC_TARGET_END
#endif
