/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b, AVX-512F: 16 blocks word-sliced per set of four zmm
 * registers, up to four sets in flight (64 blocks) to hide the vpmulld
 * latency; data-dependent rotations are single vprolvd/vprorvd.  A tail of
 * 2..63 blocks runs the same code on masked loads and stores; a lone block
 * goes to the ref code.  Multiplies and variable rotates are constant time
 * on x86. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "core/backend.h"
#include "rc6/rc6_common.h"

extern const kc_block_backend kc_rc6_ref;

KC_TARGET_BEGIN("avx512f")

#define S(j) _mm512_set1_epi32((int)s[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32

/* ROL(x * (2x + 1), 5) */
static inline __m512i f(__m512i x)
{
    __m512i sq = _mm512_mullo_epi32(x, x);
    return _mm512_rol_epi32(ADD(ADD(sq, sq), x), 5);
}

/* Round i on (A, B, C, D) = (a, b, c, d), in place; the next round takes
 * (b, c, d, a).  UNROUND undoes it. */
#define ROUND(a, b, c, d, i) do { \
    __m512i t = f(b), u = f(d); \
    a = ADD(_mm512_rolv_epi32(XOR(a, t), u), S(2 * (i))); \
    c = ADD(_mm512_rolv_epi32(XOR(c, u), t), S(2 * (i) + 1)); \
} while (0)
#define UNROUND(a, b, c, d, i) do { \
    __m512i t = f(b), u = f(d); \
    a = XOR(_mm512_rorv_epi32(SUB(a, S(2 * (i))), u), t); \
    c = XOR(_mm512_rorv_epi32(SUB(c, S(2 * (i) + 1)), t), u); \
} while (0)
/* F on each of the first `sets` register sets (a0..d0, a1..d1, ...). */
#define EACH(F, a, b, c, d, i) do { \
    F(a##0, b##0, c##0, d##0, i); \
    if (sets > 1) F(a##1, b##1, c##1, d##1, i); \
    if (sets > 2) F(a##2, b##2, c##2, d##2, i); \
    if (sets > 3) F(a##3, b##3, c##3, d##3, i); \
} while (0)

/* 4x4 transpose of the words in each 128-bit lane; its own inverse.  With
 * x[j] holding blocks 4j..4j+3, x[w] then holds word w of all 16 blocks. */
static inline void transpose(__m512i x[4])
{
    __m512i t0 = _mm512_unpacklo_epi32(x[0], x[1]), t1 = _mm512_unpackhi_epi32(x[0], x[1]);
    __m512i t2 = _mm512_unpacklo_epi32(x[2], x[3]), t3 = _mm512_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm512_unpacklo_epi64(t0, t2);
    x[1] = _mm512_unpackhi_epi64(t0, t2);
    x[2] = _mm512_unpacklo_epi64(t1, t3);
    x[3] = _mm512_unpackhi_epi64(t1, t3);
}

/* Words of register j that lie within the first n blocks. */
static inline __mmask16 lane_mask(size_t n, unsigned j)
{
    size_t words = 4 * n > 16 * j ? 4 * n - 16 * j : 0;
    return words >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << words) - 1);
}

/* Whitening and rounds on the sliced words of `sets` sets, v[4j..4j+3]
 * for set j.  Inlined with constant enc and sets, so each variant is
 * straight code. */
static inline __attribute__((always_inline))
void rounds(const uint32_t *s, __m512i v[16], int enc, unsigned sets)
{
    for (unsigned j = 0; j < 4 * sets; j += 4) {
        if (enc) { v[j + 1] = ADD(v[j + 1], S(0)); v[j + 3] = ADD(v[j + 3], S(1)); }
        else { v[j] = SUB(v[j], S(2 * RC6_ROUNDS + 2)); v[j + 2] = SUB(v[j + 2], S(2 * RC6_ROUNDS + 3)); }
    }
    __m512i a0 = v[0], b0 = v[1], c0 = v[2], d0 = v[3], a1 = v[4], b1 = v[5], c1 = v[6], d1 = v[7];
    __m512i a2 = v[8], b2 = v[9], c2 = v[10], d2 = v[11], a3 = v[12], b3 = v[13], c3 = v[14], d3 = v[15];
    if (enc) {
        for (unsigned i = 1; i <= RC6_ROUNDS; i += 4) {
            EACH(ROUND, a, b, c, d, i);
            EACH(ROUND, b, c, d, a, i + 1);
            EACH(ROUND, c, d, a, b, i + 2);
            EACH(ROUND, d, a, b, c, i + 3);
        }
    } else {
        for (unsigned i = RC6_ROUNDS; i >= 1; i -= 4) {
            EACH(UNROUND, d, a, b, c, i);
            EACH(UNROUND, c, d, a, b, i - 1);
            EACH(UNROUND, b, c, d, a, i - 2);
            EACH(UNROUND, a, b, c, d, i - 3);
        }
    }
    v[0] = a0; v[1] = b0; v[2] = c0; v[3] = d0; v[4] = a1; v[5] = b1; v[6] = c1; v[7] = d1;
    v[8] = a2; v[9] = b2; v[10] = c2; v[11] = d2; v[12] = a3; v[13] = b3; v[14] = c3; v[15] = d3;
    for (unsigned j = 0; j < 4 * sets; j += 4) {
        if (enc) { v[j] = ADD(v[j], S(2 * RC6_ROUNDS + 2)); v[j + 2] = ADD(v[j + 2], S(2 * RC6_ROUNDS + 3)); }
        else { v[j + 1] = SUB(v[j + 1], S(0)); v[j + 3] = SUB(v[j + 3], S(1)); }
    }
}

#define VARIANT(sets) (enc ? rounds(k->s, v, 1, sets) : rounds(k->s, v, 0, sets))

/* n = 2..64 blocks: blocks 16j..16j+15 in set j. */
static void crypt64(const rc6_key *k, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    __m512i v[16];
    unsigned sets = (unsigned)(n + 15) / 16;
    for (unsigned j = 0; j < 16; j++) {
        __mmask16 m = lane_mask(n, j);
        v[j] = m ? _mm512_maskz_loadu_epi32(m, in + 64 * j) : _mm512_setzero_si512();
    }
    for (unsigned j = 0; j < 4 * sets; j += 4) transpose(v + j);
    switch (sets) {
    case 1: VARIANT(1); break;
    case 2: VARIANT(2); break;
    case 3: VARIANT(3); break;
    default: VARIANT(4); break;
    }
    for (unsigned j = 0; j < 4 * sets; j += 4) transpose(v + j);
    for (unsigned j = 0; j < 16; j++) {
        __mmask16 m = lane_mask(n, j);
        if (m) _mm512_mask_storeu_epi32(out + 64 * j, m, v[j]);
    }
}

static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    for (; nblocks >= 64; nblocks -= 64, in += 1024, out += 1024) crypt64(ctx, out, in, 64, enc);
    if (nblocks > 1) crypt64(ctx, out, in, nblocks, enc);
    else if (nblocks) (enc ? kc_rc6_ref.encrypt : kc_rc6_ref.decrypt)(ctx, out, in, 1);
}

RC6_CRYPT_ENTRIES(crypt)

const kc_block_backend kc_rc6_avx512 = {
    .head = {
        .name = "avx512",
        .summary = "AVX-512F, up to 4 x 16 blocks word-sliced, vpmulld and vprolvd",
        .cpu = KC_CPU_AVX512F,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(rc6_key),
    },
    .set_key = rc6_set_key_ctx,
    .encrypt = rc6_encrypt,
    .decrypt = rc6_decrypt,
};
KC_TARGET_END
#endif
