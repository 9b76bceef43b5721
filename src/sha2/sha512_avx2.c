/* SPDX-License-Identifier: MIT */
/* SHA-512 compression with the message schedule on AVX2 (as OpenSSL's
 * sha512-avx2 does, for one block): four schedule words a register, made
 * in two halves (words t+2, t+3 need t, t+1), and W + K stored for the
 * scalar rounds, which the core runs beside the next schedule step.  Adds,
 * shifts and logic only, so constant-time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/util.h"
#include "sha2/sha2.h"

KC_TARGET_BEGIN("avx2")

static inline uint64_t ror(uint64_t x, unsigned n) { return x >> n | x << (64 - n); }
#define VROR(x, n) _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - (n)))

/* (a[1], a[2], a[3], b[0]) */
static inline __m256i next4(__m256i a, __m256i b)
{
    return _mm256_permute4x64_epi64(_mm256_blend_epi32(a, b, 0x03), 0x39);
}

/* x0..x3 = W[t-16..t-1] in fours; returns W[t..t+3]. */
static inline __m256i schedule(__m256i x0, __m256i x1, __m256i x2, __m256i x3)
{
    __m256i w15 = next4(x0, x1), w7 = next4(x2, x3);
    __m256i s0 = _mm256_xor_si256(_mm256_xor_si256(VROR(w15, 1), VROR(w15, 8)), _mm256_srli_epi64(w15, 7));
    __m256i t = _mm256_add_epi64(_mm256_add_epi64(x0, s0), w7);
    __m256i w2 = _mm256_permute4x64_epi64(x3, 0xee);   /* W[t-2], W[t-1] in both halves */
    __m256i s1 = _mm256_xor_si256(_mm256_xor_si256(VROR(w2, 19), VROR(w2, 61)), _mm256_srli_epi64(w2, 6));
    t = _mm256_add_epi64(t, _mm256_blend_epi32(_mm256_setzero_si256(), s1, 0x0f));   /* W[t], W[t+1] */
    w2 = _mm256_permute4x64_epi64(t, 0x44);            /* W[t], W[t+1] in both halves */
    s1 = _mm256_xor_si256(_mm256_xor_si256(VROR(w2, 19), VROR(w2, 61)), _mm256_srli_epi64(w2, 6));
    return _mm256_add_epi64(t, _mm256_blend_epi32(_mm256_setzero_si256(), s1, 0xf0));
}

#define ROUND(a, b, c, d, e, f, g, h, wk) do { \
        uint64_t t1_ = h + (ror(e, 14) ^ ror(e, 18) ^ ror(e, 41)) + ((e & f) ^ (~e & g)) + (wk); \
        uint64_t t2_ = (ror(a, 28) ^ ror(a, 34) ^ ror(a, 39)) + ((a & b) ^ (a & c) ^ (b & c)); \
        d += t1_; \
        h = t1_ + t2_; \
    } while (0)
/* Eight rounds from wk[i]: the names turn once round. */
#define ROUNDS8(i) do { \
        ROUND(a, b, c, d, e, f, g, h, wk[(i) + 0]); \
        ROUND(h, a, b, c, d, e, f, g, wk[(i) + 1]); \
        ROUND(g, h, a, b, c, d, e, f, wk[(i) + 2]); \
        ROUND(f, g, h, a, b, c, d, e, wk[(i) + 3]); \
        ROUND(e, f, g, h, a, b, c, d, wk[(i) + 4]); \
        ROUND(d, e, f, g, h, a, b, c, wk[(i) + 5]); \
        ROUND(c, d, e, f, g, h, a, b, wk[(i) + 6]); \
        ROUND(b, c, d, e, f, g, h, a, wk[(i) + 7]); \
    } while (0)

/* W[i..i+3] from x (W[i-16..i-1]), x moved on, W + K into wk. */
#define STEP(i) do { \
        __m256i n_ = schedule(x[0], x[1], x[2], x[3]); \
        x[0] = x[1], x[1] = x[2], x[2] = x[3], x[3] = n_; \
        _mm256_store_si256((__m256i *)(wk + (i)), \
                           _mm256_add_epi64(n_, _mm256_loadu_si256((const __m256i *)(kc_sha512_k + (i))))); \
    } while (0)

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *s = state;
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    _Alignas(32) uint64_t wk[80];
    for (; nblocks--; p += 128) {
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        __m256i x[4];
        for (int i = 0; i < 4; i++) {
            x[i] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(p + 32 * i)), bswap);
            _mm256_store_si256((__m256i *)(wk + 4 * i),
                               _mm256_add_epi64(x[i], _mm256_loadu_si256((const __m256i *)(kc_sha512_k + 4 * i))));
        }
        /* the rounds trail the schedule by 16 words: eight of each a pass */
        for (int i = 16; i < 80; i += 8) {
            STEP(i);
            STEP(i + 4);
            ROUNDS8(i - 16);
        }
        ROUNDS8(64);
        ROUNDS8(72);
        s[0] += a; s[1] += b; s[2] += c; s[3] += d; s[4] += e; s[5] += f; s[6] += g; s[7] += h;
    }
    kc_wipe(wk, sizeof wk);
}

KC_TARGET_END

const kc_hash_backend kc_sha512_avx2 = {
    .head = { .name = "avx2", .summary = "AVX2 message schedule, scalar rounds",
              .cpu = KC_CPU_AVX2, .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_SHA512_COMMON,
    .compress = compress,
};
#endif
