/* SPDX-License-Identifier: MIT */
/* ARIA on x86-64 SIMD: pieces shared by aesni_avx2.c, vaes_avx2.c,
 * gfni_avx2.c and gfni_avx512.c.  Each of those opens KC_TARGET_BEGIN for
 * its instruction sets BEFORE including this header and says which parts
 * it wants with ARIA_X86_AVX2, ARIA_X86_GFNI and ARIA_X86_VAES (0 or 1;
 * VAES: the AES-NI S-layer's aesenclast/aesdeclast on whole ymm).
 *
 * Byte slicing (AVX2): 32 blocks are transposed so that ymm p holds byte p
 * of every block.  Each vector then needs one S-box type, round keys are
 * byte broadcasts, and the diffusion layer A = MM.P.MM.M of aria_common.h
 * becomes XORs of whole vectors (P is a renaming).  gfni_avx512.c packs
 * two byte positions per zmm instead.
 *
 * One block in an xmm register (key schedule, short tails): the four
 * S-boxes are computed on the whole block and blended by byte position;
 * A is seven byte shuffles XORed together. */
#ifndef KC_ARIA_X86_H
#define KC_ARIA_X86_H
#include <immintrin.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "aria/aria_common.h"
#ifndef ARIA_X86_VAES
#define ARIA_X86_VAES 0
#endif

/* Round keys: plain bytes (one-block code) and each byte repeated in a
 * 32-bit word (one broadcast load per byte-sliced vector); f4: the keys the
 * AES S-layer folds into its aesenclast/aesdeclast (aria_x86_sl32). */
typedef struct aria_x86_keys {
    uint8_t k[ARIA_MAX_ROUNDS + 1][16];
    uint32_t k4[ARIA_MAX_ROUNDS + 1][16];
    uint32_t f4[ARIA_MAX_ROUNDS][16];
    uint8_t l0[16], l[ARIA_MAX_ROUNDS][16];   /* the lone kernel's (aria_x86_lone_fold) */
} aria_x86_keys;

/* The lone CBC kernel for the GFNI backends, whose target has no AES-NI
 * (aesni.c; only on a CPU with AES-NI, SSSE3 and SSE4.1). */
void kc_aria_aesni_cbc(const aria_x86_keys *ks, unsigned rounds, uint8_t *iv, uint8_t *out, const uint8_t *in,
                       size_t n);

/* L^-1 for S2(x) = L.S1(x) + 0x88: its columns, applied with masks (the
 * key is secret) */
static inline uint8_t aria_x86_l_inv(uint8_t b)
{
    static const uint8_t col[8] = { 0x41, 0xea, 0x13, 0x57, 0xb6, 0x08, 0xd6, 0x53 };
    uint8_t r = 0;
    for (int i = 0; i < 8; i++) r ^= col[i] & (uint8_t)(0 - (b >> i & 1));
    return r;
}

/* The AES S-layer of round r adds the key of round r + 1 after its S-boxes
 * (the AES instructions' key operand), moved before the diffusion A:
 * A(S ^ A(k)) = A(S) ^ k, A linear and its own inverse; the last round
 * adds the last key.  At the S2 positions (byte 1 of each word in odd
 * rounds, 3 in even ones) the affine map L + 0x88 follows aesenclast, so
 * those bytes get L^-1 of the key. */
static inline void aria_x86_fold(aria_x86_keys *ks, unsigned rounds)
{
    for (unsigned r = 0; r < rounds; r++) {
        uint8_t f[16];
        if (r + 1 < rounds) aria_diffuse_bytes(f, ks->k[r + 1]);
        else memcpy(f, ks->k[r + 1], 16);
        for (int w = 0; w < 4; w++) f[4 * w + (r % 2 ? 3 : 1)] = aria_x86_l_inv(f[4 * w + (r % 2 ? 3 : 1)]);
        for (int p = 0; p < 16; p++) ks->f4[r][p] = f[p] * 0x01010101u;
        kc_wipe(f, sizeof f);
    }
}

static inline void aria_x86_lone_fold(aria_x86_keys *ks, unsigned rounds);

static inline void aria_x86_fill(aria_x86_keys *ks, aria_round_keys rk, unsigned rounds)
{
    memcpy(ks->k, rk, sizeof ks->k);
    for (unsigned r = 0; r <= rounds; r++)
        for (int p = 0; p < 16; p++) ks->k4[r][p] = rk[r][p] * 0x01010101u;
    aria_x86_fold(ks, rounds);
    aria_x86_lone_fold(ks, rounds);
}

/* Multi-buffer CBC's input stages: lines j .. j + 3 (fewer at the end) of
 * the m chains into st. */
static inline void aria_stage_fill(uint8_t st[][64], const uint8_t *const in[], size_t m, size_t j, size_t nblocks)
{
    if (nblocks - j >= 4) {
        for (size_t i = 0; i < m; i++) memcpy(st[i], in[i] + 16 * j, 64);
    } else {
        for (size_t i = 0; i < m; i++) memcpy(st[i], in[i] + 16 * j, 16 * (nblocks - j));
    }
}

/* ---- one block ---- */

/* A: output byte i is the XOR of input bytes I0[i]..I6[i] (the seven
 * inputs of row i in RFC 5794 section 2.4.3). */
static inline __m128i aria_x86_diffuse1(__m128i x)
{
    const __m128i i0 = _mm_setr_epi8(3, 2, 1, 0, 0, 1, 0, 1, 0, 0, 2, 2, 1, 0, 0, 1);
    const __m128i i1 = _mm_setr_epi8(4, 5, 4, 5, 2, 3, 2, 3, 1, 1, 3, 3, 2, 3, 3, 2);
    const __m128i i2 = _mm_setr_epi8(6, 7, 6, 7, 5, 4, 7, 6, 4, 5, 5, 4, 6, 6, 4, 4);
    const __m128i i3 = _mm_setr_epi8(8, 8, 10, 10, 8, 9, 9, 8, 7, 6, 6, 7, 7, 7, 5, 5);
    const __m128i i4 = _mm_setr_epi8(9, 9, 11, 11, 11, 10, 10, 11, 10, 11, 8, 9, 9, 8, 9, 8);
    const __m128i i5 = _mm_setr_epi8(13, 12, 12, 13, 14, 14, 12, 12, 13, 12, 13, 12, 11, 10, 11, 10);
    const __m128i i6 = _mm_setr_epi8(14, 15, 15, 14, 15, 15, 13, 13, 15, 14, 15, 14, 12, 13, 14, 15);
    __m128i a = _mm_xor_si128(_mm_shuffle_epi8(x, i0), _mm_shuffle_epi8(x, i1));
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(x, i2), _mm_shuffle_epi8(x, i3));
    __m128i c = _mm_xor_si128(_mm_shuffle_epi8(x, i4), _mm_shuffle_epi8(x, i5));
    return _mm_xor_si128(_mm_xor_si128(a, b), _mm_xor_si128(c, _mm_shuffle_epi8(x, i6)));
}

/* Byte j of every word: S1/S2 and X1/X2 alternate by byte (odd j: S2, X2),
 * S and X by byte pair: SL1 (odd rounds) takes S at j = 0, 1 and X at
 * j = 2, 3; SL2 the other way round. */
#define ARIA_X86_ODD_BYTES _mm_set1_epi16((short)0xFF00)

static inline __m128i aria_x86_pick1(__m128i s, __m128i x, int odd)
{
    return _mm_blendv_epi8(s, x, odd ? _mm_set1_epi32((int)0xFFFF0000u) : _mm_set1_epi32(0x0000FFFF));
}

/* A one-block S-layer: SL1 when odd, else SL2. */
typedef __m128i (*aria_x86_sl1_fn)(__m128i x, int odd);

static inline void aria_x86_crypt1(aria_x86_sl1_fn sl, const aria_x86_keys *ks, unsigned rounds,
                                   uint8_t *out, const uint8_t *in)
{
    __m128i x = _mm_loadu_si128((const __m128i *)in);
    for (unsigned r = 0; r < rounds; r++) {
        x = sl(_mm_xor_si128(x, _mm_loadu_si128((const __m128i *)ks->k[r])), r % 2 == 0);
        if (r + 1 < rounds) x = aria_x86_diffuse1(x);
    }
    _mm_storeu_si128((__m128i *)out, _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)ks->k[rounds])));
}

/* FO (odd) / FE of the key schedule: out = A(SL(in ^ rk)). */
static inline void aria_x86_key_round(aria_x86_sl1_fn sl, uint8_t out[16], const uint8_t in[16],
                                      const uint8_t rk[16], int odd)
{
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), _mm_loadu_si128((const __m128i *)rk));
    _mm_storeu_si128((__m128i *)out, aria_x86_diffuse1(sl(x, odd)));
}

/* Round keys from the key (RFC 5794 section 2.2) with a one-block FO/FE. */
static inline void aria_x86_set_key(aria_x86_keys *enc, aria_x86_keys *dec, unsigned *rounds,
                                    const uint8_t *key, size_t key_len, aria_round_fn round)
{
    aria_round_keys ek, dk;
    *rounds = aria_rounds(key_len);
    aria_expand_key(ek, key, key_len, round);
    aria_decrypt_keys(dk, ek, *rounds);
    aria_x86_fill(enc, ek, *rounds);
    aria_x86_fill(dec, dk, *rounds);
    kc_wipe(ek, sizeof ek);
    kc_wipe(dk, sizeof dk);
}

/* The context of a backend with one pair of key sets (aesni_avx2.c, gfni_avx2.c). */
typedef struct aria_x86_key {
    aria_x86_keys enc, dec;
    unsigned rounds;
} aria_x86_key;

/* aria_set_key, aria_encrypt and aria_decrypt of such a backend, around its
 * key_round and crypt(ks, rounds, out, in, n). */
#define ARIA_X86_ENTRIES(key_round, crypt)                                                        \
    static kc_status aria_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len) \
    {                                                                                            \
        aria_x86_key *k = ctx;                                                                   \
        (void)block_len;                                                                         \
        aria_x86_set_key(&k->enc, &k->dec, &k->rounds, key, key_len, key_round);                 \
        return KC_OK;                                                                            \
    }                                                                                            \
    static void aria_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)   \
    {                                                                                            \
        const aria_x86_key *k = ctx;                                                             \
        crypt(&k->enc, k->rounds, out, in, nblocks);                                             \
    }                                                                                            \
    static void aria_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)   \
    {                                                                                            \
        const aria_x86_key *k = ctx;                                                             \
        crypt(&k->dec, k->rounds, out, in, nblocks);                                             \
    }

/* ---- GFNI S-boxes ([ARIA]): A.x^-1 + c by gf2p8affineinvqb,
 * X1/X2 = (B.y + c)^-1 by gf2p8affineqb then an inversion ---- */
#define ARIA_GF_S1 0xF1E3C78F1F3E7CF8ll   /* AES affine map, + 0x63 */
#define ARIA_GF_S2 0xEAFCB7C3C273C66Fll   /* + 0xE2 */
#define ARIA_GF_X1 0xA44992254A942952ll   /* + 0x05, then invert */
#define ARIA_GF_X2 0x186450C737D6BDC9ll   /* + 0x2C, then invert */
#define ARIA_GF_ID 0x0102040810204080ll   /* identity */

#if ARIA_X86_GFNI
static inline __m128i aria_gfni_sl1(__m128i x, int odd)
{
    __m128i s1 = _mm_gf2p8affineinv_epi64_epi8(x, _mm_set1_epi64x(ARIA_GF_S1), 0x63);
    __m128i s2 = _mm_gf2p8affineinv_epi64_epi8(x, _mm_set1_epi64x(ARIA_GF_S2), 0xE2);
    __m128i x1 = _mm_gf2p8affine_epi64_epi8(x, _mm_set1_epi64x(ARIA_GF_X1), 0x05);
    __m128i x2 = _mm_gf2p8affine_epi64_epi8(x, _mm_set1_epi64x(ARIA_GF_X2), 0x2C);
    /* one inversion serves both X boxes: blend before it */
    x1 = _mm_gf2p8affineinv_epi64_epi8(_mm_blendv_epi8(x1, x2, ARIA_X86_ODD_BYTES),
                                       _mm_set1_epi64x(ARIA_GF_ID), 0);
    return aria_x86_pick1(_mm_blendv_epi8(s1, s2, ARIA_X86_ODD_BYTES), x1, odd);
}
#endif


#if ARIA_X86_GFNI
/* CBC encryption one block at a time with GFNI S-boxes, for a CPU without
 * AES-NI (with it, the lone kernel: kc_aria_aesni_cbc). */
static inline void aria_x86_gfni_cbc(const aria_x86_keys *ks, unsigned rounds, uint8_t *iv, uint8_t *out,
                                     const uint8_t *in, size_t n)
{
    const uint32_t lone = KC_CPU_SSSE3 | KC_CPU_SSE41 | KC_CPU_AESNI;
    if ((kc_cpu_detect() & lone) == lone) {
        kc_aria_aesni_cbc(ks, rounds, iv, out, in, n);
        return;
    }
    __m128i x = _mm_loadu_si128((const __m128i *)iv);
    for (; n; n--, in += 16, out += 16) {
        x = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)in));
        for (unsigned r = 0; r < rounds; r++) {
            x = aria_gfni_sl1(_mm_xor_si128(x, _mm_loadu_si128((const __m128i *)ks->k[r])), r % 2 == 0);
            if (r + 1 < rounds) x = aria_x86_diffuse1(x);
        }
        x = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)ks->k[rounds]));
        _mm_storeu_si128((__m128i *)out, x);
    }
    _mm_storeu_si128((__m128i *)iv, x);
}
#endif

#if !ARIA_X86_GFNI
/* ---- AES-NI S-boxes (aesni_avx2.c): aesenclast with a zero key is
 * ShiftRows(S1(x)), aesdeclast InvShiftRows(X1(x)); S2 and X2 add an affine
 * map on one side, two 16-entry nibble tables looked up with pshufb:
 * S2(x) = L.S1(x) + 0x88, X2(y) = X1(L'.y + 0x04) ---- */
#define ARIA_SHIFT_ROWS2 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 5, 14, 7
/* L.x + 0x88 and L'.x + 0x04 on the low and the high nibble of x */
#define ARIA_S2_LO 0x88, 0x0d, 0x37, 0xb2, 0x00, 0x85, 0xbf, 0x3a, 0xa8, 0x2d, 0x17, 0x92, 0x20, 0xa5, 0x9f, 0x1a
#define ARIA_S2_HI 0x00, 0x3e, 0xd4, 0xea, 0x84, 0xba, 0x50, 0x6e, 0xcd, 0xf3, 0x19, 0x27, 0x49, 0x77, 0x9d, 0xa3
#define ARIA_X2_LO 0x04, 0x45, 0xee, 0xaf, 0x17, 0x56, 0xfd, 0xbc, 0x53, 0x12, 0xb9, 0xf8, 0x40, 0x01, 0xaa, 0xeb
#define ARIA_X2_HI 0x00, 0xb6, 0x08, 0xbe, 0xd6, 0x60, 0xde, 0x68, 0x53, 0xe5, 0x5b, 0xed, 0x85, 0x33, 0x8d, 0x3b
#define ARIA_SHIFT_ROWS     0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11
#define ARIA_INV_SHIFT_ROWS 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

static inline __m128i aria_aesni_affine1(__m128i x, __m128i lo, __m128i hi)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    return _mm_xor_si128(_mm_shuffle_epi8(lo, _mm_and_si128(x, nib)),
                         _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), nib)));
}

/* One block (key schedule, short tails): all four S-boxes, blended. */
static inline __m128i aria_aesni_sl1(__m128i x, int odd)
{
    const __m128i zero = _mm_setzero_si128();
    /* pre-shuffled so that the AES (Inv)ShiftRows puts every byte back */
    __m128i s1 = _mm_aesenclast_si128(_mm_shuffle_epi8(x, _mm_setr_epi8(ARIA_INV_SHIFT_ROWS)), zero);
    __m128i xs = _mm_shuffle_epi8(x, _mm_setr_epi8(ARIA_SHIFT_ROWS));
    __m128i x1 = _mm_aesdeclast_si128(xs, zero);
    __m128i x2 = _mm_aesdeclast_si128(aria_aesni_affine1(xs, _mm_setr_epi8(ARIA_X2_LO), _mm_setr_epi8(ARIA_X2_HI)),
                                      zero);
    __m128i s2 = aria_aesni_affine1(s1, _mm_setr_epi8(ARIA_S2_LO), _mm_setr_epi8(ARIA_S2_HI));
    return aria_x86_pick1(_mm_blendv_epi8(s1, s2, ARIA_X86_ODD_BYTES),
                          _mm_blendv_epi8(x1, x2, ARIA_X86_ODD_BYTES), odd);
}
#endif

/* ---- One block, latency first (CBC encryption, CMAC; the aesni
 * backend's everything): one aesenclast gives S1 and one aesdeclast X1 at
 * every byte, the rows (byte j of each word) that need S2 or X2 get an
 * affine correction from nibble tables whose index is masked to 0 on the
 * other rows (tables linear: T[0] = 0, so those rows are left alone), a
 * pblendw picks S or X by 16-bit row pair.  S2 = L.S1 + 0x88 corrects the
 * aesenclast output: x ^ (L + I)x; X2(y) = X1(L'y + 0x04) corrects the
 * aesdeclast input.  The state is kept moved by ShiftRows (SR), the drift
 * of aesenclast, which keeps rows in place: aesenclast needs no shuffle,
 * aesdeclast's input SR^2, and the diffusion's byte indices absorb SR^-1
 * (the block comes back by one pshufb at the end).  Round keys go in the
 * AES instructions' key operand, the constants 0x88 and 0x04 into the keys
 * (aria_x86_lone_fold).  A round's chain: pshufb, table fix-up (4),
 * aesdeclast, pblendw, A (a pshufb and three XOR levels); twelve pshufb a
 * round, no more: spreading the blend over two diffusions (14 pshufb)
 * measured slower. ---- */

/* (L + I)x and (L' + I)x on the low and the high nibble of x */
#define ARIA_DS_LO 0x00, 0x84, 0xbd, 0x39, 0x8c, 0x08, 0x31, 0xb5, 0x28, 0xac, 0x95, 0x11, 0xa4, 0x20, 0x19, 0x9d
#define ARIA_DS_HI 0x00, 0x2e, 0xf4, 0xda, 0xc4, 0xea, 0x30, 0x1e, 0x4d, 0x63, 0xb9, 0x97, 0x89, 0xa7, 0x7d, 0x53
#define ARIA_DX_LO 0x00, 0x40, 0xe8, 0xa8, 0x17, 0x57, 0xff, 0xbf, 0x5f, 0x1f, 0xb7, 0xf7, 0x48, 0x08, 0xa0, 0xe0
#define ARIA_DX_HI 0x00, 0xa6, 0x28, 0x8e, 0x96, 0x30, 0xbe, 0x18, 0xd3, 0x75, 0xfb, 0x5d, 0x45, 0xe3, 0x6d, 0xcb

/* Round r (0-based) is SL1 when r is even: S2 on row 1, X2 on row 3;
 * SL2 the other way round.  The X2 input constant, L'^-1(0x04) = 0x88, is
 * added with the previous key (through A: A(k ^ A(c)) = A(k) ^ c); S2's
 * 0x88 by giving aesenclast L^-1(k ^ 0x88) on its row.  l[r]: the key
 * after round r's S-layer, in SR order; l0: the first. */
static inline void aria_x86_lone_fold(aria_x86_keys *ks, unsigned rounds)
{
    static const uint8_t sr[16] = { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 };   /* SR */
    uint8_t g[16];
    for (int p = 0; p < 16; p++) ks->l0[p] = ks->k[0][p] ^ (p % 4 == 3 ? 0x88 : 0);
    for (unsigned r = 0; r < rounds; r++) {
        if (r + 1 < rounds) {
            for (int p = 0; p < 16; p++) g[p] = ks->k[r + 1][p] ^ (p % 4 == ((r + 1) % 2 ? 1 : 3) ? 0x88 : 0);
            aria_diffuse_bytes(g, g);
        } else {
            memcpy(g, ks->k[r + 1], 16);
        }
        for (int p = 1 + 2 * (r % 2); p < 16; p += 4) g[p] = aria_x86_l_inv(g[p] ^ 0x88);
        for (int p = 0; p < 16; p++) ks->l[r][p] = g[sr[p]];
    }
    kc_wipe(g, sizeof g);
}

#if !ARIA_X86_GFNI
typedef struct aria_lone_consts {
    __m128i isr, sr2, dxlo, dxhi, dslo, dshi, m1, m3, a[7];
} aria_lone_consts;

static inline void aria_lone_init(aria_lone_consts *c)
{
    c->isr = _mm_setr_epi8(ARIA_INV_SHIFT_ROWS);
    c->sr2 = _mm_setr_epi8(ARIA_SHIFT_ROWS2);
    c->dxlo = _mm_setr_epi8(ARIA_DX_LO); c->dxhi = _mm_setr_epi8(ARIA_DX_HI);
    c->dslo = _mm_setr_epi8(ARIA_DS_LO); c->dshi = _mm_setr_epi8(ARIA_DS_HI);
    c->m1 = _mm_set1_epi32(0x00000f00); c->m3 = _mm_set1_epi32(0x0f000000);
    /* aria_x86_diffuse1's indices j, read in SR order: ISR[j] */
    c->a[0] = _mm_setr_epi8(7, 10, 13, 0, 0, 13, 0, 13, 0, 0, 10, 10, 13, 0, 0, 13);
    c->a[1] = _mm_setr_epi8(4, 1, 4, 1, 10, 7, 10, 7, 13, 13, 7, 7, 10, 7, 7, 10);
    c->a[2] = _mm_setr_epi8(14, 11, 14, 11, 1, 4, 11, 14, 4, 1, 1, 4, 14, 14, 4, 4);
    c->a[3] = _mm_setr_epi8(8, 8, 2, 2, 8, 5, 5, 8, 11, 14, 14, 11, 11, 11, 1, 1);
    c->a[4] = _mm_setr_epi8(5, 5, 15, 15, 15, 2, 2, 15, 2, 15, 8, 5, 5, 8, 5, 8);
    c->a[5] = _mm_setr_epi8(9, 12, 12, 9, 6, 6, 12, 12, 9, 12, 9, 12, 15, 2, 15, 2);
    c->a[6] = _mm_setr_epi8(6, 3, 3, 6, 3, 3, 9, 9, 3, 6, 3, 6, 12, 9, 6, 3);
}

/* x ^ D(x) on the rows of m (0x0f there, 0 elsewhere) */
static inline __m128i aria_lone_fix(__m128i x, __m128i m, __m128i lo, __m128i hi)
{
    return _mm_xor_si128(_mm_xor_si128(x, _mm_shuffle_epi8(lo, _mm_and_si128(x, m))),
                         _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), m)));
}

/* One S-layer with its key; even: SL1 (round r even) */
static inline __m128i aria_lone_sl(const aria_lone_consts *c, __m128i u, __m128i k, int even)
{
    __m128i ms = even ? c->m1 : c->m3, mx = even ? c->m3 : c->m1;
    __m128i s = aria_lone_fix(_mm_aesenclast_si128(u, k), ms, c->dslo, c->dshi);
    __m128i x = _mm_aesdeclast_si128(aria_lone_fix(_mm_shuffle_epi8(u, c->sr2), mx, c->dxlo, c->dxhi), k);
    return even ? _mm_blend_epi16(s, x, 0xAA) : _mm_blend_epi16(s, x, 0x55);
}

static inline __m128i aria_lone_diffuse(const aria_lone_consts *c, __m128i x)
{
    __m128i a = _mm_xor_si128(_mm_shuffle_epi8(x, c->a[0]), _mm_shuffle_epi8(x, c->a[1]));
    __m128i b = _mm_xor_si128(_mm_shuffle_epi8(x, c->a[2]), _mm_shuffle_epi8(x, c->a[3]));
    __m128i d = _mm_xor_si128(_mm_shuffle_epi8(x, c->a[4]), _mm_shuffle_epi8(x, c->a[5]));
    return _mm_xor_si128(_mm_xor_si128(a, b), _mm_xor_si128(d, _mm_shuffle_epi8(x, c->a[6])));
}

/* The rounds on u = block ^ l0; the block out in natural order. */
static inline __m128i aria_lone_rounds(const aria_lone_consts *c, const aria_x86_keys *ks, unsigned rounds,
                                       __m128i u)
{
    for (unsigned r = 0; r < rounds; r += 2) {
        u = aria_lone_diffuse(c, aria_lone_sl(c, u, _mm_loadu_si128((const __m128i *)ks->l[r]), 1));
        u = aria_lone_sl(c, u, _mm_loadu_si128((const __m128i *)ks->l[r + 1]), 0);
        if (r + 2 < rounds) u = aria_lone_diffuse(c, u);
    }
    return _mm_shuffle_epi8(u, c->isr);
}

/* CBC encryption, the chaining value in a register. */
static inline void aria_x86_lone_cbc(const aria_x86_keys *ks, unsigned rounds, uint8_t *iv, uint8_t *out,
                                     const uint8_t *in, size_t n)
{
    aria_lone_consts c;
    aria_lone_init(&c);
    const __m128i k0 = _mm_loadu_si128((const __m128i *)ks->l0);
    __m128i x = _mm_loadu_si128((const __m128i *)iv);
    for (; n; n--, in += 16, out += 16) {
        x = aria_lone_rounds(&c, ks, rounds, _mm_xor_si128(_mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k0), x));
        _mm_storeu_si128((__m128i *)out, x);
    }
    _mm_storeu_si128((__m128i *)iv, x);
}

/* n blocks (ECB), four side by side: their chains interleave. */
static inline void aria_x86_lone_ecb(const aria_x86_keys *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    aria_lone_consts c;
    aria_lone_init(&c);
    const __m128i k0 = _mm_loadu_si128((const __m128i *)ks->l0);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        __m128i u[4];
        for (int b = 0; b < 4; b++) u[b] = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16 * b)), k0);
        for (unsigned r = 0; r < rounds; r++) {
            __m128i k = _mm_loadu_si128((const __m128i *)ks->l[r]);
            for (int b = 0; b < 4; b++) {
                u[b] = aria_lone_sl(&c, u[b], k, r % 2 == 0);
                u[b] = r + 1 < rounds ? aria_lone_diffuse(&c, u[b]) : _mm_shuffle_epi8(u[b], c.isr);
            }
        }
        for (int b = 0; b < 4; b++) _mm_storeu_si128((__m128i *)(out + 16 * b), u[b]);
    }
    for (; n; n--, in += 16, out += 16)
        _mm_storeu_si128((__m128i *)out,
                         aria_lone_rounds(&c, ks, rounds, _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k0)));
}

/* cbc_encrypt of a backend with ARIA_X86_ENTRIES */
#define ARIA_X86_LONE_CBC                                                                         \
    static void aria_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n) \
    {                                                                                             \
        const aria_x86_key *k = ctx;                                                              \
        aria_x86_lone_cbc(&k->enc, k->rounds, iv, out, in, n);                                    \
    }
#endif


/* ---- 32 blocks in 16 ymm registers (AVX2) ---- */
#if ARIA_X86_AVX2

#define ARIA_BYTES2(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)

static inline void aria_x86_add_key32(__m256i x[16], const uint32_t k4[16])
{
    for (int p = 0; p < 16; p++) x[p] = _mm256_xor_si256(x[p], _mm256_set1_epi32((int)k4[p]));
}

/* The byte-sliced S-layer of round r of the including backend with its
 * key addition: SL1 (odd) or SL2 on x[4w + j] = byte j of word w; and
 * what comes before the first and after the last (aria_x86_first32,
 * aria_x86_last32).  GFNI adds round r's key before its S-boxes, the AES
 * S-layer the folded key after them (aria_x86_fold). */
#if ARIA_X86_GFNI
static inline void aria_x86_sl32(__m256i x[16], int odd, const aria_x86_keys *ks, unsigned r)
{
    aria_x86_add_key32(x, ks->k4[r]);
    const __m256i m1 = _mm256_set1_epi64x(ARIA_GF_S1), m2 = _mm256_set1_epi64x(ARIA_GF_S2);
    const __m256i mx1 = _mm256_set1_epi64x(ARIA_GF_X1), mx2 = _mm256_set1_epi64x(ARIA_GF_X2);
    const __m256i id = _mm256_set1_epi64x(ARIA_GF_ID);
    const int s = odd ? 0 : 2, t = odd ? 2 : 0;     /* S1 S2 at j = s, s+1; X1 X2 at t, t+1 */
    for (int w = 0; w < 16; w += 4) {
        x[w + s] = _mm256_gf2p8affineinv_epi64_epi8(x[w + s], m1, 0x63);
        x[w + s + 1] = _mm256_gf2p8affineinv_epi64_epi8(x[w + s + 1], m2, 0xE2);
        x[w + t] = _mm256_gf2p8affineinv_epi64_epi8(_mm256_gf2p8affine_epi64_epi8(x[w + t], mx1, 0x05), id, 0);
        x[w + t + 1] = _mm256_gf2p8affineinv_epi64_epi8(
            _mm256_gf2p8affine_epi64_epi8(x[w + t + 1], mx2, 0x2C), id, 0);
    }
}

static inline void aria_x86_first32(__m256i x[16], const aria_x86_keys *ks) { (void)x; (void)ks; }

static inline void aria_x86_last32(__m256i x[16], const aria_x86_keys *ks, unsigned rounds)
{
    aria_x86_add_key32(x, ks->k4[rounds]);
}
#else
static inline __m256i aria_aesni_affine32(__m256i x, __m256i lo, __m256i hi)
{
    const __m256i nib = _mm256_set1_epi8(0x0f);
    return _mm256_xor_si256(_mm256_shuffle_epi8(lo, _mm256_and_si256(x, nib)),
                            _mm256_shuffle_epi8(hi, _mm256_and_si256(_mm256_srli_epi16(x, 4), nib)));
}

/* aesenclast / aesdeclast with key k (a byte broadcast), on both 128-bit
 * lanes: one VAES instruction, or two AES-NI ones on the extracted halves */
#if ARIA_X86_VAES
static inline __m256i aria_aesni_enclast(__m256i x, __m256i k) { return _mm256_aesenclast_epi128(x, k); }
static inline __m256i aria_aesni_declast(__m256i x, __m256i k) { return _mm256_aesdeclast_epi128(x, k); }
#else
static inline __m256i aria_aesni_enclast(__m256i x, __m256i k)
{
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(x), _mm256_castsi256_si128(k));
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(x, 1), _mm256_castsi256_si128(k));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}

static inline __m256i aria_aesni_declast(__m256i x, __m256i k)
{
    __m128i lo = _mm_aesdeclast_si128(_mm256_castsi256_si128(x), _mm256_castsi256_si128(k));
    __m128i hi = _mm_aesdeclast_si128(_mm256_extracti128_si256(x, 1), _mm256_castsi256_si128(k));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
}
#endif

/* Every vector's blocks end up moved by one ShiftRows (aesni_avx2.c). */
static inline void aria_x86_sl32(__m256i x[16], int odd, const aria_x86_keys *ks, unsigned r)
{
    const __m256i sr2 = ARIA_BYTES2(ARIA_SHIFT_ROWS2);
    const uint32_t *k = ks->f4[r];
#define K(p) _mm256_set1_epi32((int)k[p])
    const int s = odd ? 0 : 2, t = odd ? 2 : 0;     /* S1 S2 at j = s, s+1; X1 X2 at t, t+1 */
    for (int w = 0; w < 16; w += 4) {
        x[w + s] = aria_aesni_enclast(x[w + s], K(w + s));
        x[w + s + 1] = aria_aesni_affine32(aria_aesni_enclast(x[w + s + 1], K(w + s + 1)),
                                           ARIA_BYTES2(ARIA_S2_LO), ARIA_BYTES2(ARIA_S2_HI));
        x[w + t] = aria_aesni_declast(_mm256_shuffle_epi8(x[w + t], sr2), K(w + t));
        x[w + t + 1] = aria_aesni_declast(_mm256_shuffle_epi8(
            aria_aesni_affine32(x[w + t + 1], ARIA_BYTES2(ARIA_X2_LO), ARIA_BYTES2(ARIA_X2_HI)), sr2), K(w + t + 1));
    }
#undef K
}

static inline void aria_x86_first32(__m256i x[16], const aria_x86_keys *ks) { aria_x86_add_key32(x, ks->k4[0]); }

/* Byte 15 alone through round 1's S-layer (SL1: X2 there), for the cached
 * CTR runs (aria_x86_ctr32_cached). */
static inline __m256i aria_x86_sl32_byte15(__m256i x, const aria_x86_keys *ks)
{
    x = aria_aesni_affine32(x, ARIA_BYTES2(ARIA_X2_LO), ARIA_BYTES2(ARIA_X2_HI));
    return aria_aesni_declast(_mm256_shuffle_epi8(x, ARIA_BYTES2(ARIA_SHIFT_ROWS2)),
                              _mm256_set1_epi32((int)ks->f4[0][15]));
}

/* 14 rounds leave the blocks moved by ShiftRows^14 = ShiftRows^2; the
 * last key is in (broadcasts do not mind the move). */
static inline void aria_x86_last32(__m256i x[16], const aria_x86_keys *ks, unsigned rounds)
{
    (void)ks;
    if (rounds % 4)
        for (int p = 0; p < 16; p++) x[p] = _mm256_shuffle_epi8(x[p], ARIA_BYTES2(ARIA_SHIFT_ROWS2));
}
#endif

/* In each 128-bit lane, byte j of x[i] <-> byte i of x[j]: unpacks of 8,
 * 16, 32 and 64 bits; the last ones come out in bit-reversed order. */
static inline void aria_x86_transpose32(__m256i x[16])
{
    static const unsigned char rev4[16] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };
    __m256i y[16];
    for (int i = 0; i < 16; i += 2) {
        y[i] = _mm256_unpacklo_epi8(x[i], x[i + 1]);
        y[i + 1] = _mm256_unpackhi_epi8(x[i], x[i + 1]);
    }
    for (int i = 0; i < 16; i += 4)
        for (int j = i; j < i + 2; j++) {
            x[j] = _mm256_unpacklo_epi16(y[j], y[j + 2]);
            x[j + 2] = _mm256_unpackhi_epi16(y[j], y[j + 2]);
        }
    for (int i = 0; i < 16; i += 8)
        for (int j = i; j < i + 4; j++) {
            y[j] = _mm256_unpacklo_epi32(x[j], x[j + 4]);
            y[j + 4] = _mm256_unpackhi_epi32(x[j], x[j + 4]);
        }
    for (int j = 0; j < 8; j++) {
        x[rev4[j]] = _mm256_unpacklo_epi64(y[j], y[j + 8]);
        x[rev4[j + 8]] = _mm256_unpackhi_epi64(y[j], y[j + 8]);
    }
}

/* Vector i holds blocks 2i and 2i+1; after the transposition x[p] holds
 * byte p of all 32 blocks. */
static inline void aria_x86_load32(__m256i x[16], const uint8_t *in)
{
    for (int i = 0; i < 16; i++) x[i] = _mm256_loadu_si256((const __m256i *)(in + 32 * i));
    aria_x86_transpose32(x);
}

static inline void aria_x86_store32(uint8_t *out, __m256i x[16])
{
    aria_x86_transpose32(x);
    for (int i = 0; i < 16; i++) _mm256_storeu_si256((__m256i *)(out + 32 * i), x[i]);
}

/* MM on byte j of the four words: 6 XORs. */
static inline void aria_x86_mm32(__m256i x[16])
{
    for (int j = 0; j < 4; j++) {
        __m256i t0 = x[j], t1 = x[4 + j], t2 = x[8 + j], t3 = x[12 + j];
        __m256i u = _mm256_xor_si256(t0, t2), v = _mm256_xor_si256(t1, t3);
        x[j] = _mm256_xor_si256(u, t1);        /* t0 ^ t1 ^ t2 */
        x[4 + j] = _mm256_xor_si256(u, t3);    /* t0 ^ t2 ^ t3 */
        x[8 + j] = _mm256_xor_si256(v, t0);    /* t0 ^ t1 ^ t3 */
        x[12 + j] = _mm256_xor_si256(v, t2);   /* t1 ^ t2 ^ t3 */
    }
}

/* A = MM . P . MM . M on byte-sliced state, x[4w + j] = byte j of word w. */
static inline void aria_x86_diffuse32(__m256i x[16])
{
    __m256i y[16];
    for (int w = 0; w < 16; w += 4) {          /* M: XOR of the other three */
        __m256i u = _mm256_xor_si256(x[w], x[w + 1]), v = _mm256_xor_si256(x[w + 2], x[w + 3]);
        y[w] = _mm256_xor_si256(x[w + 1], v);
        y[w + 1] = _mm256_xor_si256(x[w], v);
        y[w + 2] = _mm256_xor_si256(x[w + 3], u);
        y[w + 3] = _mm256_xor_si256(x[w + 2], u);
    }
    aria_x86_mm32(y);
    for (int w = 0; w < 4; w++)                /* P: byte j of word w <- byte j ^ w */
        for (int j = 0; j < 4; j++) x[4 * w + j] = y[4 * w + (j ^ w)];
    aria_x86_mm32(x);
}

/* A in 48 XORs instead of 72: a program found by Paar's greedy common-pair
 * search over the rows of RFC 5794 section 2.4.3 (the seven inputs of each
 * output byte, as aria_x86_diffuse1's tables), ordered to keep few values
 * live; t<n> is the XOR of two earlier values.  Faster in the cached CTR
 * runs; in the other kernels the same-process A/B (vaes-avx2, gfni-avx2
 * ECB) was within its noise, so they keep aria_x86_diffuse32. */
static inline __attribute__((always_inline)) void aria_x86_diffuse48(__m256i x[16])
{
#define T(n, a, b) const __m256i t##n = _mm256_xor_si256(a, b)
    T(16, x[5], x[14]); T(17, x[0], t16); T(18, x[6], x[8]); T(19, x[3], t18);
    T(20, x[4], x[15]); T(21, x[11], t17); T(22, x[1], t20); T(23, x[1], x[12]);
    T(24, x[11], t23); T(25, x[6], t24); T(26, t17, t25); T(27, x[10], t25);
    T(28, t20, t27); T(29, x[7], x[9]); T(30, x[2], t29); T(31, t30, t25);
    T(32, x[12], t30); T(33, x[10], t22); T(34, x[10], x[13]); T(35, x[0], t34);
    T(36, x[7], t34); T(37, t21, t36); T(38, x[7], t35); T(39, t32, t35);
    T(40, x[13], t19); T(41, t22, t38); T(42, t19, t38); T(43, t24, t40);
    T(44, x[2], t33); T(45, x[9], t33); T(46, x[4], x[9]); T(47, x[2], x[15]);
    T(48, x[4], t32); T(49, x[15], t32); T(50, t40, t46); T(51, x[14], t50);
    T(52, x[3], x[14]); T(53, t52, t48); T(54, t52, t45); T(55, t21, t46);
    T(56, x[3], t55); T(57, t40, t47); T(58, x[8], t47); T(59, t21, t58);
    T(60, x[5], x[8]); T(61, x[5], t57); T(62, t60, t49); T(63, t60, t44);
#undef T
    x[0] = t51; x[1] = t62; x[2] = t28; x[3] = t37; x[4] = t59; x[5] = t54; x[6] = t39; x[7] = t43;
    x[8] = t41; x[9] = t26; x[10] = t61; x[11] = t53; x[12] = t31; x[13] = t42; x[14] = t56; x[15] = t63;
}

/* A byte-sliced S-layer of round r with its key: SL1 when odd, else SL2. */
typedef void (*aria_x86_sl32_fn)(__m256i x[16], int odd, const aria_x86_keys *ks, unsigned r);

/* All rounds and keys on byte-sliced state. */
static inline void aria_x86_rounds32(aria_x86_sl32_fn sl, __m256i x[16], const aria_x86_keys *ks,
                                     unsigned rounds)
{
    aria_x86_first32(x, ks);
    for (unsigned r = 0; r < rounds; r += 2) {
        sl(x, 1, ks, r);
        aria_x86_diffuse32(x);
        sl(x, 0, ks, r + 1);
        if (r + 2 < rounds) aria_x86_diffuse32(x);
    }
    aria_x86_last32(x, ks, rounds);
}

/* 32 blocks at a time; a tail of more than `small` blocks padded to 32,
 * a shorter one block by block. */
typedef void (*aria_x86_crypt32_fn)(const aria_x86_keys *ks, unsigned rounds, uint8_t *out,
                                    const uint8_t *in);

static inline void aria_x86_crypt(aria_x86_crypt32_fn crypt32, aria_x86_sl1_fn sl1, size_t small,
                                  const aria_x86_keys *ks, unsigned rounds, uint8_t *out,
                                  const uint8_t *in, size_t n)
{
    for (; n >= 32; n -= 32, in += 512, out += 512) crypt32(ks, rounds, out, in);
    if (n > small) {
        uint8_t buf[512] = { 0 };
        memcpy(buf, in, 16 * n);
        crypt32(ks, rounds, buf, buf);
        memcpy(out, buf, 16 * n);
        kc_wipe(buf, sizeof buf);
    } else {
        for (; n; n--, in += 16, out += 16) aria_x86_crypt1(sl1, ks, rounds, out, in);
    }
}

/* The rounds and keys of a backend on byte-sliced state (its crypt32
 * between load32 and store32). */
typedef void (*aria_x86_core32_fn)(const aria_x86_keys *ks, unsigned rounds, __m256i x[16]);

/* CTR on a run of n = 1..32 blocks (kc_ctr_runs): the counter blocks are
 * made in registers directly in byte-sliced form, the keystream is XORed
 * into the input as it is stored.  After load32, byte j of x[p] is byte p
 * of block 2 (j mod 16) + j / 16; bytes 0..11 are the same in every block,
 * bytes 15..12 are the low word's plus the block index, carries found by
 * unsigned compares (the counter is public). */
#define KC_CTR_X86_AVX2 1
#include "core/ctr_x86.h"
static inline void aria_x86_ctr_slices(__m256i x[16], const uint8_t *ctr, uint32_t low)
{
    const __m256i index = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                                           1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    const __m256i l0 = _mm256_set1_epi8((char)low), l1 = _mm256_set1_epi8((char)(low >> 8));
    const __m256i l2 = _mm256_set1_epi8((char)(low >> 16)), l3 = _mm256_set1_epi8((char)(low >> 24));
    for (int p = 0; p < 12; p++) x[p] = _mm256_set1_epi8((char)ctr[p]);
    x[15] = _mm256_add_epi8(l0, index);
    __m256i c14 = _mm256_cmpeq_epi8(_mm256_max_epu8(x[15], l0), x[15]);   /* no carry: all ones */
    c14 = _mm256_xor_si256(c14, _mm256_set1_epi8(-1));                     /* carry: all ones (-1) */
    __m256i c13 = (low >> 8 & 0xFF) == 0xFF ? c14 : _mm256_setzero_si256();
    __m256i c12 = (low >> 16 & 0xFF) == 0xFF ? c13 : _mm256_setzero_si256();
    x[14] = _mm256_sub_epi8(l1, c14);
    x[13] = _mm256_sub_epi8(l2, c13);
    x[12] = _mm256_sub_epi8(l3, c12);
}

static inline __attribute__((always_inline))
void aria_x86_ctr32(aria_x86_core32_fn core, const aria_x86_keys *ks, unsigned rounds, const uint8_t *ctr,
                    uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    __m256i x[16];
    aria_x86_ctr_slices(x, ctr, low);
    core(ks, rounds, x);
    aria_x86_transpose32(x);
    kc_ctr_x86_xor256(out, in, x, n);
}

/* The run function kc_ctr_runs calls for what the whole runs leave. */
#define ARIA_X86_CTR_RUN(core32)                                                                  \
    static void aria_ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, \
                             size_t n)                                                    \
    {                                                                                             \
        const aria_x86_key *k = ctx;                                                              \
        aria_x86_ctr32(core32, &k->enc, k->rounds, ctr, low, out, in, n);                          \
    }

/* aria_ctr of a backend with ARIA_X86_ENTRIES, around its core32: whole
 * runs of 32 blocks in which the low word does not wrap inlined here (n
 * constant: the keystream is XORed from registers, no call per run); the
 * rest (a wrap, a tail) through kc_ctr_runs, up to `small` blocks one at a
 * time. */
#define ARIA_X86_CTR(core32, small)                                                               \
    ARIA_X86_CTR_RUN(core32)                                                                      \
    static void aria_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks) \
    {                                                                                             \
        const aria_x86_key *k = ctx;                                                              \
        uint32_t low = kc_load32_be(counter + 12);                                                \
        for (; nblocks >= 32 && low < UINT32_MAX - 31; nblocks -= 32, in += 512, out += 512, low += 32) \
            aria_x86_ctr32(core32, &k->enc, k->rounds, counter, low, out, in, 32);                \
        kc_store32_be(counter + 12, low);                                                         \
        kc_ctr_runs(aria_ctr_run, 32, small, aria_encrypt, ctx, 16, counter, out, in, nblocks);    \
    }

#if !ARIA_X86_GFNI
/* CTR with round 1 cached (AES-NI S-layer backends).  In a run of 32
 * blocks in which the low counter byte does not wrap, bytes 0..14 are the
 * same in every block: round 1 (key, S-layer, A) on them is computed once
 * per 256 counter values, with byte 15's S-box output left out (c1), and a
 * run only puts byte 15 through the S-layer and XORs it into the rows of A
 * that read byte 15 (ARIA_ROW15: the rows of aria_x86_diffuse1's tables
 * holding a 15).  The CTR counter is public, so the branches on it leak
 * nothing (GCM, whose J0 may be secret, and CTR_DRBG, whose V is, do not
 * come here); c1 is wiped. */
#define ARIA_ROW15 0x8536   /* rows 1, 2, 4, 5, 8, 10, 15 */

static inline __attribute__((always_inline))
void aria_x86_ctr_cache(aria_x86_sl32_fn sl, const aria_x86_keys *ks, const uint8_t *ctr, uint32_t low,
                        __m256i c1[16])
{
    for (int p = 0; p < 12; p++) c1[p] = _mm256_set1_epi8((char)ctr[p]);
    for (int p = 12; p < 16; p++) c1[p] = _mm256_set1_epi8((char)(low >> (8 * (15 - p))));
    aria_x86_first32(c1, ks);
    sl(c1, 1, ks, 0);
    c1[15] = _mm256_setzero_si256();
    aria_x86_diffuse32(c1);
}

static inline __attribute__((always_inline))
void aria_x86_ctr32_cached(aria_x86_sl32_fn sl, const aria_x86_keys *ks, unsigned rounds, const __m256i c1[16],
                           uint32_t low, uint8_t *out, const uint8_t *in)
{
    const __m256i index = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                                           1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    __m256i x[16];
    __m256i s = _mm256_add_epi8(_mm256_set1_epi8((char)low), index);   /* no wrap in this run */
    s = aria_x86_sl32_byte15(_mm256_xor_si256(s, _mm256_set1_epi32((int)ks->k4[0][15])), ks);
    for (int q = 0; q < 16; q++) x[q] = ARIA_ROW15 >> q & 1 ? _mm256_xor_si256(c1[q], s) : c1[q];
    sl(x, 0, ks, 1);
    for (unsigned r = 2; r < rounds; r += 2) {
        aria_x86_diffuse48(x);
        sl(x, 1, ks, r);
        aria_x86_diffuse48(x);
        sl(x, 0, ks, r + 1);
    }
    aria_x86_last32(x, ks, rounds);
    aria_x86_transpose32(x);
    kc_ctr_x86_xor256(out, in, x, 32);
}

/* ARIA_X86_CTR with the cache (sl: the backend's S-layer): runs whose low
 * byte wraps, and the rest, as there. */
#define ARIA_X86_CTR_CACHED(sl, core32, small)                                                    \
    ARIA_X86_CTR_RUN(core32)                                                                      \
    static void aria_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks) \
    {                                                                                             \
        const aria_x86_key *k = ctx;                                                              \
        uint32_t low = kc_load32_be(counter + 12), cached = 0;                                    \
        int have = 0;                                                                             \
        __m256i c1[16];                                                                           \
        for (; nblocks >= 32 && low < UINT32_MAX - 31; nblocks -= 32, in += 512, out += 512, low += 32) { \
            if ((low & 0xFF) > 0xFF - 31) {                                                       \
                aria_ctr_run(ctx, counter, low, out, in, 32);                                     \
                continue;                                                                         \
            }                                                                                     \
            if (!have || cached != low >> 8) {                                                    \
                aria_x86_ctr_cache(sl, &k->enc, counter, low, c1);                                \
                cached = low >> 8;                                                                \
                have = 1;                                                                         \
            }                                                                                     \
            aria_x86_ctr32_cached(sl, &k->enc, k->rounds, c1, low, out, in);                      \
        }                                                                                         \
        if (have) kc_wipe(c1, sizeof c1);                                                         \
        kc_store32_be(counter + 12, low);                                                         \
        kc_ctr_runs(aria_ctr_run, 32, small, aria_encrypt, ctx, 16, counter, out, in, nblocks);    \
    }
#endif

/* Multi-buffer CBC encryption (cbc_encrypt_multi) around a backend's
 * core32: chain c is block c of the byte-sliced state (vector c / 2, lane
 * c % 2 before the transpose), so the chaining values stay sliced from block
 * to block and each step XORs in block j of every chain.  Blocks pass
 * through 64-byte stages, one cache line per chain every four steps:
 * messages 4 KiB apart all map to one L1 set, which touching each of their
 * lines once per step thrashes.  The next four blocks are staged before the
 * current four run. */
static inline void aria_x86_stage_in(__m256i x[16], const uint8_t st[][64], size_t off)
{
    for (int i = 0; i < 16; i++)
        x[i] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(st[2 * i] + off))),
                                       _mm_loadu_si128((const __m128i *)(st[2 * i + 1] + off)), 1);
    aria_x86_transpose32(x);
}

static inline void aria_x86_stage_out(uint8_t st[][64], size_t off, __m256i x[16])   /* clobbers x */
{
    aria_x86_transpose32(x);
    for (int i = 0; i < 16; i++) {
        _mm_storeu_si128((__m128i *)(st[2 * i] + off), _mm256_castsi256_si128(x[i]));
        _mm_storeu_si128((__m128i *)(st[2 * i + 1] + off), _mm256_extracti128_si256(x[i], 1));
    }
}

static inline __attribute__((always_inline))
void aria_x86_cbc_pass(aria_x86_core32_fn core, const aria_x86_keys *ks, unsigned rounds, size_t m,
                       uint8_t *const out[], const uint8_t *const in[], uint8_t *const iv[], size_t nblocks)
{
    uint8_t sin[2][32][64], sout[32][64];   /* plaintext, ciphertext / chaining values */
    __m256i x[16], p[16];
    int any = 0;
    memset(sin, 0, sizeof sin);
    memset(sout, 0, sizeof sout);
    for (size_t i = 0; i < m; i++) {
        any |= out[i] != NULL;
        memcpy(sout[i], iv[i], 16);
    }
    aria_x86_stage_in(x, (const uint8_t (*)[64])sout, 0);
    if (nblocks) aria_stage_fill(sin[0], in, m, 0, nblocks);
    for (size_t j = 0, b = 0; j < nblocks; j += 4, b ^= 1) {
        size_t k = nblocks - j < 4 ? nblocks - j : 4;
        if (j + 4 < nblocks) aria_stage_fill(sin[b ^ 1], in, m, j + 4, nblocks);
        for (size_t off = 0; off < 16 * k; off += 16) {
            aria_x86_stage_in(p, (const uint8_t (*)[64])sin[b], off);
            for (int q = 0; q < 16; q++) x[q] = _mm256_xor_si256(x[q], p[q]);
            core(ks, rounds, x);
            if (any) {
                memcpy(p, x, sizeof p);
                aria_x86_stage_out(sout, off, p);
            }
        }
        if (any)
            for (size_t i = 0; i < m; i++)
                if (out[i]) memcpy(out[i] + 16 * j, sout[i], 16 * k);
    }
    aria_x86_stage_out(sout, 0, x);
    for (size_t i = 0; i < m; i++) memcpy(iv[i], sout[i], 16);
    kc_wipe(sin, sizeof sin);
    kc_wipe(sout, sizeof sout);
}

/* aria_cbc_multi of a backend with ARIA_X86_ENTRIES, around its core32:
 * passes of up to 32 chains. */
#define ARIA_X86_CBC_MULTI(core32)                                                                \
    static void aria_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[], \
                               uint8_t *const iv[], size_t nblocks)                               \
    {                                                                                             \
        const aria_x86_key *k = ctx;                                                              \
        for (size_t first = 0; first < n; first += 32)                                            \
            aria_x86_cbc_pass(core32, &k->enc, k->rounds, n - first < 32 ? n - first : 32,         \
                              out + first, in + first, iv + first, nblocks);                      \
    }

#endif /* ARIA_X86_AVX2 */
#endif
