/* SPDX-License-Identifier: MIT */
/* LEA's word operations on zmm registers (32 blocks a batch), for
 * lea_simd.h: shared by avx512.c and the stitched GCM kernels (lea_gcm.h).
 * Included inside a KC_TARGET_BEGIN("avx512f") region. */
typedef __m512i V;
#define LEA_BATCH 32
#define LEA_RK uint32_t
#define K(j) _mm512_set1_epi32((int)rk[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32
#define ROL _mm512_rol_epi32
#define ROR _mm512_ror_epi32
#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
