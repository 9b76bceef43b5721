/* SPDX-License-Identifier: MIT */
/* LSH-512 compression on AVX2: cv_l and cv_r are two registers each (four
 * 64-bit words); the gamma rotations (whole bytes) are byte shuffles, the
 * word permutation and the message's tau are 64-bit lane permutes. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "lsh/lsh.h"

KC_TARGET_BEGIN("avx2")

#define ROTL(x, n) _mm256_or_si256(_mm256_slli_epi64(x, n), _mm256_srli_epi64(x, 64 - (n)))

typedef struct half { __m256i a, b; } half;   /* words 0..3, 4..7 */

static inline half xor2(half x, half y) { return (half){ _mm256_xor_si256(x.a, y.a), _mm256_xor_si256(x.b, y.b) }; }
static inline half add2(half x, half y) { return (half){ _mm256_add_epi64(x.a, y.a), _mm256_add_epi64(x.b, y.b) }; }

static inline void step(half *l, half *r, half ml, half mr, const uint64_t *sc, int a, int b, __m256i g0, __m256i g1)
{
    half x = xor2(*l, ml), y = xor2(*r, mr);
    x = add2(x, y);
    x.a = _mm256_xor_si256(ROTL(x.a, a), _mm256_loadu_si256((const __m256i *)sc));
    x.b = _mm256_xor_si256(ROTL(x.b, a), _mm256_loadu_si256((const __m256i *)(sc + 4)));
    y = add2(y, x);
    y.a = ROTL(y.a, b);
    y.b = ROTL(y.b, b);
    x = add2(x, y);
    y.a = _mm256_shuffle_epi8(y.a, g0);
    y.b = _mm256_shuffle_epi8(y.b, g1);
    l->a = _mm256_permute4x64_epi64(x.b, 0xd2);   /* l6 l4 l5 l7 */
    l->b = _mm256_permute4x64_epi64(y.b, 0x6c);   /* r4 r7 r6 r5 */
    r->a = _mm256_permute4x64_epi64(x.a, 0xd2);   /* l2 l0 l1 l3 */
    r->b = _mm256_permute4x64_epi64(y.a, 0x6c);   /* r0 r3 r2 r1 */
}

/* m = other + tau(m): tau is (3 2 0 1) on words 0..3, (7 4 5 6) on 4..7. */
static inline half expand(half m, half other)
{
    return add2(other, (half){ _mm256_permute4x64_epi64(m.a, 0x4b), _mm256_permute4x64_epi64(m.b, 0x93) });
}

static inline half load2(const uint8_t *p)
{
    return (half){ _mm256_loadu_si256((const __m256i *)p), _mm256_loadu_si256((const __m256i *)(p + 32)) };
}

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *cv = state;
    /* byte rotations of words 0..3 by 0, 2, 4, 6 bytes and of words 4..7 by 1, 3, 5, 7 */
    const __m256i g0 = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 8, 9, 10, 11, 12, 13,
                                        4, 5, 6, 7, 0, 1, 2, 3, 10, 11, 12, 13, 14, 15, 8, 9);
    const __m256i g1 = _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 13, 14, 15, 8, 9, 10, 11, 12,
                                        3, 4, 5, 6, 7, 0, 1, 2, 9, 10, 11, 12, 13, 14, 15, 8);
    half l = load2((const uint8_t *)cv), r = load2((const uint8_t *)(cv + 8));
    for (; nblocks--; p += 256) {
        half el = load2(p), er = load2(p + 64), ol = load2(p + 128), or = load2(p + 192);
        step(&l, &r, el, er, kc_lsh512_sc[0], 23, 59, g0, g1);
        step(&l, &r, ol, or, kc_lsh512_sc[1], 7, 3, g0, g1);
        for (int j = 2; j < 28; j += 2) {
            el = expand(el, ol), er = expand(er, or);
            step(&l, &r, el, er, kc_lsh512_sc[j], 23, 59, g0, g1);
            ol = expand(ol, el), or = expand(or, er);
            step(&l, &r, ol, or, kc_lsh512_sc[j + 1], 7, 3, g0, g1);
        }
        el = expand(el, ol), er = expand(er, or);
        l = xor2(l, el);
        r = xor2(r, er);
    }
    _mm256_storeu_si256((__m256i *)cv, l.a);
    _mm256_storeu_si256((__m256i *)(cv + 4), l.b);
    _mm256_storeu_si256((__m256i *)(cv + 8), r.a);
    _mm256_storeu_si256((__m256i *)(cv + 12), r.b);
}

/* 4 messages side by side (lsh_lanes.h). */
static const uint8_t rotb[8][32] = {   /* each 64-bit word rotated left by k bytes */
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14 },
    { 6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13, 6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13 },
    { 5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12, 5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12 },
    { 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11 },
    { 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10 },
    { 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9 },
    { 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8 },
};
typedef __m256i V;
#define LANES 4
#define VLOAD(p) _mm256_load_si256((const __m256i *)(p))
#define VSTORE(p, x) _mm256_store_si256((__m256i *)(p), x)
#define ADD _mm256_add_epi64
#define XOR _mm256_xor_si256
#define SET1(x) _mm256_set1_epi64x((long long)(x))
#define ROT ROTL
#define GB(x, k) _mm256_shuffle_epi8(x, _mm256_loadu_si256((const __m256i *)rotb[k]))
#define LSH_LANE_WORD 64
#include "lsh/lsh_lanes.h"

KC_TARGET_END

const kc_hash_backend kc_lsh512_avx2 = {
    .head = { .name = "avx2", .summary = "AVX2: cv_l, cv_r in two registers each",
              .cpu = KC_CPU_AVX2, .timing = KC_CONSTANT_TIME, .ctx_size = 128 },
    KC_LSH512_COMMON,
    .compress = compress,
    .lanes = 4,
    .compress_lanes = compress_lanes,
};
#endif
