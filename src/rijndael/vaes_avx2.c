/* SPDX-License-Identifier: MIT */
/* AES and Rijndael on VAES with 256-bit registers and no AVX-512 (AMD Zen 3
 * and later, Intel Alder Lake and later client cores).
 *
 * 128-bit blocks: two per ymm, 24 (twelve registers) in flight, more than
 * vaesenc's latency (3-4 cycles) times its throughput (two per cycle): with
 * exactly that (eight registers) any stall held the pass; a pass that ends
 * early leaves its last registers empty.  A lone block takes
 * the xmm code of rijndael_x86.h.  192- and 256-bit blocks: one per ymm,
 * eight in flight, laid out as in aesni (columns 0..3, then 4..Nb-1), so
 * aesni's gather masks apply per lane (vpshufb) and to a lane-swapped copy
 * for the bytes that cross lanes.  CTR makes its counter blocks in registers
 * by one XOR each (24 AES or 8 wider blocks per pass) and folds the input
 * into vaesenclast's key.  CBC encryption is serial: AES by the
 * register-chained xmm loop of rijndael_x86.h, wider blocks by aesni's
 * code (a shorter chain than one ymm's).  CBC decryption is
 * the parallel decrypt (modes/cbc.c).  Multi-buffer CBC runs 16 AES chains
 * (two per ymm) or 8 wider ones side by side, the chaining values in
 * registers.  The key schedule is aesni's.  GCM with the vpclmul-avx2
 * GHASH stitches the two (vaes_avx2_gcm.c).  No table look-ups and no branches
 * on data: constant-time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/backend.h"
#include "rijndael/rijndael_x86.h"

extern const kc_block_backend kc_rijndael_aesni;
extern const struct kc_gcm_stitch kc_rijndael_vaes_avx2_gcm;   /* vaes_avx2_gcm.c */

KC_TARGET_BEGIN("avx2,vaes,aes,ssse3")

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define LOAD128(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE128(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))
#define LOAD256(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE256(p, x) _mm256_storeu_si256((__m256i *)(void *)(p), (x))
#define BCAST(x) _mm256_broadcastsi128_si256(x)

static kc_status vaes_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    return kc_rijndael_aesni.set_key(ctx, key, key_len, block_len);
}

/* ---- AES: two blocks per ymm ---- */

/* b (0, 1 or 2; public) blocks at p: a lone block in the low lane. */
static ALWAYS_INLINE __m256i load_pair(const uint8_t *p, size_t b)
{
    if (b == 2) return LOAD256(p);
    return b ? _mm256_zextsi128_si256(LOAD128(p)) : _mm256_setzero_si256();
}

static ALWAYS_INLINE void store_pair(uint8_t *p, __m256i x, size_t b)
{
    if (b == 2) STORE256(p, x);
    else if (b) STORE128(p, _mm256_castsi256_si128(x));
}

/* Blocks of register i of a pass over n. */
static ALWAYS_INLINE size_t pair_count(size_t n, unsigned i)
{
    size_t left = n > 2 * i ? n - 2 * i : 0;
    return left < 2 ? left : 2;
}

/* n blocks (n <= 2 Z) in Z registers.  NR is a constant: the rounds
 * unroll, so the state stays in place (no register moves, no loop count). */
static ALWAYS_INLINE void aes_blocks(const __m128i (*rk)[2], const unsigned NR, const int dec,
                                     uint8_t *out, const uint8_t *in, size_t n, const unsigned Z)
{
    __m256i s[12], key = BCAST(rk[0][0]);
#pragma GCC unroll 12
    for (unsigned i = 0; i < Z; i++) s[i] = _mm256_xor_si256(load_pair(in + 32 * i, pair_count(n, i)), key);
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) {
        key = BCAST(rk[r][0]);
#pragma GCC unroll 12
        for (unsigned i = 0; i < Z; i++) s[i] = dec ? _mm256_aesdec_epi128(s[i], key) : _mm256_aesenc_epi128(s[i], key);
    }
    key = BCAST(rk[NR][0]);
#pragma GCC unroll 12
    for (unsigned i = 0; i < Z; i++)
        store_pair(out + 32 * i, dec ? _mm256_aesdeclast_epi128(s[i], key) : _mm256_aesenclast_epi128(s[i], key),
                   pair_count(n, i));
}

static ALWAYS_INLINE void aes_crypt_nr(const __m128i (*rk)[2], const unsigned NR, const int dec,
                                       uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n >= 24; n -= 24, in += 24 * 16, out += 24 * 16) aes_blocks(rk, NR, dec, out, in, 24, 12);
    if (n > 16) aes_blocks(rk, NR, dec, out, in, n, 12);
    else if (n > 8) aes_blocks(rk, NR, dec, out, in, n, 8);
    else if (n > 4) aes_blocks(rk, NR, dec, out, in, n, 4);
    else if (n > 2) aes_blocks(rk, NR, dec, out, in, n, 2);
    else if (n) aes_blocks(rk, NR, dec, out, in, n, 1);
}

static ALWAYS_INLINE void aes_crypt(const __m128i (*rk)[2], unsigned nr, const int dec,
                                    uint8_t *out, const uint8_t *in, size_t n)
{
    if (nr == 10) aes_crypt_nr(rk, 10, dec, out, in, n);
    else if (nr == 12) aes_crypt_nr(rk, 12, dec, out, in, n);
    else aes_crypt_nr(rk, 14, dec, out, in, n);
}

/* ---- Rijndael with 192- and 256-bit blocks: one per ymm ---- */

static ALWAYS_INLINE __m256i wide_load(const uint8_t *p, size_t bs)
{
    if (bs == 32) return LOAD256(p);
    return _mm256_inserti128_si256(_mm256_zextsi128_si256(LOAD128(p)),
                                   _mm_loadl_epi64((const __m128i *)(const void *)(p + 16)), 1);
}

static ALWAYS_INLINE void wide_store(uint8_t *p, __m256i x, size_t bs)
{
    if (bs == 32) { STORE256(p, x); return; }
    STORE128(p, _mm256_castsi256_si128(x));
    _mm_storel_epi64((__m128i *)(void *)(p + 16), _mm256_extracti128_si256(x, 1));
}

/* Rijndael's (Inv)ShiftRows composed with the inverse of AES's: the lane
 * masks g0 | g3 on the block, g1 | g2 on its lane-swapped copy (aesni.c). */
typedef struct { __m256i same, other; } wide_gather;

static ALWAYS_INLINE wide_gather wide_masks(const __m128i *g)
{
    wide_gather m = { _mm256_set_m128i(g[3], g[0]), _mm256_set_m128i(g[2], g[1]) };
    return m;
}

static ALWAYS_INLINE __m256i wide_shift(__m256i s, wide_gather m)
{
    __m256i swapped = _mm256_permute4x64_epi64(s, 0x4e);
    return _mm256_or_si256(_mm256_shuffle_epi8(s, m.same), _mm256_shuffle_epi8(swapped, m.other));
}

/* Rounds 1..nr of Z blocks (round key 0 already added); in, when not NULL,
 * is XORed into the last round key (CTR) for the first n registers. */
static ALWAYS_INLINE void wide_rounds(const __m128i (*rk)[2], const __m128i *g, unsigned nr, const int dec,
                                      __m256i s[], const uint8_t *in, size_t bs, size_t n, const unsigned Z)
{
    const wide_gather m = wide_masks(g);
    for (unsigned r = 1; r < nr; r++) {
        __m256i key = LOAD256(rk[r]);
#pragma GCC unroll 8
        for (unsigned i = 0; i < Z; i++) {
            __m256i y = wide_shift(s[i], m);
            s[i] = dec ? _mm256_aesdec_epi128(y, key) : _mm256_aesenc_epi128(y, key);
        }
    }
    __m256i key = LOAD256(rk[nr]);
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) {
        __m256i y = wide_shift(s[i], m), last = key;
        if (in && i < n) last = _mm256_xor_si256(key, wide_load(in + bs * i, bs));
        s[i] = dec ? _mm256_aesdeclast_epi128(y, last) : _mm256_aesenclast_epi128(y, last);
    }
}

/* n blocks (n <= Z) in Z registers. */
static ALWAYS_INLINE void wide_blocks(const aesni_key *k, const int dec, uint8_t *out, const uint8_t *in,
                                      size_t n, const unsigned Z)
{
    const __m128i (*rk)[2] = dec ? k->dk : k->ek;
    size_t bs = 4 * k->nb;
    __m256i s[8], key = LOAD256(rk[0]);
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) s[i] = i < n ? _mm256_xor_si256(wide_load(in + bs * i, bs), key) : key;
    wide_rounds(rk, dec ? k->dec_gather : k->enc_gather, k->nr, dec, s, NULL, bs, n, Z);
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++)
        if (i < n) wide_store(out + bs * i, s[i], bs);
}

static ALWAYS_INLINE void wide_crypt(const aesni_key *k, const int dec, uint8_t *out, const uint8_t *in, size_t n)
{
    size_t bs = 4 * k->nb;
    for (; n >= 8; n -= 8, in += 8 * bs, out += 8 * bs) wide_blocks(k, dec, out, in, 8, 8);
    if (n > 4) wide_blocks(k, dec, out, in, n, 8);
    else if (n > 2) wide_blocks(k, dec, out, in, n, 4);
    else if (n > 1) wide_blocks(k, dec, out, in, n, 2);
    else if (n) wide_blocks(k, dec, out, in, n, 1);
}

/* Out of line, so that the one-block AES path below (a CTR tail, a padding
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

static void vaes_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4 && nblocks == 1) STORE128(out, aesni_encrypt1(k->ek, k->nr, LOAD128(in)));
    else encrypt_many(k, out, in, nblocks);
}

static void vaes_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4 && nblocks == 1) STORE128(out, aesni_decrypt1(k->dk, k->nr, LOAD128(in)));
    else decrypt_many(k, out, in, nblocks);
}

/* ---- CTR ----
 * As in vaes512.c, counters by XOR: a group of 8 blocks A + 0 .. A + 7,
 * A a multiple of 8, is A ^ i, so block i's whitened counter is
 * base ^ row i of rijndael_ctr_idx: one XOR per register.  A pass is three
 * groups, 24 blocks in 12 registers (the first group of a call may start
 * inside one, the last pass may end early).  Twelve, not eight: eight is
 * exactly vaesenc's latency times its throughput on Zen 3 (4 x 2), and
 * with no slack AES-256 ran 6% behind libgcrypt. */

/* n blocks (n <= 2 Z) in Z registers; register z takes base[z / 4] and
 * the rows idx + 2 (2 z % 8) on.  The round keys are broadcast from memory
 * at each round, as in aes_blocks: held in registers they would leave too
 * few for the state. */
static ALWAYS_INLINE void ctr_blocks(const __m128i (*rk)[2], const unsigned NR, const __m256i base[],
                                     const uint64_t *idx, uint8_t *out, const uint8_t *in, size_t n,
                                     const unsigned Z)
{
    __m256i s[12], key;
#pragma GCC unroll 12
    for (unsigned i = 0; i < Z; i++) s[i] = _mm256_xor_si256(base[i / 4], LOAD256(idx + 4 * (i % 4)));
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) {
        key = BCAST(rk[r][0]);
#pragma GCC unroll 12
        for (unsigned i = 0; i < Z; i++) s[i] = _mm256_aesenc_epi128(s[i], key);
    }
    key = BCAST(rk[NR][0]);
#pragma GCC unroll 12
    for (unsigned i = 0; i < Z; i++) {
        size_t b = pair_count(n, i);
        __m256i last = _mm256_xor_si256(key, load_pair(in + 32 * i, b));   /* aesenclast ends with this XOR */
        store_pair(out + 32 * i, _mm256_aesenclast_epi128(s[i], last), b);
    }
}

/* n <= 8 blocks of one group. */
static ALWAYS_INLINE void ctr_part(const __m128i (*rk)[2], const unsigned NR, __m256i base, const uint64_t *idx,
                                   uint8_t *out, const uint8_t *in, size_t n)
{
    if (n > 4) ctr_blocks(rk, NR, &base, idx, out, in, n, 4);
    else if (n > 2) ctr_blocks(rk, NR, &base, idx, out, in, n, 2);
    else ctr_blocks(rk, NR, &base, idx, out, in, n, 1);
}

/* (k_hi, v) in both lanes: v stored, broadcast back from memory (a load,
 * forwarded from the store) and blended into fixed.  Built with vmovq,
 * vpinsrq and vinserti128, the bases took the shuffle pipe that vaesenc
 * shares on Zen 3: AES-128 CTR of 16 KiB ran 2082 TSC ticks, now 2009
 * (ECB 1935). */
static ALWAYS_INLINE __m256i base_of(__m256i fixed, uint64_t *slot, uint64_t v)
{
    __m256i hi;
    *slot = v;
    __asm__("vpbroadcastq %1, %0" : "=x"(hi) : "m"(*slot));
    return _mm256_blend_epi32(fixed, hi, 0xcc);
}

static ALWAYS_INLINE void ctr_kernel_nr(const aesni_key *k, const unsigned NR, uint64_t hi, uint64_t lo,
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    const __m128i k0 = k->ek[0][0];
    const uint64_t k_hi = (uint64_t)_mm_cvtsi128_si64(k0) ^ __builtin_bswap64(hi),
                   k_lo = (uint64_t)_mm_extract_epi64(k0, 1);
    const __m256i fixed = BCAST(_mm_set_epi64x(0, (long long)k_hi));
    uint64_t slot;   /* key material: cleared at the end */
#define BASE(a) base_of(fixed, &slot, k_lo ^ __builtin_bswap64(a))
    unsigned r = (unsigned)lo & 7;
    uint64_t a = lo - r;
    if (r) {   /* up to the end of lo's group of 8 */
        size_t h = 8 - r < n ? 8 - r : n;
        ctr_part(k->ek, NR, BASE(a), rijndael_ctr_idx + 2 * r, out, in, h);
        a += 8; n -= h; in += 16 * h; out += 16 * h;
    }
    __m256i base[3] = { BASE(a), BASE(a + 8), BASE(a + 16) };
    for (; n >= 24; n -= 24, in += 24 * 16, out += 24 * 16) {
        a += 24;
        /* The next pass's bases before this one: made at the top of its
         * own pass, their chain (bswap, vpinsrq, vinserti128) stalled the
         * first round, 10% of CTR on Sapphire Rapids under the Zen 3 mask. */
        __m256i next[3] = { BASE(a), BASE(a + 8), BASE(a + 16) };
        ctr_blocks(k->ek, NR, base, rijndael_ctr_idx, out, in, 24, 12);
        base[0] = next[0]; base[1] = next[1]; base[2] = next[2];
    }
    if (n > 16) ctr_blocks(k->ek, NR, base, rijndael_ctr_idx, out, in, n, 12);
    else if (n > 8) ctr_blocks(k->ek, NR, base, rijndael_ctr_idx, out, in, n, 8);
    else if (n) ctr_part(k->ek, NR, base[0], rijndael_ctr_idx, out, in, n);
    *(volatile uint64_t *)&slot = 0;
#undef BASE
}

static void ctr_kernel(const void *ctx, uint64_t hi, uint64_t lo, uint8_t *out, const uint8_t *in, size_t n)
{
    const aesni_key *k = ctx;
    if (k->nr == 10) ctr_kernel_nr(k, 10, hi, lo, out, in, n);
    else if (k->nr == 12) ctr_kernel_nr(k, 12, hi, lo, out, in, n);
    else ctr_kernel_nr(k, 14, hi, lo, out, in, n);
}

/* n wide blocks of CTR (n <= Z): whitened counters base ^ the rows of
 * rijndael_wide_idx from idx on (one row a block). */
static ALWAYS_INLINE void wide_ctr_blocks(const aesni_key *k, __m256i base, const uint64_t (*idx)[4],
                                          uint8_t *out, const uint8_t *in, size_t n, const unsigned Z)
{
    size_t bs = 4 * k->nb;
    __m256i s[8];
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++) s[i] = _mm256_xor_si256(base, LOAD256(idx[i]));
    wide_rounds(k->ek, k->enc_gather, k->nr, 0, s, in, bs, n, Z);
#pragma GCC unroll 8
    for (unsigned i = 0; i < Z; i++)
        if (i < n) wide_store(out + bs * i, s[i], bs);
}

static ALWAYS_INLINE void wide_ctr_part(const aesni_key *k, __m256i base, const uint64_t (*idx)[4],
                                        uint8_t *out, const uint8_t *in, size_t n)
{
    if (n > 4) wide_ctr_blocks(k, base, idx, out, in, n, 8);
    else if (n > 2) wide_ctr_blocks(k, base, idx, out, in, n, 4);
    else if (n > 1) wide_ctr_blocks(k, base, idx, out, in, n, 2);
    else wide_ctr_blocks(k, base, idx, out, in, n, 1);
}

/* Passes of 8 blocks over counter groups aligned to 8 (the first may
 * start inside one); n blocks from lo, which does not wrap.  Passes differ
 * in the qword that holds lo: a blend sets it. */
static void wide_ctr_run(const void *ctx, const uint8_t *counter, uint64_t lo, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    const aesni_key *k = ctx;
    size_t bs = 4 * k->nb;
    const uint64_t (*idx)[4] = rijndael_wide_idx[bs == 32];
    const __m128i k1 = k->ek[0][1];
    const __m256i whole = _mm256_set_m128i(_mm_xor_si128(wide_ctr_upper(counter, bs, 0), k1),
                                           _mm_xor_si128(LOAD128(counter), k->ek[0][0]));
    const uint64_t k_lo = (uint64_t)(bs == 32 ? _mm_extract_epi64(k1, 1) : _mm_cvtsi128_si64(k1));
#define BASE(a) (bs == 32 ? _mm256_blend_epi32(whole, _mm256_set1_epi64x((long long)(k_lo ^ __builtin_bswap64(a))), 0xc0) \
                          : _mm256_blend_epi32(whole, _mm256_set1_epi64x((long long)(k_lo ^ __builtin_bswap64(a))), 0x30))
    unsigned r = (unsigned)lo & 7;
    uint64_t a = lo - r;
    if (r) {   /* up to the end of lo's group */
        size_t h = 8 - r < n ? 8 - r : n;
        wide_ctr_part(k, BASE(a), idx + r, out, in, h);
        a += 8; n -= h; in += bs * h; out += bs * h;
    }
    __m256i base = BASE(a);
    for (; n >= 8; n -= 8, in += 8 * bs, out += 8 * bs) {
        a += 8;
        __m256i next = BASE(a);   /* as in ctr_kernel_nr */
        wide_ctr_blocks(k, base, idx, out, in, 8, 8);
        base = next;
    }
    if (n) wide_ctr_part(k, base, idx, out, in, n);
#undef BASE
}

static void vaes_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb == 4) aes_ctr_runs(ctr_kernel, ctx, counter, out, in, nblocks);
    else wide_ctr_runs(wide_ctr_run, ctx, 4 * k->nb, counter, out, in, nblocks);
}

/* ---- CBC encryption: chains side by side ----
 * Chain pointers are padded to the lane count as in aesni_cbc_multi. */

/* 2 Z AES chains: lane l of register z is chain 2z + l.  Four steps at a
 * time, each chain's input and output move as whole 64-byte lines,
 * transposed into and out of the lanes (see vaes512.c: messages 4 KiB
 * apart share an L1 set). */
static ALWAYS_INLINE __m256i chain_step(const __m256i *key, const unsigned NR, __m256i x, __m256i in)
{
    x = _mm256_xor_si256(x, _mm256_xor_si256(in, key[0]));
#pragma GCC unroll 13
    for (unsigned r = 1; r < NR; r++) x = _mm256_aesenc_epi128(x, key[r]);
    return _mm256_aesenclast_epi128(x, key[NR]);
}

static ALWAYS_INLINE __m256i gather2(const uint8_t *const p[2], size_t off)
{
    return _mm256_set_m128i(LOAD128(p[1] + off), LOAD128(p[0] + off));
}

static ALWAYS_INLINE void scatter2(uint8_t *const p[2], size_t off, __m256i v)
{
    if (p[0]) STORE128(p[0] + off, _mm256_castsi256_si128(v));
    if (p[1]) STORE128(p[1] + off, _mm256_extracti128_si256(v, 1));
}

static ALWAYS_INLINE void aes_chains(const __m128i (*rk)[2], const unsigned NR, uint8_t *const out[],
                                     const uint8_t *const in[], uint8_t *const iv[], size_t nblocks,
                                     const unsigned Z)
{
    __m256i key[15], x[8];
#pragma GCC unroll 15
    for (unsigned r = 0; r <= NR; r++) key[r] = BCAST(rk[r][0]);
#pragma GCC unroll 8
    for (unsigned z = 0; z < Z; z++) x[z] = gather2((const uint8_t *const *)iv + 2 * z, 0);
    size_t off = 0;
    for (; nblocks >= 4; nblocks -= 4, off += 64) {
        __m256i c[8][4];   /* register z, step s */
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++) {
            const uint8_t *a = in[2 * z] + off, *b = in[2 * z + 1] + off;
            __m256i a01 = LOAD256(a), a23 = LOAD256(a + 32), b01 = LOAD256(b), b23 = LOAD256(b + 32);
            c[z][0] = _mm256_permute2x128_si256(a01, b01, 0x20);
            c[z][1] = _mm256_permute2x128_si256(a01, b01, 0x31);
            c[z][2] = _mm256_permute2x128_si256(a23, b23, 0x20);
            c[z][3] = _mm256_permute2x128_si256(a23, b23, 0x31);
        }
#pragma GCC unroll 4
        for (unsigned s = 0; s < 4; s++) {
#pragma GCC unroll 8
            for (unsigned z = 0; z < Z; z++) c[z][s] = x[z] = chain_step(key, NR, x[z], c[z][s]);
        }
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++) {
            uint8_t *a = out[2 * z], *b = out[2 * z + 1];
            if (a) {
                STORE256(a + off, _mm256_permute2x128_si256(c[z][0], c[z][1], 0x20));
                STORE256(a + off + 32, _mm256_permute2x128_si256(c[z][2], c[z][3], 0x20));
            }
            if (b) {
                STORE256(b + off, _mm256_permute2x128_si256(c[z][0], c[z][1], 0x31));
                STORE256(b + off + 32, _mm256_permute2x128_si256(c[z][2], c[z][3], 0x31));
            }
        }
    }
    for (; nblocks; nblocks--, off += 16) {
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++) {
            x[z] = chain_step(key, NR, x[z], gather2(in + 2 * z, off));
            scatter2(out + 2 * z, off, x[z]);
        }
    }
#pragma GCC unroll 8
    for (unsigned z = 0; z < Z; z++) scatter2(iv + 2 * z, 0, x[z]);
}

static ALWAYS_INLINE void aes_chains_nr(const aesni_key *k, uint8_t *const out[], const uint8_t *const in[],
                                        uint8_t *const iv[], size_t nblocks, const unsigned Z)
{
    if (k->nr == 10) aes_chains(k->ek, 10, out, in, iv, nblocks, Z);
    else if (k->nr == 12) aes_chains(k->ek, 12, out, in, iv, nblocks, Z);
    else aes_chains(k->ek, 14, out, in, iv, nblocks, Z);
}

/* Z wide chains (Nb = 6 or 8), one per ymm. */
static ALWAYS_INLINE void wide_chains(const aesni_key *k, uint8_t *const out[], const uint8_t *const in[],
                                      uint8_t *const iv[], size_t nblocks, const unsigned Z)
{
    size_t bs = 4 * k->nb;
    const __m256i k0 = LOAD256(k->ek[0]);
    __m256i x[8];
#pragma GCC unroll 8
    for (unsigned z = 0; z < Z; z++) x[z] = wide_load(iv[z], bs);
    for (size_t off = 0; off < nblocks * bs; off += bs) {
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++) x[z] = _mm256_xor_si256(x[z], _mm256_xor_si256(wide_load(in[z] + off, bs), k0));
        wide_rounds(k->ek, k->enc_gather, k->nr, 0, x, NULL, bs, Z, Z);
#pragma GCC unroll 8
        for (unsigned z = 0; z < Z; z++)
            if (out[z]) wide_store(out[z] + off, x[z], bs);
    }
#pragma GCC unroll 8
    for (unsigned z = 0; z < Z; z++) wide_store(iv[z], x[z], bs);
}

/* Serial: AES through the xmm loop of rijndael_x86.h (VEX-encoded here);
 * wider blocks through aesni, whose two-xmm rounds need no lane crossing
 * (vpermq) on the chain's path, so they are the shorter one. */
static void vaes_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    if (k->nb != 4) kc_rijndael_aesni.cbc_encrypt(ctx, iv, out, in, nblocks);
    else if (nblocks) aesni_cbc_encrypt(k->ek, k->nr, iv, out, in, nblocks);
}

#define VAES_CHAINS 16   /* per pass: eight ymm of AES; wider blocks take half */

static void vaes_cbc_multi(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                           uint8_t *const iv[], size_t nblocks)
{
    const aesni_key *k = ctx;
    const unsigned lanes = k->nb == 4 ? VAES_CHAINS : VAES_CHAINS / 2;
    uint8_t spare[32] = { 0 };   /* chaining value of the padding lanes */
    if (!nblocks) return;
    for (size_t first = 0; first < n; first += lanes) {
        size_t m = n - first < lanes ? n - first : lanes;
        uint8_t *o[VAES_CHAINS], *v[VAES_CHAINS];
        const uint8_t *p[VAES_CHAINS];
        for (unsigned i = 0; i < lanes; i++) {
            p[i] = in[first + (i < m ? i : 0)];
            o[i] = i < m ? out[first + i] : NULL;
            v[i] = i < m ? iv[first + i] : spare;
        }
        if (k->nb != 4) {
            if (m > 4) wide_chains(k, o, p, v, nblocks, 8);
            else if (m > 2) wide_chains(k, o, p, v, nblocks, 4);
            else if (m > 1) wide_chains(k, o, p, v, nblocks, 2);
            else wide_chains(k, o, p, v, nblocks, 1);
        }
        else if (m > 8) aes_chains_nr(k, o, p, v, nblocks, 8);
        else if (m > 4) aes_chains_nr(k, o, p, v, nblocks, 4);
        else if (m > 2) aes_chains_nr(k, o, p, v, nblocks, 2);
        else aes_chains_nr(k, o, p, v, nblocks, 1);
        /* One pass at a time.  On Zen 3, with two Rijndael-192 passes
         * overlapping, the timing check read the time depending on the
         * plaintext (|t| 12-48 at 1.2M measurements; one pass alone, or
         * this fence, read under 2).  The cause was not found; the fence
         * costs nothing measurable. */
        _mm_lfence();
    }
    kc_wipe(spare, sizeof spare);
}

const kc_block_backend kc_rijndael_vaes_avx2 = {
    .head = {
        .name = "vaes-avx2",
        .summary = "VAES on ymm, no AVX-512: 24 AES blocks in flight; 8 Rijndael-192/256 blocks, vpshufb ShiftRows",
        .cpu = KC_CPU_VAES | KC_CPU_AVX2 | KC_CPU_AESNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aesni_key),
    },
    .set_key = vaes_set_key,
    .encrypt = vaes_encrypt,
    .decrypt = vaes_decrypt,
    .ctr = vaes_ctr,
    .cbc_encrypt = vaes_cbc,
    .cbc_encrypt_multi = vaes_cbc_multi,
    .gcm_stitch = &kc_rijndael_vaes_avx2_gcm,
};

KC_TARGET_END
#endif
