/* SPDX-License-Identifier: MIT */
/* AES-GCM on AES-NI + PCLMULQDQ: CTR and GHASH stitched in one pass (the
 * kernel of ghash/stitch.h, for the pclmul GHASH backend and its key
 * layout, ghash/ghash_x86.h).  A batch is 8 counter blocks, as in
 * aesni.c's CTR, with the 8 Karatsuba multiplies of 8 GHASH blocks issued
 * after its first round; two batches' products share one reduction
 * (H^16..H^1).  On Zen 3 PCLMULQDQ takes an AES pipe for two cycles and
 * vector XORs and shuffles take them too, so what pays is fewer vector
 * instructions: one reduction per 16 blocks and a counter kept in memory.
 * Encryption hashes the previous batch's ciphertext (just stored),
 * decryption the batch's own input.  The counter counts in its low 32-bit
 * word only: inc32 with no branch, so GCM's GHASH-derived (secret) J0 may
 * run here too.  Constant-time: no table, no branch or address on data.
 * AES only (Nb = 4); wider Rijndael blocks get 0 blocks done. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/cpu.h"
#include "core/util.h"
#include "ghash/stitch.h"
#include "rijndael/rijndael_x86.h"

extern const kc_ghash_backend kc_ghash_pclmul;

KC_TARGET_BEGIN("aes,pclmul,ssse3")
#include "ghash/ghash_x86.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 8   /* blocks; a GHASH reduction per two batches */

/* The compiler may not move v: without these, gcc reassociated the XOR
 * sums of the 24 products, kept every product live to the end of the batch
 * and spilled them (25 stack stores and loads per batch). */
#define PIN(v) __asm__("" : "+x"(v))

/* kc_ghash_x86_mul_add, each product folded in where it is made. */
static ALWAYS_INLINE void mul_add(__m128i *lo, __m128i *mid, __m128i *hi, __m128i x, __m128i h, __m128i kh)
{
    __m128i t = _mm_clmulepi64_si128(x, h, 0x00);
    *lo = _mm_xor_si128(*lo, t);
    PIN(*lo);
    t = _mm_clmulepi64_si128(x, h, 0x11);
    *hi = _mm_xor_si128(*hi, t);
    PIN(*hi);
    t = _mm_clmulepi64_si128(_mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)), kh, 0x00);
    *mid = _mm_xor_si128(*mid, t);
    PIN(*mid);
}

/* The counter blocks XORed with round key 0, in memory: the first AES
 * state of block i is one load of cb[i].  Only the last word changes,
 * written from a general register (bswap, xor, store: integer ports) a
 * batch before it is loaded, so that the 8 byte swaps, adds and XORs of
 * a vector counter leave the two vector pipes that AES and PCLMULQDQ
 * share.  c is the next batch's first counter (native order), k3 round
 * key 0's last word. */
typedef struct ctr_blocks {
    __m128i cb[BATCH];
    uint32_t c, k3;
} ctr_blocks;

static ALWAYS_INLINE void ctr_next(ctr_blocks *cs)
{
#pragma GCC unroll 8
    for (unsigned i = 0; i < BATCH; i++)
        kc_store32_le((uint8_t *)&cs->cb[i] + 12, __builtin_bswap32(cs->c + i) ^ cs->k3);
    cs->c += BATCH;
}

/* What a batch hashes: nothing; the first 8 blocks of a 16-block group
 * (against H^16..H^9, y into the first, sums left open); the last 8 (H^8..H^1,
 * onto the open sums, then reduced into y); or 8 alone (H^8..H^1, y in,
 * reduced: an encryption's last): one reduction per 16 blocks. */
enum { NONE, FIRST, SECOND, SINGLE };

/* Block j of the 8 at h into the Karatsuba sums g[0..2] (lo, mid, hi). */
static ALWAYS_INLINE void hash_block(const kc_ghash_pclmul_key *hk, const int hash, __m128i *g, __m128i y,
                                     const uint8_t *h, unsigned j)
{
    __m128i x = KC_GHASH_LOAD(h + 16 * j);
    if (j == 0 && hash != SECOND) x = _mm_xor_si128(x, y);
    if (hash == FIRST) mul_add(&g[0], &g[1], &g[2], x, hk->h16[j], hk->k16[j]);
    else mul_add(&g[0], &g[1], &g[2], x, hk->h[j], hk->k[j]);
}

/* The 8 blocks at h hashed alone (the tail of an encryption). */
static ALWAYS_INLINE void hash8(const kc_ghash_pclmul_key *hk, const int hash, __m128i *g, __m128i *y,
                                const uint8_t *h)
{
    if (hash != SECOND) g[0] = g[1] = g[2] = _mm_setzero_si128();
#pragma GCC unroll 8
    for (int j = BATCH - 1; j >= 0; j--) hash_block(hk, hash, g, *y, h, (unsigned)j);
    *y = kc_ghash_x86_reduce(g[0], g[1], g[2]);
}

/* One batch: 8 blocks of CTR from cs over in into out, and the 8 blocks at
 * h hashed as hash says (block 7 first, so that block 0, which may wait
 * for y, is multiplied last), all 8 multiplies right after round 1: issued
 * early, they fill the AES pipes' gaps over the batch (better than one per
 * round, measured). */
static ALWAYS_INLINE void batch(const __m128i (*rk)[2], const unsigned nr, ctr_blocks *cs,
                                const kc_ghash_pclmul_key *hk, __m128i *y, __m128i *g, const int dec,
                                const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    __m128i s[BATCH], key;
    /* Decrypting, the round keys loaded where used: gcc hoisted some out
     * of the loop and then spilled them, and other values, to the stack
     * (encrypting, it does better left alone: measured). */
    if (dec) __asm__("" : "+r"(rk));
#pragma GCC unroll 8
    for (unsigned i = 0; i < BATCH; i++) s[i] = _mm_load_si128(&cs->cb[i]);
    ctr_next(cs);
    if (hash == FIRST || hash == SINGLE) g[0] = g[1] = g[2] = _mm_setzero_si128();
#pragma GCC unroll 13
    for (unsigned r = 1; r < nr; r++) {
        key = rk[r][0];
#pragma GCC unroll 8
        for (unsigned i = 0; i < BATCH; i++) s[i] = _mm_aesenc_si128(s[i], key);
        if (hash != NONE && r == 1) {
#pragma GCC unroll 8
            for (int j = BATCH - 1; j >= 0; j--) hash_block(hk, hash, g, *y, h, (unsigned)j);
        }
    }
    key = rk[nr][0];
#pragma GCC unroll 8
    for (unsigned i = 0; i < BATCH; i++) {   /* the input XOR folded into the last round */
        __m128i last = _mm_xor_si128(key, _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i)));
        _mm_storeu_si128((__m128i *)(void *)(out + 16 * i), _mm_aesenclast_si128(s[i], last));
    }
    if (hash == SECOND || hash == SINGLE) *y = kc_ghash_x86_reduce(g[0], g[1], g[2]);
}

/* The whole run for a fixed round count, so the rounds unroll.  Batches
 * go in pairs (FIRST, SECOND); encryption hashes batch m's ciphertext
 * during batch m + 1 and the last after the loop (SINGLE), decryption each
 * batch's own input.  Only these cases are compiled, each batch a copy of
 * about 1 KB per round count and encoding. */
static ALWAYS_INLINE void run_nr(const __m128i (*rk)[2], const unsigned nr, const uint8_t ctr[16],
                                 const kc_ghash_pclmul_key *hk, __m128i *y, int encrypt, uint8_t *out,
                                 const uint8_t *in, size_t n)
{
    ctr_blocks cs;
    __m128i g[3];
    const __m128i t = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)ctr), rk[0][0]);
    for (unsigned i = 0; i < BATCH; i++) _mm_store_si128(&cs.cb[i], t);
    cs.c = kc_load32_be(ctr + 12);
    cs.k3 = kc_load32_le((const uint8_t *)&rk[0][0] + 12);
    ctr_next(&cs);
#define AT(i) (16 * BATCH * (i))
    if (encrypt) {          /* n odd: batch 0, pairs, the last hashed alone */
        batch(rk, nr, &cs, hk, y, g, 0, NONE, NULL, out, in);
        for (size_t m = 0; m + 2 < n; m += 2) {   /* batch m + 1 hashes batch m */
            batch(rk, nr, &cs, hk, y, g, 0, FIRST, out + AT(m), out + AT(m + 1), in + AT(m + 1));
            batch(rk, nr, &cs, hk, y, g, 0, SECOND, out + AT(m + 1), out + AT(m + 2), in + AT(m + 2));
        }
        hash8(hk, SINGLE, g, y, out + AT(n - 1));
    } else {                /* n even: pairs */
        for (size_t i = 0; i < n; i += 2) {
            batch(rk, nr, &cs, hk, y, g, 1, FIRST, in + AT(i), out + AT(i), in + AT(i));
            batch(rk, nr, &cs, hk, y, g, 1, SECOND, in + AT(i + 1), out + AT(i + 1), in + AT(i + 1));
        }
    }
#undef AT
    kc_wipe(&cs, sizeof cs);
}

/* The whole call for one instruction encoding (the caller's target). */
static ALWAYS_INLINE size_t gcm_body(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                                     uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    const kc_ghash_pclmul_key *hk = hkey;
    /* Batches as whole groups go: an odd count when encrypting (batch 0
     * hashes nothing), an even one when decrypting; the caller does the
     * batch left over (less than 16 blocks are left in all). */
    size_t n = nblocks / BATCH;
    if (k->nb != 4 || n == 0) return 0;
    n = encrypt ? n - !(n & 1) : n & ~(size_t)1;
    if (n == 0) return 0;
    __m128i acc = KC_GHASH_LOAD(y);
    if (k->nr == 10) run_nr(k->ek, 10, ctr, hk, &acc, encrypt, out, in, n);
    else if (k->nr == 12) run_nr(k->ek, 12, ctr, hk, &acc, encrypt, out, in, n);
    else run_nr(k->ek, 14, ctr, hk, &acc, encrypt, out, in, n);
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, kc_load32_be(ctr + 12) + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

/* The same kernel in VEX encoding where AVX2 is there (the Haswell to Zen 2
 * and Skylake-SP classes): three-operand forms need no register copies
 * (about 40 a batch in the SSE code), which decode, rename and retire
 * slots that a busy sibling hyperthread shares. */
KC_TARGET_BEGIN("avx2,aes,pclmul,ssse3")
static size_t gcm_vex(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                      uint8_t *out, const uint8_t *in, size_t nblocks)
{
    return gcm_body(ctx, hkey, ctr, y, encrypt, out, in, nblocks);
}
KC_TARGET_END

KC_TARGET_BEGIN("aes,pclmul,ssse3")
static size_t aesni_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                        uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (kc_cpu_detect() & KC_CPU_AVX2) return gcm_vex(ctx, hkey, ctr, y, encrypt, out, in, nblocks);
    return gcm_body(ctx, hkey, ctr, y, encrypt, out, in, nblocks);
}
KC_TARGET_END

const kc_gcm_stitch kc_rijndael_aesni_gcm = { .ghash = &kc_ghash_pclmul, .run = aesni_gcm };
#endif
