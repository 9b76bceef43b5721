/* SPDX-License-Identifier: MIT */
/* TinyJAMBU, AVX-512 with VBMI2: sixteen messages at once
 * (tinyjambu_avx512.h).  A tap word such as s47..s78 = (s1 >> 15) |
 * (s2 << 17) is one funnel shift (vpshrdd), so an update is four of them
 * and three logic instructions, 7 per 32 steps of 16 messages (11 in
 * avx512.c), with no rotated copies of the state to keep in registers.
 * The part without the newest word goes first (as tj_update). */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx512f,avx512vbmi2")
#include <immintrin.h>

#define TJ_ROTATIONS
#define ROTATE(i) do { } while (0)
#define TAP(lo, hi, n) _mm512_shrdi_epi32(w##lo, w##hi, n)   /* (lo >> n) | (hi << (32 - n)) */
#define UPDATE(a, b, c, d, key) do { \
    __m512i x = _mm512_ternarylogic_epi32(w##a, TAP(b, c, 15), key, 0x96); \
    x = XOR(x, TAP(c, d, 27)); \
    w##a = _mm512_ternarylogic_epi32(x, TAP(c, d, 6), TAP(c, d, 21), 0x87); \
} while (0)
#include "tinyjambu/tinyjambu_avx512.h"

const kc_aead_backend kc_tinyjambu_avx512_vbmi2 = {
    .head = {
        .name = "avx512-vbmi2",
        .summary = "AVX-512 VBMI2 batches: 16 messages in the lanes, taps by funnel shifts "
                   "(single messages: ref)",
        .cpu = KC_CPU_AVX512F | KC_CPU_AVX512VBMI2,
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
