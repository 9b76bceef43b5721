/* SPDX-License-Identifier: MIT */
/* FEA, sse2-paper: a reproduction of [FEA-OPT] section 3.2 and Table 5,
 * for comparison: the
 * S-box by table (the paper leaves it serial), and the 64 GF(2^8) products
 * of the diffusion layer as four 16-lane runs of the shift-and-add loop of
 * its Fig. 4, done the way its Figs. 5-8 describe: the bit tests become byte
 * masks (pand, pcmpgtb against zero), the 8-bit shifts are 16-bit shifts
 * with the bits that crossed a byte masked off, and the matrix rows come
 * from predefined arrays (SSE2 has no broadcast).  The paper does not say
 * how it sums the eight products of a row; here they are folded with shifts
 * and packed.  Secret-indexed table loads: not constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <emmintrin.h>
#include "fea/fea_common.h"

KC_TARGET_BEGIN("sse2")

/* M[i][k] = c[(i + k) % 8] (section 4), rows in lane order. */
static const uint8_t ROWS[4][16] __attribute__((aligned(16))) = {
    { FEA_LANE_ROW(0), FEA_LANE_ROW(1) }, { FEA_LANE_ROW(2), FEA_LANE_ROW(3) },
    { FEA_LANE_ROW(4), FEA_LANE_ROW(5) }, { FEA_LANE_ROW(6), FEA_LANE_ROW(7) }
};
static const uint8_t ONE[16] __attribute__((aligned(16))) = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
static const uint8_t POLY[16] __attribute__((aligned(16))) = {
    0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71, 0x71 };
static const uint8_t LOW7[16] __attribute__((aligned(16))) = {
    0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f };
static const uint8_t HIGH7[16] __attribute__((aligned(16))) = {
    0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe };
#define LOAD(p) _mm_load_si128((const __m128i *)(p))

/* Fig. 4 on 16 byte pairs: eight rounds of "if (a & 1) r ^= b; b = xtime(b);
 * a >>= 1", branch-free. */
static inline __m128i gf_mul(__m128i a, __m128i b)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i r = zero;
    for (int i = 0; i < 8; i++) {
        __m128i odd = _mm_cmpgt_epi8(_mm_and_si128(a, LOAD(ONE)), zero);   /* a & 1 */
        __m128i top = _mm_cmpgt_epi8(zero, b);                             /* b & 0x80: b < 0 signed */
        r = _mm_xor_si128(r, _mm_and_si128(odd, b));
        b = _mm_xor_si128(_mm_and_si128(_mm_slli_epi16(b, 1), LOAD(HIGH7)),   /* Fig. 7 */
                          _mm_and_si128(top, LOAD(POLY)));
        a = _mm_and_si128(_mm_srli_epi16(a, 1), LOAD(LOW7));
    }
    return r;
}

static uint64_t sp(uint64_t w)
{
    uint64_t s = fea_sbox_bytes(w);
    uint8_t y[8];
    __m128i x2 = _mm_set1_epi64x((long long)s), t[4];
    for (int r = 0; r < 4; r++) {
        __m128i p = gf_mul(LOAD(ROWS[r]), x2);          /* rows 2r, 2r + 1: 16 products */
        t[r] = _mm_xor_si128(p, _mm_srli_epi64(p, 32));  /* each row's sum in 4 bytes */
        t[r] = _mm_shuffle_epi32(t[r], _MM_SHUFFLE(3, 1, 2, 0));
    }
    __m128i lo = _mm_unpacklo_epi64(t[0], t[1]), hi = _mm_unpacklo_epi64(t[2], t[3]);   /* rows 0-3, 4-7 */
    lo = _mm_xor_si128(lo, _mm_srli_epi32(lo, 16));
    hi = _mm_xor_si128(hi, _mm_srli_epi32(hi, 16));
    lo = _mm_xor_si128(lo, _mm_srli_epi16(lo, 8));
    hi = _mm_xor_si128(hi, _mm_srli_epi16(hi, 8));
    __m128i bytes = _mm_set1_epi32(0xff);
    __m128i v = _mm_packs_epi32(_mm_and_si128(lo, bytes), _mm_and_si128(hi, bytes));
    _mm_storel_epi64((__m128i *)y, _mm_packus_epi16(v, v));   /* byte j = y_j */
    return kc_load64_be(y);
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_sse2_paper = {
    .head = {
        .name = "sse2-paper",
        .summary = "[FEA-OPT] reproduction: S-box table, 16-lane SSE2 GF(2^8) shift-and-add "
                   "(not constant time)",
        .cpu = KC_CPU_SSE2,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
