/* SPDX-License-Identifier: MIT */
/* RC6's word operations on ymm registers (two sets of 8 blocks), for
 * rc6_simd.h: shared by avx2.c and the stitched GCM kernels (rc6_gcm.h).
 * Included inside a KC_TARGET_BEGIN("avx2") region. */
typedef __m256i V;
typedef __m256i VR;
#define RC6_BATCH 16
#define RC6_SETS 2
#define S(j) _mm256_set1_epi32((int)s[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32

/* Rotations by r = 0..31; a shift by 32 gives 0, which makes r = 0 right. */
#define ROLV(x, r) _mm256_or_si256(_mm256_sllv_epi32(x, r), _mm256_srlv_epi32(x, SUB(_mm256_set1_epi32(32), r)))
#define RORV(x, r) _mm256_or_si256(_mm256_srlv_epi32(x, r), _mm256_sllv_epi32(x, SUB(_mm256_set1_epi32(32), r)))

/* ROL(x * (2x + 1), 5), and in *r its low five bits (the product's top
 * five), the rotation amount it gives. */
static inline __attribute__((always_inline)) __m256i f(__m256i x, __m256i *r)
{
    __m256i sq = _mm256_mullo_epi32(x, x);
    __m256i p = ADD(ADD(sq, sq), x);
    *r = _mm256_srli_epi32(p, 27);
    return _mm256_or_si256(_mm256_slli_epi32(p, 5), *r);
}

#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
