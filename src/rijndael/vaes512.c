/* SPDX-License-Identifier: MIT */
/* AES and Rijndael on VAES with 512-bit registers.
 *
 * 128-bit blocks: four per zmm, 32 (eight registers) in flight, then 16,
 * then one masked pass of 1..4 registers, so every count runs at full
 * width.  192- and 256-bit blocks: two per zmm, 16 (eight registers) in
 * flight, with aesni's gather masks applied per lane (vpshufb) and to a
 * lane-swapped copy for the bytes that cross lanes.  A lone block of any size takes
 * the xmm code: the AES path of rijndael_x86.h inline, wider blocks
 * through the aesni backend, whose key schedule this backend shares.  CTR
 * makes its counter blocks in registers by one XOR each (32 AES or 16 wider
 * blocks per pass) and folds the input into vaesenclast's key; CBC
 * encryption is the register-chained xmm loop of rijndael_x86.h.
 * Multi-buffer CBC runs 16 chains side by side (four AES chains or two
 * 256-bit ones per zmm; 192-bit blocks through aesni), the chaining values
 * in registers.  No table look-ups and no branches on data: constant-time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/backend.h"
#include "rijndael/rijndael_x86.h"
#include "core/ctr_blocks.h"

extern const kc_block_backend kc_rijndael_aesni;
extern const struct kc_gcm_stitch kc_rijndael_vaes512_gcm;

KC_TARGET_BEGIN("avx512f,avx512bw,vaes,aes,ssse3")

#define ALWAYS_INLINE inline __attribute__((always_inline))

static kc_status vaes_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    return kc_rijndael_aesni.set_key(ctx, key, key_len, block_len);
}

/* n blocks (n <= 4 Z) in Z registers; masks keep loads and stores inside
 * them.  NR is a constant and the round keys sit in registers: a loop over
 * the rounds made gcc copy the eight states every round (vmovdqa64, which
 * can take the AES port), about 1% of ECB at 16 KiB. */
static ALWAYS_INLINE void vaes_blocks(const __m512i *key, const unsigned NR, const int dec,
                                      uint8_t *out, const uint8_t *in, size_t n, const unsigned Z)
{
    __m512i s[8];
    __mmask8 m[8];
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) {
        size_t left = n > 4 * i ? n - 4 * i : 0;
        m[i] = (__mmask8)((1u << 2 * (left < 4 ? left : 4)) - 1);   /* two qwords per block */
        s[i] = _mm512_xor_si512(_mm512_maskz_loadu_epi64(m[i], in + 64 * i), key[0]);
    }
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) {
#pragma GCC unroll 8
        for (unsigned i = 0; i < Z; i++)
            s[i] = dec ? _mm512_aesdec_epi128(s[i], key[r]) : _mm512_aesenc_epi128(s[i], key[r]);
    }
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++)
        _mm512_mask_storeu_epi64(out + 64 * i, m[i],
                                 dec ? _mm512_aesdeclast_epi128(s[i], key[NR]) : _mm512_aesenclast_epi128(s[i], key[NR]));
}

static ALWAYS_INLINE void vaes_crypt_nr(const __m128i (*rk)[2], const unsigned NR, const int dec,
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    __m512i key[15];
#pragma GCC unroll 15
    for (unsigned r = 0; r <= NR; r++) key[r] = _mm512_broadcast_i32x4(rk[r][0]);
    for (; n >= 32; n -= 32, in += 32 * 16, out += 32 * 16) vaes_blocks(key, NR, dec, out, in, 32, 8);
    if (n >= 16) { vaes_blocks(key, NR, dec, out, in, 16, 4); n -= 16; in += 16 * 16; out += 16 * 16; }
    if (n > 8) vaes_blocks(key, NR, dec, out, in, n, 4);
    else if (n > 4) vaes_blocks(key, NR, dec, out, in, n, 2);
    else if (n) vaes_blocks(key, NR, dec, out, in, n, 1);
}

static ALWAYS_INLINE void vaes_crypt(const __m128i (*rk)[2], unsigned nr, const int dec,
                                     uint8_t *out, const uint8_t *in, size_t n)
{
    if (nr == 10) vaes_crypt_nr(rk, 10, dec, out, in, n);
    else if (nr == 12) vaes_crypt_nr(rk, 12, dec, out, in, n);
    else vaes_crypt_nr(rk, 14, dec, out, in, n);
}

/* ---- Rijndael with 192- and 256-bit blocks: two blocks per zmm ----
 * Each block is two lanes laid out as in aesni (columns 0..3, then 4..Nb-1),
 * so the lane gather masks of aesni_key apply; the bytes a lane needs from
 * its neighbour come from a copy with the lanes of each pair swapped. */

static ALWAYS_INLINE __m512i lane_pairs(__m128i a, __m128i b)   /* a, b, a, b */
{
    return _mm512_broadcast_i64x4(_mm256_set_m128i(b, a));
}

/* Qwords of zmm that hold b (0..2) blocks: Nb = 6 leaves the top qword of each pair empty. */
static ALWAYS_INLINE __mmask8 wide_lanes(size_t bs, size_t b)
{
    return (__mmask8)(bs == 32 ? (1u << 4 * b) - 1 : b == 2 ? 0x77 : b == 1 ? 0x07 : 0);
}

static ALWAYS_INLINE __m512i wide_load(const uint8_t *p, size_t bs, size_t b)
{
    if (bs == 32) return _mm512_maskz_loadu_epi64(wide_lanes(bs, b), p);
    return _mm512_maskz_expand_epi64(wide_lanes(bs, b), _mm512_maskz_loadu_epi64((__mmask8)((1u << 3 * b) - 1), p));
}

static ALWAYS_INLINE void wide_store(uint8_t *p, __m512i x, size_t bs, size_t b)
{
    if (bs == 32) _mm512_mask_storeu_epi64(p, wide_lanes(bs, b), x);
    else _mm512_mask_storeu_epi64(p, (__mmask8)((1u << 3 * b) - 1), _mm512_maskz_compress_epi64(wide_lanes(bs, b), x));
}

/* n blocks (n <= 2 Z) in Z registers. */
static ALWAYS_INLINE void wide_blocks(const aesni_key *k, const int dec, uint8_t *out, const uint8_t *in,
                                      size_t n, const unsigned Z)
{
    const __m128i (*rk)[2] = dec ? k->dk : k->ek;
    const __m128i *g = dec ? k->dec_gather : k->enc_gather;
    const __m512i same = lane_pairs(g[0], g[3]), other = lane_pairs(g[1], g[2]);
    size_t bs = 4 * k->nb, b[8];
    unsigned nr = k->nr;
    __m512i s[8], key = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(const void *)rk[0]));
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) {
        b[i] = n > 2 * i ? (n - 2 * i < 2 ? n - 2 * i : 2) : 0;
        s[i] = _mm512_xor_si512(wide_load(in + 2 * bs * i, bs, b[i]), key);
    }
    for (unsigned r = 1; r <= nr; r++) {
        key = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(const void *)rk[r]));
#pragma GCC unroll 8
        for (unsigned i = 0; i < Z; i++) {
            __m512i swapped = _mm512_shuffle_i64x2(s[i], s[i], 0xb1);
            __m512i y = _mm512_or_si512(_mm512_shuffle_epi8(s[i], same), _mm512_shuffle_epi8(swapped, other));
            if (r < nr) s[i] = dec ? _mm512_aesdec_epi128(y, key) : _mm512_aesenc_epi128(y, key);
            else s[i] = dec ? _mm512_aesdeclast_epi128(y, key) : _mm512_aesenclast_epi128(y, key);
        }
    }
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) wide_store(out + 2 * bs * i, s[i], bs, b[i]);
}

static ALWAYS_INLINE void wide_crypt(const aesni_key *k, const int dec, uint8_t *out, const uint8_t *in, size_t n)
{
    size_t bs = 4 * k->nb;
    for (; n >= 16; n -= 16, in += 16 * bs, out += 16 * bs) wide_blocks(k, dec, out, in, 16, 8);
    if (n > 8) wide_blocks(k, dec, out, in, n, 8);
    else if (n > 4) wide_blocks(k, dec, out, in, n, 4);
    else if (n > 2) wide_blocks(k, dec, out, in, n, 2);
    else if (n) wide_blocks(k, dec, out, in, n, 1);
}

/* Out of line, so that the one-block path below (a CTR tail, a padding
 * block) needs no register saves.  A lone wide block goes to aesni's
 * two-register code. */
static __attribute__((noinline)) void encrypt_many(const aesni_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    if (k->nb == 4) vaes_crypt(k->ek, k->nr, 0, out, in, n);
    else if (n > 1) wide_crypt(k, 0, out, in, n);
    else kc_rijndael_aesni.encrypt(k, out, in, n);
}

static __attribute__((noinline)) void decrypt_many(const aesni_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    if (k->nb == 4) vaes_crypt(k->dk, k->nr, 1, out, in, n);
    else if (n > 1) wide_crypt(k, 1, out, in, n);
    else kc_rijndael_aesni.decrypt(k, out, in, n);
}

static void vaes_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4 && nblocks == 1)
        _mm_storeu_si128((__m128i *)(void *)out,
                         aesni_encrypt1(k->ek, k->nr, _mm_loadu_si128((const __m128i *)(const void *)in)));
    else encrypt_many(k, out, in, nblocks);
}

static void vaes_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4 && nblocks == 1)
        _mm_storeu_si128((__m128i *)(void *)out,
                         aesni_decrypt1(k->dk, k->nr, _mm_loadu_si128((const __m128i *)(const void *)in)));
    else decrypt_many(k, out, in, nblocks);
}

/* ---- Fused modes ---- */

/* CTR without adding or byte-reversing per block.  A pass covers 32
 * blocks whose counters share all but their low 5 bits, A + 0 .. A + 31 for
 * A a multiple of 32 (the first pass of a call may start inside such a
 * group, the last may end early): A + i = A ^ i, so block i's whitened
 * counter is base ^ idx[i], base = the counter A big-endian ^ rk[0] (built
 * once per pass) and idx[i] = i in the last byte (rijndael_ctr_idx).  One XOR per register, as
 * ECB's whitening, and no shuffle to take a slot from the AES units. */

/* n blocks (n <= 4 Z) in Z registers, block i's idx at idx + 2i; masks
 * keep loads and stores inside them. */
static ALWAYS_INLINE void ctr_xor_blocks(const __m512i *key, const unsigned NR, __m512i base, const uint64_t *idx,
                                         uint8_t *out, const uint8_t *in, size_t n, const unsigned Z)
{
    __m512i s[8];
    __mmask8 m[8];
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) {
        size_t left = n > 4 * i ? n - 4 * i : 0;
        m[i] = (__mmask8)((1u << 2 * (left < 4 ? left : 4)) - 1);   /* two qwords per block */
        s[i] = _mm512_xor_si512(base, _mm512_loadu_si512(idx + 8 * i));
    }
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) {
#pragma GCC unroll 8
        for (unsigned i = 0; i < Z; i++) s[i] = _mm512_aesenc_epi128(s[i], key[r]);
    }
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) {
        __m512i last = _mm512_xor_si512(key[NR], _mm512_maskz_loadu_epi64(m[i], in + 64 * i));   /* aesenclast ends with this XOR */
        _mm512_mask_storeu_epi64(out + 64 * i, m[i], _mm512_aesenclast_epi128(s[i], last));
    }
}

/* n <= 32 blocks. */
static ALWAYS_INLINE void ctr_xor_part(const __m512i *key, const unsigned NR, __m512i base, const uint64_t *idx,
                                       uint8_t *out, const uint8_t *in, size_t n)
{
    if (n > 16) ctr_xor_blocks(key, NR, base, idx, out, in, n, 8);
    else if (n > 8) ctr_xor_blocks(key, NR, base, idx, out, in, n, 4);
    else if (n > 4) ctr_xor_blocks(key, NR, base, idx, out, in, n, 2);
    else ctr_xor_blocks(key, NR, base, idx, out, in, n, 1);
}

static ALWAYS_INLINE void ctr_kernel_nr(const aesni_key *k, const unsigned NR, uint64_t hi, uint64_t lo,
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    __m512i key[15];
#pragma GCC unroll 15
    for (unsigned i = 0; i <= NR; i++) key[i] = _mm512_broadcast_i32x4(k->ek[i][0]);
    const __m128i k0 = k->ek[0][0];
    const uint64_t k_hi = (uint64_t)_mm_cvtsi128_si64(k0) ^ __builtin_bswap64(hi),
                   k_lo = (uint64_t)_mm_extract_epi64(k0, 1);
#define BASE(a) _mm512_broadcast_i32x4(_mm_set_epi64x((long long)(k_lo ^ __builtin_bswap64(a)), (long long)k_hi))
    unsigned r = (unsigned)lo & 31;
    uint64_t a = lo - r;
    if (r) {   /* up to the end of lo's group of 32 */
        size_t h = 32 - r < n ? 32 - r : n;
        ctr_xor_part(key, NR, BASE(a), rijndael_ctr_idx + 2 * r, out, in, h);
        a += 32; n -= h; in += 16 * h; out += 16 * h;
    }
    for (; n >= 32; a += 32, n -= 32, in += 32 * 16, out += 32 * 16)
        ctr_xor_blocks(key, NR, BASE(a), rijndael_ctr_idx, out, in, 32, 8);
    if (n) ctr_xor_part(key, NR, BASE(a), rijndael_ctr_idx, out, in, n);
#undef BASE
}

static void ctr_kernel(const void *ctx, uint64_t hi, uint64_t lo, uint8_t *out, const uint8_t *in, size_t n)
{
    const aesni_key *k = ctx;
    if (k->nr == 10) ctr_kernel_nr(k, 10, hi, lo, out, in, n);
    else if (k->nr == 12) ctr_kernel_nr(k, 12, hi, lo, out, in, n);
    else ctr_kernel_nr(k, 14, hi, lo, out, in, n);
}

/* n wide blocks of CTR (n <= 2 Z): the whitened counters are base XOR the
 * rows of rijndael_wide_idx from idx on, the input XORed into the last
 * round key.  Otherwise wide_blocks. */
static ALWAYS_INLINE void wide_ctr_blocks(const aesni_key *k, __m512i base, const uint64_t (*idx)[4],
                                          uint8_t *out, const uint8_t *in, size_t n, const unsigned Z)
{
    const __m128i (*rk)[2] = k->ek;
    const __m512i same = lane_pairs(k->enc_gather[0], k->enc_gather[3]),
                  other = lane_pairs(k->enc_gather[1], k->enc_gather[2]);
    size_t bs = 4 * k->nb, b[8];
    unsigned nr = k->nr;
    __m512i s[8], key;
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) {
        b[i] = n > 2 * i ? (n - 2 * i < 2 ? n - 2 * i : 2) : 0;
        s[i] = _mm512_xor_si512(base, _mm512_loadu_si512(idx[2 * i]));
    }
    for (unsigned r = 1; r <= nr; r++) {
        key = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(const void *)rk[r]));
#pragma GCC unroll 8
        for (unsigned i = 0; i < Z; i++) {
            __m512i swapped = _mm512_shuffle_i64x2(s[i], s[i], 0xb1);
            __m512i y = _mm512_or_si512(_mm512_shuffle_epi8(s[i], same), _mm512_shuffle_epi8(swapped, other));
            if (r < nr) s[i] = _mm512_aesenc_epi128(y, key);
            else s[i] = _mm512_aesenclast_epi128(y, _mm512_xor_si512(key, wide_load(in + 2 * bs * i, bs, b[i])));
        }
    }
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) wide_store(out + 2 * bs * i, s[i], bs, b[i]);
}

static ALWAYS_INLINE void wide_ctr_part(const aesni_key *k, __m512i base, const uint64_t (*idx)[4],
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    if (n > 12) wide_ctr_blocks(k, base, idx, out, in, n, 8);
    else if (n > 8) wide_ctr_blocks(k, base, idx, out, in, n, 6);
    else if (n > 6) wide_ctr_blocks(k, base, idx, out, in, n, 4);
    else if (n > 4) wide_ctr_blocks(k, base, idx, out, in, n, 3);
    else if (n > 2) wide_ctr_blocks(k, base, idx, out, in, n, 2);
    else wide_ctr_blocks(k, base, idx, out, in, n, 1);
}

/* Passes of 16 blocks over counter groups aligned to 16 (the first may
 * start inside one); n blocks from lo, which does not wrap. */
static void wide_ctr_run(const void *ctx, const uint8_t *counter, uint64_t lo, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    const aesni_key *k = ctx;
    size_t bs = 4 * k->nb;
    const uint64_t (*idx)[4] = rijndael_wide_idx[bs == 32];
    /* Passes differ in the qword that holds lo (one per block): set it by a
     * masked broadcast, not by building the lanes again (shuffles, the
     * port the wide rounds are bound by). */
    const __m128i k1 = k->ek[0][1];
    const __m512i whole = lane_pairs(_mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)counter), k->ek[0][0]),
                                     _mm_xor_si128(wide_ctr_upper(counter, bs, 0), k1));
    const __mmask8 at = bs == 32 ? 0x88 : 0x44;
    const uint64_t k_lo = (uint64_t)(bs == 32 ? _mm_extract_epi64(k1, 1) : _mm_cvtsi128_si64(k1));
#define BASE(a) _mm512_mask_set1_epi64(whole, at, (long long)(k_lo ^ __builtin_bswap64(a)))
    unsigned r = (unsigned)lo & 15;
    uint64_t a = lo - r;
    if (r) {   /* up to the end of lo's group */
        size_t h = 16 - r < n ? 16 - r : n;
        wide_ctr_part(k, BASE(a), idx + r, out, in, h);
        a += 16; n -= h; in += bs * h; out += bs * h;
    }
    for (; n >= 16; a += 16, n -= 16, in += 16 * bs, out += 16 * bs) wide_ctr_blocks(k, BASE(a), idx, out, in, 16, 8);
    if (n) wide_ctr_part(k, BASE(a), idx, out, in, n);
#undef BASE
}

static void vaes_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4) aes_ctr_runs(ctr_kernel, ctx, counter, out, in, nblocks);
    else wide_ctr_runs(wide_ctr_run, ctx, 4 * k->nb, counter, out, in, nblocks);
}

/* Serial: the xmm loop of rijndael_x86.h, VEX-encoded here. */
static void vaes_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4) { if (nblocks) aesni_cbc_encrypt(k->ek, k->nr, iv, out, in, nblocks); }
    else kc_rijndael_aesni.cbc_encrypt(ctx, iv, out, in, nblocks);
}

/* ---- Multi-buffer CBC encryption: four AES chains per zmm ----
 * Lane l of register z is chain 4z + l.  Each step gathers block j of every
 * chain into the lanes, runs the rounds with the round keys in registers
 * and scatters the ciphertext; the chaining values stay in registers.  Chain
 * pointers are padded to the lane count as in aesni_cbc_multi. */

static ALWAYS_INLINE __m512i gather4(const uint8_t *const p[4], size_t off)
{
    __m512i v = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)(p[0] + off)));
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(const void *)(p[1] + off)), 1);
    v = _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(const void *)(p[2] + off)), 2);
    return _mm512_inserti32x4(v, _mm_loadu_si128((const __m128i *)(const void *)(p[3] + off)), 3);
}

static ALWAYS_INLINE void scatter4(uint8_t *const p[4], size_t off, __m512i v)
{
    if (p[0]) _mm_storeu_si128((__m128i *)(void *)(p[0] + off), _mm512_castsi512_si128(v));
    if (p[1]) _mm_storeu_si128((__m128i *)(void *)(p[1] + off), _mm512_extracti32x4_epi32(v, 1));
    if (p[2]) _mm_storeu_si128((__m128i *)(void *)(p[2] + off), _mm512_extracti32x4_epi32(v, 2));
    if (p[3]) _mm_storeu_si128((__m128i *)(void *)(p[3] + off), _mm512_extracti32x4_epi32(v, 3));
}

/* Lanes l of v[0..3] hold row l of a 4 x 4 matrix of blocks: rows become columns. */
static ALWAYS_INLINE void transpose4(__m512i v[4])
{
    __m512i t0 = _mm512_shuffle_i64x2(v[0], v[1], 0x44), t1 = _mm512_shuffle_i64x2(v[0], v[1], 0xee);
    __m512i t2 = _mm512_shuffle_i64x2(v[2], v[3], 0x44), t3 = _mm512_shuffle_i64x2(v[2], v[3], 0xee);
    v[0] = _mm512_shuffle_i64x2(t0, t2, 0x88);
    v[1] = _mm512_shuffle_i64x2(t0, t2, 0xdd);
    v[2] = _mm512_shuffle_i64x2(t1, t3, 0x88);
    v[3] = _mm512_shuffle_i64x2(t1, t3, 0xdd);
}

static ALWAYS_INLINE __m512i chain_step(const __m512i *key, const unsigned NR, __m512i x, __m512i in)
{
    x = _mm512_ternarylogic_epi64(x, in, key[0], 0x96);
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) x = _mm512_aesenc_epi128(x, key[r]);
    return _mm512_aesenclast_epi128(x, key[NR]);
}

/* 4 Z chains.  Four steps at a time, each chain's input and output move as
 * whole 64-byte lines, transposed into and out of the lanes: messages laid
 * 4 KiB apart share one L1 set, and 16 chains touching their lines block by
 * block would evict each other at every step. */
static ALWAYS_INLINE void aes_chains(const __m128i (*rk)[2], const unsigned NR, uint8_t *const out[],
                                     const uint8_t *const in[], uint8_t *const iv[], size_t nblocks,
                                     const unsigned Z)
{
    __m512i key[15], x[4];
#pragma GCC unroll 15
    for (unsigned r = 0; r <= NR; r++) key[r] = _mm512_broadcast_i32x4(rk[r][0]);
#pragma GCC unroll 4
    for (unsigned z = 0; z < Z; z++) x[z] = gather4((const uint8_t *const *)iv + 4 * z, 0);
    size_t off = 0;
    for (; nblocks >= 4; nblocks -= 4, off += 64) {
        __m512i c[4][4];   /* register z, step s */
#pragma GCC unroll 4
        for (unsigned z = 0; z < Z; z++) {
#pragma GCC unroll 4
            for (unsigned l = 0; l < 4; l++) c[z][l] = _mm512_loadu_si512(in[4 * z + l] + off);
            transpose4(c[z]);
        }
#pragma GCC unroll 4
        for (unsigned s = 0; s < 4; s++) {
#pragma GCC unroll 4
            for (unsigned z = 0; z < Z; z++) c[z][s] = x[z] = chain_step(key, NR, x[z], c[z][s]);
        }
#pragma GCC unroll 4
        for (unsigned z = 0; z < Z; z++) {
            transpose4(c[z]);
#pragma GCC unroll 4
            for (unsigned l = 0; l < 4; l++)
                if (out[4 * z + l]) _mm512_storeu_si512(out[4 * z + l] + off, c[z][l]);
        }
    }
    for (; nblocks; nblocks--, off += 16) {
#pragma GCC unroll 4
        for (unsigned z = 0; z < Z; z++) {
            x[z] = chain_step(key, NR, x[z], gather4(in + 4 * z, off));
            scatter4(out + 4 * z, off, x[z]);
        }
    }
#pragma GCC unroll 4
    for (unsigned z = 0; z < Z; z++) scatter4(iv + 4 * z, 0, x[z]);
}

static ALWAYS_INLINE void aes_chains_nr(const aesni_key *k, uint8_t *const out[], const uint8_t *const in[],
                                        uint8_t *const iv[], size_t nblocks, const unsigned Z)
{
    if (k->nr == 10) aes_chains(k->ek, 10, out, in, iv, nblocks, Z);
    else if (k->nr == 12) aes_chains(k->ek, 12, out, in, iv, nblocks, Z);
    else aes_chains(k->ek, 14, out, in, iv, nblocks, Z);
}

/* 256-bit blocks (Nr = 14): two chains per zmm, each a lane pair laid out
 * as in wide_blocks, whose rounds they run. */
static ALWAYS_INLINE __m512i gather2(const uint8_t *const p[2], size_t off)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)(p[0] + off))),
                              _mm256_loadu_si256((const __m256i *)(const void *)(p[1] + off)), 1);
}

static ALWAYS_INLINE void scatter2(uint8_t *const p[2], size_t off, __m512i v)
{
    if (p[0]) _mm256_storeu_si256((__m256i *)(void *)(p[0] + off), _mm512_castsi512_si256(v));
    if (p[1]) _mm256_storeu_si256((__m256i *)(void *)(p[1] + off), _mm512_extracti64x4_epi64(v, 1));
}

static ALWAYS_INLINE void wide_chains(const aesni_key *k, uint8_t *const out[], const uint8_t *const in[],
                                      uint8_t *const iv[], size_t nblocks, const unsigned Z)
{
    const __m512i same = lane_pairs(k->enc_gather[0], k->enc_gather[3]),
                  other = lane_pairs(k->enc_gather[1], k->enc_gather[2]);
    __m512i key[15], x[8];
#pragma GCC unroll 15
    for (unsigned r = 0; r <= 14; r++)
        key[r] = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(const void *)k->ek[r]));
#pragma GCC unroll 8
    for (unsigned z = 0; z < Z; z++) x[z] = gather2((const uint8_t *const *)iv + 2 * z, 0);
    for (size_t off = 0; nblocks; nblocks--, off += 32) {
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++) x[z] = _mm512_ternarylogic_epi64(x[z], gather2(in + 2 * z, off), key[0], 0x96);
#pragma GCC unroll 14
        for (unsigned r = 1; r <= 14; r++) {
#pragma GCC unroll 8
            for (unsigned z = 0; z < Z; z++) {
                __m512i swapped = _mm512_shuffle_i64x2(x[z], x[z], 0xb1);
                __m512i y = _mm512_or_si512(_mm512_shuffle_epi8(x[z], same), _mm512_shuffle_epi8(swapped, other));
                x[z] = r < 14 ? _mm512_aesenc_epi128(y, key[r]) : _mm512_aesenclast_epi128(y, key[14]);
            }
        }
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++) scatter2(out + 2 * z, off, x[z]);
    }
#pragma GCC unroll 8
    for (unsigned z = 0; z < Z; z++) scatter2(iv + 2 * z, 0, x[z]);
}

#define VAES_CHAINS 16   /* per pass: four zmm of AES, eight of 256-bit blocks */

/* 192-bit blocks: aesni's chains (two xmm per block). */
static void vaes_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                           uint8_t *const iv[], size_t nblocks)
{
    const aesni_key *k = ctx;
    uint8_t spare[32] = { 0 };   /* chaining value of the padding lanes */
    if (k->nb == 6) {
        kc_rijndael_aesni.cbc_encrypt_multi(ctx, n, out, in, iv, nblocks);
        return;
    }
    if (!nblocks) return;
    for (size_t first = 0; first < n; first += VAES_CHAINS) {
        size_t m = n - first < VAES_CHAINS ? n - first : VAES_CHAINS;
        uint8_t *o[VAES_CHAINS], *v[VAES_CHAINS];
        const uint8_t *p[VAES_CHAINS];
        for (unsigned i = 0; i < VAES_CHAINS; i++) {
            p[i] = in[first + (i < m ? i : 0)];
            o[i] = i < m ? out[first + i] : NULL;
            v[i] = i < m ? iv[first + i] : spare;
        }
        if (k->nb == 8) {
            if (m > 8) wide_chains(k, o, p, v, nblocks, 8);
            else if (m > 4) wide_chains(k, o, p, v, nblocks, 4);
            else wide_chains(k, o, p, v, nblocks, 2);
        }
        else if (m > 8) aes_chains_nr(k, o, p, v, nblocks, 4);
        else if (m > 4) aes_chains_nr(k, o, p, v, nblocks, 2);
        else aes_chains_nr(k, o, p, v, nblocks, 1);
    }
    kc_wipe(spare, sizeof spare);
}

const kc_block_backend kc_rijndael_vaes512 = {
    .head = {
        .name = "vaes512",
        .summary = "VAES on zmm: 32 AES blocks in flight; 16 Rijndael-192/256 blocks, vpshufb ShiftRows",
        .cpu = KC_CPU_VAES | KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_AESNI | KC_CPU_SSSE3,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aesni_key),
    },
    .set_key = vaes_set_key,
    .encrypt = vaes_encrypt,
    .decrypt = vaes_decrypt,
    .ctr = vaes_ctr,
    .cbc_encrypt = vaes_cbc,
    .cbc_encrypt_multi = vaes_cbc_multi,
    .gcm_stitch = &kc_rijndael_vaes512_gcm,
};

KC_TARGET_END
#endif
