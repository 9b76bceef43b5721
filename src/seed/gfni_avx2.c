/* SPDX-License-Identifier: MIT */
/* SEED with GFNI S-boxes on AVX2, 8 blocks word-sliced per register, eight
 * sets (64 blocks) per pass (seed_x86.h).  An S-box is one gf2p8affineqb
 * into the AES field and one gf2p8affineinvqb per S-box (seed_common.h),
 * blended by byte position.  Constant time: GFNI, shuffles, ARX. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,gfni")
#include <immintrin.h>
#define KC_CTR_X86_AVX2 1
#include "core/ctr_x86.h"
#include "seed/seed_common.h"

#define V __m256i
#define V_LANES 8
#define SETS 8
#define XOR _mm256_xor_si256
#define AND _mm256_and_si256
#define ADD _mm256_add_epi32
#define SET1(u) _mm256_set1_epi32((int)(u))
#define ROR_B(x, n) _mm256_shuffle_epi8(x, _mm256_setr_epi8(                             \
    (n) % 4, (n + 1) % 4, (n + 2) % 4, (n + 3) % 4, 4 + (n) % 4, 4 + (n + 1) % 4, 4 + (n + 2) % 4, \
    4 + (n + 3) % 4, 8 + (n) % 4, 8 + (n + 1) % 4, 8 + (n + 2) % 4, 8 + (n + 3) % 4, 12 + (n) % 4, \
    12 + (n + 1) % 4, 12 + (n + 2) % 4, 12 + (n + 3) % 4,                                \
    (n) % 4, (n + 1) % 4, (n + 2) % 4, (n + 3) % 4, 4 + (n) % 4, 4 + (n + 1) % 4, 4 + (n + 2) % 4, \
    4 + (n + 3) % 4, 8 + (n) % 4, 8 + (n + 1) % 4, 8 + (n + 2) % 4, 8 + (n + 3) % 4, 12 + (n) % 4, \
    12 + (n + 1) % 4, 12 + (n + 2) % 4, 12 + (n + 3) % 4))
#define ROR8(x) ROR_B(x, 1)
#define ROR16(x) ROR_B(x, 2)
#define BSWAP32(x) _mm256_shuffle_epi8(x, _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, \
                                                           3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12))
#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#define CTR_OFFS _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)
#define CTR_XOR kc_ctr_x86_xor256

static inline V sbox(V x)
{
    V y = _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x((long long)SEED_G_IN), 0);
    V s1 = _mm256_gf2p8affineinv_epi64_epi8(y, _mm256_set1_epi64x((long long)SEED_G_OUT1), 169);
    V s2 = _mm256_gf2p8affineinv_epi64_epi8(y, _mm256_set1_epi64x((long long)SEED_G_OUT2), 56);
    return _mm256_blendv_epi8(s1, s2, _mm256_set1_epi32((int)0x80008000u));
}
#define SBOX sbox

#include "seed/seed_gfni1.h"
#define SEED_ONE seed1_one
#define SEED_CBC1 seed1_cbc

#include "seed/seed_x86.h"

const kc_block_backend kc_seed_gfni_avx2 = {
    .head = {
        .name = "gfni-avx2",
        .summary = "GFNI S-boxes, AVX2 word-sliced, 64 blocks per pass, constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(seed_key),
    },
    .set_key = seed_simd_set_key,
    .encrypt = seed_simd_encrypt,
    .decrypt = seed_simd_decrypt,
    .ctr = seed_simd_ctr,
    .cbc_encrypt = seed_simd_cbc,
};
KC_TARGET_END
#endif
