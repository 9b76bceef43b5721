/* SPDX-License-Identifier: MIT */
/* TinyJAMBU, AVX-512: sixteen messages at once, one in each 32-bit lane of
 * the state registers (the batch entry points, scheduled by
 * tinyjambu_lanes.h).  The body of tick() and stream() for avx512.c and
 * avx512_vbmi2.c, which differ only in how an update gets its tap words:
 * each defines, before including this file,
 *   TJ_ROTATIONS      the declarations of what ROTATE keeps (or nothing)
 *   ROTATE(i)         after word i changed: what UPDATE needs of it
 *   UPDATE(a,b,c,d,k) 32 steps: s_a ^= t1 ^ t4 ^ ~(t2 & t3) ^ k
 * Only rotations, shifts and logic on secrets: constant time. */
#ifndef KC_TINYJAMBU_AVX512_H
#define KC_TINYJAMBU_AVX512_H
#include <immintrin.h>
#include "tinyjambu/tinyjambu_lanes.h"

#define LOAD(p) _mm512_loadu_si512((const void *)(p))
#define STORE(p, x) _mm512_storeu_si512((void *)(p), (x))
#define XOR _mm512_xor_si512

/* 128-step groups first..last-1 of a permutation call. */
#define GROUPS(first, last) do { \
    for (unsigned g = (first); g < (last); g++) { \
        const uint32_t *kw = k->k + 4 * g % k->words; \
        UPDATE(0, 1, 2, 3, _mm512_set1_epi32((int)kw[0])); \
        UPDATE(1, 2, 3, 0, _mm512_set1_epi32((int)kw[1])); \
        UPDATE(2, 3, 0, 1, _mm512_set1_epi32((int)kw[2])); \
        UPDATE(3, 0, 1, 2, _mm512_set1_epi32((int)kw[3])); \
    } \
} while (0)

static void tick(const tj_key *k, tj_tick *t)
{
    __m512i w0 = LOAD(t->s[0]), w1 = XOR(LOAD(t->s[1]), LOAD(t->frame)), w2 = LOAD(t->s[2]), w3 = LOAD(t->s[3]);
    TJ_ROTATIONS
    ROTATE(0); ROTATE(1); ROTATE(2); ROTATE(3);
    GROUPS(0, TJ_SMALL_STEPS / 128);
    if (t->big) {   /* P_b: on from P_a's state, which the other lanes keep */
        __mmask16 big = (__mmask16)t->big;
        __m512i v0 = w0, v1 = w1, v2 = w2, v3 = w3;
        GROUPS(TJ_SMALL_STEPS / 128, k->big_steps / 128);
        w0 = _mm512_mask_mov_epi32(v0, big, w0);
        w1 = _mm512_mask_mov_epi32(v1, big, w1);
        w2 = _mm512_mask_mov_epi32(v2, big, w2);
        w3 = _mm512_mask_mov_epi32(v3, big, w3);
    }
    /* s3 ^= in ^ (S2 & dmask); s1 ^= count */
    w3 = XOR(w3, _mm512_ternarylogic_epi32(LOAD(t->in), w2, LOAD(t->dmask), 0x78));
    w1 = XOR(w1, LOAD(t->count));
    STORE(t->s[0], w0);
    STORE(t->s[1], w1);
    STORE(t->s[2], w2);
    STORE(t->s[3], w3);
}

/* words ticks in the busy lanes with the state in registers; each tick's
 * words are gathered from the lanes' addresses. */
static void stream(const tj_key *k, tj_tick *t, const tj_stream *st, size_t words)
{
    const __m512i frame = LOAD(st->frame), dmask = LOAD(st->dmask), four = _mm512_set1_epi64(4);
    const __mmask8 in0 = (__mmask8)st->busy, in1 = (__mmask8)(st->busy >> 8);
    const __mmask8 out0 = (__mmask8)st->write, out1 = (__mmask8)(st->write >> 8);
    const __mmask16 big = (__mmask16)st->big;
    const unsigned small_groups = TJ_SMALL_STEPS / 128, big_groups = st->big ? k->big_steps / 128 : small_groups;
    __m512i src0 = LOAD(st->src), src1 = LOAD(st->src + 8), dst0 = LOAD(st->dst), dst1 = LOAD(st->dst + 8);
    __m512i w0 = LOAD(t->s[0]), w1 = LOAD(t->s[1]), w2 = LOAD(t->s[2]), w3 = LOAD(t->s[3]);
    TJ_ROTATIONS
    ROTATE(0); ROTATE(2);
    for (; words; words--) {
        __m256i lo = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), in0, src0, (const void *)0, 1);
        __m256i hi = _mm512_mask_i64gather_epi32(_mm256_setzero_si256(), in1, src1, (const void *)0, 1);
        __m512i in = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
        w1 = XOR(w1, frame);
        ROTATE(1); ROTATE(3);
        GROUPS(0, small_groups);
        if (big_groups > small_groups) {   /* P_b in the big lanes; the others keep P_a's state */
            __m512i v0 = w0, v1 = w1, v2 = w2, v3 = w3;
            GROUPS(small_groups, big_groups);
            if (big != (__mmask16)st->busy) {
                w0 = _mm512_mask_mov_epi32(v0, big, w0);
                w1 = _mm512_mask_mov_epi32(v1, big, w1);
                w2 = _mm512_mask_mov_epi32(v2, big, w2);
                w3 = _mm512_mask_mov_epi32(v3, big, w3);
                ROTATE(0); ROTATE(2);
            }
        }
        if (st->write) {
            __m512i out = XOR(in, w2);
            _mm512_mask_i64scatter_epi32((void *)0, out0, dst0, _mm512_castsi512_si256(out), 1);
            _mm512_mask_i64scatter_epi32((void *)0, out1, dst1, _mm512_extracti64x4_epi64(out, 1), 1);
            dst0 = _mm512_add_epi64(dst0, four);
            dst1 = _mm512_add_epi64(dst1, four);
        }
        w3 = XOR(w3, _mm512_ternarylogic_epi32(in, w2, dmask, 0x78));   /* in ^ (S2 & dmask) */
        src0 = _mm512_add_epi64(src0, four);
        src1 = _mm512_add_epi64(src1, four);
    }
    STORE(t->s[0], w0);
    STORE(t->s[1], w1);
    STORE(t->s[2], w2);
    STORE(t->s[3], w3);
}

static const tj_simd lanes16 = { 16, tick, stream };

static void encrypt_batch(const void *ctx, kc_aead_msg *msgs, size_t count)
{
    tj_encrypt_lanes(ctx, &lanes16, msgs, count);
}

static void decrypt_batch(const void *ctx, kc_aead_msg *msgs, size_t count)
{
    tj_decrypt_lanes(ctx, &lanes16, msgs, count);
}

#endif
