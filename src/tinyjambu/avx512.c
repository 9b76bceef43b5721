/* SPDX-License-Identifier: MIT */
/* TinyJAMBU, AVX-512F: sixteen messages at once (tinyjambu_avx512.h).
 *
 * Every tap word of an update, e.g. s47..s78 = (s1 >> 15) | (s2 << 17),
 * takes its low bits from one state word rotated and its high bits from
 * the next word rotated by the same amount (rol(s1, 17), rol(s2, 17)), and
 * a word plays both parts in consecutive updates.  So each new word is
 * rotated four ways once (17, 26, 11, 5: vprold), each tap is one bit
 * select (vpternlogd), and the XORs and the NAND take two more ternlogs
 * and an XOR: 11 instructions per 32 steps of 16 messages.  With VBMI2,
 * avx512_vbmi2.c needs 7. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx512f")
#include <immintrin.h>

#define SEL(mask, a, b) _mm512_ternarylogic_epi32(mask, a, b, 0xca)   /* mask ? a : b, bitwise */
#define TJ_ROTATIONS \
    const __m512i m17 = _mm512_set1_epi32(0x1ffff), m26 = _mm512_set1_epi32(0x3ffffff); \
    const __m512i m11 = _mm512_set1_epi32(0x7ff), m5 = _mm512_set1_epi32(0x1f); \
    __m512i r17_0, r26_0, r11_0, r5_0, r17_1, r26_1, r11_1, r5_1; \
    __m512i r17_2, r26_2, r11_2, r5_2, r17_3, r26_3, r11_3, r5_3;
/* Word i of the state (w) and its rotations by 17, 26, 11 and 5. */
#define ROTATE(i) do { \
    r17_##i = _mm512_rol_epi32(w##i, 17); r26_##i = _mm512_rol_epi32(w##i, 26); \
    r11_##i = _mm512_rol_epi32(w##i, 11); r5_##i = _mm512_rol_epi32(w##i, 5); \
} while (0)
/* 32 steps on (s0, s1, s2, s3) = (a, b, c, d): a ^= t1 ^ t4 ^ ~(t2 & t3) ^ key. */
#define UPDATE(a, b, c, d, key) do { \
    __m512i x = _mm512_ternarylogic_epi32(w##a, SEL(m17, r17_##b, r17_##c), key, 0x96); \
    x = XOR(x, SEL(m5, r5_##c, r5_##d)); \
    w##a = _mm512_ternarylogic_epi32(x, SEL(m26, r26_##c, r26_##d), SEL(m11, r11_##c, r11_##d), 0x87); \
    ROTATE(a); \
} while (0)
#include "tinyjambu/tinyjambu_avx512.h"

const kc_aead_backend kc_tinyjambu_avx512 = {
    .head = {
        .name = "avx512",
        .summary = "AVX-512F batches: 16 messages in the lanes, shared rotations (single messages: ref)",
        .cpu = KC_CPU_AVX512F,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(tj_key),
    },
    .set_key = tj_ref_set_key,
    .encrypt = tj_ref_encrypt,
    .decrypt = tj_ref_decrypt,
    .encrypt_batch = encrypt_batch,
    .decrypt_batch = decrypt_batch,
};
KC_TARGET_END
#endif
