/* Shared by the AES-NI and VAES backends (x86 only): the key schedule
 * layout, which both use, and the one-block AES path, which must be lean
 * in both because CBC encryption calls it once per block.
 *
 * A state of Nb columns is two xmm registers: columns 0..3, then columns
 * 4..Nb-1 (for Nb = 6 the upper 8 bytes are padding).  Round keys are
 * stored the same way, so AES (Nb = 4) uses only the first of each pair. */
#ifndef KC_RIJNDAEL_X86_H
#define KC_RIJNDAEL_X86_H
#include <immintrin.h>
#include "rijndael/rijndael_common.h"

#define KC_AESNI_TARGET __attribute__((target("aes,ssse3")))

typedef struct aesni_key {
    __m128i ek[RIJNDAEL_MAX_ROUNDS + 1][2];   /* encryption, round 0 first */
    __m128i dk[RIJNDAEL_MAX_ROUNDS + 1][2];   /* equivalent inverse cipher, round Nr first */
    /* pshufb masks of the wide ShiftRows (Nb = 6, 8): half h of the new
     * state = pshufb(lo, g[2h]) | pshufb(hi, g[2h + 1]). */
    __m128i enc_gather[4], dec_gather[4];
    unsigned nb, nr;
} aesni_key;

/* One AES block (Nb = 4, Nr = 10, 12 or 14).  rk is ek or dk. */
static inline KC_AESNI_TARGET __m128i aesni_encrypt1(const __m128i (*rk)[2], unsigned nr, __m128i x)
{
    x = _mm_xor_si128(x, rk[0][0]);
#pragma GCC unroll 9
    for (unsigned r = 1; r < 10; r++) x = _mm_aesenc_si128(x, rk[r][0]);
    if (nr > 10) {
        x = _mm_aesenc_si128(x, rk[10][0]);
        x = _mm_aesenc_si128(x, rk[11][0]);
        if (nr > 12) {
            x = _mm_aesenc_si128(x, rk[12][0]);
            x = _mm_aesenc_si128(x, rk[13][0]);
        }
    }
    return _mm_aesenclast_si128(x, rk[nr][0]);
}

static inline KC_AESNI_TARGET __m128i aesni_decrypt1(const __m128i (*rk)[2], unsigned nr, __m128i x)
{
    x = _mm_xor_si128(x, rk[0][0]);
#pragma GCC unroll 9
    for (unsigned r = 1; r < 10; r++) x = _mm_aesdec_si128(x, rk[r][0]);
    if (nr > 10) {
        x = _mm_aesdec_si128(x, rk[10][0]);
        x = _mm_aesdec_si128(x, rk[11][0]);
        if (nr > 12) {
            x = _mm_aesdec_si128(x, rk[12][0]);
            x = _mm_aesdec_si128(x, rk[13][0]);
        }
    }
    return _mm_aesdeclast_si128(x, rk[nr][0]);
}

#endif
