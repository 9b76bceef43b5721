/* SPDX-License-Identifier: MIT */
/* AES and Rijndael on the ARMv8 Crypto Extensions, every block and key size.
 *
 * AESE(x, k) is SubBytes(ShiftRows(x ^ k)), AESMC is MixColumns; AESD and
 * AESIMC are their inverses.  So a round is AESE + AESMC with the key
 * added at the start of the next round, and the last key by a plain XOR.
 * Decryption is the equivalent inverse cipher (AESD + AESIMC, with the
 * inner round keys passed through InvMixColumns).
 *
 * AES (128-bit blocks): eight blocks in flight, which covers the AESE/AESMC
 * latency of current cores; tails of 4, 2 and 1 blocks.
 *
 * Rijndael with 192- and 256-bit blocks: the state is two registers
 * (columns 0-3 and 4-7; for Nb = 6 columns 6-7 are padding) and AESE's own
 * ShiftRows moves bytes only inside a register.  Every round therefore
 * starts with a gather: per half, a TBL from the low register and a TBX
 * from the high one put in each position the byte that Rijndael's
 * ShiftRows, followed by the inverse of AES's, puts there (SubBytes
 * commutes with moving bytes).  The gather
 * is a byte permutation, so gather(x ^ k) = gather(x) ^ gather(k): set_key
 * stores the round keys gathered, and AESE still adds them.  For Nb = 4
 * the gather is the identity and drops out, which is the AES path.
 * Padding columns are gathered as zeros and never read back.
 *
 * Key schedule: the generic Rijndael expansion with SubWord by AESE.  No
 * table look-ups on secrets (TBL's indices are constants): constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "rijndael/rijndael_common.h"
#include "core/ctr_blocks.h"
#include "core/ctr_neon.h"
#include "rijndael/armce.h"

KC_TARGET_BEGIN("+crypto")

#define ALWAYS_INLINE inline __attribute__((always_inline))

extern const struct kc_gcm_stitch kc_rijndael_armce_gcm;   /* armce_gcm.c */

/* AESE with a zero key is SubBytes after ShiftRows, and ShiftRows leaves
 * four equal columns alone. */
static uint32_t sub_word(uint32_t w)
{
    uint8x16_t x = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
    return vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
}

/* The byte at position 4c + r of an AESE input lands in column (c - r) mod
 * 4 of its register (AESD: (c + r) mod 4).  Give it the byte that
 * Rijndael's (Inv)ShiftRows puts in that column of the whole state; TBL
 * index 0xff (out of range) gives the padding columns zeros. */
static void gather_indices(uint8x16_t out[2], unsigned nb, int inverse)
{
    uint8_t g[2][16];
    memset(g, 0xff, sizeof g);
    for (unsigned h = 0; h < 2; h++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned r = 0; r < 4; r++) {
                unsigned col = 4 * h + (inverse ? c + r : c + 4 - r) % 4, s = rijndael_shift(nb, r);
                if (col >= nb) continue;
                unsigned src = inverse ? (col + nb - s) % nb : (col + s) % nb;
                g[h][4 * c + r] = (uint8_t)(4 * src + r);
            }
    out[0] = vld1q_u8(g[0]);
    out[1] = vld1q_u8(g[1]);
}

/* Pair indices i as TBL indices into the low register (i < 16) and TBX
 * indices into the high one (i - 16), 0xff elsewhere. */
static void split_indices(uint8x16_t out[4], const uint8x16_t g[2])
{
    const uint8x16_t sixteen = vdupq_n_u8(16);
    for (unsigned h = 0; h < 2; h++) {
        uint8x16_t in_lo = vcltq_u8(g[h], sixteen);
        out[2 * h] = vorrq_u8(g[h], vmvnq_u8(in_lo));
        out[2 * h + 1] = vorrq_u8(vsubq_u8(g[h], sixteen), in_lo);
    }
}

/* The gather of a two-register state, by TBL over the pair. */
static void gather(uint8x16_t x[2], const uint8x16_t g[2])
{
    uint8x16x2_t pair = { { x[0], x[1] } };
    x[0] = vqtbl2q_u8(pair, g[0]);
    x[1] = vqtbl2q_u8(pair, g[1]);
}

static kc_status armce_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    armce_key *k = ctx;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    if (block_len != 16 && block_len != 24 && block_len != 32) return KC_ERR_BLOCK_BITS;
    unsigned nb = (unsigned)block_len / 4, nk = (unsigned)key_len / 4, nr = rijndael_rounds(nb, nk);
    uint8x16_t enc_gather[2], dec_gather[2];
    k->nb = nb;
    k->nr = nr;
    gather_indices(enc_gather, nb, 0);
    gather_indices(dec_gather, nb, 1);
    split_indices(k->enc_split, enc_gather);
    split_indices(k->dec_split, dec_gather);

    uint32_t w[RIJNDAEL_MAX_WORDS];
    uint8_t b[32] = { 0 };
    rijndael_expand_key(w, key, nk, nb, sub_word);
    for (unsigned r = 0; r <= nr; r++) {
        for (unsigned c = 0; c < nb; c++) kc_store32_le(b + 4 * c, w[r * nb + c]);
        k->ek[r][0] = vld1q_u8(b);
        k->ek[r][1] = vld1q_u8(b + 16);
    }
    for (unsigned r = 0; r <= nr; r++)        /* InvMixColumns works column by column */
        for (unsigned h = 0; h < 2; h++) {
            uint8x16_t e = k->ek[nr - r][h];
            k->dk[r][h] = r == 0 || r == nr ? e : vaesimcq_u8(e);
        }
    for (unsigned r = 0; r < nr; r++) {
        gather(k->ek[r], enc_gather);
        gather(k->dk[r], dec_gather);
    }
    kc_wipe(w, sizeof w);
    kc_wipe(b, sizeof b);
    return KC_OK;
}

/* One round on x (AESE + AESMC, or AESD + AESIMC), and the last one. */
static ALWAYS_INLINE uint8x16_t round1(uint8x16_t x, uint8x16_t k, const int dec)
{
    return dec ? vaesimcq_u8(vaesdq_u8(x, k)) : vaesmcq_u8(vaeseq_u8(x, k));
}

static ALWAYS_INLINE uint8x16_t last1(uint8x16_t x, uint8x16_t k, uint8x16_t k_out, const int dec)
{
    return veorq_u8(dec ? vaesdq_u8(x, k) : vaeseq_u8(x, k), k_out);
}

/* ---- AES: B blocks in flight, NR rounds (both constant) ---- */

static ALWAYS_INLINE void aes_blocks(const uint8x16_t *k, const unsigned NR, const int dec,
                                     uint8_t *out, const uint8_t *in, const unsigned B)
{
    uint8x16_t s[8];
#pragma GCC unroll 8
    for (unsigned i = 0; i < B; i++) s[i] = vld1q_u8(in + 16 * i);
#pragma GCC unroll 14
    for (unsigned r = 0; r + 1 < NR; r++)
#pragma GCC unroll 8
        for (unsigned i = 0; i < B; i++) s[i] = round1(s[i], k[r], dec);
#pragma GCC unroll 8
    for (unsigned i = 0; i < B; i++) vst1q_u8(out + 16 * i, last1(s[i], k[NR - 1], k[NR], dec));
}

/* The round keys stay in registers for the whole call (8 states + 15 keys). */
static ALWAYS_INLINE void aes_crypt_nr(const uint8x16_t (*rk)[2], const unsigned NR, const int dec,
                                       uint8_t *out, const uint8_t *in, size_t n)
{
    uint8x16_t k[RIJNDAEL_MAX_ROUNDS + 1];
#pragma GCC unroll 15
    for (unsigned r = 0; r <= NR; r++) k[r] = rk[r][0];
    for (; n >= 8; n -= 8, in += 8 * 16, out += 8 * 16) aes_blocks(k, NR, dec, out, in, 8);
    if (n & 4) { aes_blocks(k, NR, dec, out, in, 4); in += 4 * 16; out += 4 * 16; }
    if (n & 2) { aes_blocks(k, NR, dec, out, in, 2); in += 2 * 16; out += 2 * 16; }
    if (n & 1) aes_blocks(k, NR, dec, out, in, 1);
}

static ALWAYS_INLINE void aes_crypt(const uint8x16_t (*rk)[2], unsigned nr, const int dec,
                                    uint8_t *out, const uint8_t *in, size_t n)
{
    if (nr == 10) aes_crypt_nr(rk, 10, dec, out, in, n);
    else if (nr == 12) aes_crypt_nr(rk, 12, dec, out, in, n);
    else aes_crypt_nr(rk, 14, dec, out, in, n);
}

/* CTR: B counter blocks (ctr with last word low + i) made in registers,
 * the keystream XORed into in. */
static ALWAYS_INLINE void aes_ctr_blocks(const uint8x16_t *k, const unsigned NR, const uint8_t *ctr, uint32_t low,
                                         uint8_t *out, const uint8_t *in, const unsigned B)
{
    uint8x16_t s[8];
#pragma GCC unroll 8
    for (unsigned i = 0; i < B; i++) s[i] = kc_ctr_neon_block(ctr, low + i);
#pragma GCC unroll 14
    for (unsigned r = 0; r + 1 < NR; r++)
#pragma GCC unroll 8
        for (unsigned i = 0; i < B; i++) s[i] = round1(s[i], k[r], 0);
#pragma GCC unroll 8
    for (unsigned i = 0; i < B; i++)
        vst1q_u8(out + 16 * i, veorq_u8(vld1q_u8(in + 16 * i), last1(s[i], k[NR - 1], k[NR], 0)));
}

static ALWAYS_INLINE void aes_ctr_nr(const uint8x16_t (*rk)[2], const unsigned NR, const uint8_t *ctr, uint32_t low,
                                     uint8_t *out, const uint8_t *in, size_t n)
{
    uint8x16_t k[RIJNDAEL_MAX_ROUNDS + 1];
#pragma GCC unroll 15
    for (unsigned r = 0; r <= NR; r++) k[r] = rk[r][0];
    for (; n >= 8; n -= 8, in += 8 * 16, out += 8 * 16, low += 8) aes_ctr_blocks(k, NR, ctr, low, out, in, 8);
    if (n & 4) { aes_ctr_blocks(k, NR, ctr, low, out, in, 4); in += 4 * 16; out += 4 * 16; low += 4; }
    if (n & 2) { aes_ctr_blocks(k, NR, ctr, low, out, in, 2); in += 2 * 16; out += 2 * 16; low += 2; }
    if (n & 1) aes_ctr_blocks(k, NR, ctr, low, out, in, 1);
}

/* ---- Rijndael with Nb = 6 or 8: B blocks of two registers each ---- */

static ALWAYS_INLINE uint8x16_t load_hi(const uint8_t *p, size_t bs)
{
    return bs == 24 ? vcombine_u8(vld1_u8(p), vdup_n_u8(0)) : vld1q_u8(p);
}

static ALWAYS_INLINE void store_hi(uint8_t *p, uint8x16_t x, size_t bs)
{
    if (bs == 24) vst1_u8(p, vget_low_u8(x));
    else vst1q_u8(p, x);
}

/* The gather without TBL's register pair (GCC copies pairs around): TBL
 * from the low register, then TBX from the high one. */
static ALWAYS_INLINE uint8x16_t gather_half(uint8x16_t lo, uint8x16_t hi, uint8x16_t from_lo,
                                            uint8x16_t from_hi)
{
    return vqtbx1q_u8(vqtbl1q_u8(lo, from_lo), hi, from_hi);
}

static ALWAYS_INLINE void wide_blocks(const armce_key *k, const int dec, uint8_t *out,
                                      const uint8_t *in, const unsigned B)
{
    const uint8x16_t (*rk)[2] = dec ? k->dk : k->ek;
    const uint8x16_t *g = dec ? k->dec_split : k->enc_split;
    const uint8x16_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3];
    size_t bs = 4 * k->nb;
    unsigned nr = k->nr;
    uint8x16_t lo[4], hi[4];
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        lo[i] = vld1q_u8(in + bs * i);
        hi[i] = load_hi(in + bs * i + 16, bs);
    }
    for (unsigned r = 0; r + 1 < nr; r++) {
        uint8x16_t k0 = rk[r][0], k1 = rk[r][1];
#pragma GCC unroll 4
        for (unsigned i = 0; i < B; i++) {
            uint8x16_t a = gather_half(lo[i], hi[i], g0, g1), b = gather_half(lo[i], hi[i], g2, g3);
            lo[i] = round1(a, k0, dec);
            hi[i] = round1(b, k1, dec);
        }
    }
    uint8x16_t k0 = rk[nr - 1][0], k1 = rk[nr - 1][1], l0 = rk[nr][0], l1 = rk[nr][1];
#pragma GCC unroll 4
    for (unsigned i = 0; i < B; i++) {
        uint8x16_t a = gather_half(lo[i], hi[i], g0, g1), b = gather_half(lo[i], hi[i], g2, g3);
        vst1q_u8(out + bs * i, last1(a, k0, l0, dec));
        store_hi(out + bs * i + 16, last1(b, k1, l1, dec), bs);
    }
}

static ALWAYS_INLINE void wide_crypt(const armce_key *k, const int dec, uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    size_t bs = 4 * k->nb;
    for (; n >= 4; n -= 4, in += 4 * bs, out += 4 * bs) wide_blocks(k, dec, out, in, 4);
    if (n & 2) { wide_blocks(k, dec, out, in, 2); in += 2 * bs; out += 2 * bs; }
    if (n & 1) wide_blocks(k, dec, out, in, 1);
}

static void armce_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const armce_key *k = ctx;
    if (k->nb != 4) wide_crypt(k, 0, out, in, nblocks);
    else aes_crypt(k->ek, k->nr, 0, out, in, nblocks);
}

static void armce_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const armce_key *k = ctx;
    if (k->nb != 4) wide_crypt(k, 1, out, in, nblocks);
    else aes_crypt(k->dk, k->nr, 1, out, in, nblocks);
}

/* CTR on a run of kc_ctr_runs (AES only; wider blocks take the generic path). */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const armce_key *k = ctx;
    if (k->nr == 10) aes_ctr_nr(k->ek, 10, ctr, low, out, in, n);
    else if (k->nr == 12) aes_ctr_nr(k->ek, 12, ctr, low, out, in, n);
    else aes_ctr_nr(k->ek, 14, ctr, low, out, in, n);
}

static void armce_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const armce_key *k = ctx;
    if (k->nb == 4) kc_ctr_runs(ctr_run, 128, 0, armce_encrypt, ctx, 16, counter, out, in, nblocks);
    else kc_ctr_generic(armce_encrypt, ctx, 4 * k->nb, counter, out, in, nblocks);
}

const kc_block_backend kc_rijndael_armce = {
    .head = {
        .name = "armce",
        .summary = "ARMv8 Crypto Extensions (AESE/AESMC), 8 blocks in flight; "
                   "192/256-bit blocks as two registers with a TBL ShiftRows",
        .cpu = KC_CPU_NEON | KC_CPU_ARMAES,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(armce_key),
    },
    .set_key = armce_set_key,
    .encrypt = armce_encrypt,
    .decrypt = armce_decrypt,
    .ctr = armce_ctr,
    .gcm_stitch = &kc_rijndael_armce_gcm,
};

KC_TARGET_END
#endif
