/* SPDX-License-Identifier: MIT */
/* FEA with the S-box through AES-NI, for CPUs without GFNI: shared by
 * aesni_avx2.c (Haswell, Zen 2), vaes_avx2.c (Zen 3) and aesni_avx512.c
 * (Skylake-SP), which open KC_TARGET_BEGIN for their instruction sets and
 * set FEA_AESNI_W (256: ymm, 32 blocks per pass; 512: zmm, 64) and
 * FEA_AESNI_VAES (0: one aesenclast per 128-bit lane) BEFORE including this
 * header; gfni_sliced_avx2.c (gfni-avx2 for n <= 64) sets FEA_AESNI_GFNI.
 * The blocks are byte-sliced (register k holds byte k of every block); a
 * pass runs two sets of NL lanes when there are more than NL blocks.
 *
 * FEA's S-box is inversion in GF(2^8) mod 0x11d between affine maps, AES's
 * the same mod 0x11b; with phi the field isomorphism, aesenclast (zero key)
 * gives y = SubBytes(phi(x)) and S(x) is affine in y.  The state is kept as
 * phi(byte), so each product of the diffusion layer by an S-box output,
 * phi(c_m S(x)), is an affine map of y: two pshufb nibble look-ups
 * (fea_x86.h, FEA_AESNI_*, from src/fea/derive_aesni_tables.py).  Byte-
 * sliced, the diffusion needs no byte moves, and of the second SP only the
 * bytes the half keeps are computed (4 of 8 for n = 54); a partly kept byte
 * is computed without phi, masked, then converted.
 *
 * aesenclast's ShiftRows moves bytes between blocks (as in ARIA's
 * aesni_avx2.c).  The round function has two, ShiftRows^2 is an involution,
 * and every byte register moves alike, so the B half (and the tweak words
 * added to it) are kept permuted by ShiftRows^2: F(B) then lands in A's
 * order and F(A) in B's.
 *
 * Constant time: AES instructions, and pshufb whose secret operand is only
 * ever the index into a constant register; branches depend on n only. */
#ifndef KC_FEA_AESNI_X86_H
#define KC_FEA_AESNI_X86_H
#include <immintrin.h>
#include "fea/fea_x86.h"

#if FEA_AESNI_W == 512   /* zmm: 64 blocks per pass */
typedef __m512i V;
#define NL 64
#define XOR _mm512_xor_si512
#define AND _mm512_and_si512
#define OR _mm512_or_si512
#define ZERO _mm512_setzero_si512
#define SET1 _mm512_set1_epi8
#define SHUF _mm512_shuffle_epi8
#define SRLI16 _mm512_srli_epi16
#define BC128 _mm512_broadcast_i32x4
#define CAST128 _mm512_castsi512_si128
#define LOADU(p) _mm512_loadu_si512((const void *)(p))
#define STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define UNPACKLO16 _mm512_unpacklo_epi16
#define UNPACKHI16 _mm512_unpackhi_epi16
#define UNPACKLO32 _mm512_unpacklo_epi32
#define UNPACKHI32 _mm512_unpackhi_epi32
#define UNPACKLO64 _mm512_unpacklo_epi64
#define UNPACKHI64 _mm512_unpackhi_epi64
#define JOIN2(lo, hi) _mm512_inserti32x4(_mm512_zextsi128_si512(lo), hi, 1)   /* 128-bit lanes 0, 1 */
#else                   /* ymm: 32 blocks per pass */
typedef __m256i V;
#define NL 32
#define XOR _mm256_xor_si256
#define AND _mm256_and_si256
#define OR _mm256_or_si256
#define ZERO _mm256_setzero_si256
#define SET1 _mm256_set1_epi8
#define SHUF _mm256_shuffle_epi8
#define SRLI16 _mm256_srli_epi16
#define BC128 _mm256_broadcastsi128_si256
#define CAST128 _mm256_castsi256_si128
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define UNPACKLO16 _mm256_unpacklo_epi16
#define UNPACKHI16 _mm256_unpackhi_epi16
#define UNPACKLO32 _mm256_unpacklo_epi32
#define UNPACKHI32 _mm256_unpackhi_epi32
#define UNPACKLO64 _mm256_unpacklo_epi64
#define UNPACKHI64 _mm256_unpackhi_epi64
#define JOIN2(lo, hi) _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1)
#endif
#define TAB(t) BC128(_mm_loadu_si128((const __m128i *)(t)))
#define PAIR(...) BC128(_mm_setr_epi8(__VA_ARGS__))   /* the same on every 128-bit lane */
#define SR2 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 5, 14, 7   /* ShiftRows^2 */
/* With FEA_AESNI_GFNI (gfni_sliced_avx2.c) SubBytes is one gf2p8affineinvqb
 * (AES's affine map and constant) and no byte moves: no ShiftRows order. */
#ifndef FEA_AESNI_GFNI
#define FEA_AESNI_GFNI 0
#endif
#define FEA_AES_AFFINE 0xF1E3C78F1F3E7CF8LL
/* ShiftRows^-1 before aesenclast puts every byte of one xmm back */
#define FEA_PRE_SR 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3

/* SubBytes on every byte (ShiftRows moves them; see above). */
static inline V subbytes(V z)
{
#if FEA_AESNI_GFNI
    return _mm256_gf2p8affineinv_epi64_epi8(z, _mm256_set1_epi64x(FEA_AES_AFFINE), 0x63);
#elif FEA_AESNI_VAES
    return _mm256_aesenclast_epi128(z, ZERO());
#elif FEA_AESNI_W == 512
    __m128i k = _mm_setzero_si128();
    V r = _mm512_castsi128_si512(_mm_aesenclast_si128(_mm512_castsi512_si128(z), k));
    r = _mm512_inserti32x4(r, _mm_aesenclast_si128(_mm512_extracti32x4_epi32(z, 1), k), 1);
    r = _mm512_inserti32x4(r, _mm_aesenclast_si128(_mm512_extracti32x4_epi32(z, 2), k), 2);
    return _mm512_inserti32x4(r, _mm_aesenclast_si128(_mm512_extracti32x4_epi32(z, 3), k), 3);
#else
    __m128i k = _mm_setzero_si128();
    __m128i lo = _mm_aesenclast_si128(_mm256_castsi256_si128(z), k);
    __m128i hi = _mm_aesenclast_si128(_mm256_extracti128_si256(z, 1), k);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
#endif
}

static inline V look(const uint8_t t[2][16], V lo, V hi)
{
    return XOR(SHUF(TAB(t[0]), lo), SHUF(TAB(t[1]), hi));
}

#define SPLIT(y, lo, hi)                                          \
    do {                                                          \
        const V nib_ = SET1(0x0f);                    \
        lo = AND(y, nib_);                           \
        hi = AND(SRLI16(y, 4), nib_);     \
    } while (0)

static inline V look1(const uint8_t t[2][16], V y)
{
    V lo, hi;
    SPLIT(y, lo, hi);
    return look(t, lo, hi);
}

/* The constants of one call, per round step s, in the phi domain (byte
 * broadcasts in the rounds): kx = RK_a (with one tweak for all blocks:
 * W ^ RK_a), kb = RK_b; with one tweak, cu = the first SP's sum over the
 * input bytes from hx on, where the half is zero and the input W ^ RK_a the
 * same in every lane, plus kb: the second SP's input is u ^ RK_b. */
typedef struct fea_call {
    V pt[16][2], st[16][2], phi[2], nib;   /* FEA_AESNI_* on both lanes: plain loads */
    uint8_t cu[8][sizeof(V)];                /* cu[j][s]: byte j of step s's sum */
    uint8_t kx[32][8], kb[32][8];   /* rows from r on zero */
    int shared;
} fea_call;

static inline V lookv(const V t[2], V y, V nib)
{
    return XOR(SHUF(t[0], AND(y, nib)), SHUF(t[1], AND(SRLI16(y, 4), nib)));
}

/* The tables pt[k..k+7] of step k, through a pointer the compiler cannot
 * follow: otherwise it carries the seven it shares with step k+1 in
 * registers (a vmovdqa each per step) and spills the sums instead.  Read
 * from memory (L1, spare load ports) the sums stay in registers. */
static inline const V (*fresh(const V (*t)[2]))[2]
{
    __asm__("" : "+r"(t));
    return t;
}

/* The second SP's bytes 0..FULL-1 (phi domain) and, if part, byte FULL
 * (plain, masked, then phi), added to h.  FULL is a constant after
 * inlining, so v[] stays in registers. */
static inline __attribute__((always_inline))
void sp2(V h[8], const V z[8], const fea_call *cl, int part, V pmask, int FULL)
{
    V v[8], p = ZERO();
    for (int j = 0; j < FULL; j++) v[j] = p;
    _Pragma("GCC unroll 1") for (int k = 0; k < 8; k++) {   /* rolled: v[] stays in registers */
        V y = subbytes(z[k]);   /* z: RK_b added */
        const V (*pt)[2] = fresh(cl->pt + k);
        _Pragma("GCC unroll 8") for (int j = 0; j < FULL; j++) v[j] = XOR(v[j], lookv(pt[j], y, cl->nib));
        if (part) p = XOR(p, lookv(cl->st[FULL + k], y, cl->nib));
    }
    for (int j = 0; j < FULL; j++) h[j] = XOR(h[j], v[j]);
    if (part) h[FULL] = XOR(h[FULL], lookv(cl->phi, AND(p, pmask), cl->nib));
}

/* h ^= F(x ^ w) & mask (section 7) in the phi domain, for round step s; the
 * half keeps bytes 0..full-1 whole and byte full under pmask if part.  w
 * is NULL with a shared tweak (then in kx, and bytes from hx on in cu). */
static inline __attribute__((always_inline))
void feistel(V h[8], const V x[8], const V *w, const fea_call *cl, unsigned s, unsigned hx,
             unsigned full, int part, V pmask)
{
    V u[8];
    _Pragma("GCC unroll 8") for (int j = 0; j < 8; j++) u[j] = SET1((char)(w ? cl->kb[s][j] : cl->cu[j][s]));
    _Pragma("GCC unroll 1") for (unsigned k = 0; k < hx; k++) {
        V y = XOR(x[k], SET1((char)cl->kx[s][k]));
        if (w) y = XOR(y, w[k]);
        y = subbytes(y);
        const V (*pt)[2] = fresh(cl->pt + k);
        _Pragma("GCC unroll 8") for (int j = 0; j < 8; j++) u[j] = XOR(u[j], lookv(pt[j], y, cl->nib));
    }
    switch (full) {   /* public: the block length */
    case 0: sp2(h, u, cl, part, pmask, 0); break;
    case 1: sp2(h, u, cl, part, pmask, 1); break;
    case 2: sp2(h, u, cl, part, pmask, 2); break;
    case 3: sp2(h, u, cl, part, pmask, 3); break;
    case 4: sp2(h, u, cl, part, pmask, 4); break;
    case 5: sp2(h, u, cl, part, pmask, 5); break;
    case 6: sp2(h, u, cl, part, pmask, 6); break;
    case 7: sp2(h, u, cl, part, pmask, 7); break;
    default: sp2(h, u, cl, 0, pmask, 8); break;
    }
}

/* NL 64-bit words to 8 registers, register k = byte k (most significant
 * first) of every word, and back: an 8x8 transpose of 16-bit pairs after
 * (before) a shuffle within each pair of words. */
static inline void transpose(V x[8])
{
    V t0 = UNPACKLO16(x[0], x[1]), t1 = UNPACKHI16(x[0], x[1]);
    V t2 = UNPACKLO16(x[2], x[3]), t3 = UNPACKHI16(x[2], x[3]);
    V t4 = UNPACKLO16(x[4], x[5]), t5 = UNPACKHI16(x[4], x[5]);
    V t6 = UNPACKLO16(x[6], x[7]), t7 = UNPACKHI16(x[6], x[7]);
    V u0 = UNPACKLO32(t0, t2), u1 = UNPACKHI32(t0, t2);
    V u2 = UNPACKLO32(t1, t3), u3 = UNPACKHI32(t1, t3);
    V u4 = UNPACKLO32(t4, t6), u5 = UNPACKHI32(t4, t6);
    V u6 = UNPACKLO32(t5, t7), u7 = UNPACKHI32(t5, t7);
    x[0] = UNPACKLO64(u0, u4); x[1] = UNPACKHI64(u0, u4);
    x[2] = UNPACKLO64(u1, u5); x[3] = UNPACKHI64(u1, u5);
    x[4] = UNPACKLO64(u2, u6); x[5] = UNPACKHI64(u2, u6);
    x[6] = UNPACKLO64(u3, u7); x[7] = UNPACKHI64(u3, u7);
}


/* q[0..31] -> phi of its bytes, byte-sliced; order: ShiftRows^2 applied. */
static inline void load_sliced(V x[8], const uint64_t *q, int order)
{
    const V c = PAIR(7, 15, 6, 14, 5, 13, 4, 12, 3, 11, 2, 10, 1, 9, 0, 8);
    _Pragma("GCC unroll 8") for (int i = 0; i < 8; i++)
        x[i] = SHUF(LOADU(q + NL / 8 * i), c);
    transpose(x);
    _Pragma("GCC unroll 8") for (int k = 0; k < 8; k++) {
        x[k] = look1(FEA_AESNI_PHI[0], x[k]);
        if (order && !FEA_AESNI_GFNI) x[k] = SHUF(x[k], PAIR(SR2));
    }
}

static inline void store_sliced(uint64_t *q, V x[8], int order)
{
    const V c = PAIR(14, 12, 10, 8, 6, 4, 2, 0, 15, 13, 11, 9, 7, 5, 3, 1);
    _Pragma("GCC unroll 8") for (int k = 0; k < 8; k++) {
        x[k] = look1(FEA_AESNI_PHI[1], x[k]);
        if (order && !FEA_AESNI_GFNI) x[k] = SHUF(x[k], PAIR(SR2));
    }
    transpose(x);
    _Pragma("GCC unroll 8") for (int i = 0; i < 8; i++)
        STOREU(q + NL / 8 * i, SHUF(x[i], c));
}

/* The halves and tweak words of a pass of up to two sets of NL lanes, as
 * in fea_lanes (fea_x86.h). */
typedef struct fea_aesni_lanes {
    uint64_t a[2 * NL], b[2 * NL], w[3][2 * NL];
} fea_aesni_lanes;

/* All rounds (decrypt: in reverse) on H sets of NL lanes of l, H = 1 or 2
 * (a constant after inlining).  With two, each round step runs on one set,
 * then on the other: the work of the second fills the gaps where the first
 * waits for its S-boxes and sums (each step needs all of the previous). */
static inline __attribute__((always_inline))
void rounds_h(const fea_aesni_ctx *x, fea_aesni_lanes *l, int decrypt, const fea_call *cl, const unsigned H)
{
    unsigned r = x->c.rounds, na = (x->c.n + 1) / 2, nb = x->c.n / 2, period = x->c.variant == 2 ? 3 : 2;
    unsigned ha = cl->shared ? (na + 7) / 8 : 8, hb = cl->shared ? (nb + 7) / 8 : 8;
    V a[2][8], b[2][8], w[2][3][2][8];   /* per set: tweak words in A's order, in B's order */
    V ma = SET1((char)(0xff00 >> na % 8)), mb = SET1((char)(0xff00 >> nb % 8));
    for (unsigned h = 0; h < H; h++) {
        load_sliced(a[h], l->a + h * NL, 0);
        load_sliced(b[h], l->b + h * NL, 1);
        for (unsigned t = 0; t < period && !cl->shared; t++) {
            load_sliced(w[h][t][0], l->w[t] + h * NL, 0);
            _Pragma("GCC unroll 8") for (int k = 0; k < 8; k++) w[h][t][1][k] = FEA_AESNI_GFNI ? w[h][t][0][k] : SHUF(w[h][t][0][k], PAIR(SR2));
        }
    }
    unsigned i = decrypt ? r : 1, t = i % period;
    for (unsigned s = 0; s < r; s++) {
        for (unsigned h = 0; h < H; h++) {
            if (i % 2) feistel(a[h], b[h], cl->shared ? NULL : w[h][t][1], cl, s, hb, na / 8, na % 8 != 0, ma);
            else feistel(b[h], a[h], cl->shared ? NULL : w[h][t][0], cl, s, ha, nb / 8, nb % 8 != 0, mb);
        }
        if (decrypt) { i--; t = t ? t - 1 : period - 1; }
        else { i++; t = t + 1 == period ? 0 : t + 1; }
    }
    for (unsigned h = 0; h < H; h++) {
        store_sliced(l->a + h * NL, a[h], 0);
        store_sliced(l->b + h * NL, b[h], 1);
    }
}

static void rounds(const fea_aesni_ctx *x, fea_aesni_lanes *l, int decrypt, const fea_call *cl)
{
    rounds_h(x, l, decrypt, cl, 1);
}

static void rounds2(const fea_aesni_ctx *x, fea_aesni_lanes *l, int decrypt, const fea_call *cl)
{
    rounds_h(x, l, decrypt, cl, 2);
}

/* phi of the 16 bytes of v, and of those at p. */
static inline __m128i phi128(__m128i v)
{
    __m128i nib = _mm_set1_epi8(0x0f);
    return _mm_xor_si128(_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)FEA_AESNI_PHI[0][0]), _mm_and_si128(v, nib)),
                         _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)FEA_AESNI_PHI[0][1]),
                                          _mm_and_si128(_mm_srli_epi16(v, 4), nib)));
}

static inline __m128i phi16(const uint8_t *p)
{
    return phi128(_mm_loadu_si128((const __m128i *)p));
}

/* q[j] = byte j of rows[s] in byte s (s < 32): the transpose of
 * load_sliced on pairs of rows, read by the 8-byte loads that match their
 * stores (a wider load would stall on store forwarding). */
static inline void slice_steps(V q[8], const uint8_t rows[32][8])
{
    const V sel = PAIR(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    for (int k = 0; k < 8; k++) {
        __m128i lo = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)rows[2 * k]),
                                        _mm_loadl_epi64((const __m128i *)rows[2 * k + 1]));
        __m128i hi = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)rows[16 + 2 * k]),
                                        _mm_loadl_epi64((const __m128i *)rows[17 + 2 * k]));
        q[k] = SHUF(JOIN2(lo, hi), sel);
    }
    transpose(q);
}

/* The call's constants (fea_call); w: the tweak words, NULL for a tweak
 * per block. */
static void call_init(const fea_aesni_ctx *x, fea_call *cl, const uint64_t *w, int decrypt)
{
    unsigned r = x->c.rounds, na = (x->c.n + 1) / 2, nb = x->c.n / 2, period = x->c.variant == 2 ? 3 : 2;
    unsigned i = decrypt ? r : 1;
    uint8_t pw[3][8];
    cl->shared = w != NULL;
    memset(cl->kx, 0, sizeof cl->kx);
    memset(cl->kb, 0, sizeof cl->kb);
    for (int m = 0; m < 16; m++)
        for (int e = 0; e < 2; e++) {
            cl->pt[m][e] = TAB(FEA_AESNI_PT[m & 7][e]);
            cl->st[m][e] = TAB(FEA_AESNI_ST[m & 7][e]);
        }
    cl->phi[0] = TAB(FEA_AESNI_PHI[0][0]);
    cl->phi[1] = TAB(FEA_AESNI_PHI[0][1]);
    cl->nib = SET1(0x0f);
    /* phi is linear: phi(W ^ RK_a) = phi(W) ^ x->rk, so only the tweak
     * words are converted here (set_key converted the round keys). */
    for (unsigned t = 0; t < period; t++) {   /* big-endian: byte 0 first; in registers, no stall */
        __m128i v = _mm_cvtsi64_si128((long long)(w ? w[t] : 0));
        v = _mm_shuffle_epi8(v, _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, -1, -1, -1, -1, -1, -1, -1, -1));
        _mm_storel_epi64((__m128i *)pw[t], phi128(v));
    }
    for (unsigned s = 0, p = i % period; s < r; s++) {   /* p = i % period, without a division per step */
        uint64_t a, t;
        memcpy(&a, x->rk[i - 1][0], 8);
        memcpy(&t, pw[p], 8);
        a ^= t;
        memcpy(cl->kx[s], &a, 8);
        memcpy(cl->kb[s], x->rk[i - 1][1], 8);
        if (decrypt) { i--; p = p ? p - 1 : period - 1; }
        else { i++; p = p + 1 == period ? 0 : p + 1; }
    }
    if (w) {   /* cu for all steps at once, step s in byte s */
        V xq[8], cu[8];
        slice_steps(xq, cl->kx);
        /* Input byte q counts at step s from hx on: hb at odd rounds i, ha at
         * even; i = s + 1, or r - s decrypting. */
        const V even_s = PAIR(-1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0);
        V odd_i = decrypt && r % 2 == 0 ? XOR(even_s, SET1(-1)) : even_s, even_i = XOR(odd_i, SET1(-1));
        unsigned ha = (na + 7) / 8, hb = (nb + 7) / 8;
        for (int j = 0; j < 8; j++) cu[j] = ZERO();
        for (unsigned q = ha < hb ? ha : hb; q < 8; q++) {
            V y = subbytes(FEA_AESNI_GFNI ? xq[q] : SHUF(xq[q], PAIR(FEA_PRE_SR)));
            V m = OR(q >= hb ? odd_i : ZERO(), q >= ha ? even_i : ZERO());
            for (int j = 0; j < 8; j++) cu[j] = XOR(cu[j], AND(lookv(cl->pt[j + q], y, cl->nib), m));
        }
        slice_steps(xq, cl->kb);
        for (int j = 0; j < 8; j++) STOREU(cl->cu[j], XOR(cu[j], xq[j]));
    }
    kc_wipe(pw, sizeof pw);
}

/* Vector split and join of four blocks of bs = 4..8 bytes (n = 25..64),
 * loading and storing exactly their bytes: per two blocks, 8 bytes from the
 * start and 8 bytes ending at their end, gathered into two 64-bit integers
 * by pshufb (ld) and back (st). */
typedef struct fea_io {
    __m256i ld, st;
    __m128i w1, w2, v1, v2;   /* shift counts */
    size_t bs;
} fea_io;

static void io_init(fea_io *io, size_t bs, unsigned w1, unsigned w2, unsigned v1, unsigned v2)
{
    uint8_t ld[16], st[16];
    for (unsigned e = 0; e < 16; e++) {
        unsigned q = e / 8, i = e % 8, d = (unsigned)(q * bs + bs - 1 - i);
        ld[e] = i < bs ? (uint8_t)(d < 8 ? d : d + 16 - 2 * bs) : 0x80;
        d = e < 8 ? e : (unsigned)(e - 16 + 2 * bs);
        st[e] = (uint8_t)(d / bs * 8 + bs - 1 - d % bs);
    }
    io->ld = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)ld));
    io->st = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)st));
    io->w1 = _mm_cvtsi32_si128((int)(64 - w1));
    io->w2 = _mm_cvtsi32_si128((int)w2);
    io->v1 = _mm_cvtsi32_si128((int)(64 - v1));
    io->v2 = _mm_cvtsi32_si128((int)v2);
    io->bs = bs;
}

static inline __m128i ld2(const uint8_t *p, size_t bs)
{
    return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)p), _mm_loadl_epi64((const __m128i *)(p + 2 * bs - 8)));
}

static inline void st2(uint8_t *p, size_t bs, __m128i v)
{
    _mm_storel_epi64((__m128i *)p, v);
    _mm_storel_epi64((__m128i *)(p + 2 * bs - 8), _mm_unpackhi_epi64(v, v));
}

static inline void io_split(const fea_io *io, const uint8_t *in, uint64_t *first, uint64_t *second)
{
    __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(ld2(in, io->bs)), ld2(in + 2 * io->bs, io->bs), 1);
    v = _mm256_shuffle_epi8(v, io->ld);
    _mm256_storeu_si256((__m256i *)first, _mm256_sll_epi64(_mm256_srl_epi64(v, io->w2), io->w1));
    _mm256_storeu_si256((__m256i *)second, _mm256_sll_epi64(v, _mm_sub_epi64(_mm_cvtsi32_si128(64), io->w2)));
}

static inline void io_join(const fea_io *io, uint8_t *out, const uint64_t *first, const uint64_t *second)
{
    __m256i f = _mm256_srl_epi64(_mm256_loadu_si256((const __m256i *)first), io->v1);
    __m256i s2 = _mm256_srl_epi64(_mm256_loadu_si256((const __m256i *)second), _mm_sub_epi64(_mm_cvtsi32_si128(64), io->v2));
    __m256i v = _mm256_shuffle_epi8(_mm256_or_si256(_mm256_sll_epi64(f, io->v2), s2), io->st);
    st2(out, io->bs, _mm256_castsi256_si128(v));
    st2(out + 2 * io->bs, io->bs, _mm256_extracti128_si256(v, 1));
}

static inline __m128i look128(const uint8_t t[2][16], __m128i y)
{
    const __m128i nib = _mm_set1_epi8(0x0f);
    return _mm_xor_si128(_mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)t[0]), _mm_and_si128(y, nib)),
                         _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)t[1]),
                                          _mm_and_si128(_mm_srli_epi16(y, 4), nib)));
}

/* SP on one word, its eight bytes in one xmm (byte k of the spec at
 * position k): for the key schedule and short calls.  Product m lands at
 * output byte j from input byte (m - j) mod 8, one pshufb. */
static uint64_t sp(uint64_t wd)
{
#define FEA_PERM(m) _mm_setr_epi8((m) & 7, ((m) - 1) & 7, ((m) - 2) & 7, ((m) - 3) & 7, ((m) - 4) & 7, \
                                  ((m) - 5) & 7, ((m) - 6) & 7, ((m) - 7) & 7, -1, -1, -1, -1, -1, -1, -1, -1)
    const __m128i rev = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, -1, -1, -1, -1, -1, -1, -1, -1);
    __m128i x = look128(FEA_AESNI_PHI[0], _mm_shuffle_epi8(_mm_cvtsi64_si128((long long)wd), rev));
#if FEA_AESNI_GFNI
    __m128i y = _mm_gf2p8affineinv_epi64_epi8(x, _mm_set1_epi64x(FEA_AES_AFFINE), 0x63);
#else
    __m128i y = _mm_aesenclast_si128(_mm_shuffle_epi8(x, _mm_setr_epi8(FEA_PRE_SR)), _mm_setzero_si128());
#endif
    __m128i u = _mm_setzero_si128();
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[0], y), FEA_PERM(0)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[1], y), FEA_PERM(1)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[2], y), FEA_PERM(2)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[3], y), FEA_PERM(3)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[4], y), FEA_PERM(4)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[5], y), FEA_PERM(5)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[6], y), FEA_PERM(6)));
    u = _mm_xor_si128(u, _mm_shuffle_epi8(look128(FEA_AESNI_ST[7], y), FEA_PERM(7)));
#undef FEA_PERM
    return (uint64_t)_mm_cvtsi128_si64(_mm_shuffle_epi8(u, rev));
}

/* fea_crypt_lanes (fea_x86.h) with the vector split and join, and with one
 * tweak for all blocks, the shared sums; fea_crypt with sp for a few blocks. */
static void crypt(const fea_aesni_ctx *x, uint8_t *out, const uint8_t *in, size_t count,
                  const uint8_t *tweak, size_t tweak_stride, int decrypt)
{
    const fea_ctx *c = &x->c;
    unsigned n = c->n, na = (n + 1) / 2, nb = n / 2;
    size_t bs = (n + 7) / 8;
    if (count * 8 < NL) {   /* a few blocks: one at a time beats a pass over NL lanes */
        fea_crypt(c, out, in, count, tweak, tweak_stride, decrypt, sp);
        return;
    }
    int swap_in = decrypt && c->rounds % 2 == 0, swap_out = !decrypt && c->rounds % 2 == 0;
    unsigned w1 = swap_in ? nb : na, w2 = swap_in ? na : nb;
    unsigned v1 = swap_out ? nb : na, v2 = swap_out ? na : nb;
    int shared = !tweak_stride || count == 1, vec = bs >= 4 && bs <= 8;
    _Alignas(64) fea_aesni_lanes l;
    _Alignas(64) fea_call cl;
    uint64_t *first = swap_in ? l.b : l.a, *second = swap_in ? l.a : l.b;
    fea_io io;
    io_init(&io, bs, w1, w2, v1, v2);
    if (shared) {
        uint64_t w[3];
        fea_tweak3(c, tweak, w);
        call_init(x, &cl, w, decrypt);
        kc_wipe(w, sizeof w);
    } else {
        call_init(x, &cl, NULL, decrypt);
    }
    while (count) {
        size_t m = count < 2 * NL ? count : 2 * NL, j = 0, lanes = m > NL ? 2 * NL : NL;
        if (vec)
            for (; j + 4 <= m; j += 4) io_split(&io, in + j * bs, first + j, second + j);
        for (; j < m; j++) {
            uint64_t hi, lo;
            fea_get(in + j * bs, bs, &hi, &lo);
            first[j] = fea_shr(hi, lo, w2) << ((64 - w1) & 63);   /* & 63: as fea_split */
            second[j] = fea_low(lo, w2) << ((64 - w2) & 63);
        }
        for (j = m; j < lanes; j++) first[j] = second[j] = 0;   /* unused lanes */
        if (!shared) {
            for (j = 0; j < lanes; j++) {
                uint64_t w[3] = { 0, 0, 0 };
                if (j < m) fea_tweak3(c, tweak + j * tweak_stride, w);
                l.w[0][j] = w[0];
                l.w[1][j] = w[1];
                l.w[2][j] = w[2];
            }
        }
        if (lanes > NL) rounds2(x, &l, decrypt, &cl);   /* public: the count */
        else rounds(x, &l, decrypt, &cl);
        first = swap_out ? l.b : l.a;
        second = swap_out ? l.a : l.b;
        j = 0;
        if (vec)
            for (; j + 4 <= m; j += 4) io_join(&io, out + j * bs, first + j, second + j);
        for (; j < m; j++) {
            uint64_t f = first[j] >> (64 - v1), s2 = second[j] >> (64 - v2);
            fea_put(out + j * bs, bs, v2 == 64 ? f : f >> (64 - v2), v2 == 64 ? s2 : s2 | f << v2);
        }
        first = swap_in ? l.b : l.a;
        second = swap_in ? l.a : l.b;
        in += m * bs;
        out += m * bs;
        if (tweak_stride) tweak += m * tweak_stride;
        count -= m;
    }
    kc_wipe(l.a, sizeof l.a);   /* what was written; the tables in cl are public */
    kc_wipe(l.b, sizeof l.b);
    if (!shared) kc_wipe(l.w, sizeof l.w);
    kc_wipe(cl.cu, sizeof cl.cu);
    kc_wipe(cl.kx, sizeof cl.kx);
    kc_wipe(cl.kb, sizeof cl.kb);
}

static kc_status set_key(void *ctx, int variant, const uint8_t *key, size_t key_len, unsigned n_bits)
{
    fea_aesni_ctx *x = ctx;
    uint8_t k[16];
    kc_status st = fea_expand_key(&x->c, variant, key, key_len, n_bits, sp);
    for (unsigned i = 0; i < x->c.rounds; i++) {
        kc_store64_be(k, x->c.rk[i][0]);
        kc_store64_be(k + 8, x->c.rk[i][1]);
        _mm_storeu_si128((__m128i *)x->rk[i], phi16(k));
    }
    kc_wipe(k, sizeof k);
    return st;
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    crypt(ctx, out, in, count, tweak, tweak_stride, 0);
}

static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    crypt(ctx, out, in, count, tweak, tweak_stride, 1);
}

#endif
