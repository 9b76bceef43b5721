/* SPDX-License-Identifier: MIT */
/* SHA-512 compression on the ARMv8.2 SHA-512 instructions: SHA512H and
 * SHA512H2 do two rounds, the four state pairs (ab, cd, ef, gh) changing
 * roles each time; SHA512SU0/SU1 the schedule. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "sha2/sha2.h"

KC_TARGET_BEGIN("arch=armv8.2-a+sha3")

/* Two rounds on the message pair w with the state pairs in the roles
 * (x0, x1, x2, x3); the next two rounds take (x3, x0, x1, x2). */
#define ROUNDS(i, w, x0, x1, x2, x3) do { \
        uint64x2_t k_ = vaddq_u64(w, vld1q_u64(kc_sha512_k + 2 * (i))); \
        uint64x2_t s_ = vaddq_u64(vextq_u64(k_, k_, 1), x3); \
        uint64x2_t t_ = vsha512hq_u64(s_, vextq_u64(x2, x3, 1), vextq_u64(x1, x2, 1)); \
        x3 = vsha512h2q_u64(t_, x1, x0); \
        x1 = vaddq_u64(x1, t_); \
    } while (0)
/* w0 (W[t-16], W[t-15]) becomes W[t], W[t+1]. */
#define SCHEDULE(w0, w1, w4, w5, w7) w0 = vsha512su1q_u64(vsha512su0q_u64(w0, w1), w7, vextq_u64(w4, w5, 1))

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *h = state;
    uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2), ef = vld1q_u64(h + 4), gh = vld1q_u64(h + 6);
    for (; nblocks--; p += 128) {
        uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh, w[8];
        for (int i = 0; i < 8; i++) w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16 * i)));
        for (int i = 0; i < 40; i += 8) {
            if (i) {
                SCHEDULE(w[0], w[1], w[4], w[5], w[7]); SCHEDULE(w[1], w[2], w[5], w[6], w[0]);
                SCHEDULE(w[2], w[3], w[6], w[7], w[1]); SCHEDULE(w[3], w[4], w[7], w[0], w[2]);
                SCHEDULE(w[4], w[5], w[0], w[1], w[3]); SCHEDULE(w[5], w[6], w[1], w[2], w[4]);
                SCHEDULE(w[6], w[7], w[2], w[3], w[5]); SCHEDULE(w[7], w[0], w[3], w[4], w[6]);
            }
            ROUNDS(i, w[0], ab, cd, ef, gh);
            ROUNDS(i + 1, w[1], gh, ab, cd, ef);
            ROUNDS(i + 2, w[2], ef, gh, ab, cd);
            ROUNDS(i + 3, w[3], cd, ef, gh, ab);
            ROUNDS(i + 4, w[4], ab, cd, ef, gh);
            ROUNDS(i + 5, w[5], gh, ab, cd, ef);
            ROUNDS(i + 6, w[6], ef, gh, ab, cd);
            ROUNDS(i + 7, w[7], cd, ef, gh, ab);
        }
        ab = vaddq_u64(ab, ab0), cd = vaddq_u64(cd, cd0), ef = vaddq_u64(ef, ef0), gh = vaddq_u64(gh, gh0);
    }
    vst1q_u64(h, ab), vst1q_u64(h + 2, cd), vst1q_u64(h + 4, ef), vst1q_u64(h + 6, gh);
}

KC_TARGET_END

const kc_hash_backend kc_sha512_armv8 = {
    .head = { .name = "armv8", .summary = "ARMv8.2 SHA-512 instructions (SHA512H)",
              .cpu = KC_CPU_NEON | KC_CPU_ARMSHA512, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_SHA512_COMMON,
    .compress = compress,
};
#endif
