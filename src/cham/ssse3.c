/* SPDX-License-Identifier: MIT */
/* CHAM, SSSE3: word-sliced on xmm registers (cham_xmm.h), 12 CHAM-128 or 24
 * CHAM-64 blocks per kernel call; ROL8 is a pshufb.  See cham_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "cham/cham_common.h"   /* (cham_simd.h's headers, before the pragma) */
#include "core/ctr_blocks.h"
KC_TARGET_BEGIN("ssse3")

#define BYTES(...) _mm_setr_epi8(__VA_ARGS__)
#define ROL32_8(x) _mm_shuffle_epi8(x, BYTES(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14))
#define ROR32_8(x) _mm_shuffle_epi8(x, BYTES(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))
#define SWAP16(x) _mm_shuffle_epi8(x, BYTES(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14))
#define PAIR16(x) _mm_shuffle_epi8(x, BYTES(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15))
#define UNPAIR16(x) _mm_shuffle_epi8(x, BYTES(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15))
#define BSWAP32(x) _mm_shuffle_epi8(x, BYTES(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12))
#include "cham/cham_xmm.h"
#define CHAM_SETS 3   /* three sets in flight: 12 of the 16 registers */
#include "cham/cham_simd.h"

const kc_block_backend kc_cham_ssse3 = {
    .head = {
        .name = "ssse3",
        .summary = "SSSE3, 12 CHAM-128 or 24 CHAM-64 blocks word-sliced, ROL8 by pshufb",
        .cpu = KC_CPU_SSSE3,
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
