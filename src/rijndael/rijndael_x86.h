/* SPDX-License-Identifier: MIT */
/* Shared by the AES-NI and VAES backends (x86 only): the key schedule
 * layout, which both use, the one-block AES path, CBC encryption with the
 * chaining value in a register, and the CTR counter bookkeeping.
 *
 * A state of Nb columns is two xmm registers: columns 0..3, then columns
 * 4..Nb-1 (for Nb = 6 the upper 8 bytes are padding).  Round keys are
 * stored the same way, so AES (Nb = 4) uses only the first of each pair. */
#ifndef KC_RIJNDAEL_X86_H
#define KC_RIJNDAEL_X86_H
#include <immintrin.h>
#include <string.h>
#include "rijndael/rijndael_common.h"

#define KC_AESNI_TARGET __attribute__((target("aes,ssse3")))

typedef struct aesni_key {
    __m128i ek[RIJNDAEL_MAX_ROUNDS + 1][2];   /* encryption, round 0 first */
    __m128i dk[RIJNDAEL_MAX_ROUNDS + 1][2];   /* equivalent inverse cipher, round Nr first */
    /* pshufb masks of the wide ShiftRows (Nb = 6, 8): half h of the new
     * state = pshufb(lo, g[2h]) | pshufb(hi, g[2h + 1]). */
    __m128i enc_gather[4], dec_gather[4];
    unsigned nb, nr;
} aesni_key;

/* One AES block (Nb = 4, Nr = 10, 12 or 14).  rk is ek or dk. */
static inline KC_AESNI_TARGET __m128i aesni_encrypt1(const __m128i (*rk)[2], unsigned nr, __m128i x)
{
    x = _mm_xor_si128(x, rk[0][0]);
#pragma GCC unroll 9
    for (unsigned r = 1; r < 10; r++) x = _mm_aesenc_si128(x, rk[r][0]);
    if (nr > 10) {
        x = _mm_aesenc_si128(x, rk[10][0]);
        x = _mm_aesenc_si128(x, rk[11][0]);
        if (nr > 12) {
            x = _mm_aesenc_si128(x, rk[12][0]);
            x = _mm_aesenc_si128(x, rk[13][0]);
        }
    }
    return _mm_aesenclast_si128(x, rk[nr][0]);
}

static inline KC_AESNI_TARGET __m128i aesni_decrypt1(const __m128i (*rk)[2], unsigned nr, __m128i x)
{
    x = _mm_xor_si128(x, rk[0][0]);
#pragma GCC unroll 9
    for (unsigned r = 1; r < 10; r++) x = _mm_aesdec_si128(x, rk[r][0]);
    if (nr > 10) {
        x = _mm_aesdec_si128(x, rk[10][0]);
        x = _mm_aesdec_si128(x, rk[11][0]);
        if (nr > 12) {
            x = _mm_aesdec_si128(x, rk[12][0]);
            x = _mm_aesdec_si128(x, rk[13][0]);
        }
    }
    return _mm_aesdeclast_si128(x, rk[nr][0]);
}

/* CBC encryption of AES blocks, the chaining value never leaving a
 * register.  The next input block (with rk[0] folded in) is XORed into the
 * last round key, so aesenclast yields the next block's whitened state
 * directly: the loop-carried path is the Nr AES rounds alone.  The
 * ciphertext is that state XOR the same value, off the path.  NR constant. */
static inline __attribute__((always_inline)) KC_AESNI_TARGET
void aesni_cbc_rounds(const __m128i (*rk)[2], const unsigned NR, uint8_t *iv, uint8_t *out,
                      const uint8_t *in, size_t n)
{
    const __m128i k0 = rk[0][0], last = rk[NR][0];
    __m128i x = _mm_xor_si128(_mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in), k0),
                              _mm_loadu_si128((const __m128i *)(const void *)iv));
    for (;;) {
#pragma GCC unroll 13
        for (unsigned r = 1; r < NR; r++) x = _mm_aesenc_si128(x, rk[r][0]);
        if (--n == 0) break;
        in += 16;
        __m128i next = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)in), k0);
        x = _mm_aesenclast_si128(x, _mm_xor_si128(last, next));
        _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(x, next));
        out += 16;
    }
    x = _mm_aesenclast_si128(x, last);
    _mm_storeu_si128((__m128i *)(void *)out, x);
    _mm_storeu_si128((__m128i *)(void *)iv, x);
}

/* n >= 1 AES blocks, Nr = 10, 12 or 14. */
static inline KC_AESNI_TARGET void aesni_cbc_encrypt(const __m128i (*rk)[2], unsigned nr, uint8_t *iv,
                                                     uint8_t *out, const uint8_t *in, size_t n)
{
    if (nr == 10) aesni_cbc_rounds(rk, 10, iv, out, in, n);
    else if (nr == 12) aesni_cbc_rounds(rk, 12, iv, out, in, n);
    else aesni_cbc_rounds(rk, 14, iv, out, in, n);
}

/* AES CTR: the 128-bit counter as (hi, lo) 64-bit halves.  A kernel gets
 * a run of blocks in which lo does not wrap, so it only ever adds to the
 * low half (the counter byte-reversed is the little-endian integer, whose
 * low half is qword 0); carries into hi happen here, between runs.  The
 * counter is public (it travels with the ciphertext), so branching on it
 * is fine. */
typedef void aes_ctr_kernel(const void *key, uint64_t hi, uint64_t lo, uint8_t *out, const uint8_t *in, size_t n);

static inline void aes_ctr_runs(aes_ctr_kernel *kernel, const void *key, uint8_t *counter,
                                uint8_t *out, const uint8_t *in, size_t n)
{
    uint64_t hi = kc_load64_be(counter), lo = kc_load64_be(counter + 8);
    while (n) {
        size_t run = n;
        if (lo != 0 && 0 - lo < run) run = (size_t)(0 - lo);   /* up to the wrap of lo */
        kernel(key, hi, lo, out, in, run);
        lo += run;
        hi += lo == 0;
        out += 16 * run; in += 16 * run; n -= run;
    }
    kc_store64_be(counter, hi);
    kc_store64_be(counter + 8, lo);
}

/* AES CTR kernels count in groups aligned to their pass: a multiple of G
 * plus v < G is an XOR, so a block's whitened counter is the group's XOR
 * v in the last byte, row v here (qword pairs). */
#define RIJNDAEL_IDX(i) 0, (uint64_t)(i) << 56
/* Rows 32..63 are padding: a pass of Z zmm loads 4Z rows from row r even
 * when fewer blocks are left (its stores are masked), which reaches row
 * 15 + 32 at most. */
static const uint64_t rijndael_ctr_idx[2 * 64] __attribute__((aligned(64))) = {
    RIJNDAEL_IDX(0), RIJNDAEL_IDX(1), RIJNDAEL_IDX(2), RIJNDAEL_IDX(3), RIJNDAEL_IDX(4), RIJNDAEL_IDX(5), RIJNDAEL_IDX(6), RIJNDAEL_IDX(7),
    RIJNDAEL_IDX(8), RIJNDAEL_IDX(9), RIJNDAEL_IDX(10), RIJNDAEL_IDX(11), RIJNDAEL_IDX(12), RIJNDAEL_IDX(13), RIJNDAEL_IDX(14), RIJNDAEL_IDX(15),
    RIJNDAEL_IDX(16), RIJNDAEL_IDX(17), RIJNDAEL_IDX(18), RIJNDAEL_IDX(19), RIJNDAEL_IDX(20), RIJNDAEL_IDX(21), RIJNDAEL_IDX(22), RIJNDAEL_IDX(23),
    RIJNDAEL_IDX(24), RIJNDAEL_IDX(25), RIJNDAEL_IDX(26), RIJNDAEL_IDX(27), RIJNDAEL_IDX(28), RIJNDAEL_IDX(29), RIJNDAEL_IDX(30), RIJNDAEL_IDX(31),
};
#undef RIJNDAEL_IDX

/* CTR of 192- and 256-bit blocks: the same runs as aes_ctr_runs, cut where
 * lo (the block's last 8 bytes, big-endian) wraps; the bytes above it stay
 * in counter (a kernel reads them there) and take the carry between runs. */
typedef void wide_ctr_kernel(const void *key, const uint8_t *counter, uint64_t lo, uint8_t *out,
                             const uint8_t *in, size_t n);

static inline void wide_ctr_runs(wide_ctr_kernel *kernel, const void *key, size_t bs, uint8_t *counter,
                                 uint8_t *out, const uint8_t *in, size_t n)
{
    uint64_t lo = kc_load64_be(counter + bs - 8);
    while (n) {
        size_t run = n;
        if (lo != 0 && 0 - lo < run) run = (size_t)(0 - lo);   /* up to the wrap of lo */
        kernel(key, counter, lo, out, in, run);
        lo += run;
        for (size_t i = bs - 8; lo == 0 && i-- > 0;)
            if (++counter[i] != 0) break;
        out += bs * run; in += bs * run; n -= run;
    }
    kc_store64_be(counter + bs - 8, lo);
}

/* Wide CTR kernels count in groups aligned to their pass (16 or 4 blocks):
 * A + v = A ^ v for v below the group size, so a block's counter is the
 * group's counter XOR v in its last byte.  Row v is that XOR for a block
 * laid out as two lanes (columns 0..3, then 4..Nb-1): the last byte is
 * byte 7 of the upper lane for Nb = 6, byte 15 for Nb = 8.  Rows past 15
 * (zero) only fill the registers of a pass that ends early. */
#define RIJNDAEL_W6(v) { 0, 0, (uint64_t)(v) << 56, 0 }
#define RIJNDAEL_W8(v) { 0, 0, 0, (uint64_t)(v) << 56 }
static const uint64_t rijndael_wide_idx[2][32][4] __attribute__((aligned(64))) = {
    { RIJNDAEL_W6(0), RIJNDAEL_W6(1), RIJNDAEL_W6(2), RIJNDAEL_W6(3), RIJNDAEL_W6(4), RIJNDAEL_W6(5),
      RIJNDAEL_W6(6), RIJNDAEL_W6(7), RIJNDAEL_W6(8), RIJNDAEL_W6(9), RIJNDAEL_W6(10), RIJNDAEL_W6(11),
      RIJNDAEL_W6(12), RIJNDAEL_W6(13), RIJNDAEL_W6(14), RIJNDAEL_W6(15) },
    { RIJNDAEL_W8(0), RIJNDAEL_W8(1), RIJNDAEL_W8(2), RIJNDAEL_W8(3), RIJNDAEL_W8(4), RIJNDAEL_W8(5),
      RIJNDAEL_W8(6), RIJNDAEL_W8(7), RIJNDAEL_W8(8), RIJNDAEL_W8(9), RIJNDAEL_W8(10), RIJNDAEL_W8(11),
      RIJNDAEL_W8(12), RIJNDAEL_W8(13), RIJNDAEL_W8(14), RIJNDAEL_W8(15) },
};
#undef RIJNDAEL_W6
#undef RIJNDAEL_W8

/* The upper lane of the counter block with lo as its last 8 bytes
 * (before whitening): bytes 16..23 of counter and lo (Nb = 8), or lo and
 * padding (Nb = 6). */
static inline KC_AESNI_TARGET __m128i wide_ctr_upper(const uint8_t *counter, size_t bs, uint64_t lo)
{
    if (bs == 24) return _mm_set_epi64x(0, (long long)__builtin_bswap64(lo));
    return _mm_set_epi64x((long long)__builtin_bswap64(lo), (long long)kc_load64_le(counter + 16));
}

/* CBC encryption of 192- and 256-bit blocks through a one-block call. */
static inline void rijndael_cbc_wide(void (*encrypt)(const void *, uint8_t *, const uint8_t *, size_t),
                                     const void *key, size_t bs, uint8_t *iv,
                                     uint8_t *out, const uint8_t *in, size_t n)
{
    const uint8_t *prev = iv;
    for (; n; n--, in += bs, out += bs) {
        for (size_t i = 0; i < bs; i++) out[i] = in[i] ^ prev[i];
        encrypt(key, out, out, 1);
        prev = out;
    }
    memmove(iv, prev, bs);
}

#endif
