/* SPDX-License-Identifier: MIT */
/* ARIA with GFNI S-boxes on AVX-512 (F, BW), 32 blocks per state.
 *
 * Byte slicing 32 blocks (the modes' 512-byte batches) would fill half of
 * every zmm, so two byte positions share one: s[k] holds bytes 2k (even
 * qwords) and 2k+1 (odd qwords) of 32 blocks, i.e. s[2w] = (t0|t1) and
 * s[2w+1] = (t2|t3) for word w.  The S-box matrices then differ per qword,
 * which gf2p8affine(inv)qb allows, but its constant is one immediate: every
 * vector goes through gf2p8affineinvqb(A, 0) (S1, S2) or gf2p8affineqb(B, 0)
 * and an inversion (X1, X2), and the constants move into the round keys:
 * S1/S2 outputs are off by 0x63/0xE2, which the linear diffusion carries
 * into the next key, and X1(y) = inv(B1(y ^ 0x63)), X2(y) = inv(B2(y ^
 * 0xE2)) take theirs from the key before them.  M swaps qwords (vpshufd),
 * MM is unchanged (vpternlogq), P swaps the qwords of words 1 and 3.  The
 * next round key is added inside M, where an XOR has a free input:
 * A(z) ^ k = MM.P.MM(M(z) ^ k') with k' = MM.P.MM(k) (an involution).
 *
 * Every round's diffusion waits for all of its S-boxes, which leaves one
 * state short of independent work; 33..64 blocks run as two interleaved
 * states (as fast per block as a fully byte-sliced 64-block layout).
 *
 * Constant time: GFNI, XOR and fixed shuffles; masks depend on lengths only. */
#include "core/arch.h"
#if KC_ARCH_X86
KC_TARGET_BEGIN("avx2,avx512f,avx512bw,gfni")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 1
#include "aria/aria_x86.h"
#include "aria/aria_pair512.h"

extern const struct kc_gcm_stitch kc_aria_gfni_avx512_gcm;

#define SMALL 1   /* up to this many blocks: one at a time */

static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    aria_x86_key_round(aria_gfni_sl1, out, in, rk, odd);
}

/* Vector i holds blocks 4i..4i+3, one per lane; afterwards qword q of each
 * lane of s[k] holds byte 2k + q of 8 blocks (byte t from vector t). */
static inline void pair_transpose(__m512i s[8], const __m512i r[8])
{
    __m512i a[8], b[8];
    for (int k = 0; k < 8; k += 2) {
        a[k] = _mm512_unpacklo_epi8(r[k], r[k + 1]);        /* bytes 0-7 */
        a[k + 1] = _mm512_unpackhi_epi8(r[k], r[k + 1]);    /* bytes 8-15 */
    }
    for (int h = 0; h < 2; h++) {                           /* bytes 0-7, then 8-15 */
        b[4 * h] = _mm512_unpacklo_epi16(a[h], a[h + 2]);
        b[4 * h + 1] = _mm512_unpackhi_epi16(a[h], a[h + 2]);
        b[4 * h + 2] = _mm512_unpacklo_epi16(a[h + 4], a[h + 6]);
        b[4 * h + 3] = _mm512_unpackhi_epi16(a[h + 4], a[h + 6]);
    }
    for (int k = 0; k < 8; k += 4) {
        s[k] = _mm512_unpacklo_epi32(b[k], b[k + 2]);
        s[k + 1] = _mm512_unpackhi_epi32(b[k], b[k + 2]);
        s[k + 2] = _mm512_unpacklo_epi32(b[k + 1], b[k + 3]);
        s[k + 3] = _mm512_unpackhi_epi32(b[k + 1], b[k + 3]);
    }
}

/* Vector i of state g: blocks 32g + 4i .. 32g + 4i + 3 of n; masked loads
 * and stores cover a tail. */
static inline __mmask64 load_mask(size_t n, int g, int i, int *any)
{
    size_t at = 512u * (unsigned)g + 64u * (unsigned)i, have = 16 * n > at ? 16 * n - at : 0;
    *any = have != 0;
    return have >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << have) - 1;
}

/* 32 counter blocks (ctr with last word low .. low + 31, no wrap) made in
 * the pair layout directly: byte t of qword q of lane L of s[k] is byte
 * 2k + q of block 4t + L.  Bytes 0..11 are the same in every block; bytes
 * 15, 14, 13, 12 are the low word's bytes plus the block index, with the
 * carries found by unsigned compares (the counter is public). */
static inline void pair_counters(__m512i s[8], const uint8_t *ctr, uint32_t low)
{
    static const uint8_t index[64] = {
        0, 4, 8, 12, 16, 20, 24, 28, 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29, 1, 5, 9, 13, 17, 21, 25, 29,
        2, 6, 10, 14, 18, 22, 26, 30, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31, 3, 7, 11, 15, 19, 23, 27, 31,
    };
    const __m512i block = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)ctr));   /* bytes 0..11 used */
    for (int k = 0; k < 6; k++)   /* bytes 2k and 2k + 1, eight times each, in every lane */
        s[k] = _mm512_shuffle_epi8(block, _mm512_broadcast_i32x4(_mm_set_epi64x(
                                              (long long)((2 * k + 1) * 0x0101010101010101ull),
                                              (long long)(2 * k * 0x0101010101010101ull))));
    const __m512i one = _mm512_set1_epi8(1), l0 = _mm512_set1_epi8((char)low), l1 = _mm512_set1_epi8((char)(low >> 8));
    const __m512i l2 = _mm512_set1_epi8((char)(low >> 16)), l3 = _mm512_set1_epi8((char)(low >> 24));
    __m512i b15 = _mm512_add_epi8(l0, _mm512_loadu_si512(index));
    __mmask64 c14 = _mm512_cmplt_epu8_mask(b15, l0);   /* carries into byte 14, 13, 12 */
    __mmask64 c13 = (low >> 8 & 0xFF) == 0xFF ? c14 : 0, c12 = (low >> 16 & 0xFF) == 0xFF ? c13 : 0;
    __m512i b14 = _mm512_mask_add_epi8(l1, c14, l1, one);
    __m512i b13 = _mm512_mask_add_epi8(l2, c13, l2, one);
    __m512i b12 = _mm512_mask_add_epi8(l3, c12, l3, one);
    s[6] = _mm512_mask_blend_epi64(0xAA, b12, b13);
    s[7] = _mm512_mask_blend_epi64(0xAA, b14, b15);
}

/* n <= 32 * G blocks as G interleaved states.  With ctr (CTR on a run of
 * kc_ctr_runs; use_ctr = 1) the states are counter blocks made in registers and the
 * output is the input XOR the keystream. */
static inline __attribute__((always_inline)) void crypt_pairs(const pair_keys pk, unsigned rounds, uint8_t *out,
                                                              const uint8_t *in, size_t n, const int G,
                                                              const uint8_t *ctr, uint32_t low, const int use_ctr)
{
    __m512i r[8], s[2][8];
    int any;
    for (int g = 0; g < G; g++) {
        if (use_ctr) {
            pair_counters(s[g], ctr, low + 32u * (unsigned)g);
        } else {
            for (int i = 0; i < 8; i++) {
                __mmask64 m = load_mask(n, g, i, &any);
                r[i] = any ? _mm512_maskz_loadu_epi8(m, in + 512 * g + 64 * i) : _mm512_setzero_si512();
            }
            pair_transpose(s[g], r);
        }
        for (int k = 0; k < 8; k++) s[g][k] = _mm512_xor_si512(s[g][k], PAIR_KEY(pk[0][k]));
    }
    for (unsigned i = 0; i < rounds; i += 2) {
        for (int g = 0; g < G; g++) pair_round(s[g], pk[i + 1], 1, 0);
        for (int g = 0; g < G; g++) pair_round(s[g], pk[i + 2], 0, i + 2 == rounds);
    }
    for (int g = 0; g < G; g++) {
        pair_untranspose(r, s[g]);
        for (int i = 0; i < 8; i++) {
            __mmask64 m = load_mask(n, g, i, &any);
            if (any && use_ctr)
                r[i] = _mm512_xor_si512(r[i], _mm512_maskz_loadu_epi8(m, in + 512 * g + 64 * i));
            if (any) _mm512_mask_storeu_epi8(out + 512 * g + 64 * i, m, r[i]);
        }
    }
}

static void crypt64(const pair_keys pk, unsigned rounds, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt_pairs(pk, rounds, out, in, n, 2, NULL, 0, 0);
}

static void crypt32(const pair_keys pk, unsigned rounds, uint8_t *out, const uint8_t *in, size_t n)
{
    crypt_pairs(pk, rounds, out, in, n, 1, NULL, 0, 0);
}

/* Key i for adding inside M (0 < i < rounds): k' = MM.P.MM(k). */
static void mixed_key(uint8_t out[16], const uint8_t k[16])
{
    uint32_t t[4];
    for (int i = 0; i < 4; i++) t[i] = kc_load32_le(k + 4 * i);
    aria_mix_words(t);
    for (int i = 0; i < 4; i++) kc_store32_le(out + 4 * i, t[i]);
    kc_wipe(t, sizeof t);
}

/* Pair-layout keys: the S-box constants of round i (c: 0x63 at S1, 0xE2 at
 * S2) pass through A into key i, or into the last key as they are; those
 * of the X boxes of round i + 1 (0x63 at X1, 0xE2 at X2) go into key i. */
static void pair_fill(pair_keys pk, const uint8_t k[][16], unsigned rounds)
{
    static const uint8_t c_odd[16] = { 0x63, 0xE2, 0, 0, 0x63, 0xE2, 0, 0, 0x63, 0xE2, 0, 0, 0x63, 0xE2, 0, 0 };
    static const uint8_t c_even[16] = { 0, 0, 0x63, 0xE2, 0, 0, 0x63, 0xE2, 0, 0, 0x63, 0xE2, 0, 0, 0x63, 0xE2 };
    for (unsigned i = 0; i <= rounds; i++) {
        uint8_t f[16], a[16];
        memcpy(f, k[i], 16);
        if (i > 0) {                                /* S constants of round i (SL1 when i is odd) */
            const uint8_t *c = i % 2 ? c_odd : c_even;
            if (i < rounds) aria_diffuse_bytes(a, c);
            else memcpy(a, c, 16);
            for (int p = 0; p < 16; p++) f[p] ^= a[p];
        }
        if (i < rounds)                             /* X constants of round i + 1 */
            for (int p = 0; p < 16; p++) f[p] ^= (i % 2 ? c_odd : c_even)[p];
        if (i > 0 && i < rounds) mixed_key(f, f);
        for (int v = 0; v < 8; v++) {
            memset(pk[i][v], f[2 * v], 8);
            memset(pk[i][v] + 8, f[2 * v + 1], 8);
        }
        kc_wipe(f, sizeof f);
    }
}

static void crypt(const aria_x86_keys *ks, const pair_keys pk, unsigned rounds, uint8_t *out,
                  const uint8_t *in, size_t n)
{
    for (; n >= 64; n -= 64, in += 1024, out += 1024) crypt64(pk, rounds, out, in, 64);
    if (n > 32) crypt64(pk, rounds, out, in, n);
    else if (n > SMALL) crypt32(pk, rounds, out, in, n);
    else
        for (; n; n--, in += 16, out += 16) aria_x86_crypt1(aria_gfni_sl1, ks, rounds, out, in);
}

static kc_status gfni_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    gfni512_key *k = ctx;
    (void)block_len;
    aria_x86_set_key(&k->enc, &k->dec, &k->rounds, key, key_len, key_round);
    pair_fill(k->penc, (const uint8_t (*)[16])k->enc.k, k->rounds);
    pair_fill(k->pdec, (const uint8_t (*)[16])k->dec.k, k->rounds);
    return KC_OK;
}

static void gfni_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const gfni512_key *k = ctx;
    crypt(&k->enc, k->penc, k->rounds, out, in, nblocks);
}

static void gfni_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const gfni512_key *k = ctx;
    crypt(&k->dec, k->pdec, k->rounds, out, in, nblocks);
}

static void ctr64(const pair_keys pk, unsigned rounds, uint8_t *out, const uint8_t *in, size_t n, const uint8_t *ctr,
                  uint32_t low)
{
    crypt_pairs(pk, rounds, out, in, n, 2, ctr, low, 1);
}

static void ctr32(const pair_keys pk, unsigned rounds, uint8_t *out, const uint8_t *in, size_t n, const uint8_t *ctr,
                  uint32_t low)
{
    crypt_pairs(pk, rounds, out, in, n, 1, ctr, low, 1);
}

/* CTR on a run of n = 1..64 blocks (kc_ctr_runs). */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const gfni512_key *k = ctx;
    if (n > 32) ctr64(k->penc, k->rounds, out, in, n, ctr, low);
    else ctr32(k->penc, k->rounds, out, in, n, ctr, low);
}

static void gfni_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(ctr_run, 64, SMALL, gfni_encrypt, ctx, 16, counter, out, in, nblocks);
}

/* ---- Multi-buffer CBC encryption (cbc_encrypt_multi) ----
 * Chain c is block c of the states (state c / 32, vector c % 32 / 4, lane
 * c % 4 before pair_transpose): the chaining values stay in the pair layout
 * in registers from block to block, and each step XORs in block j of every
 * chain.  Blocks pass through 64-byte stages, one cache line per chain every
 * four steps: messages 4 KiB apart all map to one L1 set, which touching
 * each of their lines once per step thrashes.  The next four blocks are
 * staged before the current four run. */
#define MB_CHAINS 64

/* Block `off` of the stages of chains c .. c + 3 (64 bytes apart), one per
 * lane, and back. */
static inline __m512i stage_load4(const uint8_t *st, size_t off)
{
    __m512i x = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(st + off)));
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(st + 64 + off)), 1);
    x = _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(st + 128 + off)), 2);
    return _mm512_inserti32x4(x, _mm_loadu_si128((const __m128i *)(st + 192 + off)), 3);
}

static inline void stage_store4(uint8_t *st, size_t off, __m512i x)
{
    _mm_storeu_si128((__m128i *)(st + off), _mm512_castsi512_si128(x));
    _mm_storeu_si128((__m128i *)(st + 64 + off), _mm512_extracti32x4_epi32(x, 1));
    _mm_storeu_si128((__m128i *)(st + 128 + off), _mm512_extracti32x4_epi32(x, 2));
    _mm_storeu_si128((__m128i *)(st + 192 + off), _mm512_extracti32x4_epi32(x, 3));
}

/* State g (pair layout) from / to block `off` of the stages of its 32 chains. */
static inline void stage_in(__m512i s[8], const uint8_t st[][64], int g, size_t off)
{
    __m512i r[8];
    for (int i = 0; i < 8; i++) r[i] = stage_load4(st[32 * g + 4 * i], off);
    pair_transpose(s, r);
}

static inline void stage_out(uint8_t st[][64], int g, size_t off, const __m512i s[8])
{
    __m512i r[8];
    pair_untranspose(r, s);
    for (int i = 0; i < 8; i++) stage_store4(st[32 * g + 4 * i], off, r[i]);
}

/* m = 1..32 G chains as G interleaved states. */
static inline __attribute__((always_inline))
void cbc_pass(const pair_keys pk, unsigned rounds, size_t m, uint8_t *const out[], const uint8_t *const in[],
              uint8_t *const iv[], size_t nblocks, const int G)
{
    uint8_t sin[2][MB_CHAINS][64], sout[MB_CHAINS][64];   /* plaintext, ciphertext / chaining values */
    __m512i s[2][8], p[8];
    int any = 0;
    memset(sin, 0, sizeof sin);
    memset(sout, 0, sizeof sout);
    for (size_t i = 0; i < m; i++) {
        any |= out[i] != NULL;
        memcpy(sout[i], iv[i], 16);
    }
    for (int g = 0; g < G; g++) stage_in(s[g], (const uint8_t (*)[64])sout, g, 0);
    if (nblocks) aria_stage_fill(sin[0], in, m, 0, nblocks);
    for (size_t j = 0, b = 0; j < nblocks; j += 4, b ^= 1) {
        size_t k = nblocks - j < 4 ? nblocks - j : 4;
        if (j + 4 < nblocks) aria_stage_fill(sin[b ^ 1], in, m, j + 4, nblocks);
        for (size_t off = 0; off < 16 * k; off += 16) {
            for (int g = 0; g < G; g++) {
                stage_in(p, (const uint8_t (*)[64])sin[b], g, off);
                for (int q = 0; q < 8; q++) s[g][q] = XOR3(s[g][q], p[q], PAIR_KEY(pk[0][q]));
            }
            for (unsigned i = 0; i < rounds; i += 2) {
                for (int g = 0; g < G; g++) pair_round(s[g], pk[i + 1], 1, 0);
                for (int g = 0; g < G; g++) pair_round(s[g], pk[i + 2], 0, i + 2 == rounds);
            }
            if (any)
                for (int g = 0; g < G; g++) stage_out(sout, g, off, s[g]);
        }
        if (any)
            for (size_t i = 0; i < m; i++)
                if (out[i]) memcpy(out[i] + 16 * j, sout[i], 16 * k);
    }
    for (int g = 0; g < G; g++) stage_out(sout, g, 0, s[g]);
    for (size_t i = 0; i < m; i++) memcpy(iv[i], sout[i], 16);
    kc_wipe(sin, sizeof sin);
    kc_wipe(sout, sizeof sout);
}

static void gfni_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                           uint8_t *const iv[], size_t nblocks)
{
    const gfni512_key *k = ctx;
    for (size_t first = 0; first < n; first += MB_CHAINS) {
        size_t m = n - first < MB_CHAINS ? n - first : MB_CHAINS;
        if (m > 32) cbc_pass(k->penc, k->rounds, m, out + first, in + first, iv + first, nblocks, 2);
        else cbc_pass(k->penc, k->rounds, m, out + first, in + first, iv + first, nblocks, 1);
    }
}

static void gfni_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
    const gfni512_key *k = ctx;
    aria_x86_gfni_cbc(&k->enc, k->rounds, iv, out, in, n);
}

const kc_block_backend kc_aria_gfni_avx512 = {
    .head = {
        .name = "gfni-avx512",
        .summary = "GFNI S-boxes, AVX-512 byte-sliced 32 blocks per state (2 interleaved), constant time",
        .cpu = KC_CPU_AVX2 | KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(gfni512_key),
    },
    .set_key = gfni_set_key,
    .encrypt = gfni_encrypt,
    .decrypt = gfni_decrypt,
    .ctr = gfni_ctr,
    .cbc_encrypt = gfni_cbc,
    .cbc_encrypt_multi = gfni_cbc_multi,
    .gcm_stitch = &kc_aria_gfni_avx512_gcm,
};
KC_TARGET_END
#endif
