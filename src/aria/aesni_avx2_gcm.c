/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on AES-NI + AVX2 + PCLMULQDQ: CTR and GHASH stitched in one pass
 * (the kernel of ghash/stitch.h, for the pclmul GHASH backend): the
 * batch, its GHASH groups and its branch-free inc32 are aria_x86_gcm.h's;
 * here aesni_avx2.c's S-layer.  Constant time: AES instructions, carry-less
 * multiplies, XORs, pshufb with secret indices into constant registers
 * only. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,aes,pclmul,ssse3")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 0
#include "aria/aria_x86.h"
#include "aria/aria_x86_gcm.h"

extern const kc_ghash_backend kc_ghash_pclmul;

#define SHIFT_ROWS2    0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 5, 14, 7
/* L.x + 0x88 and L'.x + 0x04 on the low and the high nibble of x */
#define S2_LO 0x88, 0x0d, 0x37, 0xb2, 0x00, 0x85, 0xbf, 0x3a, 0xa8, 0x2d, 0x17, 0x92, 0x20, 0xa5, 0x9f, 0x1a
#define S2_HI 0x00, 0x3e, 0xd4, 0xea, 0x84, 0xba, 0x50, 0x6e, 0xcd, 0xf3, 0x19, 0x27, 0x49, 0x77, 0x9d, 0xa3
#define X2_LO 0x04, 0x45, 0xee, 0xaf, 0x17, 0x56, 0xfd, 0xbc, 0x53, 0x12, 0xb9, 0xf8, 0x40, 0x01, 0xaa, 0xeb
#define X2_HI 0x00, 0xb6, 0x08, 0xbe, 0xd6, 0x60, 0xde, 0x68, 0x53, 0xe5, 0x5b, 0xed, 0x85, 0x33, 0x8d, 0x3b
#define BYTES2(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)

/* aesni_avx2.c's S-layer on byte-sliced state. */
static inline __m256i affine32(__m256i x, __m256i lo, __m256i hi)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo, _mm256_and_si256(x, nib)),
                            _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)));
}

/* aesenclast / aesdeclast with a zero key, on both 128-bit lanes */
static inline __m256i enclast(__m256i x)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(x), zero);
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(x, 1), zero);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

static inline __m256i declast(__m256i x)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_aesdeclast_si128(_mm256_castsi256_si128(x), zero);
    __m128i hi = _mm_aesdeclast_si128(_mm256_extracti128_si256(x, 1), zero);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

/* SL1 (odd) or SL2; every vector's blocks end up moved by one ShiftRows. */
static inline void sl32(__m256i x[16], int odd)
{
    const __m256i sr2 = BYTES2(SHIFT_ROWS2);
    const int s = odd ? 0 : 2, t = odd ? 2 : 0;     /* S1 S2 at j = s, s+1; X1 X2 at t, t+1 */
    for (int w = 0; w < 16; w += 4) {
        x[w + s] = enclast(x[w + s]);
        x[w + s + 1] = affine32(enclast(x[w + s + 1]), BYTES2(S2_LO), BYTES2(S2_HI));
        x[w + t] = declast(_mm256_shuffle_epi8(x[w + t], sr2));
        x[w + t + 1] = declast(_mm256_shuffle_epi8(affine32(x[w + t + 1], BYTES2(X2_LO), BYTES2(X2_HI)), sr2));
    }
}

/* 14 rounds leave the blocks moved by ShiftRows^14 = ShiftRows^2 (see aesni_avx2.c). */
static inline void fix(__m256i x[16], unsigned rounds)
{
    if (rounds % 4)
        for (int p = 0; p < 16; p++) x[p] = _mm256_shuffle_epi8(x[p], BYTES2(SHIFT_ROWS2));
}

static size_t aesni_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                              uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return aria_x86_gcm(sl32, fix, ctx, hkey, ctr, y, encrypt, out, in, nblocks);
}

KC_TARGET_END

const kc_gcm_stitch kc_aria_aesni_avx2_gcm = { &kc_ghash_pclmul, aesni_avx2_gcm };
#endif
