/* SPDX-License-Identifier: MIT */
/* SHA-512 compression with the message schedule on 256-bit vectors and
 * the rounds in scalar code, W + K passed through memory (as OpenSSL's
 * sha512-avx2 does).  Blocks go in pairs: the two schedules side by side
 * (the first block's words in the low 128-bit lane, the second's in the
 * high, two words of each a step), made beside the first block's rounds;
 * the second block's rounds then only read.  A last odd block makes four
 * words a step, in two halves (words t+2, t+3 need t, t+1).  Adds, shifts
 * and logic only, so constant-time.  The includer (sha512_avx2.c,
 * sha512_avx512.c) opens its target region and defines SIGMA(x, r1, r2, s):
 * ror(x, r1) ^ ror(x, r2) ^ x >> s on four words. */
#ifndef KC_SHA512_X86_H
#define KC_SHA512_X86_H
#include <immintrin.h>
#include "core/util.h"
#include "sha2/sha2.h"

static inline uint64_t ror(uint64_t x, unsigned n) { return x >> n | x << (64 - n); }

/* One round.  Ch(e, f, g) = ((f ^ g) & e) ^ g; Maj(a, b, c) = ((a ^ b) &
 * (b ^ c)) ^ b, where b ^ c is the last round's a ^ b (bc, handed on).
 * T1 is not formed: the new e adds Sigma1(e) last, off the sums that wait
 * for it. */
#define ROUND(a, b, c, d, e, f, g, h, wk) do { \
        uint64_t x_ = h + (wk) + (((f ^ g) & e) ^ g), s1_ = ror(e, 14) ^ ror(e, 18) ^ ror(e, 41), ab_ = a ^ b; \
        d = d + x_ + s1_; \
        h = x_ + s1_ + (ror(a, 28) ^ ror(a, 34) ^ ror(a, 39)) + ((ab_ & bc) ^ b); \
        bc = ab_; \
    } while (0)
/* Eight rounds from w[i]: the names turn once round. */
#define ROUNDS8(w, i) do { \
        ROUND(a, b, c, d, e, f, g, h, w[(i) + 0]); \
        ROUND(h, a, b, c, d, e, f, g, w[(i) + 1]); \
        ROUND(g, h, a, b, c, d, e, f, w[(i) + 2]); \
        ROUND(f, g, h, a, b, c, d, e, w[(i) + 3]); \
        ROUND(e, f, g, h, a, b, c, d, w[(i) + 4]); \
        ROUND(d, e, f, g, h, a, b, c, w[(i) + 5]); \
        ROUND(c, d, e, f, g, h, a, b, w[(i) + 6]); \
        ROUND(b, c, d, e, f, g, h, a, w[(i) + 7]); \
    } while (0)
#define BEGIN uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7], bc = b ^ c
#define END s[0] += a, s[1] += b, s[2] += c, s[3] += d, s[4] += e, s[5] += f, s[6] += g, s[7] += h

/* Pairs: y[0..7] = W[i-16..i-1] two a register, both blocks; makes W[i],
 * W[i+1], moves y on, stores W + K in wk (first block) and wk2. */
#define STEP2(i) do { \
        __m256i n_ = _mm256_add_epi64(_mm256_add_epi64(y[0], SIGMA(_mm256_alignr_epi8(y[1], y[0], 8), 1, 8, 7)), \
                                      _mm256_add_epi64(_mm256_alignr_epi8(y[5], y[4], 8), SIGMA(y[7], 19, 61, 6))); \
        y[0] = y[1], y[1] = y[2], y[2] = y[3], y[3] = y[4], y[4] = y[5], y[5] = y[6], y[6] = y[7], y[7] = n_; \
        STORE2(i, n_); \
    } while (0)
#define STORE2(i, v) do { \
        __m256i k_ = _mm256_add_epi64(v, _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(kc_sha512_k + (i))))); \
        _mm_store_si128((__m128i *)(wk + (i)), _mm256_castsi256_si128(k_)); \
        _mm_store_si128((__m128i *)(wk2 + (i)), _mm256_extracti128_si256(k_, 1)); \
    } while (0)

/* One block: (a[1], a[2], a[3], b[0]) */
static inline __m256i next4(__m256i a, __m256i b)
{
    return _mm256_permute4x64_epi64(_mm256_blend_epi32(a, b, 0x03), 0x39);
}

/* x0..x3 = W[t-16..t-1] in fours; returns W[t..t+3]. */
static inline __m256i schedule(__m256i x0, __m256i x1, __m256i x2, __m256i x3)
{
    __m256i w15 = next4(x0, x1), w7 = next4(x2, x3);
    __m256i t = _mm256_add_epi64(_mm256_add_epi64(x0, SIGMA(w15, 1, 8, 7)), w7);
    __m256i w2 = _mm256_permute4x64_epi64(x3, 0xee);   /* W[t-2], W[t-1] in both halves */
    t = _mm256_add_epi64(t, _mm256_blend_epi32(_mm256_setzero_si256(), SIGMA(w2, 19, 61, 6), 0x0f));   /* W[t], W[t+1] */
    w2 = _mm256_permute4x64_epi64(t, 0x44);            /* W[t], W[t+1] in both halves */
    return _mm256_add_epi64(t, _mm256_blend_epi32(_mm256_setzero_si256(), SIGMA(w2, 19, 61, 6), 0xf0));
}

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
    _Alignas(32) uint64_t wk[80], wk2[80];
    for (; nblocks >= 2; nblocks -= 2, p += 256) {
        __m256i y[8];
        for (int i = 0; i < 8; i++) {
            __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(p + 16 * i))),
                                                _mm_loadu_si128((const __m128i *)(p + 128 + 16 * i)), 1);
            y[i] = _mm256_shuffle_epi8(v, bswap);
            STORE2(2 * i, y[i]);
        }
        BEGIN;
        /* the rounds trail the schedule by 16 words: eight of each a pass */
        for (int i = 16; i < 80; i += 8) {
            STEP2(i); STEP2(i + 2); STEP2(i + 4); STEP2(i + 6);
            ROUNDS8(wk, i - 16);
        }
        ROUNDS8(wk, 64);
        ROUNDS8(wk, 72);
        END;
        {
            BEGIN;
            for (int i = 0; i < 80; i += 8) ROUNDS8(wk2, i);
            END;
        }
    }
    if (nblocks) {
        BEGIN;
        __m256i x[4];
        for (int i = 0; i < 4; i++) {
            x[i] = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(p + 32 * i)), bswap);
            _mm256_store_si256((__m256i *)(wk + 4 * i),
                               _mm256_add_epi64(x[i], _mm256_loadu_si256((const __m256i *)(kc_sha512_k + 4 * i))));
        }
        for (int i = 16; i < 80; i += 8) {
            STEP(i);
            STEP(i + 4);
            ROUNDS8(wk, i - 16);
        }
        ROUNDS8(wk, 64);
        ROUNDS8(wk, 72);
        END;
    }
    kc_wipe(wk, sizeof wk);
    kc_wipe(wk2, sizeof wk2);
}

#endif
