/* SPDX-License-Identifier: MIT */
/* HIGHT, AVX2: byte-sliced, 32 blocks per batch of eight ymm registers;
 * F0 and F1 each two nibble lookups (vpshufb on the low and the high
 * nibble, constant tables in registers) XORed; CTR builds its counter
 * blocks already sliced.  See hight_simd.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"   /* (hight_simd.h's headers, before the pragma) */

extern const kc_block_backend kc_hight_ref;
KC_TARGET_BEGIN("avx2")

typedef __m256i V;
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi8
#define SUB _mm256_sub_epi8
#define KEY(p) _mm256_set1_epi32(*(const int *)(const void *)(p)->b)
#define UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#define SHUF _mm256_shuffle_epi8
#define LANES16(lo, hi) _mm256_set_epi64x((long long)(hi), (long long)(lo), (long long)(hi), (long long)(lo))
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), x)
#define F_SETUP const V nib = _mm256_set1_epi8(0x0f), f0lo = HIGHT_NIBBLES(HIGHT_F0C, 0), \
    f0hi = HIGHT_NIBBLES(HIGHT_F0C, 4), f1hi = HIGHT_NIBBLES(HIGHT_F1C, 4)
#define NIB(t, x) XOR(SHUF(t##lo, _mm256_and_si256(x, nib)), SHUF(t##hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)))
#define F0(x) NIB(f0, x)
/* As ssse3.c: an F1 subkey is stored in F1's low-nibble table (T_lo ^ SK,
 * one 16-byte table, vbroadcasti128 a load like vpbroadcastd), which
 * saves its XOR; the others are broadcast from their first 4 bytes. */
#define HIGHT_SK_T
typedef struct { _Alignas(16) uint8_t b[16]; } hight_sk_t;
#define HIGHT_SK_SET(d, v, f1) do { \
        for (unsigned n_ = 0; n_ < 16; n_++) (d)->b[n_] = (uint8_t)((f1) ? hight_f1((uint8_t)n_) ^ (v) : (v)); \
    } while (0)
#define F1K(x, s) XOR(SHUF(_mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(const void *)(s)->b)), \
                           _mm256_and_si256(x, nib)), \
                      SHUF(f1hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)))
#define F0K(x, s) ADD(F0(x), KEY(s))
#define HIGHT_CTR_BATCH ctr_batch
#include "hight/hight_simd.h"

/* CTR, a full batch, built sliced as in ssse3.c: register i holds byte i
 * (big-endian) of counter c + p at the byte of block p, here (hight_load)
 * p = 4 (q >> 1) + 2 L + (q & 1) for byte q of 128-bit lane L. */
static void ctr_batch(const hight_simd_key *k, uint8_t *out, const uint8_t *in, uint64_t c)
{
    const __m256i iota = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29,
                                          2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31);
    const __m256i x = _mm256_set_epi64x((long long)(c + 256), (long long)c, (long long)(c + 256), (long long)c);
    const __m256i lo = _mm256_add_epi8(_mm256_shuffle_epi8(x, _mm256_setzero_si256()), iota);
    const __m256i sel = _mm256_andnot_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, iota), lo), _mm256_set1_epi8(8));
    V r[8];
    for (unsigned i = 0; i < 7; i++) r[i] = _mm256_shuffle_epi8(x, _mm256_or_si256(sel, _mm256_set1_epi8((char)(7 - i))));
    r[7] = lo;
    rounds(k, r, 1);
    hight_store(out, r, in);
}

const kc_block_backend kc_hight_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2, 32 blocks byte-sliced, F0/F1 as nibble shuffles",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_simd_key),
    },
    .set_key = hight_simd_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .ctr = hight_ctr,
    .cbc_encrypt = hight_cbc,
};
KC_TARGET_END
#endif
