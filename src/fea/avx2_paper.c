/* SPDX-License-Identifier: MIT */
/* FEA, avx2-paper: a reproduction of [FEA-OPT] section 3.1 and Table 3,
 * for comparison: the
 * S-box by table (the paper leaves it serial), and the 64 GF(2^8) products
 * of the diffusion layer as two 32-lane runs of the shift-and-add loop of
 * its Fig. 4, done as its Figs. 5-8 show: the S-box output broadcast with
 * vpbroadcastq against four matrix rows loaded with vmovdqu, the bit tests
 * as byte masks (vpbroadcastb of 0x01 / 0x80 constants, vpand, vpcmpgtb
 * against zero), the 8-bit shifts as 16-bit shifts with the bits that
 * crossed a byte masked off.  The paper does not say how it sums the eight
 * products of a row; here they are folded with shifts and packed.
 * Secret-indexed table loads: not constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "fea/fea_common.h"

KC_TARGET_BEGIN("avx2")

/* M[i][k] = c[(i + k) % 8] (section 4), rows in lane order. */
static const uint8_t ROWS[2][32] = {
    { FEA_LANE_ROW(0), FEA_LANE_ROW(1), FEA_LANE_ROW(2), FEA_LANE_ROW(3) },
    { FEA_LANE_ROW(4), FEA_LANE_ROW(5), FEA_LANE_ROW(6), FEA_LANE_ROW(7) }
};

/* Fig. 4 on 32 byte pairs: eight rounds of "if (a & 1) r ^= b; b = xtime(b);
 * a >>= 1", branch-free. */
static inline __m256i gf_mul(__m256i a, __m256i b)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i r = zero;
    for (int i = 0; i < 8; i++) {
        __m256i odd = _mm256_cmpgt_epi8(_mm256_and_si256(a, _mm256_set1_epi8(1)), zero);   /* a & 1 */
        __m256i top = _mm256_cmpgt_epi8(zero, b);                   /* b & 0x80: b < 0 signed */
        r = _mm256_xor_si256(r, _mm256_and_si256(odd, b));
        b = _mm256_xor_si256(_mm256_and_si256(_mm256_slli_epi16(b, 1), _mm256_set1_epi8((char)0xfe)),
                             _mm256_and_si256(top, _mm256_set1_epi8(0x71)));
        a = _mm256_and_si256(_mm256_srli_epi16(a, 1), _mm256_set1_epi8(0x7f));   /* Figs. 7-8 */
    }
    return r;
}

static uint64_t sp(uint64_t w)
{
    uint64_t s = fea_sbox_bytes(w);
    uint8_t y[8];
    __m256i x2 = _mm256_set1_epi64x((long long)s), t[2];
    for (int r = 0; r < 2; r++) {
        __m256i p = gf_mul(_mm256_loadu_si256((const __m256i *)ROWS[r]), x2);   /* rows 4r..4r+3 */
        t[r] = _mm256_xor_si256(p, _mm256_srli_epi64(p, 32));   /* each row's sum in 4 bytes */
        t[r] = _mm256_shuffle_epi32(t[r], _MM_SHUFFLE(3, 1, 2, 0));
    }
    /* 128-bit lane 0: rows 0, 1, 4, 5; lane 1: rows 2, 3, 6, 7 */
    __m256i u = _mm256_unpacklo_epi64(t[0], t[1]);
    u = _mm256_xor_si256(u, _mm256_srli_epi32(u, 16));
    u = _mm256_xor_si256(u, _mm256_srli_epi16(u, 8));
    u = _mm256_and_si256(u, _mm256_set1_epi32(0xff));
    u = _mm256_packus_epi16(_mm256_packs_epi32(u, u), u);   /* bytes 0-3 of each lane */
    __m128i v = _mm_unpacklo_epi16(_mm256_castsi256_si128(u), _mm256_extracti128_si256(u, 1));
    _mm_storel_epi64((__m128i *)y, v);   /* byte j = y_j */
    return kc_load64_be(y);
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_avx2_paper = {
    .head = {
        .name = "avx2-paper",
        .summary = "[FEA-OPT] reproduction: S-box table, 32-lane AVX2 GF(2^8) shift-and-add "
                   "(not constant time)",
        .cpu = KC_CPU_AVX2,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
