/* SPDX-License-Identifier: MIT */
/* HIGHT, SSSE3: byte-sliced, 16 blocks per batch of eight xmm registers;
 * F0 and F1 each two nibble lookups (pshufb) XORed, as in avx2.c; a lone
 * block and CBC encryption take the one-block kernel (hight_lone.h).  For
 * the x86-64 CPUs without AVX2.  See hight_simd.h.
 *
 * Without AVX2 a broadcast of a 4-byte subkey is two operations (movd,
 * pshufd), so the subkeys are stored as whole vectors instead, read as
 * memory operands.  An F1 subkey goes further, into the low-nibble table
 * of F1 (F1(x) ^ SK = (T_lo ^ SK)[x & 15] ^ T_hi[x >> 4]): pshufb
 * overwrites its table, which must be copied (here loaded) anyway, so the
 * XOR costs nothing.  CTR builds its counter blocks already sliced. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"   /* (hight_simd.h's headers, before the pragma) */

extern const kc_block_backend kc_hight_ref;
KC_TARGET_BEGIN("ssse3")

typedef __m128i V;
#define XOR _mm_xor_si128
#define ADD _mm_add_epi8
#define SUB _mm_sub_epi8
#define KEY(p) _mm_load_si128((const __m128i *)(const void *)(p)->b)
#define UNPACKLO(w, a, b) _mm_unpacklo_epi##w(a, b)
#define UNPACKHI(w, a, b) _mm_unpackhi_epi##w(a, b)
#define SHUF _mm_shuffle_epi8
#define LANES16(lo, hi) _mm_set_epi64x((long long)(hi), (long long)(lo))
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, x) _mm_storeu_si128((__m128i *)(void *)(p), x)
#define F_SETUP const V nib = _mm_set1_epi8(0x0f), f0lo = HIGHT_NIBBLES(HIGHT_F0C, 0), \
    f0hi = HIGHT_NIBBLES(HIGHT_F0C, 4), f1hi = HIGHT_NIBBLES(HIGHT_F1C, 4)
#define NIB(t, x) XOR(SHUF(t##lo, _mm_and_si128(x, nib)), SHUF(t##hi, _mm_and_si128(_mm_srli_epi16(x, 4), nib)))
#define F0(x) NIB(f0, x)
/* F1 subkeys: T_lo ^ SK (byte n: F1(n) ^ SK); the others SK in every byte. */
#define HIGHT_SK_T
typedef struct { _Alignas(16) uint8_t b[16]; } hight_sk_t;
#define HIGHT_SK_SET(d, v, f1) do { \
        for (unsigned n_ = 0; n_ < 16; n_++) (d)->b[n_] = (uint8_t)((f1) ? hight_f1((uint8_t)n_) ^ (v) : (v)); \
    } while (0)
#define F1K(x, s) XOR(SHUF(KEY(s), _mm_and_si128(x, nib)), SHUF(f1hi, _mm_and_si128(_mm_srli_epi16(x, 4), nib)))
#define F0K(x, s) ADD(F0(x), KEY(s))
#define HIGHT_CTR_BATCH ctr_batch
#include "hight/hight_simd.h"

/* CTR, a full batch: register i must hold byte i (big-endian) of the
 * counters c + p, p = 0..15, in byte p.  x holds c and c + 256 (the
 * counter after a carry out of the low byte); the low bytes are c's plus
 * p, and byte i < 7 is picked from c, or from c + 256 in the bytes p
 * whose low byte carried (c_lo + p > 255, the sum wrapping below p). */
static void ctr_batch(const hight_simd_key *k, uint8_t *out, const uint8_t *in, uint64_t c)
{
    const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i x = _mm_set_epi64x((long long)(c + 256), (long long)c);
    const __m128i lo = _mm_add_epi8(_mm_shuffle_epi8(x, _mm_setzero_si128()), iota);
    const __m128i sel = _mm_andnot_si128(_mm_cmpeq_epi8(_mm_max_epu8(lo, iota), lo), _mm_set1_epi8(8));
    V r[8];
    for (unsigned i = 0; i < 7; i++) r[i] = _mm_shuffle_epi8(x, _mm_or_si128(sel, _mm_set1_epi8((char)(7 - i))));
    r[7] = lo;
    rounds(k, r, 1);
    hight_store(out, r, in);
}

const kc_block_backend kc_hight_ssse3 = {
    .head = {
        .name = "ssse3",
        .summary = "SSSE3, 16 blocks byte-sliced, F0/F1 as nibble shuffles; one-block kernel for CBC",
        .cpu = KC_CPU_SSSE3,
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
