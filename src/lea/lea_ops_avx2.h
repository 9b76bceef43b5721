/* SPDX-License-Identifier: MIT */
/* LEA's word operations on ymm registers (16 blocks a batch), for
 * lea_simd.h: shared by avx2.c and the stitched GCM kernels (lea_gcm.h).
 * Included inside a KC_TARGET_BEGIN("avx2") region. */
typedef __m256i V;
#define LEA_BATCH 16
#define LEA_RK uint32_t
#define K(j) _mm256_set1_epi32((int)rk[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
#define ROR(x, n) ROL(x, 32 - (n))
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
