/* SPDX-License-Identifier: MIT */
/* AES and Rijndael on AES-NI, every block and key size.
 *
 * AES (128-bit blocks): twelve blocks in flight for ECB and CTR, which is
 * more than aesenc's latency times its throughput on current cores (Zen 3:
 * 4 x 2 = 8; eight left no slack and ran 5-9% above the aesenc bound); a
 * single block takes the short path of rijndael_x86.h.  CTR makes its counter
 * blocks in registers, by one XOR each (rijndael_ctr_idx), and folds the
 * input into aesenclast's key, for every block size; CBC encryption keeps
 * the chaining value in a register (rijndael_x86.h), wider blocks through
 * the multi-block entry point.  Multi-buffer CBC runs eight AES chains (four
 * wider ones) side by side, the chaining values in registers.
 *
 * Rijndael with 192- and 256-bit blocks: the state is two xmm registers and
 * aesenc does SubBytes, MixColumns and AddRoundKey on each 4-column half.
 * Its own ShiftRows moves bytes only inside a half, so every round starts
 * with a byte gather across both registers (pshufb, pshufb, por per half)
 * that applies Rijndael's ShiftRows composed with the inverse of AES's;
 * SubBytes commutes with moving bytes.  Decryption does the same with
 * aesdec and InvShiftRows.  Four blocks in flight.
 *
 * Key schedule: the generic Rijndael expansion with SubWord by aesenclast,
 * decryption keys by aesimc.  No table look-ups: constant-time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <string.h>
#include "core/backend.h"
#include "core/cpu.h"
#include "rijndael/rijndael_x86.h"
#include "core/ctr_blocks.h"

extern const struct kc_gcm_stitch kc_rijndael_aesni_gcm;   /* aesni_gcm.c */

KC_TARGET_BEGIN("aes,ssse3")

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))

/* aesenclast with a zero key is SubBytes after ShiftRows, and ShiftRows
 * leaves four equal columns alone. */
static uint32_t sub_word(uint32_t w)
{
    __m128i x = _mm_aesenclast_si128(_mm_set1_epi32((int)w), _mm_setzero_si128());
    return (uint32_t)_mm_cvtsi128_si32(x);
}

/* The byte at position 4c + r of an aesenc input lands in column
 * (c - r) mod 4 of its half (AES ShiftRows; aesdec: (c + r) mod 4).  Give
 * it the byte Rijndael's (Inv)ShiftRows puts in that column of the whole
 * state.  Padding columns of Nb = 6 get zeros (pshufb index 0x80). */
static void gather_masks(__m128i *out, unsigned nb, int inverse)
{
    uint8_t g[4][16];
    memset(g, 0x80, sizeof g);
    for (unsigned h = 0; h < 2; h++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned r = 0; r < 4; r++) {
                unsigned col = 4 * h + (inverse ? c + r : c + 4 - r) % 4, s = rijndael_shift(nb, r);
                if (col >= nb) continue;
                unsigned src = inverse ? (col + nb - s) % nb : (col + s) % nb;
                g[2 * h + src / 4][4 * c + r] = (uint8_t)(4 * (src % 4) + r);
            }
    for (unsigned i = 0; i < 4; i++) out[i] = LOAD(g[i]);
}

static kc_status aesni_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    aesni_key *k = ctx;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    if (block_len != 16 && block_len != 24 && block_len != 32) return KC_ERR_BLOCK_BITS;
    unsigned nb = (unsigned)block_len / 4, nk = (unsigned)key_len / 4, nr = rijndael_rounds(nb, nk);
    k->nb = nb;
    k->nr = nr;
    gather_masks(k->enc_gather, nb, 0);
    gather_masks(k->dec_gather, nb, 1);

    uint32_t w[RIJNDAEL_MAX_WORDS];
    uint8_t b[32] = { 0 };
    rijndael_expand_key(w, key, nk, nb, sub_word);
    for (unsigned r = 0; r <= nr; r++) {
        for (unsigned c = 0; c < nb; c++) kc_store32_le(b + 4 * c, w[r * nb + c]);
        k->ek[r][0] = LOAD(b);
        k->ek[r][1] = LOAD(b + 16);
    }
    for (unsigned r = 0; r <= nr; r++)
        for (unsigned h = 0; h < 2; h++) {
            __m128i e = k->ek[nr - r][h];
            k->dk[r][h] = r == 0 || r == nr ? e : _mm_aesimc_si128(e);
        }
    kc_wipe(w, sizeof w);
    kc_wipe(b, sizeof b);
    return KC_OK;
}

/* ---- AES: B blocks in flight (B and NR constant) ---- */

/* The rounds unroll (NR constant), as in libgcrypt's AES-NI code: a
 * loop over them cost about 1% of ECB (a count and a branch per round). */
static ALWAYS_INLINE void aes_blocks(const __m128i (*rk)[2], const unsigned NR, const int dec,
                                     uint8_t *out, const uint8_t *in, const unsigned B)
{
    __m128i s[12], key = rk[0][0];
#pragma GCC unroll 12
    for (unsigned i = 0; i < B; i++) s[i] = _mm_xor_si128(LOAD(in + 16 * i), key);
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) {
        key = rk[r][0];
#pragma GCC unroll 12
        for (unsigned i = 0; i < B; i++) s[i] = dec ? _mm_aesdec_si128(s[i], key) : _mm_aesenc_si128(s[i], key);
    }
    key = rk[NR][0];
#pragma GCC unroll 12
    for (unsigned i = 0; i < B; i++)
        STORE(out + 16 * i, dec ? _mm_aesdeclast_si128(s[i], key) : _mm_aesenclast_si128(s[i], key));
}

static ALWAYS_INLINE void aes_crypt_nr(const __m128i (*rk)[2], const unsigned NR, const int dec,
                                       uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n >= 12; n -= 12, in += 12 * 16, out += 12 * 16) aes_blocks(rk, NR, dec, out, in, 12);
    if (n >= 8) { aes_blocks(rk, NR, dec, out, in, 8); in += 8 * 16; out += 8 * 16; n -= 8; }
    if (n & 4) { aes_blocks(rk, NR, dec, out, in, 4); in += 4 * 16; out += 4 * 16; }
    if (n & 2) { aes_blocks(rk, NR, dec, out, in, 2); in += 2 * 16; out += 2 * 16; }
    if (n & 1) aes_blocks(rk, NR, dec, out, in, 1);
}

static ALWAYS_INLINE void aes_crypt(const __m128i (*rk)[2], unsigned nr, const int dec,
                                    uint8_t *out, const uint8_t *in, size_t n)
{
    if (nr == 10) aes_crypt_nr(rk, 10, dec, out, in, n);
    else if (nr == 12) aes_crypt_nr(rk, 12, dec, out, in, n);
    else aes_crypt_nr(rk, 14, dec, out, in, n);
}

/* ---- Rijndael with Nb = 6 or 8: B blocks of two registers each ---- */

static ALWAYS_INLINE __m128i load_hi(const uint8_t *p, size_t bs)
{
    return bs == 24 ? _mm_loadl_epi64((const __m128i *)(const void *)p) : LOAD(p);
}

static ALWAYS_INLINE void store_hi(uint8_t *p, __m128i x, size_t bs)
{
    if (bs == 24) _mm_storel_epi64((__m128i *)(void *)p, x);
    else STORE(p, x);
}

/* Rounds 1..nr of B wide blocks (lo|hi, round key 0 already added): the
 * gather shuffles make Rijndael's ShiftRows over 6 or 8 columns, then each
 * half takes AES's round.  The one shape of every wide kernel below, which
 * both compilers keep in registers. */
static ALWAYS_INLINE void wide_rounds(const __m128i (*rk)[2], const __m128i *g, unsigned nr, const int dec,
                                      __m128i lo[], __m128i hi[], const unsigned B)
{
    const __m128i g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3];
    for (unsigned r = 1; r <= nr; r++) {
        __m128i k0 = rk[r][0], k1 = rk[r][1];
#pragma GCC unroll 4
        for (unsigned i = 0; i < B; i++) {
            __m128i a = _mm_or_si128(_mm_shuffle_epi8(lo[i], g0), _mm_shuffle_epi8(hi[i], g1));
            __m128i b = _mm_or_si128(_mm_shuffle_epi8(lo[i], g2), _mm_shuffle_epi8(hi[i], g3));
            if (r < nr) {
                lo[i] = dec ? _mm_aesdec_si128(a, k0) : _mm_aesenc_si128(a, k0);
                hi[i] = dec ? _mm_aesdec_si128(b, k1) : _mm_aesenc_si128(b, k1);
            } else {
                lo[i] = dec ? _mm_aesdeclast_si128(a, k0) : _mm_aesenclast_si128(a, k0);
                hi[i] = dec ? _mm_aesdeclast_si128(b, k1) : _mm_aesenclast_si128(b, k1);
            }
        }
    }
}

static ALWAYS_INLINE void wide_blocks(const aesni_key *k, const int dec, uint8_t *out,
                                      const uint8_t *in, const unsigned B)
{
    const __m128i (*rk)[2] = dec ? k->dk : k->ek;
    size_t bs = 4 * k->nb;
    __m128i lo[4], hi[4];
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        lo[i] = _mm_xor_si128(LOAD(in + bs * i), rk[0][0]);
        hi[i] = _mm_xor_si128(load_hi(in + bs * i + 16, bs), rk[0][1]);
    }
    wide_rounds(rk, dec ? k->dec_gather : k->enc_gather, k->nr, dec, lo, hi, B);
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        STORE(out + bs * i, lo[i]);
        store_hi(out + bs * i + 16, hi[i], bs);
    }
}

static ALWAYS_INLINE void wide_crypt(const aesni_key *k, const int dec, uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    size_t bs = 4 * k->nb;
    for (; n >= 4; n -= 4, in += 4 * bs, out += 4 * bs) wide_blocks(k, dec, out, in, 4);
    if (n & 2) { wide_blocks(k, dec, out, in, 2); in += 2 * bs; out += 2 * bs; }
    if (n & 1) wide_blocks(k, dec, out, in, 1);
}

/* Out of line, so that the one-block path below (a CTR tail, a padding
 * block) needs no register saves. */
static __attribute__((noinline)) void encrypt_many(const aesni_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    if (k->nb == 4) aes_crypt(k->ek, k->nr, 0, out, in, n);
    else wide_crypt(k, 0, out, in, n);
}

static __attribute__((noinline)) void decrypt_many(const aesni_key *k, uint8_t *out, const uint8_t *in, size_t n)
{
    if (k->nb == 4) aes_crypt(k->dk, k->nr, 1, out, in, n);
    else wide_crypt(k, 1, out, in, n);
}

static void aesni_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4 && nblocks == 1) STORE(out, aesni_encrypt1(k->ek, k->nr, LOAD(in)));
    else encrypt_many(k, out, in, nblocks);
}

static void aesni_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4 && nblocks == 1) STORE(out, aesni_decrypt1(k->dk, k->nr, LOAD(in)));
    else decrypt_many(k, out, in, nblocks);
}

/* ---- Fused modes ---- */

/* B AES blocks of CTR whose whitened counters are base[i / 4] XOR the
 * rows of rijndael_ctr_idx from idx on, four rows a group (no add or byte
 * reversal per block); the input is XORed into the last round key, since
 * aesenclast ends with that XOR. */
static ALWAYS_INLINE void ctr_blocks(const __m128i (*rk)[2], const unsigned nr, const __m128i base[],
                                     const uint64_t *idx, uint8_t *out, const uint8_t *in, const unsigned B)
{
    __m128i s[12], key;
#pragma GCC unroll 12
    for (unsigned i = 0; i < B; i++) s[i] = _mm_xor_si128(base[i / 4], LOAD(idx + 2 * (i % 4)));
#pragma GCC unroll 13
    for (unsigned r = 1; r < nr; r++) {
        key = rk[r][0];
#pragma GCC unroll 12
        for (unsigned i = 0; i < B; i++) s[i] = _mm_aesenc_si128(s[i], key);
    }
    key = rk[nr][0];
#pragma GCC unroll 12
    for (unsigned i = 0; i < B; i++)
        STORE(out + 16 * i, _mm_aesenclast_si128(s[i], _mm_xor_si128(key, LOAD(in + 16 * i))));
}

/* n < 4 blocks. */
static ALWAYS_INLINE void ctr_part(const __m128i (*rk)[2], const unsigned nr, __m128i base, const uint64_t *idx,
                                   uint8_t *out, const uint8_t *in, size_t n)
{
    if (n & 2) { ctr_blocks(rk, nr, &base, idx, out, in, 2); idx += 4; in += 32; out += 32; }
    if (n & 1) ctr_blocks(rk, nr, &base, idx, out, in, 1);
}

/* Passes of twelve blocks, three counter groups aligned to 4 (the first
 * group may start inside one); n blocks from lo, which does not wrap.
 * Twelve, not eight: eight is exactly aesenc's latency times its
 * throughput on Zen 3 (4 x 2), and with no slack any stall held the
 * whole pass (AES-256 ran 8% above the aesenc bound; 12 blocks, 3%).
 * 12 states and the round key fit the 16 registers.  NR constant, as in
 * aes_crypt_nr: with a loop over the rounds CTR ran 2-3% behind ECB. */
static ALWAYS_INLINE void ctr_kernel_nr(const aesni_key *k, const unsigned NR, uint64_t hi, uint64_t lo,
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    const __m128i k0 = k->ek[0][0];
    const uint64_t k_hi = (uint64_t)_mm_cvtsi128_si64(k0) ^ __builtin_bswap64(hi),
                   k_lo = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(k0, k0));   /* SSE2 */
#define BASE(a) _mm_set_epi64x((long long)(k_lo ^ __builtin_bswap64(a)), (long long)k_hi)
    unsigned r = (unsigned)lo & 3;
    uint64_t a = lo - r;
    if (r) {   /* up to the end of lo's group */
        size_t h = 4 - r < n ? 4 - r : n;
        ctr_part(k->ek, NR, BASE(a), rijndael_ctr_idx + 2 * r, out, in, h);
        a += 4; n -= h; in += 16 * h; out += 16 * h;
    }
    __m128i base[3] = { BASE(a), BASE(a + 4), BASE(a + 8) };
    for (; n >= 12; n -= 12, in += 12 * 16, out += 12 * 16) {
        a += 12;
        /* before the pass, off round 1's path (vaes_avx2.c) */
        __m128i next[3] = { BASE(a), BASE(a + 4), BASE(a + 8) };
        ctr_blocks(k->ek, NR, base, rijndael_ctr_idx, out, in, 12);
        base[0] = next[0]; base[1] = next[1]; base[2] = next[2];
    }
    if (n >= 8) {
        ctr_blocks(k->ek, NR, base, rijndael_ctr_idx, out, in, 8);
        base[0] = base[2]; n -= 8; in += 8 * 16; out += 8 * 16;
    } else if (n >= 4) {
        ctr_blocks(k->ek, NR, base, rijndael_ctr_idx, out, in, 4);
        base[0] = base[1]; n -= 4; in += 4 * 16; out += 4 * 16;
    }
    if (n) ctr_part(k->ek, NR, base[0], rijndael_ctr_idx, out, in, n);
#undef BASE
}

static void ctr_kernel(const void *ctx, uint64_t hi, uint64_t lo, uint8_t *out, const uint8_t *in, size_t n)
{
    const aesni_key *k = ctx;
    if (k->nr == 10) ctr_kernel_nr(k, 10, hi, lo, out, in, n);
    else if (k->nr == 12) ctr_kernel_nr(k, 12, hi, lo, out, in, n);
    else ctr_kernel_nr(k, 14, hi, lo, out, in, n);
}

/* B wide blocks of CTR: the whitened counters are (L, H ^ idx row) (see
 * rijndael_wide_idx). */
static ALWAYS_INLINE void wide_ctr_blocks(const aesni_key *k, __m128i L, __m128i H, const uint64_t (*idx)[4],
                                          uint8_t *out, const uint8_t *in, const unsigned B)
{
    size_t bs = 4 * k->nb;
    __m128i lo[4], hi[4];
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        lo[i] = L;
        hi[i] = _mm_xor_si128(H, LOAD(idx[i] + 2));
    }
    wide_rounds(k->ek, k->enc_gather, k->nr, 0, lo, hi, B);
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        STORE(out + bs * i, _mm_xor_si128(lo[i], LOAD(in + bs * i)));
        store_hi(out + bs * i + 16, _mm_xor_si128(hi[i], load_hi(in + bs * i + 16, bs)), bs);
    }
}

static ALWAYS_INLINE void wide_ctr_part(const aesni_key *k, __m128i L, __m128i H, const uint64_t (*idx)[4],
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    if (n == 3) wide_ctr_blocks(k, L, H, idx, out, in, 3);
    else if (n == 2) wide_ctr_blocks(k, L, H, idx, out, in, 2);
    else wide_ctr_blocks(k, L, H, idx, out, in, 1);
}

/* Passes of four blocks over counter groups aligned to 4 (the first may
 * start inside one); n blocks from lo, which does not wrap. */
static void wide_ctr_run(const void *ctx, const uint8_t *counter, uint64_t lo, uint8_t *out,
                            const uint8_t *in, size_t n)
{
    const aesni_key *k = ctx;
    size_t bs = 4 * k->nb;
    const uint64_t (*idx)[4] = rijndael_wide_idx[bs == 32];
    const __m128i L = _mm_xor_si128(LOAD(counter), k->ek[0][0]), k1 = k->ek[0][1];
    unsigned r = (unsigned)lo & 3;
    uint64_t a = lo - r;
    if (r) {   /* up to the end of lo's group */
        size_t h = 4 - r < n ? 4 - r : n;
        wide_ctr_part(k, L, _mm_xor_si128(wide_ctr_upper(counter, bs, a), k1), idx + r, out, in, h);
        a += 4; n -= h; in += bs * h; out += bs * h;
    }
    for (; n >= 4; a += 4, n -= 4, in += 4 * bs, out += 4 * bs)
        wide_ctr_blocks(k, L, _mm_xor_si128(wide_ctr_upper(counter, bs, a), k1), idx, out, in, 4);
    if (n) wide_ctr_part(k, L, _mm_xor_si128(wide_ctr_upper(counter, bs, a), k1), idx, out, in, n);
}

KC_TARGET_END

/* The AES CTR kernel in VEX encoding where AVX2 is there, as aesni_gcm.c's
 * kernel: no register copies. */
KC_TARGET_BEGIN("avx2,aes,ssse3")
static void ctr_kernel_vex(const void *ctx, uint64_t hi, uint64_t lo, uint8_t *out, const uint8_t *in, size_t n)
{
    const aesni_key *k = ctx;
    if (k->nr == 10) ctr_kernel_nr(k, 10, hi, lo, out, in, n);
    else if (k->nr == 12) ctr_kernel_nr(k, 12, hi, lo, out, in, n);
    else ctr_kernel_nr(k, 14, hi, lo, out, in, n);
}
KC_TARGET_END

KC_TARGET_BEGIN("aes,ssse3")
static void aesni_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4) aes_ctr_runs(kc_cpu_detect() & KC_CPU_AVX2 ? ctr_kernel_vex : ctr_kernel, ctx, counter, out, in, nblocks);
    else wide_ctr_runs(wide_ctr_run, ctx, 4 * k->nb, counter, out, in, nblocks);
}

static void aesni_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (!nblocks) return;
    if (k->nb == 4) aesni_cbc_encrypt(k->ek, k->nr, iv, out, in, nblocks);
    else rijndael_cbc_wide(aesni_encrypt, ctx, 4 * k->nb, iv, out, in, nblocks);
}

/* ---- Multi-buffer CBC encryption: chains side by side ----
 * Chain pointers are padded to the register count: a padding lane reads
 * chain 0's input, stores nothing and leaves its chaining value in a local
 * (lanes are independent; the step time is the latency of the rounds, so a
 * few idle lanes cost little). */

/* B AES chains, one xmm each, never leaving registers.  As in
 * aesni_cbc_rounds, the next input block (with rk[0]) is folded into the
 * last round key: the loop-carried path is the rounds alone. */
static ALWAYS_INLINE void aes_chains(const __m128i (*rk)[2], const unsigned NR, uint8_t *const out[],
                                     const uint8_t *const in[], uint8_t *const iv[], size_t nblocks,
                                     const unsigned B)
{
    const __m128i k0 = rk[0][0], last = rk[NR][0];
    __m128i x[8];
#pragma GCC unroll 8
    for (unsigned i = 0; i < B; i++) x[i] = _mm_xor_si128(_mm_xor_si128(LOAD(in[i]), k0), LOAD(iv[i]));
    size_t off = 0;
    for (;;) {
#pragma GCC unroll 13
        for (unsigned r = 1; r < NR; r++) {
            __m128i key = rk[r][0];
#pragma GCC unroll 8
            for (unsigned i = 0; i < B; i++) x[i] = _mm_aesenc_si128(x[i], key);
        }
        if (--nblocks == 0) break;
#pragma GCC unroll 8
        for (unsigned i = 0; i < B; i++) {
            __m128i next = _mm_xor_si128(LOAD(in[i] + off + 16), k0);
            x[i] = _mm_aesenclast_si128(x[i], _mm_xor_si128(last, next));
            if (out[i]) STORE(out[i] + off, _mm_xor_si128(x[i], next));
        }
        off += 16;
    }
#pragma GCC unroll 8
    for (unsigned i = 0; i < B; i++) {
        x[i] = _mm_aesenclast_si128(x[i], last);
        if (out[i]) STORE(out[i] + off, x[i]);
        STORE(iv[i], x[i]);
    }
}

static ALWAYS_INLINE void aes_chains_nr(const aesni_key *k, uint8_t *const out[], const uint8_t *const in[],
                                        uint8_t *const iv[], size_t nblocks, const unsigned B)
{
    if (k->nr == 10) aes_chains(k->ek, 10, out, in, iv, nblocks, B);
    else if (k->nr == 12) aes_chains(k->ek, 12, out, in, iv, nblocks, B);
    else aes_chains(k->ek, 14, out, in, iv, nblocks, B);
}

/* B wide chains (Nb = 6 or 8), two xmm each: chaining values that stay in
 * registers. */
static ALWAYS_INLINE void wide_chains(const aesni_key *k, uint8_t *const out[], const uint8_t *const in[],
                                      uint8_t *const iv[], size_t nblocks, const unsigned B)
{
    const __m128i (*rk)[2] = k->ek;
    size_t bs = 4 * k->nb;
    __m128i lo[4], hi[4];
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        lo[i] = LOAD(iv[i]);
        hi[i] = load_hi(iv[i] + 16, bs);
    }
    for (size_t off = 0; off < nblocks * bs; off += bs) {
#pragma GCC unroll 4
        for (unsigned i = 0; i < B; i++) {
            lo[i] = _mm_xor_si128(_mm_xor_si128(lo[i], LOAD(in[i] + off)), rk[0][0]);
            hi[i] = _mm_xor_si128(_mm_xor_si128(hi[i], load_hi(in[i] + off + 16, bs)), rk[0][1]);
        }
        wide_rounds(rk, k->enc_gather, k->nr, 0, lo, hi, B);
#pragma GCC unroll 4
        for (unsigned i = 0; i < B; i++)
            if (out[i]) {
                STORE(out[i] + off, lo[i]);
                store_hi(out[i] + off + 16, hi[i], bs);
            }
    }
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        STORE(iv[i], lo[i]);
        store_hi(iv[i] + 16, hi[i], bs);
    }
}

static void aesni_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                            uint8_t *const iv[], size_t nblocks)
{
    const aesni_key *k = ctx;
    const unsigned lanes = k->nb == 4 ? 8 : 4;
    uint8_t spare[32] = { 0 };   /* chaining value of the padding lanes */
    if (!nblocks) return;
    for (size_t first = 0; first < n; first += lanes) {
        size_t m = n - first < lanes ? n - first : lanes;
        uint8_t *o[8], *v[8];
        const uint8_t *p[8];
        for (unsigned i = 0; i < lanes; i++) {
            p[i] = in[first + (i < m ? i : 0)];
            o[i] = i < m ? out[first + i] : NULL;
            v[i] = i < m ? iv[first + i] : spare;
        }
        if (k->nb != 4 && m > 2) wide_chains(k, o, p, v, nblocks, 4);
        else if (k->nb != 4) wide_chains(k, o, p, v, nblocks, 2);
        else if (m > 4) aes_chains_nr(k, o, p, v, nblocks, 8);
        else aes_chains_nr(k, o, p, v, nblocks, 4);
    }
    kc_wipe(spare, sizeof spare);
}

const kc_block_backend kc_rijndael_aesni = {
    .head = {
        .name = "aesni",
        .summary = "AES-NI, 12 blocks in flight; 192/256-bit blocks as two registers with pshufb ShiftRows",
        .cpu = KC_CPU_AESNI | KC_CPU_SSSE3,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aesni_key),
    },
    .set_key = aesni_set_key,
    .encrypt = aesni_encrypt,
    .decrypt = aesni_decrypt,
    .ctr = aesni_ctr,
    .cbc_encrypt = aesni_cbc,
    .cbc_encrypt_multi = aesni_cbc_multi,
    .gcm_stitch = &kc_rijndael_aesni_gcm,
};

KC_TARGET_END
#endif
