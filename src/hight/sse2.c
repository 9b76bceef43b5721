/* SPDX-License-Identifier: MIT */
/* HIGHT, SSE2 (no pshufb): byte-sliced, 16 blocks per batch of eight xmm
 * registers, as hight_simd.h but with shifts for the nibble shuffles:
 *   F0(x) = ROL1 ^ ROL2 ^ ROR1 = ROL1(x ^ ROL1(x)) ^ ROR1(x): ROL1 is
 *           x + x plus the sign bit (pcmpgtb against zero), ROR1 is
 *           pavgb(x, m), (x + m + 1) >> 1 in 9 bits, with m = 0xff where
 *           x is odd (bit 0 to the sign by a 16-bit shift, pcmpgtb);
 *   F1(x) = ROL3 ^ ROL4 ^ ROL6: each byte doubled into a 16-bit word w,
 *           whose high byte after w << n is ROL_n(x), so F1(x) is the high
 *           byte of (w ^ w << 1) << 3 ^ w << 6; packuswb brings the bytes
 *           back.
 * The transpose is punpcklbw/punpckhbw only: one step sends index bit 3 of
 * the byte position to the register number and a register bit in at the
 * bottom, a rotation of the 7 index bits (3 register, 4 position), so four
 * steps slice a batch and three more undo it; CTR builds its counter
 * blocks already sliced.  Subkeys are stored as whole vectors (SSE2 has
 * no broadcast).  CTR and ECB encryption take 128 blocks at a time
 * bitsliced where they can (see bs_encrypt): with a bit a plane, F0 and F1
 * are 16 XORs, the additions ripple-carry adders (about 230 operations
 * a round for 128 blocks, against 60 for 16 byte-sliced); CTR builds its
 * counters bitsliced and starts in scalar what depends only on their high
 * bytes: CTR 4.7 -> 2.8 c/B, ECB encryption 4.7 -> 3.0, on Zen 3 (SSE2
 * only).  The costs: 17 KB of key masks, key setup 0.36 -> 0.9 us.  CBC encryption and CMAC, one block at
 * a time, take ref's register chain: one block in xmm registers without
 * pshufb would be about ten dependent operations a round, no faster (not
 * measured).  A lone block goes to ref too.  Constant time: no branch or
 * address depends on data or key. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"

extern const kc_block_backend kc_hight_ref;

typedef struct hight_sse2_key {
    hight_key k;                                     /* first: ref takes lone blocks and CBC */
    _Alignas(16) uint8_t sk[4 * HIGHT_ROUNDS][16];   /* SK_i in every byte */
    _Alignas(16) uint8_t wk[8][16];
    _Alignas(16) uint8_t bsk[4 * HIGHT_ROUNDS][8][16];   /* bit b of SK_i, 0 or 0xff bytes */
    _Alignas(16) uint8_t bwk[8][8][16];
} hight_sse2_key;

KC_TARGET_BEGIN("sse2")

typedef __m128i V;
#define XOR _mm_xor_si128
#define ADD _mm_add_epi8
#define SUB _mm_sub_epi8
#define KEY(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define BATCH 128   /* bytes: 16 blocks */

static inline __attribute__((always_inline)) V rol1(V x)
{
    return _mm_sub_epi8(_mm_add_epi8(x, x), _mm_cmpgt_epi8(_mm_setzero_si128(), x));
}

static inline __attribute__((always_inline)) V ror1(V x)
{
    return _mm_avg_epu8(x, _mm_cmpgt_epi8(_mm_setzero_si128(), _mm_slli_epi16(x, 7)));
}

static inline __attribute__((always_inline)) V f0(V x)
{
    return XOR(rol1(XOR(x, rol1(x))), ror1(x));
}

static inline __attribute__((always_inline)) V f1_half(V w)
{
    V a = XOR(w, _mm_slli_epi16(w, 1));
    return _mm_srli_epi16(XOR(_mm_slli_epi16(a, 3), _mm_slli_epi16(w, 6)), 8);
}

static inline __attribute__((always_inline)) V f1(V x)
{
    return _mm_packus_epi16(f1_half(_mm_unpacklo_epi8(x, x)), f1_half(_mm_unpackhi_epi8(x, x)));
}

/* m[b] = 0xff bytes where bit b of v is set, else zeros. */
static void bit_masks(uint8_t m[8][16], uint8_t v)
{
    V x = _mm_set1_epi8((char)v);
    for (unsigned b = 0; b < 8; b++) {
        V bit = _mm_set1_epi8((char)(1 << b));
        _mm_store_si128((__m128i *)(void *)m[b], _mm_cmpeq_epi8(_mm_and_si128(x, bit), bit));
    }
}

static kc_status hight_sse2_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    hight_sse2_key *x = ctx;
    hight_set_key(&x->k, key, key_len, block_len);
    for (unsigned i = 0; i < 4 * HIGHT_ROUNDS; i++) memset(x->sk[i], x->k.sk[i], 16);
    for (unsigned i = 0; i < 8; i++) memset(x->wk[i], x->k.wk[i], 16);
    for (unsigned i = 0; i < 4 * HIGHT_ROUNDS; i++) bit_masks(x->bsk[i], x->k.sk[i]);
    for (unsigned i = 0; i < 8; i++) bit_masks(x->bwk[i], x->k.wk[i]);
    return KC_OK;
}

/* One transpose step: see the opening comment. */
static inline __attribute__((always_inline)) void step(V r[8])
{
    V t[8];
    for (unsigned i = 0; i < 4; i++) {
        t[2 * i] = _mm_unpacklo_epi8(r[i], r[i + 4]);
        t[2 * i + 1] = _mm_unpackhi_epi8(r[i], r[i + 4]);
    }
    for (unsigned i = 0; i < 8; i++) r[i] = t[i];
}

#define ROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = ADD(x1, XOR(f1(x0), KEY((s)[0]))); x3 = XOR(x3, ADD(f0(x2), KEY((s)[1]))); \
    x5 = ADD(x5, XOR(f1(x4), KEY((s)[2]))); x7 = XOR(x7, ADD(f0(x6), KEY((s)[3]))); } while (0)
#define UNROUND(s, x0, x1, x2, x3, x4, x5, x6, x7) do { \
    x1 = SUB(x1, XOR(f1(x0), KEY((s)[0]))); x3 = XOR(x3, ADD(f0(x2), KEY((s)[1]))); \
    x5 = SUB(x5, XOR(f1(x4), KEY((s)[2]))); x7 = XOR(x7, ADD(f0(x6), KEY((s)[3]))); } while (0)

/* r[j] = byte j of blocks 0..15 (lane p = block p) in; out. */
static inline __attribute__((always_inline)) void encrypt16(const hight_sse2_key *k, V r[8])
{
    V a = r[0], b = r[1], c = r[2], d = r[3], e = r[4], f = r[5], g = r[6], h = r[7];
    const uint8_t (*s)[16];
    a = ADD(a, KEY(k->wk[0])); c = XOR(c, KEY(k->wk[1])); e = ADD(e, KEY(k->wk[2])); g = XOR(g, KEY(k->wk[3]));
    for (s = k->sk; s != k->sk + 4 * HIGHT_ROUNDS; s += 32) {
        ROUND(s, a, b, c, d, e, f, g, h);      ROUND(s + 4, h, a, b, c, d, e, f, g);
        ROUND(s + 8, g, h, a, b, c, d, e, f);  ROUND(s + 12, f, g, h, a, b, c, d, e);
        ROUND(s + 16, e, f, g, h, a, b, c, d); ROUND(s + 20, d, e, f, g, h, a, b, c);
        ROUND(s + 24, c, d, e, f, g, h, a, b); ROUND(s + 28, b, c, d, e, f, g, h, a);
    }
    r[0] = ADD(b, KEY(k->wk[4])); r[1] = c; r[2] = XOR(d, KEY(k->wk[5])); r[3] = e;
    r[4] = ADD(f, KEY(k->wk[6])); r[5] = g; r[6] = XOR(h, KEY(k->wk[7])); r[7] = a;
}

static inline __attribute__((always_inline)) void decrypt16(const hight_sse2_key *k, V r[8])
{
    /* the input is X32 = (b, c, ..., h, a) */
    V b = SUB(r[0], KEY(k->wk[4])), c = r[1], d = XOR(r[2], KEY(k->wk[5])), e = r[3];
    V f = SUB(r[4], KEY(k->wk[6])), g = r[5], h = XOR(r[6], KEY(k->wk[7])), a = r[7];
    const uint8_t (*s)[16];
    for (s = k->sk + 4 * HIGHT_ROUNDS; s != k->sk; s -= 32) {
        UNROUND(s - 4, b, c, d, e, f, g, h, a);  UNROUND(s - 8, c, d, e, f, g, h, a, b);
        UNROUND(s - 12, d, e, f, g, h, a, b, c); UNROUND(s - 16, e, f, g, h, a, b, c, d);
        UNROUND(s - 20, f, g, h, a, b, c, d, e); UNROUND(s - 24, g, h, a, b, c, d, e, f);
        UNROUND(s - 28, h, a, b, c, d, e, f, g); UNROUND(s - 32, a, b, c, d, e, f, g, h);
    }
    r[0] = SUB(a, KEY(k->wk[0])); r[1] = b; r[2] = XOR(c, KEY(k->wk[1])); r[3] = d;
    r[4] = SUB(e, KEY(k->wk[2])); r[5] = f; r[6] = XOR(g, KEY(k->wk[3])); r[7] = h;
}

/* r (sliced) back to blocks at out, xin (when not NULL) XORed in as it is stored. */
static inline __attribute__((always_inline)) void store(uint8_t *out, V r[8], const uint8_t *xin)
{
    step(r); step(r); step(r);
    for (unsigned j = 0; j < 8; j++) {
        if (xin) r[j] = XOR(r[j], _mm_loadu_si128((const __m128i *)(const void *)(xin + 16 * j)));
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * j), r[j]);
    }
}

/* A batch at in to out, xin (when not NULL) XORed in as it is stored. */
static void batch(const hight_sse2_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin, int enc)
{
    V r[8];
    for (unsigned j = 0; j < 8; j++) r[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * j));
    step(r); step(r); step(r); step(r);
    if (enc) encrypt16(k, r); else decrypt16(k, r);
    store(out, r, xin);
}

/* CTR, a full batch: r[i] must hold byte i (big-endian) of the counters
 * c + p, p = 0..15, in byte p.  Each byte of c, and of the difference d
 * to c + 256 (the counter after a carry out of the low byte), is
 * broadcast by unpacks and pshufd; the low bytes are c's plus p, and
 * byte i < 7 takes d in the bytes p whose low byte carried (c_lo + p >
 * 255, the sum wrapping below p). */
/* CTR counters c + p, p = 0..15, sliced: r[i] = byte i (big-endian) of
 * c + p in byte p.  Each byte of c, and of the difference d to c + 256
 * (the counter after a carry out of the low byte), is broadcast by unpacks
 * and pshufd; the low bytes are c's plus p, and byte i < 7 takes d in the
 * bytes p whose low byte carried (c_lo + p > 255, the sum wrapping below
 * p). */
static inline __attribute__((always_inline)) void ctr_slice(V r[8], uint64_t c)
{
    const V iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    V v = _mm_set_epi64x((long long)(c ^ (c + 256)), (long long)c);
    V w = _mm_unpacklo_epi8(v, v), d = _mm_unpackhi_epi8(v, v);
    V cl = _mm_unpacklo_epi16(w, w), ch = _mm_unpackhi_epi16(w, w);   /* bytes 0..3 and 4..7, x4 */
    V dl = _mm_unpacklo_epi16(d, d), dh = _mm_unpackhi_epi16(d, d);
    V lo = _mm_add_epi8(_mm_shuffle_epi32(cl, 0x00), iota);
    V nc = _mm_cmpeq_epi8(_mm_max_epu8(lo, iota), lo);
#define HIGHT_CTR_BYTE(q, dq, n) XOR(_mm_shuffle_epi32(q, (n) * 0x55), _mm_andnot_si128(nc, _mm_shuffle_epi32(dq, (n) * 0x55)))
    r[0] = HIGHT_CTR_BYTE(ch, dh, 3); r[1] = HIGHT_CTR_BYTE(ch, dh, 2);
    r[2] = HIGHT_CTR_BYTE(ch, dh, 1); r[3] = HIGHT_CTR_BYTE(ch, dh, 0);
    r[4] = HIGHT_CTR_BYTE(cl, dl, 3); r[5] = HIGHT_CTR_BYTE(cl, dl, 2);
    r[6] = HIGHT_CTR_BYTE(cl, dl, 1); r[7] = lo;
#undef HIGHT_CTR_BYTE
}

/* CTR, a full batch of 16 blocks from counter c. */
static void ctr_batch(const hight_sse2_key *k, uint8_t *out, const uint8_t *in, uint64_t c)
{
    V r[8];
    ctr_slice(r, c);
    encrypt16(k, r);
    store(out, r, in);
}

/* Bitsliced, 128 blocks: s[j][i] holds bit i of byte j of every block, so
 * F0 and F1 are 16 XORs each and the additions ripple-carry adders; the
 * subkeys are bit masks (bsk).  Lane (p, g), byte p bit g of a plane, is
 * block 16 g + p: each group of 16 blocks is byte-sliced as above, then
 * the eight groups' registers of one byte are transposed as an 8 x 8 bit
 * matrix per byte (swapmoves). */
#define BSBATCH 1024
#define AND _mm_and_si128
#define OR _mm_or_si128

static inline __attribute__((always_inline)) void swapmove(V *a, V *b, V m, int n)
{
    V t = AND(XOR(_mm_srli_epi16(*a, n), *b), m);
    *b = XOR(*b, t);
    *a = XOR(*a, _mm_slli_epi16(t, n));
}

/* x[i] bit g <-> x[g] bit i, in every byte. */
static inline __attribute__((always_inline)) void transpose8(V *x)
{
    V r[8];
    for (unsigned i = 0; i < 8; i++) r[i] = x[i];
    const V m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
    for (unsigned i = 0; i < 8; i += 2) swapmove(&r[i], &r[i + 1], m1, 1);
    for (unsigned i = 0; i < 8; i += 4) { swapmove(&r[i], &r[i + 2], m2, 2); swapmove(&r[i + 1], &r[i + 3], m2, 2); }
    for (unsigned i = 0; i < 4; i++) swapmove(&r[i], &r[i + 4], m4, 4);
    for (unsigned i = 0; i < 8; i++) x[i] = r[i];
}

/* x += y, bytes as eight bit planes. */
static inline __attribute__((always_inline)) void bs_add(V *x, const V *y)
{
    V a = x[0], b = y[0], c = AND(a, b), t;
    x[0] = XOR(a, b);
    for (unsigned i = 1; i < 7; i++) {
        a = x[i]; b = y[i]; t = XOR(a, b);
        x[i] = XOR(t, c);
        c = OR(AND(a, b), AND(t, c));
    }
    x[7] = XOR(XOR(x[7], y[7]), c);
}

static inline __attribute__((always_inline)) void bs_xor(V *x, const V *y)
{
    for (unsigned i = 0; i < 8; i++) x[i] = XOR(x[i], y[i]);
}

#define BSKEY(p) ((const V *)(const void *)(p))

/* a ^ *m, a & *m with *m (aligned) a memory operand.  In the adders below
 * the compiler would load x[i] (or k[i]) once and copy it for its two
 * uses, two-operand SSE, and the rounds are bound by how many
 * instructions issue: 3.0 -> 2.85 c/B.  (The same for F0 and F1's XORs
 * cost more than it saved: longer chains, 3.8 c/B.) */
static inline __attribute__((always_inline)) V xor_m(V a, const V *m)
{
    __asm__("pxor %1, %0" : "+x"(a) : "m"(*m));
    return a;
}

static inline __attribute__((always_inline)) V and_m(V a, const V *m)
{
    __asm__("pand %1, %0" : "+x"(a) : "m"(*m));
    return a;
}

/* x1 += F1(x0) ^ k: F1 bit i = x bits i - 3, i - 4, i - 6. */
static inline __attribute__((always_inline)) void bs_half1(const V *x0, V *x1, const V *k)
{
    V v[8], c, t, g;
    for (unsigned i = 0; i < 8; i++) v[i] = XOR(XOR(x0[(i + 5) & 7], x0[(i + 4) & 7]), XOR(x0[(i + 2) & 7], k[i]));
    c = and_m(v[0], &x1[0]);
    x1[0] = xor_m(v[0], &x1[0]);
    for (unsigned i = 1; i < 7; i++) {
        g = and_m(v[i], &x1[i]);
        t = xor_m(v[i], &x1[i]);
        x1[i] = XOR(t, c);
        c = OR(g, AND(t, c));
    }
    x1[7] = XOR(xor_m(v[7], &x1[7]), c);
}

/* x3 ^= F0(x2) + k: F0 bit i = x bits i - 1, i - 2, i + 1. */
static inline __attribute__((always_inline)) void bs_half0(const V *x2, V *x3, const V *k)
{
    V u[8], c, t, g;
    for (unsigned i = 0; i < 8; i++) u[i] = XOR(XOR(x2[(i + 7) & 7], x2[(i + 6) & 7]), x2[(i + 1) & 7]);
    c = and_m(u[0], &k[0]);
    x3[0] = xor_m(xor_m(u[0], &k[0]), &x3[0]);
    for (unsigned i = 1; i < 7; i++) {
        g = and_m(u[i], &k[i]);
        t = xor_m(u[i], &k[i]);
        x3[i] = xor_m(XOR(t, c), &x3[i]);
        c = OR(g, AND(t, c));
    }
    x3[7] = xor_m(XOR(xor_m(u[7], &k[7]), c), &x3[7]);
}

/* Rounds r0..31 and the output whitening. */
static void bs_rounds(const hight_sse2_key *k, V s[8][8], unsigned r0)
{
    V *p[16];   /* round r: X_j is s[(j - r) mod 8], p[(8 - r) mod 8 + j] */
    for (unsigned j = 0; j < 16; j++) p[j] = s[j & 7];
    for (unsigned r = r0; r < HIGHT_ROUNDS; r++) {
        V *const *x = p + ((8 - r) & 7);
        const V *sk = BSKEY(k->bsk[4 * r]);
        bs_half1(x[0], x[1], sk);
        bs_half0(x[2], x[3], sk + 8);
        bs_half1(x[4], x[5], sk + 16);
        bs_half0(x[6], x[7], sk + 24);
    }
    /* 32 rotations, but the last round does not rotate: X_j is s[j + 1] */
    bs_add(s[1], BSKEY(k->bwk[4])); bs_xor(s[3], BSKEY(k->bwk[5]));
    bs_add(s[5], BSKEY(k->bwk[6])); bs_xor(s[7], BSKEY(k->bwk[7]));
}

static void bs_encrypt(const hight_sse2_key *k, V s[8][8])
{
    bs_add(s[0], BSKEY(k->bwk[0])); bs_xor(s[2], BSKEY(k->bwk[1]));
    bs_add(s[4], BSKEY(k->bwk[2])); bs_xor(s[6], BSKEY(k->bwk[3]));
    bs_rounds(k, s, 0);
}

/* s (bitsliced, byte j at s[j + 1 mod 8]) to blocks at out, XOR xin. */
static inline __attribute__((always_inline)) void bs_store(uint8_t *out, V s[8][8], const uint8_t *xin)
{
    for (unsigned j = 0; j < 8; j++) transpose8(s[j]);
    for (unsigned g = 0; g < 8; g++) {
        V r[8];
        for (unsigned j = 0; j < 8; j++) r[j] = s[(j + 1) & 7][g];
        store(out + 128 * g, r, xin ? xin + 128 * g : NULL);
    }
}

/* s[j][i] = 0xff bytes where bit i of byte v is set. */
static inline __attribute__((always_inline)) void bs_byte(V p[8], uint8_t v)
{
    V x = _mm_set1_epi8((char)v);
    for (unsigned i = 0; i < 8; i++) {
        V bit = _mm_set1_epi8((char)(1 << i));
        p[i] = _mm_cmpeq_epi8(_mm_and_si128(x, bit), bit);
    }
}

/* The counters c + n, n = 16 g + p, built bitsliced in lane (p, g): the
 * low byte by a bitsliced c_lo + n (n's planes are constants), whose carry
 * out picks, in the bytes above, c's bits or c + 256's. */
/* CTR's start, for one value v of the counter's seven high bytes (X0..X6,
 * the same in every lane but for the carry out of X7): the whitening,
 * round 0 but for X7 ^= e, returned, and round 1 but for X1 += F1(X0) ^
 * SK4, whose X0 is X7.  y[j] = X_j after round 1's rotation, j = 1..7. */
static uint8_t ctr_start(const hight_key *k, uint64_t v, uint8_t y[8])
{
    uint8_t x[7];
    for (unsigned j = 0; j < 7; j++) x[j] = (uint8_t)(v >> (56 - 8 * j));
    x[0] = (uint8_t)(x[0] + k->wk[0]); x[2] ^= k->wk[1]; x[4] = (uint8_t)(x[4] + k->wk[2]); x[6] ^= k->wk[3];
    x[1] = (uint8_t)(x[1] + (hight_f1(x[0]) ^ k->sk[0]));
    x[3] ^= (uint8_t)(hight_f0(x[2]) + k->sk[1]);
    x[5] = (uint8_t)(x[5] + (hight_f1(x[4]) ^ k->sk[2]));
    uint8_t e = (uint8_t)(hight_f0(x[6]) + k->sk[3]);
    for (unsigned j = 1; j < 8; j++) y[j] = x[j - 1];
    y[3] ^= (uint8_t)(hight_f0(y[2]) + k->sk[5]);
    y[5] = (uint8_t)(y[5] + (hight_f1(y[4]) ^ k->sk[6]));
    y[7] ^= (uint8_t)(hight_f0(y[6]) + k->sk[7]);
    return e;
}

/* The counters c + n, n = 16 g + p, in lane (p, g): the low byte X7 by a
 * bitsliced c_lo + n (n's planes are constants); whatever depends on the
 * high bytes alone (ctr_start) is computed once for c and once for c + 256,
 * the carry out of c_lo + n choosing.  Then round 1's first half and the
 * rounds from 2 on. */
static void bs_ctr_batch(const hight_sse2_key *k, uint8_t *out, const uint8_t *in, uint64_t c, V s[8][8])
{
    V lo[8];
    const V n[7] = {
        _mm_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1),
        _mm_setr_epi8(0, 0, -1, -1, 0, 0, -1, -1, 0, 0, -1, -1, 0, 0, -1, -1),
        _mm_setr_epi8(0, 0, 0, 0, -1, -1, -1, -1, 0, 0, 0, 0, -1, -1, -1, -1),
        _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1),
        _mm_set1_epi8((char)0xaa), _mm_set1_epi8((char)0xcc), _mm_set1_epi8((char)0xf0),
    };
    uint8_t ya[8], yb[8];
    ya[0] = ctr_start(&k->k, c, ya);
    bs_byte(lo, (uint8_t)c);
    V x7[8], cy = AND(lo[0], n[0]), t;
    x7[0] = XOR(lo[0], n[0]);
    for (unsigned i = 1; i < 7; i++) {
        t = XOR(lo[i], n[i]);
        x7[i] = XOR(t, cy);
        cy = OR(AND(lo[i], n[i]), AND(t, cy));
    }
    x7[7] = XOR(lo[7], cy);
    cy = AND(lo[7], cy);
    /* round 1: X_j is s[j - 1 mod 8]; y[0] is e, for X0 (s[7]).  No lane
     * carries when c_lo <= 128 (the counter is public): c's bits alone. */
    if ((uint8_t)c <= 128) {
        for (unsigned j = 0; j < 8; j++) bs_byte(s[(j + 7) & 7], ya[j]);
    } else {
        yb[0] = ctr_start(&k->k, c + 256, yb);
        for (unsigned j = 0; j < 8; j++) {
            V a[8], b[8];
            bs_byte(a, ya[j]);
            bs_byte(b, yb[j]);
            for (unsigned i = 0; i < 8; i++) s[(j + 7) & 7][i] = XOR(a[i], AND(cy, XOR(a[i], b[i])));
        }
    }
    bs_xor(s[7], x7);
    bs_half1(s[7], s[0], BSKEY(k->bsk[4]));
    bs_rounds(k, s, 2);
    bs_store(out, s, in);
}

static void bs_enc_batch(const hight_sse2_key *k, uint8_t *out, const uint8_t *in, V s[8][8])
{
    for (unsigned g = 0; g < 8; g++) {
        V r[8];
        for (unsigned j = 0; j < 8; j++) r[j] = _mm_loadu_si128((const __m128i *)(const void *)(in + 128 * g + 16 * j));
        step(r); step(r); step(r); step(r);
        for (unsigned j = 0; j < 8; j++) s[j][g] = r[j];
    }
    for (unsigned j = 0; j < 8; j++) transpose8(s[j]);
    bs_encrypt(k, s);
    bs_store(out, s, NULL);
}

static void enc_batch(const hight_sse2_key *k, uint8_t *out, const uint8_t *in, const uint8_t *xin)
{
    batch(k, out, in, xin, 1);
}

static void dec_batch(const hight_sse2_key *k, uint8_t *out, const uint8_t *in)
{
    batch(k, out, in, NULL, 0);
}

/* Full batches, then the tail padded on the stack; a lone block to ref. */
static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    const hight_sse2_key *k = ctx;
    size_t len = 8 * nblocks;
    if (enc && len >= BSBATCH) {
        V s[8][8];   /* the state, wiped once */
        for (; len >= BSBATCH; len -= BSBATCH, in += BSBATCH, out += BSBATCH) bs_enc_batch(k, out, in, s);
        kc_wipe(s, sizeof s);
    }
    for (; len >= BATCH; len -= BATCH, in += BATCH, out += BATCH) {
        if (enc) enc_batch(k, out, in, NULL); else dec_batch(k, out, in);
    }
    if (len > 8) {
        uint8_t buf[BATCH];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, len);
        if (enc) enc_batch(k, buf, buf, NULL); else dec_batch(k, buf, buf);
        memcpy(out, buf, len);
        kc_wipe(buf, sizeof buf);
    } else if (len) {
        (enc ? kc_hight_ref.encrypt : kc_hight_ref.decrypt)(&k->k, out, in, 1);
    }
}

static void hight_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 1);
}

static void hight_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 0);
}

#define HIGHT_BATCH_KEY hight_sse2_key
#define HIGHT_CTR_BATCH ctr_batch
#include "hight/hight_ctr.h"

/* CTR: bitsliced 128-block batches, then hight_ctr's 16-block ones. */
static void hight_ctr_bs(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (nblocks >= BSBATCH / 8) {
        uint64_t c = kc_load64_be(counter);
        V s[8][8];   /* the state, wiped once */
        for (; nblocks >= BSBATCH / 8; nblocks -= BSBATCH / 8, c += BSBATCH / 8, in += BSBATCH, out += BSBATCH)
            bs_ctr_batch(ctx, out, in, c, s);
        kc_store64_be(counter, c);
        kc_wipe(s, sizeof s);
    }
    hight_ctr(ctx, counter, out, in, nblocks);
}

/* CBC encryption (and CMAC's CBC-MAC): ref's chain in general registers. */
static void hight_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_hight_ref.cbc_encrypt(&((const hight_sse2_key *)ctx)->k, iv, out, in, nblocks);
}

const kc_block_backend kc_hight_sse2 = {
    .head = {
        .name = "sse2",
        .summary = "SSE2, 128 blocks bitsliced (CTR, ECB enc), else 16 byte-sliced, F0/F1 by shifts; ref's chain for CBC",
        .cpu = KC_CPU_SSE2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_sse2_key),
    },
    .set_key = hight_sse2_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
    .ctr = hight_ctr_bs,
    .cbc_encrypt = hight_cbc,
};
KC_TARGET_END
#endif
