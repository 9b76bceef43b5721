/* SPDX-License-Identifier: MIT */
/* SHA-256 compression on the x86 SHA extensions: SHA256RNDS2 does two
 * rounds on the state kept as ABEF/CDGH, SHA256MSG1/MSG2 the schedule.
 * One message is bound by SHA256RNDS2's latency (32 in a chain a block);
 * kc_hash_batch runs two side by side, each filling the other's wait. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "sha2/sha2.h"

KC_TARGET_BEGIN("sha,sse4.1")

/* Four rounds on w (message words + constants), then the next schedule words. */
#define ROUNDS(st0, st1, i, w) do { \
        __m128i k_ = _mm_add_epi32(w, _mm_loadu_si128((const __m128i *)(kc_sha256_k + 4 * (i)))); \
        st1 = _mm_sha256rnds2_epu32(st1, st0, k_); \
        st0 = _mm_sha256rnds2_epu32(st0, st1, _mm_shuffle_epi32(k_, 0x0e)); \
    } while (0)
/* w0 (W[t-16..t-13]) becomes W[t..t+3] from w1, w2, w3 (the next ones). */
#define SCHEDULE(w0, w1, w2, w3) \
    w0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4)), w3)
/* The 16 words of the block at p, big-endian. */
#define LOAD(w, p) do { \
        const __m128i bswap_ = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL); \
        w[0] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p)), bswap_); \
        w[1] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 16)), bswap_); \
        w[2] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 32)), bswap_); \
        w[3] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 48)), bswap_); \
    } while (0)

/* H (A..H) as ABEF, CDGH and back. */
static inline void load_state(const uint32_t *h, __m128i *st0, __m128i *st1)
{
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0xb1);         /* CDAB */
    __m128i u = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(h + 4)), 0x1b);   /* HGFE */
    *st0 = _mm_alignr_epi8(t, u, 8);                                                  /* ABEF */
    *st1 = _mm_blend_epi16(u, t, 0xf0);                                               /* CDGH */
}

static inline void store_state(uint32_t *h, __m128i st0, __m128i st1)
{
    __m128i t = _mm_shuffle_epi32(st0, 0x1b);   /* FEBA */
    __m128i u = _mm_shuffle_epi32(st1, 0xb1);   /* DCHG */
    _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(t, u, 0xf0));        /* DCBA */
    _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(u, t, 8));    /* HGFE */
}

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    __m128i st0, st1, w[4];
    load_state(state, &st0, &st1);
    for (; nblocks--; p += 64) {
        __m128i abef = st0, cdgh = st1;
        LOAD(w, p);
        ROUNDS(st0, st1, 0, w[0]); ROUNDS(st0, st1, 1, w[1]); ROUNDS(st0, st1, 2, w[2]); ROUNDS(st0, st1, 3, w[3]);
        for (int i = 4; i < 16; i += 4) {
            SCHEDULE(w[0], w[1], w[2], w[3]); ROUNDS(st0, st1, i, w[0]);
            SCHEDULE(w[1], w[2], w[3], w[0]); ROUNDS(st0, st1, i + 1, w[1]);
            SCHEDULE(w[2], w[3], w[0], w[1]); ROUNDS(st0, st1, i + 2, w[2]);
            SCHEDULE(w[3], w[0], w[1], w[2]); ROUNDS(st0, st1, i + 3, w[3]);
        }
        st0 = _mm_add_epi32(st0, abef);
        st1 = _mm_add_epi32(st1, cdgh);
    }
    store_state(state, st0, st1);
}

/* Two messages (states[0], blocks[0]) and (states[1], blocks[1]), the
 * rounds of one between those of the other. */
#define BOTH(i, j) do { \
        SCHEDULE(v[i], v[((i) + 1) & 3], v[((i) + 2) & 3], v[((i) + 3) & 3]); ROUNDS(s0, s1, j, v[i]); \
        SCHEDULE(u[i], u[((i) + 1) & 3], u[((i) + 2) & 3], u[((i) + 3) & 3]); ROUNDS(t0, t1, j, u[i]); \
    } while (0)

static void compress2(void *const states[], const uint8_t *const blocks[], size_t nblocks)
{
    const uint8_t *p = blocks[0], *q = blocks[1];
    __m128i s0, s1, t0, t1, v[4], u[4];
    load_state(states[0], &s0, &s1);
    load_state(states[1], &t0, &t1);
    for (; nblocks--; p += 64, q += 64) {
        __m128i sa = s0, sb = s1, ta = t0, tb = t1;
        LOAD(v, p);
        LOAD(u, q);
        ROUNDS(s0, s1, 0, v[0]); ROUNDS(t0, t1, 0, u[0]); ROUNDS(s0, s1, 1, v[1]); ROUNDS(t0, t1, 1, u[1]);
        ROUNDS(s0, s1, 2, v[2]); ROUNDS(t0, t1, 2, u[2]); ROUNDS(s0, s1, 3, v[3]); ROUNDS(t0, t1, 3, u[3]);
        for (int i = 4; i < 16; i += 4) {
            BOTH(0, i); BOTH(1, i + 1); BOTH(2, i + 2); BOTH(3, i + 3);
        }
        s0 = _mm_add_epi32(s0, sa), s1 = _mm_add_epi32(s1, sb);
        t0 = _mm_add_epi32(t0, ta), t1 = _mm_add_epi32(t1, tb);
    }
    store_state(states[0], s0, s1);
    store_state(states[1], t0, t1);
}

KC_TARGET_END

const kc_hash_backend kc_sha256_shani = {
    .head = { .name = "shani", .summary = "x86 SHA extensions (SHA256RNDS2)",
              .cpu = KC_CPU_SHA | KC_CPU_SSE41, .timing = KC_CONSTANT_TIME, .ctx_size = 32 },
    KC_SHA256_COMMON,
    .compress = compress,
    .lanes = 2,
    .compress_lanes = compress2,
};
#endif
