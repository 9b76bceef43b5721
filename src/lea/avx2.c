/* LEA, AVX2: 8 blocks word-sliced per set of four ymm registers; a rotation
 * is two shifts and an OR.  Two sets are in flight when there are more than
 * 8 blocks: decryption's rounds are a serial chain (X1 needs the new X0, X2
 * the new X1) that one set cannot fill the pipeline with.  A tail of 2..15
 * blocks is padded on the stack; a lone block goes to the ref code.  CTR
 * builds its counter blocks directly in the sliced layout.  ARX only:
 * constant time. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "lea/lea_common.h"

extern const kc_block_backend kc_lea_ref;

static kc_status lea_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)block_len;
    lea_expand_key(ctx, key, key_len);
    return KC_OK;
}

#pragma GCC target("avx2")

#define K(j) _mm256_set1_epi32((int)rk[j])
#define XOR _mm256_xor_si256
#define ADD _mm256_add_epi32
#define SUB _mm256_sub_epi32
#define ROL(x, n) _mm256_or_si256(_mm256_slli_epi32(x, n), _mm256_srli_epi32(x, 32 - (n)))
#define ROR(x, n) ROL(x, 32 - (n))

/* One round on (a, b, c, d) = (X0, X1, X2, X3), leaving the new state in
 * (b, c, d, a): d, c, b are overwritten in the order that reads each old
 * value before it is replaced. */
#define ROUND(a, b, c, d, round_keys) do { const uint32_t *rk = (round_keys); \
    d = ROR(ADD(XOR(c, K(4)), XOR(d, K(5))), 3); \
    c = ROR(ADD(XOR(b, K(2)), XOR(c, K(3))), 5); \
    b = ROL(ADD(XOR(a, K(0)), XOR(b, K(1))), 9); \
} while (0)
/* Its inverse: a holds the old X0, which unlocks b, then c, then d. */
#define UNROUND(a, b, c, d, round_keys) do { const uint32_t *rk = (round_keys); \
    b = XOR(SUB(ROR(b, 9), XOR(a, K(0))), K(1)); \
    c = XOR(SUB(ROL(c, 5), XOR(b, K(2))), K(3)); \
    d = XOR(SUB(ROL(d, 3), XOR(c, K(4))), K(5)); \
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

/* The rounds on the sliced words v[0..3] and, when two, v[4..7].  Inlined
 * with constant enc and two, so each variant is straight code. */
static inline __attribute__((always_inline))
void rounds(const lea_key *k, __m256i v[8], int enc, int two)
{
    __m256i x0 = v[0], x1 = v[1], x2 = v[2], x3 = v[3];
    __m256i y0 = v[4], y1 = v[5], y2 = v[6], y3 = v[7];
    if (enc) {
        for (unsigned i = 0; i < k->rounds; i += 4) ROUNDS4(i);
    } else {
        for (unsigned i = k->rounds; i; i -= 4) UNROUNDS4(i);
    }
    v[0] = x0; v[1] = x1; v[2] = x2; v[3] = x3;
    v[4] = y0; v[5] = y1; v[6] = y2; v[7] = y3;
}

/* 16 blocks (set y holds blocks 8..15; it is skipped unless two). */
static void crypt16(const lea_key *k, uint8_t *out, const uint8_t *in, int enc, int two)
{
    __m256i v[8];
    for (unsigned j = 0; j < 8; j++) v[j] = _mm256_loadu_si256((const __m256i *)(in + 32 * j));
    transpose(v);
    transpose(v + 4);
    if (enc) {
        if (two) rounds(k, v, 1, 1); else rounds(k, v, 1, 0);
    } else {
        if (two) rounds(k, v, 0, 1); else rounds(k, v, 0, 0);
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
        (enc ? kc_lea_ref.encrypt : kc_lea_ref.decrypt)(ctx, out, in, 1);
    }
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
 * sliced register belongs to block 2 (p mod 4) + p / 4. */

/* 16 blocks of keystream XORed into in (n = 16), or into buf for a tail. */
static void ctr16(const lea_key *k, const uint32_t x012[3], uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const __m256i bswap = _mm256_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                                          12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m256i base = _mm256_add_epi32(_mm256_set1_epi32((int)low), _mm256_set_epi32(7, 5, 3, 1, 6, 4, 2, 0));
    __m256i v[8];
    for (unsigned j = 0; j < 3; j++) v[j] = v[4 + j] = _mm256_set1_epi32((int)x012[j]);
    v[3] = _mm256_shuffle_epi8(base, bswap);
    v[7] = _mm256_shuffle_epi8(_mm256_add_epi32(base, _mm256_set1_epi32(8)), bswap);
    if (n > 8) rounds(k, v, 1, 1); else rounds(k, v, 1, 0);
    transpose(v);
    transpose(v + 4);
    if (n == 16) {
        for (unsigned j = 0; j < 8; j++)
            _mm256_storeu_si256((__m256i *)(out + 32 * j), XOR(v[j], _mm256_loadu_si256((const __m256i *)(in + 32 * j))));
        return;
    }
    uint8_t ks[256];
    for (unsigned j = 0; j < 8; j++) _mm256_storeu_si256((__m256i *)(ks + 32 * j), v[j]);
    for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
    kc_wipe(ks, sizeof ks);
}

static void lea_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint32_t w[4], x012[3];   /* w: the counter as big-endian words */
    for (unsigned i = 0; i < 4; i++) w[i] = kc_load32_be(counter + 4 * i);
    while (nblocks) {
        uint64_t room = (1ull << 32) - w[3];          /* blocks before the low word wraps */
        size_t run = nblocks < room ? nblocks : (size_t)room;
        for (unsigned i = 0; i < 3; i++) x012[i] = kc_load32_le(counter + 4 * i);
        for (size_t done = 0; done < run; done += 16) {
            size_t n = run - done < 16 ? run - done : 16;
            ctr16(ctx, x012, w[3] + (uint32_t)done, out + 16 * done, in + 16 * done, n);
        }
        w[3] += (uint32_t)run;
        for (int i = 2; w[3] == 0 && i >= 0 && ++w[i] == 0; i--) {}   /* carry on a wrap */
        for (unsigned i = 0; i < 4; i++) kc_store32_be(counter + 4 * i, w[i]);
        out += 16 * run; in += 16 * run; nblocks -= run;
    }
}

const kc_block_backend kc_lea_avx2 = {
    { "avx2", "AVX2, 8 or 16 blocks word-sliced", KC_CPU_AVX2, 1, sizeof(lea_key) },
    lea_set_key, lea_encrypt, lea_decrypt, lea_ctr
};
#endif
