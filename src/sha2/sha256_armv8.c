/* SPDX-License-Identifier: MIT */
/* SHA-256 compression on the ARMv8 Cryptography Extensions: SHA256H and
 * SHA256H2 do four rounds on ABCD and EFGH, SHA256SU0/SU1 the schedule. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "sha2/sha2.h"

KC_TARGET_BEGIN("+crypto")

/* Four rounds on w (message words); the constants are added here. */
#define ROUNDS(i, w) do { \
        uint32x4_t k_ = vaddq_u32(w, vld1q_u32(kc_sha256_k + 4 * (i))), a_ = abcd; \
        abcd = vsha256hq_u32(abcd, efgh, k_); \
        efgh = vsha256h2q_u32(efgh, a_, k_); \
    } while (0)
/* w0 (W[t-16..t-13]) becomes W[t..t+3] from w1, w2, w3. */
#define SCHEDULE(w0, w1, w2, w3) w0 = vsha256su1q_u32(vsha256su0q_u32(w0, w1), w2, w3)

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = state;
    uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
    for (; nblocks--; p += 64) {
        uint32x4_t abcd0 = abcd, efgh0 = efgh;
        uint32x4_t w0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
        uint32x4_t w1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
        uint32x4_t w2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
        uint32x4_t w3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
        ROUNDS(0, w0); ROUNDS(1, w1); ROUNDS(2, w2); ROUNDS(3, w3);
        for (int i = 4; i < 16; i += 4) {
            SCHEDULE(w0, w1, w2, w3); ROUNDS(i, w0);
            SCHEDULE(w1, w2, w3, w0); ROUNDS(i + 1, w1);
            SCHEDULE(w2, w3, w0, w1); ROUNDS(i + 2, w2);
            SCHEDULE(w3, w0, w1, w2); ROUNDS(i + 3, w3);
        }
        abcd = vaddq_u32(abcd, abcd0);
        efgh = vaddq_u32(efgh, efgh0);
    }
    vst1q_u32(h, abcd);
    vst1q_u32(h + 4, efgh);
}

KC_TARGET_END

const kc_hash_backend kc_sha256_armv8 = {
    .head = { .name = "armv8", .summary = "ARMv8 SHA-256 instructions (SHA256H)",
              .cpu = KC_CPU_NEON | KC_CPU_ARMSHA2, .timing = KC_CONSTANT_TIME, .ctx_size = 32 },
    KC_SHA256_COMMON,
    .compress = compress,
};
#endif
