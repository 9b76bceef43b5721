/* LEA, AVX-512F: 16 blocks word-sliced per set of four zmm registers, each
 * rotation one vprold/vprord.  Two sets are in flight when there are more
 * than 16 blocks: decryption's rounds are a serial chain (X1 needs the new
 * X0, X2 the new X1) that one set cannot fill the pipeline with.  A tail of
 * 2..31 blocks runs the same code on masked loads and stores; a lone block
 * goes to the ref code.  CTR builds its counter blocks directly in the
 * sliced layout and XORs after the transpose back.  ARX only: constant
 * time. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "core/backend.h"
#include "lea/lea_common.h"

extern const kc_block_backend kc_lea_ref;

static kc_status lea_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)block_len;
    lea_expand_key(ctx, key, key_len);
    return KC_OK;
}

#pragma GCC target("avx512f")

#define K(j) _mm512_set1_epi32((int)rk[j])
#define XOR _mm512_xor_si512
#define ADD _mm512_add_epi32
#define SUB _mm512_sub_epi32

/* One round on (a, b, c, d) = (X0, X1, X2, X3), leaving the new state in
 * (b, c, d, a): d, c, b are overwritten in the order that reads each old
 * value before it is replaced. */
#define ROUND(a, b, c, d, round_keys) do { const uint32_t *rk = (round_keys); \
    d = _mm512_ror_epi32(ADD(XOR(c, K(4)), XOR(d, K(5))), 3); \
    c = _mm512_ror_epi32(ADD(XOR(b, K(2)), XOR(c, K(3))), 5); \
    b = _mm512_rol_epi32(ADD(XOR(a, K(0)), XOR(b, K(1))), 9); \
} while (0)
/* Its inverse: a holds the old X0, which unlocks b, then c, then d. */
#define UNROUND(a, b, c, d, round_keys) do { const uint32_t *rk = (round_keys); \
    b = XOR(SUB(_mm512_ror_epi32(b, 9), XOR(a, K(0))), K(1)); \
    c = XOR(SUB(_mm512_rol_epi32(c, 5), XOR(b, K(2))), K(3)); \
    d = XOR(SUB(_mm512_rol_epi32(d, 3), XOR(c, K(4))), K(5)); \
} while (0)
/* Rounds i..i+3 (forward) or i-1 down to i-4 (back) on set x and, when two,
 * on set y, interleaved round by round. */
#define R2(F, a, b, c, d, r) do { \
    F(x##a, x##b, x##c, x##d, r); if (two) F(y##a, y##b, y##c, y##d, r); } while (0)
#define ROUNDS4(i) do { \
    R2(ROUND, 0, 1, 2, 3, k->rk[(i)]);     R2(ROUND, 1, 2, 3, 0, k->rk[(i) + 1]); \
    R2(ROUND, 2, 3, 0, 1, k->rk[(i) + 2]); R2(ROUND, 3, 0, 1, 2, k->rk[(i) + 3]); \
} while (0)
#define UNROUNDS4(i) do { \
    R2(UNROUND, 3, 0, 1, 2, k->rk[(i) - 1]); R2(UNROUND, 2, 3, 0, 1, k->rk[(i) - 2]); \
    R2(UNROUND, 1, 2, 3, 0, k->rk[(i) - 3]); R2(UNROUND, 0, 1, 2, 3, k->rk[(i) - 4]); \
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

/* The rounds on the sliced words v[0..3] and, when two, v[4..7].  Inlined
 * with constant enc and two, so each variant is straight code. */
static inline __attribute__((always_inline))
void rounds(const lea_key *k, __m512i v[8], int enc, int two)
{
    __m512i x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    __m512i y0 = v[4], y1 = v[5], y2 = v[6], y3 = v[7];
    if (enc) {
        for (unsigned i = 0; i < k->rounds; i += 4) ROUNDS4(i);
    } else {
        for (unsigned i = k->rounds; i; i -= 4) UNROUNDS4(i);
    }
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = y0; v[5] = y1; v[6] = y2; v[7] = y3;
}

/* n = 2..32 blocks: 0..15 in set x, 16..31 in set y (only when n > 16). */
static void crypt32(const lea_key *k, uint8_t *out, const uint8_t *in, size_t n, int enc)
{
    __m512i v[8];
    for (unsigned j = 0; j < 8; j++) {
        __mmask16 m = lane_mask(n, j);
        v[j] = m ? _mm512_maskz_loadu_epi32(m, in + 64 * j) : _mm512_setzero_si512();
    }
    transpose(v);
    transpose(v + 4);
    if (enc) {
        if (n > 16) rounds(k, v, 1, 1); else rounds(k, v, 1, 0);
    } else {
        if (n > 16) rounds(k, v, 0, 1); else rounds(k, v, 0, 0);
    }
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) {
        __mmask16 m = lane_mask(n, j);
        if (m) _mm512_mask_storeu_epi32(out + 64 * j, m, v[j]);
    }
}

static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    for (; nblocks >= 32; nblocks -= 32, in += 512, out += 512) crypt32(ctx, out, in, 32, enc);
    if (nblocks > 1) crypt32(ctx, out, in, nblocks, enc);
    else if (nblocks) (enc ? kc_lea_ref.encrypt : kc_lea_ref.decrypt)(ctx, out, in, 1);
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 1);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 0);
}

/* ---- CTR: counter blocks made in the sliced layout ----
 * Within a run in which the counter's low 32 bits do not wrap, words X0..X2
 * of every counter block are the same (broadcast) and X3 is the byte-swapped
 * low word plus the block index.  After transpose(), word position p of a
 * sliced register belongs to block 4 (p mod 4) + p / 4. */

static inline __m512i bswap32(__m512i x)   /* AVX-512F has no vpshufb */
{
    return _mm512_ternarylogic_epi32(_mm512_set1_epi32(0x00ff00ff), _mm512_rol_epi32(x, 8),
                                     _mm512_ror_epi32(x, 8), 0xca);   /* mask ? rol : ror */
}

/* n = 1..32 blocks from the low counter word low (no wrap within them);
 * x012 holds X0..X2 of the counter blocks. */
static void ctr32(const lea_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const __m512i order = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    __m512i base = _mm512_add_epi32(_mm512_set1_epi32((int)low), order);
    __m512i v[8];
    for (unsigned j = 0; j < 3; j++) v[j] = v[4 + j] = _mm512_set1_epi32((int)x012[j]);
    v[3] = bswap32(base);
    v[7] = bswap32(_mm512_add_epi32(base, _mm512_set1_epi32(16)));
    if (n > 16) rounds(k, v, 1, 1); else rounds(k, v, 1, 0);
    transpose(v);
    transpose(v + 4);
    for (unsigned j = 0; j < 8; j++) {
        __mmask16 m = lane_mask(n, j);
        if (m) _mm512_mask_storeu_epi32(out + 64 * j, m, XOR(v[j], _mm512_maskz_loadu_epi32(m, in + 64 * j)));
    }
}

static void lea_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint32_t w[4], x012[3];   /* w: the counter as big-endian words */
    for (unsigned i = 0; i < 4; i++) w[i] = kc_load32_be(counter + 4 * i);
    while (nblocks) {
        uint64_t room = (1ull << 32) - w[3];          /* blocks before the low word wraps */
        size_t run = nblocks < room ? nblocks : (size_t)room;
        for (unsigned i = 0; i < 3; i++) x012[i] = kc_load32_le(counter + 4 * i);
        for (size_t done = 0; done < run; done += 32) {
            size_t n = run - done < 32 ? run - done : 32;
            ctr32(ctx, x012, w[3] + (uint32_t)done, out + 16 * done, in + 16 * done, n);
        }
        w[3] += (uint32_t)run;
        for (int i = 2; w[3] == 0 && i >= 0 && ++w[i] == 0; i--) {}   /* carry on a wrap */
        for (unsigned i = 0; i < 4; i++) kc_store32_be(counter + 4 * i, w[i]);
        out += 16 * run; in += 16 * run; nblocks -= run;
    }
}

const kc_block_backend kc_lea_avx512 = {
    { "avx512", "AVX-512F, 16 or 32 blocks word-sliced, vprold rotations", KC_CPU_AVX512F, 1,
      sizeof(lea_key) },
    lea_set_key, lea_encrypt, lea_decrypt, lea_ctr
};
#endif
