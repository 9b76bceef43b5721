/* SPDX-License-Identifier: MIT */
/* ARIA with AES-NI S-boxes and AVX2, 32 blocks byte-sliced (aria_x86.h).
 *
 * aesenclast with a zero key is ShiftRows(S1(x)) on each 128-bit lane and
 * aesdeclast is InvShiftRows(X1(x)); S2 and X2 add an affine map on one
 * side, two 16-entry nibble tables looked up with pshufb:
 * S2(x) = L.S1(x) + 0x88,  X2(y) = X1(L'.y + 0x04).
 *
 * Byte-sliced, ShiftRows moves bytes between blocks, not positions.  The X
 * vectors are shuffled by ShiftRows^2 before aesdeclast, so every vector
 * leaves a round with its blocks moved by one ShiftRows.  Round keys are
 * broadcasts and the diffusion works vector-wise, so the drift is harmless;
 * ShiftRows has order 4, so after 12 or 16 rounds it is gone and after 14
 * one ShiftRows^2 undoes it.
 *
 * Constant time: AES instructions, and pshufb whose secret operand is only
 * ever the index into a constant register. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,aes")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 0
#include "aria/aria_x86.h"

extern const struct kc_gcm_stitch kc_aria_aesni_avx2_gcm;   /* aesni_avx2_gcm.c */

#define SMALL 3   /* up to this many blocks: one at a time */

#define SHIFT_ROWS     0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11
#define INV_SHIFT_ROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3
#define BYTES(...) _mm_setr_epi8(__VA_ARGS__)

/* ---- one block ---- */

static inline __m128i affine1(__m128i x, __m128i lo, __m128i hi)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    return _mm_xor_si128(_mm_shuffle_epi8(lo, _mm_and_si128(x, nib)),
                         _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), nib)));
}

static __m128i sl1(__m128i x, int odd)
{
    const __m128i zero = _mm_setzero_si128();
    /* pre-shuffled so that the AES (Inv)ShiftRows puts every byte back */
    __m128i s1 = _mm_aesenclast_si128(_mm_shuffle_epi8(x, BYTES(INV_SHIFT_ROWS)), zero);
    __m128i xs = _mm_shuffle_epi8(x, BYTES(SHIFT_ROWS));
    __m128i x1 = _mm_aesdeclast_si128(xs, zero);
    __m128i x2 = _mm_aesdeclast_si128(affine1(xs, BYTES(ARIA_X2_LO), BYTES(ARIA_X2_HI)), zero);
    __m128i s2 = affine1(s1, BYTES(ARIA_S2_LO), BYTES(ARIA_S2_HI));
    return aria_x86_pick1(_mm_blendv_epi8(s1, s2, ARIA_X86_ODD_BYTES),
                          _mm_blendv_epi8(x1, x2, ARIA_X86_ODD_BYTES), odd);
}

static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    aria_x86_key_round(sl1, out, in, rk, odd);
}

/* ---- 32 blocks ---- */

static inline void core32(const aria_x86_keys *ks, unsigned rounds, __m256i x[16])
{
    aria_x86_rounds32(aria_x86_sl32, x, ks, rounds);
    aria_x86_fix32(x, rounds);
    aria_x86_add_key32(x, ks->k4[rounds]);
}

static void crypt32(const aria_x86_keys *ks, unsigned rounds, uint8_t *out, const uint8_t *in)
{
    __m256i x[16];
    aria_x86_load32(x, in);
    core32(ks, rounds, x);
    aria_x86_store32(out, x);
}

static void crypt(const aria_x86_keys *ks, unsigned rounds, uint8_t *out, const uint8_t *in, size_t n)
{
    aria_x86_crypt(crypt32, sl1, SMALL, ks, rounds, out, in, n);
}

ARIA_X86_ENTRIES(key_round, crypt)
ARIA_X86_CTR(core32, SMALL)
ARIA_X86_CBC_MULTI(core32)

const kc_block_backend kc_aria_aesni_avx2 = {
    .head = {
        .name = "aesni-avx2",
        .summary = "AES-NI S-boxes, AVX2 byte-sliced 32 blocks per pass, constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_x86_key),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
    .ctr = aria_ctr,
    .cbc_encrypt_multi = aria_cbc_multi,
    .gcm_stitch = &kc_aria_aesni_avx2_gcm,
};
KC_TARGET_END
#endif
