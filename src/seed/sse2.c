/* SPDX-License-Identifier: MIT */
/* SEED on SSE2 (x86-64 without SSSE3 or AES-NI), constant time: the
 * bitsliced S-boxes of seed_bitslice.h over 128-bit planes.  Register q of
 * word w holds word w of blocks 4q..4q+3, so the 32 blocks of a pass give
 * each G 32 words in eight registers: transposed into eight bit planes
 * (core/gf_bitslice.h on a gcc vector of two 64-bit parts), the S-box
 * circuit, back, then the byte mixing on whole registers.  A lone block
 * (CBC encryption, CMAC) runs the same circuit on one word in 32-bit
 * general registers, whose bit b is plane b after a shift by b: no
 * transposition.  Secret data only meets AND, XOR, additions and fixed
 * shifts. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <emmintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "seed/seed_common.h"
KC_TARGET_BEGIN("sse2")

typedef uint64_t seed_v __attribute__((vector_size(16)));
#define KC_GF_W seed_v
#define KC_GF_K(c) ((seed_v){ (uint64_t)(c), (uint64_t)(c) })
#define KC_GF_INLINE static inline __attribute__((always_inline))
#include "core/gf_bitslice.h"

#define BATCH 32
#define M(x) ((__m128i)(x))
#define W(x) ((seed_v)(x))

/* The S-boxes on planes x of type T in place: S1 on bytes 0 and 2 of each
 * 32-bit word (the bits of 0x00FF00FF... after the transposition, and in
 * the one-word layout), S2 on bytes 1 and 3.  seed_bitslice.h's
 * seed_bs_sbox, as a macro: it runs twice below, on two word types. */
#define SEED_SBOX_BODY(T, x) do {                                                            \
    const T s1_ = KC_GF_K(0x00FF00FF00FF00FFull);                                           \
    T a_[8], o1_[8], o2_[8];                                                                 \
    KC_GF_LIN(a_, x, SEED_T_IN);                                                             \
    kc_gf_tower_inv_n10(a_);                                                                 \
    KC_GF_LIN(o1_, a_, SEED_T_OUT1);                                                         \
    KC_GF_LIN(o2_, a_, SEED_T_OUT2);                                                         \
    for (int i_ = 0; i_ < 8; i_++)                                                           \
        x[i_] = o2_[i_] ^ ((o1_[i_] ^ o2_[i_]) & s1_) ^ ((0 - KC_GF_K(169u >> i_ & 1)) & s1_)  \
              ^ ((0 - KC_GF_K(56u >> i_ & 1)) & ~s1_);                                      \
} while (0)

static inline __attribute__((always_inline)) void sse2_sbox(seed_v x[8])
{
    SEED_SBOX_BODY(seed_v, x);
}

/* seed_mix() on four words. */
static inline __attribute__((always_inline)) __m128i sse2_mix(__m128i y)
{
    __m128i r = _mm_or_si128(_mm_srli_epi32(y, 8), _mm_slli_epi32(y, 24));
    __m128i a = _mm_xor_si128(_mm_and_si128(y, _mm_set1_epi32((int)SEED_MIX0)),
                              _mm_and_si128(r, _mm_set1_epi32((int)SEED_MIX1)));
    __m128i b = _mm_xor_si128(_mm_and_si128(y, _mm_set1_epi32((int)SEED_MIX2)),
                              _mm_and_si128(r, _mm_set1_epi32((int)SEED_MIX3)));
    b = _mm_shufflehi_epi16(_mm_shufflelo_epi16(b, 0xB1), 0xB1);   /* ROR16 */
    return _mm_xor_si128(a, b);
}

/* x[q] = G(x[q]) for the 32 words of eight registers. */
static inline __attribute__((always_inline)) void sse2_g32(seed_v x[8])
{
    kc_gf_transpose8(x);
    sse2_sbox(x);
    kc_gf_transpose8(x);
    for (int q = 0; q < 8; q++) x[q] = W(sse2_mix(M(x[q])));
}

/* G of one word, on 32-bit general registers: most cores have more
 * scalar ALU ports than SSE2 ones, and the serial chain of a lone block
 * is bound by them.  The circuit of core/gf_bitslice.h once more, under
 * other names.  Plane b is the word shifted right by b: its bits 0, 8,
 * 16, 24 are bit b of the four bytes (the other bits compute nothing of
 * use and are masked off at the end). */
#undef KC_GF_W
#undef KC_GF_K
#define KC_GF_W uint32_t
#define KC_GF_K(c) ((uint32_t)(c))
#define kc_gf16_mul kc_gf16_mul_r
#define kc_gf16_inv kc_gf16_inv_r
#define kc_gf_tower_inv kc_gf_tower_inv_r
#define kc_gf_tower_inv_n10 kc_gf_tower_inv_n10_r
#define kc_gf_swapmove kc_gf_swapmove_r
#define kc_gf_transpose8 kc_gf_transpose8_r
#include "core/gf_bitslice.h"

static inline __attribute__((always_inline)) uint32_t sse2_g1(uint32_t w)
{
    uint32_t x[8], y = 0;
    for (int b = 0; b < 8; b++) x[b] = w >> b;
    SEED_SBOX_BODY(uint32_t, x);
    for (int b = 0; b < 8; b++) y |= (x[b] & 0x01010101u) << b;
    return seed_mix(y);
}

/* One block (a serial chain: CBC encryption, CMAC), the scalar round of
 * ct.c's crypt1; w = L0 L1 R0 R1 in, R0 R1 L0 L1 out. */
static inline __attribute__((always_inline)) void sse2_one(const seed_key *k, uint32_t w[4], int dec)
{
    uint32_t l0 = w[0], l1 = w[1], r0 = w[2], r1 = w[3];
    for (int i = 0; i < 16; i++) {
        const uint32_t *rk = k->rk + 2 * (dec ? 15 - i : i);
        uint32_t a = r0 ^ rk[0], t = sse2_g1(a ^ r1 ^ rk[1]), u = sse2_g1(t + a), d = sse2_g1(u + t);
        t = l0 ^ (d + u); u = l1 ^ d;     /* (L, R) <- (R, L ^ F(R)) */
        l0 = r0; l1 = r1; r0 = t; r1 = u;
    }
    w[0] = r0; w[1] = r1; w[2] = l0; w[3] = l1;
}

static __attribute__((noinline)) void crypt1(const seed_key *k, uint8_t *out, const uint8_t *in, int dec)
{
    uint32_t w[4];
    for (int j = 0; j < 4; j++) w[j] = kc_load32_be(in + 4 * j);
    if (dec) sse2_one(k, w, 1);
    else sse2_one(k, w, 0);
    for (int j = 0; j < 4; j++) kc_store32_be(out + 4 * j, w[j]);
    kc_wipe(w, sizeof w);
}

/* Byte swap of each 32-bit word (SSE2 has no pshufb). */
static inline __m128i bswap32(__m128i x)
{
    x = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xB1), 0xB1);
    return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
}

/* 4x4 transpose of 32-bit words: x[j] one block per register <-> x[w]
 * word w of four blocks.  Its own inverse. */
static inline void transpose4(__m128i x[4])
{
    __m128i t0 = _mm_unpacklo_epi32(x[0], x[1]), t1 = _mm_unpackhi_epi32(x[0], x[1]);
    __m128i t2 = _mm_unpacklo_epi32(x[2], x[3]), t3 = _mm_unpackhi_epi32(x[2], x[3]);
    x[0] = _mm_unpacklo_epi64(t0, t2); x[1] = _mm_unpackhi_epi64(t0, t2);
    x[2] = _mm_unpacklo_epi64(t1, t3); x[3] = _mm_unpackhi_epi64(t1, t3);
}

/* The 16 rounds on s[w][q] (word w of blocks 4q..4q+3). */
static inline __attribute__((always_inline)) void sse2_rounds(const seed_key *k, seed_v s[4][8], int dec)
{
    seed_v a[8], t[8], u[8], d[8];
    for (int i = 0; i < 16; i++) {
        const uint32_t *rk = k->rk + 2 * (dec ? 15 - i : i);
        seed_v k0 = W(_mm_set1_epi32((int)rk[0])), k1 = W(_mm_set1_epi32((int)rk[1]));
        seed_v *l0 = s[i % 2 * 2], *l1 = s[i % 2 * 2 + 1];      /* the halves swap roles */
        const seed_v *r0 = s[2 - i % 2 * 2], *r1 = s[3 - i % 2 * 2];
        for (int q = 0; q < 8; q++) { a[q] = r0[q] ^ k0; t[q] = a[q] ^ r1[q] ^ k1; }
        sse2_g32(t);
        for (int q = 0; q < 8; q++) u[q] = W(_mm_add_epi32(M(t[q]), M(a[q])));
        sse2_g32(u);
        for (int q = 0; q < 8; q++) d[q] = W(_mm_add_epi32(M(u[q]), M(t[q])));
        sse2_g32(d);
        for (int q = 0; q < 8; q++) {
            l0[q] ^= W(_mm_add_epi32(M(d[q]), M(u[q])));
            l1[q] ^= d[q];
        }
    }
}

/* Output R || L of s: words 2 3 0 1 of each block, stored (XORed into in
 * when in is not NULL: CTR). */
static inline __attribute__((always_inline)) void sse2_unslice(seed_v s[4][8], uint8_t *out, const uint8_t *in)
{
    for (int q = 0; q < 8; q++) {
        __m128i o[4] = { M(s[2][q]), M(s[3][q]), M(s[0][q]), M(s[1][q]) };
        transpose4(o);
        for (int j = 0; j < 4; j++) {
            o[j] = bswap32(o[j]);
            if (in) o[j] = _mm_xor_si128(o[j], _mm_loadu_si128((const __m128i *)(in + 64 * q + 16 * j)));
            _mm_storeu_si128((__m128i *)(out + 64 * q + 16 * j), o[j]);
        }
    }
}

/* 32 blocks. */
static __attribute__((noinline)) void crypt32(const seed_key *k, uint8_t *out, const uint8_t *in, int dec)
{
    seed_v s[4][8];
    for (int q = 0; q < 8; q++) {
        __m128i x[4];
        for (int j = 0; j < 4; j++) x[j] = bswap32(_mm_loadu_si128((const __m128i *)(in + 64 * q + 16 * j)));
        transpose4(x);
        for (int w = 0; w < 4; w++) s[w][q] = W(x[w]);
    }
    if (dec) sse2_rounds(k, s, 1);
    else sse2_rounds(k, s, 0);
    sse2_unslice(s, out, NULL);
    kc_wipe(s, sizeof s);
}

/* Whole passes, then the tail padded to a pass; a few blocks one by one
 * (a pass costs as much as about SEED_FEW lone blocks). */
#define SEED_FEW 2
static void crypt(const seed_key *k, uint8_t *out, const uint8_t *in, size_t n, int dec)
{
    for (; n >= BATCH; n -= BATCH, in += 16 * BATCH, out += 16 * BATCH) crypt32(k, out, in, dec);
    if (n > SEED_FEW) {
        uint8_t buf[16 * BATCH];
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * n);
        crypt32(k, buf, buf, dec);
        memcpy(out, buf, 16 * n);
        kc_wipe(buf, sizeof buf);
        return;
    }
    for (; n; n--, in += 16, out += 16) crypt1(k, out, in, dec);
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { crypt(ctx, out, in, n, 0); }
static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) { crypt(ctx, out, in, n, 1); }

/* The round keys: the schedule's 32 G inputs are one pass of sse2_g32. */
static kc_status set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    seed_key *k = ctx;
    seed_v x[8];
    (void)key_len; (void)block_len;
    seed_key_inputs(k->rk, key);
    memcpy(x, k->rk, sizeof x);
    sse2_g32(x);
    memcpy(k->rk, x, sizeof x);
    kc_wipe(x, sizeof x);
    return KC_OK;
}

/* CBC encryption: the chaining value in registers, one block at a time. */
SEED_CBC_WORDS(cbc_encrypt, sse2_one)

/* CTR: the counter blocks made in the sliced layout (words 0-2 the same
 * in every block, word 3 low + the block's index), the keystream XORed in
 * as it is stored; a short run padded on the stack. */
static __attribute__((noinline)) void ctr32(const seed_key *k, const uint8_t *ctr, uint32_t low, uint8_t *out,
                                            const uint8_t *in)
{
    seed_v s[4][8];
    for (int q = 0; q < 8; q++) {
        for (int w = 0; w < 3; w++) s[w][q] = W(_mm_set1_epi32((int)kc_load32_be(ctr + 4 * w)));
        s[3][q] = W(_mm_add_epi32(_mm_set1_epi32((int)(low + 4u * (uint32_t)q)), _mm_setr_epi32(0, 1, 2, 3)));
    }
    sse2_rounds(k, s, 0);
    sse2_unslice(s, out, in);
    kc_wipe(s, sizeof s);
}

static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n == BATCH) { ctr32(ctx, ctr, low, out, in); return; }
    uint8_t buf[16 * BATCH];
    memset(buf, 0, sizeof buf);
    memcpy(buf, in, 16 * n);
    ctr32(ctx, ctr, low, buf, buf);
    memcpy(out, buf, 16 * n);
    kc_wipe(buf, sizeof buf);
}

static void ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(ctr_run, BATCH, SEED_FEW, encrypt, ctx, 16, counter, out, in, nblocks);
}

const kc_block_backend kc_seed_sse2 = {
    .head = {
        .name = "sse2",
        .summary = "bitsliced S-boxes over 128-bit SSE2 planes, 32 blocks per pass; a lone block on one word's planes, constant time",
        .cpu = KC_CPU_SSE2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(seed_key),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .ctr = ctr,
    .cbc_encrypt = cbc_encrypt,
};
KC_TARGET_END
#endif
