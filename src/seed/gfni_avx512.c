/* SPDX-License-Identifier: MIT */
/* SEED with GFNI S-boxes on AVX-512, 16 blocks word-sliced per register,
 * four sets (64 blocks) per pass (seed_x86.h): as gfni_avx2.c, with
 * vprord for G's byte rotations and a mask blend of the two S-boxes.
 * Constant time: GFNI, shuffles, ARX. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,avx512f,avx512bw,gfni")
#include <immintrin.h>
#define KC_CTR_X86_AVX512 1
#include "core/ctr_x86.h"
#include "seed/seed_common.h"

#define V __m512i
#define V_LANES 16
#define SETS 4
#define XOR _mm512_xor_si512
#define AND _mm512_and_si512
#define ADD _mm512_add_epi32
#define SET1(u) _mm512_set1_epi32((int)(u))
#define ROR8(x) _mm512_ror_epi32(x, 8)
#define ROR16(x) _mm512_ror_epi32(x, 16)
#define BSWAP32(x) _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4( \
    _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)))
#define LOAD(p) _mm512_loadu_si512((const void *)(p))
#define STORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
#define CTR_OFFS _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)
#define CTR_XOR kc_ctr_x86_xor512

static inline V sbox(V x)
{
    V y = _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64((long long)SEED_G_IN), 0);
    V s1 = _mm512_gf2p8affineinv_epi64_epi8(y, _mm512_set1_epi64((long long)SEED_G_OUT1), 169);
    V s2 = _mm512_gf2p8affineinv_epi64_epi8(y, _mm512_set1_epi64((long long)SEED_G_OUT2), 56);
    return _mm512_mask_blend_epi8((__mmask64)0xAAAAAAAAAAAAAAAAull, s1, s2);   /* S2 on odd bytes */
}
#define SBOX sbox

#include "seed/seed_gfni1.h"
#define SEED_ONE seed1_one
#define SEED_CBC1 seed1_cbc

#include "seed/seed_x86.h"

const kc_block_backend kc_seed_gfni_avx512 = {
    .head = {
        .name = "gfni-avx512",
        .summary = "GFNI S-boxes, AVX-512 word-sliced, 64 blocks per pass, constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_GFNI,
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
