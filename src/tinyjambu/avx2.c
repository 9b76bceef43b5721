/* SPDX-License-Identifier: MIT */
/* TinyJAMBU, AVX2: eight messages at once, one in each 32-bit lane of the
 * state registers (the batch entry points, scheduled by tinyjambu_lanes.h;
 * single messages go to the ref code).  AVX2 has no rotation, so each tap
 * word is two shifts and an OR, as in tj_update; the NOT of the NAND is
 * folded into the key (~K broadcast).  Only shifts and logic on secrets:
 * constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "tinyjambu/tinyjambu_lanes.h"

KC_TARGET_BEGIN("avx2")

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), (x))
#define XOR _mm256_xor_si256
#define TAP(lo, hi, n) _mm256_or_si256(_mm256_srli_epi32(lo, n), _mm256_slli_epi32(hi, 32 - (n)))

/* 32 steps on (s0, s1, s2, s3) = (a, b, c, d): a ^= t1 ^ t4 ^ (t2 & t3) ^ ~key. */
#define UPDATE(a, b, c, d, not_key) do { \
    __m256i x = XOR(XOR(w##a, TAP(w##b, w##c, 15)), XOR(TAP(w##c, w##d, 27), not_key)); \
    w##a = XOR(x, _mm256_and_si256(TAP(w##c, w##d, 6), TAP(w##c, w##d, 21))); \
} while (0)
/* 128-step groups first..last-1 of a permutation call. */
#define GROUPS(first, last) do { \
    for (unsigned g = (first); g < (last); g++) { \
        const uint32_t *kw = k->k + 4 * g % k->words; \
        UPDATE(0, 1, 2, 3, _mm256_set1_epi32((int)~kw[0])); \
        UPDATE(1, 2, 3, 0, _mm256_set1_epi32((int)~kw[1])); \
        UPDATE(2, 3, 0, 1, _mm256_set1_epi32((int)~kw[2])); \
        UPDATE(3, 0, 1, 2, _mm256_set1_epi32((int)~kw[3])); \
    } \
} while (0)

static void tick(const tj_key *k, tj_tick *t)
{
    __m256i w0 = LOAD(t->s[0]), w1 = XOR(LOAD(t->s[1]), LOAD(t->frame)), w2 = LOAD(t->s[2]), w3 = LOAD(t->s[3]);
    GROUPS(0, TJ_SMALL_STEPS / 128);
    if (t->big) {   /* P_b: on from P_a's state, which the other lanes keep */
        const __m256i bits = _mm256_set_epi32(128, 64, 32, 16, 8, 4, 2, 1);
        __m256i big = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)t->big), bits), bits);
        __m256i v0 = w0, v1 = w1, v2 = w2, v3 = w3;
        GROUPS(TJ_SMALL_STEPS / 128, k->big_steps / 128);
        w0 = _mm256_blendv_epi8(v0, w0, big);
        w1 = _mm256_blendv_epi8(v1, w1, big);
        w2 = _mm256_blendv_epi8(v2, w2, big);
        w3 = _mm256_blendv_epi8(v3, w3, big);
    }
    /* s3 ^= in ^ (S2 & dmask); s1 ^= count */
    w3 = XOR(w3, XOR(LOAD(t->in), _mm256_and_si256(w2, LOAD(t->dmask))));
    w1 = XOR(w1, LOAD(t->count));
    STORE(t->s[0], w0);
    STORE(t->s[1], w1);
    STORE(t->s[2], w2);
    STORE(t->s[3], w3);
}

/* words ticks in the busy lanes with the state in registers; each tick's
 * words are gathered from the lanes' addresses (AVX2 has no scatter: the
 * output words are stored one by one). */
static void stream(const tj_key *k, tj_tick *t, const tj_stream *st, size_t words)
{
    const __m256i frame = LOAD(st->frame), dmask = LOAD(st->dmask), four = _mm256_set1_epi64x(4);
    const __m256i bits = _mm256_set_epi32(128, 64, 32, 16, 8, 4, 2, 1);
    const __m256i busy = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)st->busy), bits), bits);
    const __m256i big = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)st->big), bits), bits);
    const __m128i busy0 = _mm256_castsi256_si128(busy), busy1 = _mm256_extracti128_si256(busy, 1);
    const unsigned small_groups = TJ_SMALL_STEPS / 128, big_groups = st->big ? k->big_steps / 128 : small_groups;
    __m256i src0 = LOAD(st->src), src1 = LOAD(st->src + 4);
    __m256i w0 = LOAD(t->s[0]), w1 = LOAD(t->s[1]), w2 = LOAD(t->s[2]), w3 = LOAD(t->s[3]);
    uint32_t out[8];
    for (size_t i = 0; i < words; i++) {
        __m128i lo = _mm256_mask_i64gather_epi32(_mm_setzero_si128(), (const int *)0, src0, busy0, 1);
        __m128i hi = _mm256_mask_i64gather_epi32(_mm_setzero_si128(), (const int *)0, src1, busy1, 1);
        __m256i in = _mm256_set_m128i(hi, lo);
        w1 = XOR(w1, frame);
        GROUPS(0, small_groups);
        if (big_groups > small_groups) {   /* P_b in the big lanes; the others keep P_a's state */
            __m256i v0 = w0, v1 = w1, v2 = w2, v3 = w3;
            GROUPS(small_groups, big_groups);
            w0 = _mm256_blendv_epi8(v0, w0, big);
            w1 = _mm256_blendv_epi8(v1, w1, big);
            w2 = _mm256_blendv_epi8(v2, w2, big);
            w3 = _mm256_blendv_epi8(v3, w3, big);
        }
        if (st->write) {
            STORE(out, XOR(in, w2));
            for (unsigned l = 0; l < 8; l++)
                if (st->write >> l & 1) kc_store32_le((uint8_t *)(uintptr_t)st->dst[l] + 4 * i, out[l]);
        }
        w3 = XOR(w3, XOR(in, _mm256_and_si256(w2, dmask)));
        src0 = _mm256_add_epi64(src0, four);
        src1 = _mm256_add_epi64(src1, four);
    }
    STORE(t->s[0], w0);
    STORE(t->s[1], w1);
    STORE(t->s[2], w2);
    STORE(t->s[3], w3);
    kc_wipe(out, sizeof out);
}

static const tj_simd lanes8 = { 8, tick, stream };

static void encrypt_batch(const void *ctx, kc_aead_msg *msgs, size_t count)
{
    tj_encrypt_lanes(ctx, &lanes8, msgs, count);
}

static void decrypt_batch(const void *ctx, kc_aead_msg *msgs, size_t count)
{
    tj_decrypt_lanes(ctx, &lanes8, msgs, count);
}

const kc_aead_backend kc_tinyjambu_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2 batches: 8 messages in the lanes (single messages: ref)",
        .cpu = KC_CPU_AVX2,
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
