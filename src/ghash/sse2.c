/* SPDX-License-Identifier: MIT */
/* GHASH on SSE2 without PCLMULQDQ: carry-less products from PMULUDQ (two
 * 32x32 -> 64 integer multiplies per instruction) on operands with holes,
 * the technique of ct.c (BearSSL's ctmul) on 32-bit words.  A word keeps
 * every fourth bit in each of four pieces; a column of a piece-by-piece
 * product sums at most 8 ones, which fits its 4-bit slot, so the bit of
 * residue i + j mod 4 is the XOR of its column.  PMULUDQ returns all 64
 * product bits: no bit-reversed high half as ct needs.  Products of one
 * residue are XORed unmasked (the carries stay in the other residues' bits)
 * and masked once per reduction.
 *
 * A block as a big-endian 128-bit integer, dwords d0 (least significant)
 * to d3, times H by two levels of Karatsuba: nine 32x32 products, from
 * d0..d3, from [d0^d1, d0^d2, d2^d3, d1^d3] and from s = d0^d1^d2^d3.
 * Each 4-dword vector takes 32 PMULUDQ (even dwords, then odd ones shifted
 * down); the four blocks' s share one vector.  So 72 PMULUDQ a block, four
 * blocks (H^4..H^1, precomputed and masked) per reduction, which is
 * ghash_common.h's in scalar code.  On Zen 3 about 3.6 c/B against ct's
 * 8.4: bound by the copy, PMULUDQ and PXOR each product takes (SSE2 has
 * no three-operand forms), 0.64 cycles measured per product alone.
 * No table, no branch or address on data: constant time (PMULUDQ is). */
#include "core/arch.h"
#if KC_ARCH_X86
#include <emmintrin.h>
#include "core/util.h"
#include "ghash/ghash.h"
#include "ghash/ghash_common.h"
#include "kcipher.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* Piece j of the words of the power block b takes, H^(4-b), in the even
 * dwords (the ones PMULUDQ reads), so none is shifted per block.  The s
 * words go in ye[0] and ye[1]'s odd dwords: 1024 bytes in all. */
typedef struct {
    __m128i ye[4][4];   /* [b][j]: h0, h2; ye[0]: s(H^4), s(H^2) and ye[1]: s(H^3), s(H^1) between */
    __m128i yo[4][4];   /* h1, h3 */
    __m128i xe[4][4];   /* h0^h1, h2^h3 */
    __m128i xo[4][4];   /* h0^h2, h1^h3 */
} sse2_key;

KC_TARGET_BEGIN("sse2")

#define MASK(j) _mm_set1_epi32((int)(0x11111111u << (j)))
#define EVEN _mm_set_epi32(0, -1, 0, -1)

/* A block's 16 bytes as d0..d3 (d3 from bytes 0..3, big-endian). */
static ALWAYS_INLINE __m128i load_block(const uint8_t *p)
{
    __m128i v = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(const void *)p), 0x1b);
    v = _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1);
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}

/* [d0^d1, d0^d2, d2^d3, d1^d3]: Karatsuba's middle words. */
static ALWAYS_INLINE __m128i mid_words(__m128i d)
{
    return _mm_xor_si128(_mm_shuffle_epi32(d, _MM_SHUFFLE(1, 2, 0, 0)),
                         _mm_shuffle_epi32(d, _MM_SHUFFLE(3, 3, 2, 1)));
}

/* z[r] ^= the products of residue r of v's even dwords (odd: its odd ones)
 * and h's pieces' even dwords (hodd: their odd ones). */
static ALWAYS_INLINE void mac(__m128i z[4], __m128i v, const __m128i h[4], int odd, int hodd)
{
    if (odd) v = _mm_srli_epi64(v, 32);
    __m128i v0 = _mm_and_si128(v, MASK(0)), v1 = _mm_and_si128(v, MASK(1));
    __m128i v2 = _mm_and_si128(v, MASK(2)), v3 = _mm_and_si128(v, MASK(3));
    for (int j = 0; j < 4; j++) {
        __m128i hj = _mm_load_si128(&h[j]);
        if (hodd) hj = _mm_srli_epi64(hj, 32);
        z[j & 3] = _mm_xor_si128(z[j & 3], _mm_mul_epu32(v0, hj));
        z[(j + 1) & 3] = _mm_xor_si128(z[(j + 1) & 3], _mm_mul_epu32(v1, hj));
        z[(j + 2) & 3] = _mm_xor_si128(z[(j + 2) & 3], _mm_mul_epu32(v2, hj));
        z[(j + 3) & 3] = _mm_xor_si128(z[(j + 3) & 3], _mm_mul_epu32(v3, hj));
        /* keeps the sums in order: reassociated, they spill */
        __asm__("" : "+x"(z[0]), "+x"(z[1]), "+x"(z[2]), "+x"(z[3]));
    }
}

/* The kept bits of the four residue sums: two 64-bit products. */
static ALWAYS_INLINE __m128i unhole(const __m128i z[4])
{
    return _mm_or_si128(_mm_or_si128(_mm_and_si128(z[0], MASK(0)), _mm_and_si128(z[1], MASK(1))),
                        _mm_or_si128(_mm_and_si128(z[2], MASK(2)), _mm_and_si128(z[3], MASK(3))));
}

/* Blocks d[f..3] (Y already XORed into d[f]) times H^(4-f)..H^1, summed
 * and reduced into *y1:*y0 (f a constant: d[0..f-1] are not read).
 * p: scratch for the products. */
static ALWAYS_INLINE void group(const sse2_key *k, const __m128i d[4], int f, uint64_t p[10],
                                uint64_t *y1, uint64_t *y0)
{
    _Alignas(16) __m128i v[2][4];
    __m128i t[4], z[4];
    for (int b = 0; b < f; b++) t[b] = _mm_setzero_si128();
    for (int b = f; b < 4; b++) {
        v[0][b] = d[b];
        v[1][b] = mid_words(d[b]);
        t[b] = _mm_xor_si128(v[1][b], _mm_srli_si128(v[1][b], 8));     /* dword 1: s */
    }
    __m128i s = _mm_unpackhi_epi64(_mm_unpacklo_epi32(t[0], t[1]), _mm_unpacklo_epi32(t[2], t[3]));

    /* One role at a time, its operands from memory: interleaved, the
     * compiler spills (16 xmm registers). */
#define ROLE(out, vec, key, odd)                                        \
    do {                                                                \
        __asm__ volatile("" : : "r"(v) : "memory");                     \
        z[0] = z[1] = z[2] = z[3] = _mm_setzero_si128();                \
        for (int b = 3; b >= f; b--) mac(z, vec[b], key[b], odd, 0);    \
        _mm_storeu_si128((__m128i *)(void *)(p + (out)), unhole(z));    \
    } while (0)
    ROLE(0, v[0], k->ye, 0);    /* d0 h0, d2 h2 (block 0 waits for Y: last) */
    ROLE(2, v[0], k->yo, 1);    /* d1 h1, d3 h3 */
    ROLE(4, v[1], k->xe, 0);    /* (d0^d1)(h0^h1), (d2^d3)(h2^h3) */
    ROLE(6, v[1], k->xo, 1);    /* (d0^d2)(h0^h2), (d1^d3)(h1^h3) */
#undef ROLE
    __asm__ volatile("" : : "r"(v) : "memory");
    z[0] = z[1] = z[2] = z[3] = _mm_setzero_si128();
    mac(z, s, k->ye[0], 0, 1);  /* s0 s(H^4), s2 s(H^2) */
    mac(z, s, k->ye[1], 1, 1);  /* s1 s(H^3), s3 s(H^1) */
    _mm_storeu_si128((__m128i *)(void *)(p + 8), unhole(z));

    /* Karatsuba, inner level: A0 B0 = l1:l0, A1 B1 = h1:h0 (A1 = d3:d2);
     * outer: m1:m0 = (A0^A1)(B0^B1) ^ A0 B0 ^ A1 B1, the middle 128 bits. */
    uint64_t ml = p[4] ^ p[0] ^ p[2], mh = p[5] ^ p[1] ^ p[3], mm = p[8] ^ p[9] ^ p[6] ^ p[7];
    uint64_t l0 = p[0] ^ ml << 32, l1 = p[2] ^ ml >> 32;
    uint64_t h0 = p[1] ^ mh << 32, h1 = p[3] ^ mh >> 32;
    uint64_t m0 = p[6] ^ mm << 32 ^ l0 ^ h0, m1 = p[7] ^ mm >> 32 ^ l1 ^ h1;
    kc_ghash_reduce(y1, y0, h1, h0 ^ m1, l1 ^ m0, l0);
}

static ALWAYS_INLINE __m128i words(uint64_t y1, uint64_t y0)
{
    return _mm_set_epi64x((long long)y1, (long long)y0);
}

static void sse2_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const sse2_key *k = key;
    uint64_t y1 = kc_load64_be(y), y0 = kc_load64_be(y + 8);
    _Alignas(16) uint64_t p[10];
    __m128i d[4];
    for (; nblocks >= 4; nblocks -= 4, in += 64) {
        for (int b = 0; b < 4; b++) d[b] = load_block(in + 16 * b);
        d[0] = _mm_xor_si128(d[0], words(y1, y0));
        group(k, d, 0, p, &y1, &y0);
    }
    if (nblocks) {      /* the count is public: the last ones against H^n..H^1 */
        size_t f = 4 - nblocks;
        for (size_t b = f; b < 4; b++) d[b] = load_block(in + 16 * (b - f));
        d[f] = _mm_xor_si128(d[f], words(y1, y0));
        switch (f) {
        case 1: group(k, d, 1, p, &y1, &y0); break;
        case 2: group(k, d, 2, p, &y1, &y0); break;
        default: group(k, d, 3, p, &y1, &y0); break;
        }
    }
    kc_store64_be(y, y1);
    kc_store64_be(y + 8, y0);
    kc_wipe(p, sizeof p);
}

/* Block b's entries from the power y1:y0; its s into s[b]. */
static void set_power(sse2_key *k, int b, uint32_t s[4], uint64_t y1, uint64_t y0)
{
    __m128i d = words(y1, y0), x = mid_words(d);
    __m128i d1 = _mm_srli_epi64(d, 32), x1 = _mm_srli_epi64(x, 32);
    for (int j = 0; j < 4; j++) {
        __m128i m = _mm_and_si128(MASK(j), EVEN);
        k->ye[b][j] = _mm_and_si128(d, m);
        k->yo[b][j] = _mm_and_si128(d1, m);
        k->xe[b][j] = _mm_and_si128(x, m);
        k->xo[b][j] = _mm_and_si128(x1, m);
    }
    s[b] = (uint32_t)(y1 ^ y1 >> 32 ^ y0 ^ y0 >> 32);
}

/* The s words (those not known yet zero) into ye[0] and ye[1]. */
static void set_s(sse2_key *k, const uint32_t s[4])
{
    __m128i s02 = _mm_set_epi32((int)s[2], 0, (int)s[0], 0), s13 = _mm_set_epi32((int)s[3], 0, (int)s[1], 0);
    for (int j = 0; j < 4; j++) {
        k->ye[0][j] = _mm_or_si128(_mm_and_si128(k->ye[0][j], EVEN), _mm_and_si128(s02, MASK(j)));
        k->ye[1][j] = _mm_or_si128(_mm_and_si128(k->ye[1][j], EVEN), _mm_and_si128(s13, MASK(j)));
    }
}

static void sse2_init(void *key, const uint8_t h[16])
{
    sse2_key *k = key;
    uint64_t h1 = kc_load64_be(h), h0 = kc_load64_be(h + 8), y1 = h1, y0 = h0;
    uint32_t s[4] = { 0, 0, 0, 0 };
    _Alignas(16) uint64_t p[10];
    __m128i d[4];
    for (int j = 0; j < 4; j++) k->ye[0][j] = k->ye[1][j] = _mm_setzero_si128();
    set_power(k, 3, s, h1, h0);
    /* H^(4-b) = H^(3-b) * H: one block against H^1 (block 3's entries and s(H)). */
    for (int b = 2; b >= 0; b--) {
        set_s(k, s);
        d[3] = words(y1, y0);
        group(k, d, 3, p, &y1, &y0);
        set_power(k, b, s, y1, y0);
    }
    set_s(k, s);
    kc_wipe(s, sizeof s);
    kc_wipe(p, sizeof p);
}

KC_TARGET_END

const kc_ghash_backend kc_ghash_sse2 = {
    { "sse2", "SSE2 PMULUDQ on masked 32-bit words, 4 blocks per reduction (no PCLMULQDQ)",
      KC_CPU_SSE2, KC_CONSTANT_TIME, sizeof(sse2_key) },
    sse2_init, sse2_update
};
#endif
