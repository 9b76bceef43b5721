/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b, AVX2: 8 blocks word-sliced per set of four ymm registers,
 * two sets in flight when there are more than 8 blocks to hide the vpmulld
 * latency; data-dependent rotations are vpsllvd + vpsrlvd + vpor.  A tail of
 * 2..15 blocks is padded to 16 on the stack; a lone block goes to the ref
 * code.  Multiplies and variable shifts are constant time on x86. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "rc6/rc6_common.h"

extern const kc_block_backend kc_rc6_ref;

KC_TARGET_BEGIN("avx2")

#define S(j) _mm256_set1_epi32((int)s[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32

/* Rotations by r = 0..31; a shift by 32 gives 0, which makes r = 0 right. */
static inline __m256i rolv(__m256i x, __m256i r)
{
    return _mm256_or_si256(_mm256_sllv_epi32(x, r), _mm256_srlv_epi32(x, SUB(_mm256_set1_epi32(32), r)));
}

static inline __m256i rorv(__m256i x, __m256i r)
{
    return _mm256_or_si256(_mm256_srlv_epi32(x, r), _mm256_sllv_epi32(x, SUB(_mm256_set1_epi32(32), r)));
}

/* ROL(x * (2x + 1), 5), and in *r its low five bits (the product's top
 * five), the rotation amount it gives. */
static inline __m256i f(__m256i x, __m256i *r)
{
    __m256i sq = _mm256_mullo_epi32(x, x);
    __m256i p = ADD(ADD(sq, sq), x);
    *r = _mm256_srli_epi32(p, 27);
    return _mm256_or_si256(_mm256_slli_epi32(p, 5), *r);
}

/* Round i on (A, B, C, D) = (a, b, c, d), in place; the next round takes
 * (b, c, d, a).  UNROUND undoes it. */
#define ROUND(a, b, c, d, i) do { \
    __m256i rt, ru, t = f(b, &rt), u = f(d, &ru); \
    a = ADD(rolv(XOR(a, t), ru), S(2 * (i))); \
    c = ADD(rolv(XOR(c, u), rt), S(2 * (i) + 1)); \
} while (0)
#define UNROUND(a, b, c, d, i) do { \
    __m256i rt, ru, t = f(b, &rt), u = f(d, &ru); \
    a = XOR(rorv(SUB(a, S(2 * (i))), ru), t); \
    c = XOR(rorv(SUB(c, S(2 * (i) + 1)), rt), u); \
} while (0)
/* Round i on set 0 (a0..d0) and, when two, on set 1 (a1..d1). */
#define ROUND2(a, b, c, d, i) do { \
    ROUND(a##0, b##0, c##0, d##0, i); if (two) ROUND(a##1, b##1, c##1, d##1, i); } while (0)
#define UNROUND2(a, b, c, d, i) do { \
    UNROUND(a##0, b##0, c##0, d##0, i); if (two) UNROUND(a##1, b##1, c##1, d##1, i); } while (0)

/* 4x4 transpose of the words in each 128-bit lane; its own inverse.  With
 * x[j] holding blocks 2j, 2j+1, x[w] then holds word w of all 8 blocks. */
static inline void transpose(__m256i x[4])
{
    __m256i t0 = _mm256_unpacklo_epi32(x[0], x[1]), t1 = _mm256_unpackhi_epi32(x[0], x[1]);
    __m256i t2 = _mm256_unpacklo_epi32(x[2], x[3]), t3 = _mm256_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm256_unpacklo_epi64(t0, t2);
    x[1] = _mm256_unpackhi_epi64(t0, t2);
    x[2] = _mm256_unpacklo_epi64(t1, t3);
    x[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* The whitening and rounds on the sliced words v[0..3] and, when two,
 * v[4..7].  Inlined with constant enc and two, so each variant is straight
 * code. */
static inline __attribute__((always_inline))
void rounds(const uint32_t *s, __m256i v[8], int enc, int two)
{
    __m256i a0 = v[0], b0 = v[1], c0 = v[2], d0 = v[3];
    __m256i a1 = v[4], b1 = v[5], c1 = v[6], d1 = v[7];
    if (enc) {
        b0 = ADD(b0, S(0)); d0 = ADD(d0, S(1));
        b1 = ADD(b1, S(0)); d1 = ADD(d1, S(1));
        for (unsigned i = 1; i <= RC6_ROUNDS; i += 4) {
            ROUND2(a, b, c, d, i);
            ROUND2(b, c, d, a, i + 1);
            ROUND2(c, d, a, b, i + 2);
            ROUND2(d, a, b, c, i + 3);
        }
        a0 = ADD(a0, S(2 * RC6_ROUNDS + 2)); c0 = ADD(c0, S(2 * RC6_ROUNDS + 3));
        a1 = ADD(a1, S(2 * RC6_ROUNDS + 2)); c1 = ADD(c1, S(2 * RC6_ROUNDS + 3));
    } else {
        a0 = SUB(a0, S(2 * RC6_ROUNDS + 2)); c0 = SUB(c0, S(2 * RC6_ROUNDS + 3));
        a1 = SUB(a1, S(2 * RC6_ROUNDS + 2)); c1 = SUB(c1, S(2 * RC6_ROUNDS + 3));
        for (unsigned i = RC6_ROUNDS; i >= 1; i -= 4) {
            UNROUND2(d, a, b, c, i);
            UNROUND2(c, d, a, b, i - 1);
            UNROUND2(b, c, d, a, i - 2);
            UNROUND2(a, b, c, d, i - 3);
        }
        b0 = SUB(b0, S(0)); d0 = SUB(d0, S(1));
        b1 = SUB(b1, S(0)); d1 = SUB(d1, S(1));
    }
    v[0] = a0; v[1] = b0; v[2] = c0; v[3] = d0;
    v[4] = a1; v[5] = b1; v[6] = c1; v[7] = d1;
}

/* 16 blocks: 0..7 in set 0, 8..15 in set 1 (skipped unless two). */
static void crypt16(const rc6_key *k, uint8_t *out, const uint8_t *in, int enc, int two)
{
    __m256i v[8];
    for (unsigned j = 0; j < 8; j++) v[j] = _mm256_loadu_si256((const __m256i *)(in + 32 * j));
    transpose(v);
    transpose(v + 4);
    if (enc) {
        if (two) rounds(k->s, v, 1, 1); else rounds(k->s, v, 1, 0);
    } else {
        if (two) rounds(k->s, v, 0, 1); else rounds(k->s, v, 0, 0);
    }
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(out + 32 * j), v[j]);
}

static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) crypt16(ctx, out, in, enc, 1);
    if (nblocks > 1) {
        uint8_t buf[256] = { 0 };
        memcpy(buf, in, 16 * nblocks);
        crypt16(ctx, buf, buf, enc, nblocks > 8);
        memcpy(out, buf, 16 * nblocks);
        kc_wipe(buf, sizeof buf);
    } else if (nblocks) {
        (enc ? kc_rc6_ref.encrypt : kc_rc6_ref.decrypt)(ctx, out, in, 1);
    }
}

RC6_CRYPT_ENTRIES(crypt)

const kc_block_backend kc_rc6_avx2 = {
    .head = {
        .name = "avx2",
        .summary = "AVX2, 8 or 16 blocks word-sliced, vpmulld and vpsllvd/vpsrlvd",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(rc6_key),
    },
    .set_key = rc6_set_key_ctx,
    .encrypt = rc6_encrypt,
    .decrypt = rc6_decrypt,
};
KC_TARGET_END
#endif
