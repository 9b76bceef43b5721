/* SPDX-License-Identifier: MIT */
/* RC6's word operations on zmm registers (up to four sets of 16 blocks),
 * for rc6_simd.h: shared by avx512.c and the stitched GCM kernels
 * (rc6_gcm.h).  Included inside a KC_TARGET_BEGIN("avx512f") region. */
typedef __m512i V;
typedef __m512i VR;        /* vprolvd/vprorvd take the count mod 32 */
#define RC6_BATCH 64
#define RC6_SETS 4
#define S(j) _mm512_set1_epi32((int)s[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32
#define ROLV _mm512_rolv_epi32
#define RORV _mm512_rorv_epi32

/* ROL(x * (2x + 1), 5), which is also its own rotation count. */
static inline __attribute__((always_inline)) __m512i f(__m512i x, __m512i *r)
{
    __m512i sq = _mm512_mullo_epi32(x, x);
    return *r = _mm512_rol_epi32(ADD(ADD(sq, sq), x), 5);
}

#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
