/* SPDX-License-Identifier: MIT */
/* SHA-256 compression on the x86 SHA extensions: SHA256RNDS2 does two
 * rounds on the state kept as ABEF/CDGH, SHA256MSG1/MSG2 the schedule. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "sha2/sha2.h"

KC_TARGET_BEGIN("sha,sse4.1")

/* Four rounds on w (message words + constants), then the next schedule words. */
#define ROUNDS(i, w) do { \
        __m128i k_ = _mm_add_epi32(w, _mm_loadu_si128((const __m128i *)(kc_sha256_k + 4 * (i)))); \
        st1 = _mm_sha256rnds2_epu32(st1, st0, k_); \
        st0 = _mm_sha256rnds2_epu32(st0, st1, _mm_shuffle_epi32(k_, 0x0e)); \
    } while (0)
/* w0 (W[t-16..t-13]) becomes W[t..t+3] from w1, w2, w3 (the next ones). */
#define SCHEDULE(w0, w1, w2, w3) \
    w0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4)), w3)

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = state;
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0xb1);          /* CDAB */
    __m128i st1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(h + 4)), 0x1b); /* HGFE */
    __m128i st0 = _mm_alignr_epi8(t, st1, 8);                                          /* ABEF */
    st1 = _mm_blend_epi16(st1, t, 0xf0);                                               /* CDGH */
    for (; nblocks--; p += 64) {
        __m128i abef = st0, cdgh = st1;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
        ROUNDS(0, w0); ROUNDS(1, w1); ROUNDS(2, w2); ROUNDS(3, w3);
        for (int i = 4; i < 16; i += 4) {
            SCHEDULE(w0, w1, w2, w3); ROUNDS(i, w0);
            SCHEDULE(w1, w2, w3, w0); ROUNDS(i + 1, w1);
            SCHEDULE(w2, w3, w0, w1); ROUNDS(i + 2, w2);
            SCHEDULE(w3, w0, w1, w2); ROUNDS(i + 3, w3);
        }
        st0 = _mm_add_epi32(st0, abef);
        st1 = _mm_add_epi32(st1, cdgh);
    }
    t = _mm_shuffle_epi32(st0, 0x1b);        /* FEBA */
    st1 = _mm_shuffle_epi32(st1, 0xb1);      /* DCHG */
    _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(t, st1, 0xf0));          /* DCBA */
    _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(st1, t, 8));      /* HGFE */
}

KC_TARGET_END

const kc_hash_backend kc_sha256_shani = {
    .head = { .name = "shani", .summary = "x86 SHA extensions (SHA256RNDS2)",
              .cpu = KC_CPU_SHA | KC_CPU_SSE41, .timing = KC_CONSTANT_TIME, .ctx_size = 32 },
    KC_SHA256_COMMON,
    .compress = compress,
};
#endif
