/* TinyJAMBU, AVX-512F: sixteen messages at once, one in each 32-bit lane
 * of the state registers (the batch entry points, scheduled by
 * tinyjambu_lanes.h; single messages go to the ref code).
 *
 * Every tap word of an update, e.g. s47..s78 = (s1 >> 15) | (s2 << 17),
 * takes its low bits from one state word rotated and its high bits from
 * the next word rotated by the same amount (rol(s1, 17), rol(s2, 17)), and
 * a word plays both parts in consecutive updates.  So each new word is
 * rotated four ways once (17, 26, 11, 5: vprold), each tap is one bit
 * select (vpternlogd), and the XORs and the NAND take two more ternlogs
 * and an XOR: 11 instructions per 32 steps of 16 messages.
 * Only rotations and logic on secrets: constant time. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "tinyjambu/tinyjambu_lanes.h"

#pragma GCC target("avx512f")

#define LOAD(p) _mm512_loadu_si512((const void *)(p))
#define STORE(p, x) _mm512_storeu_si512((void *)(p), (x))
#define XOR _mm512_xor_si512
#define SEL(mask, a, b) _mm512_ternarylogic_epi32(mask, a, b, 0xca)   /* mask ? a : b, bitwise */

/* Word i of the state (w) and its rotations by 17, 26, 11 and 5. */
#define ROTATE(i) do { \
    r17_##i = _mm512_rol_epi32(w##i, 17); r26_##i = _mm512_rol_epi32(w##i, 26); \
    r11_##i = _mm512_rol_epi32(w##i, 11); r5_##i = _mm512_rol_epi32(w##i, 5); \
} while (0)
/* 32 steps on (s0, s1, s2, s3) = (a, b, c, d): a ^= t1 ^ t4 ^ ~(t2 & t3) ^ key. */
#define UPDATE(a, b, c, d, key) do { \
    __m512i x = _mm512_ternarylogic_epi32(w##a, SEL(m17, r17_##b, r17_##c), key, 0x96); \
    x = XOR(x, SEL(m5, r5_##c, r5_##d)); \
    w##a = _mm512_ternarylogic_epi32(x, SEL(m26, r26_##c, r26_##d), SEL(m11, r11_##c, r11_##d), 0x87); \
    ROTATE(a); \
} while (0)
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
    const __m512i m17 = _mm512_set1_epi32(0x1ffff), m26 = _mm512_set1_epi32(0x3ffffff);
    const __m512i m11 = _mm512_set1_epi32(0x7ff), m5 = _mm512_set1_epi32(0x1f);
    __m512i w0 = LOAD(t->s[0]), w1 = XOR(LOAD(t->s[1]), LOAD(t->frame)), w2 = LOAD(t->s[2]), w3 = LOAD(t->s[3]);
    __m512i r17_0, r26_0, r11_0, r5_0, r17_1, r26_1, r11_1, r5_1;
    __m512i r17_2, r26_2, r11_2, r5_2, r17_3, r26_3, r11_3, r5_3;
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
    const __m512i m17 = _mm512_set1_epi32(0x1ffff), m26 = _mm512_set1_epi32(0x3ffffff);
    const __m512i m11 = _mm512_set1_epi32(0x7ff), m5 = _mm512_set1_epi32(0x1f);
    const __m512i frame = LOAD(st->frame), dmask = LOAD(st->dmask), four = _mm512_set1_epi64(4);
    const __mmask8 in0 = (__mmask8)st->busy, in1 = (__mmask8)(st->busy >> 8);
    const __mmask8 out0 = (__mmask8)st->write, out1 = (__mmask8)(st->write >> 8);
    const __mmask16 big = (__mmask16)st->big;
    const unsigned small_groups = TJ_SMALL_STEPS / 128, big_groups = st->big ? k->big_steps / 128 : small_groups;
    __m512i src0 = LOAD(st->src), src1 = LOAD(st->src + 8), dst0 = LOAD(st->dst), dst1 = LOAD(st->dst + 8);
    __m512i w0 = LOAD(t->s[0]), w1 = LOAD(t->s[1]), w2 = LOAD(t->s[2]), w3 = LOAD(t->s[3]);
    __m512i r17_0, r26_0, r11_0, r5_0, r17_1, r26_1, r11_1, r5_1;
    __m512i r17_2, r26_2, r11_2, r5_2, r17_3, r26_3, r11_3, r5_3;
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

const kc_aead_backend kc_tinyjambu_avx512 = {
    { "avx512", "AVX-512F batches: 16 messages in the lanes, shared rotations (single messages: ref)",
      KC_CPU_AVX512F, 1, sizeof(tj_key) },
    tj_ref_set_key, tj_ref_encrypt, tj_ref_decrypt, encrypt_batch, decrypt_batch
};
#endif
