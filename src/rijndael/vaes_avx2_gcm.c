/* SPDX-License-Identifier: MIT */
/* AES-GCM on VAES and 256-bit VPCLMULQDQ (ymm, no AVX-512): CTR and GHASH
 * stitched in one pass (the kernel of ghash/stitch.h, for the vpclmul-avx2
 * GHASH backend and its key layout, ghash/ghash_vpclmul256.h), the default
 * pair of a VAES CPU without AVX-512 (Zen 3, Alder Lake).  A batch is 16
 * counter blocks, two per ymm as in vaes_avx2.c's CTR; the 16 blocks of
 * ciphertext are hashed as eight ymm pairs against H^16..H^1 with one
 * reduction: two pairs (six multiplies) after each of rounds 2..5, the
 * reduction after round 8 (the round keys are broadcast from memory: eight
 * states, three sums and a pair fit AVX2's 16 registers).  On Zen 3,
 * vaesenc and vpclmulqdq share two FP pipes (measured: vaesenc ymm two a
 * cycle on either, vpclmulqdq ymm one every other cycle on one of them
 * only: 80 vaesenc and 24 multiplies need (80 + 2 x 24) / 2 = 64 cycles
 * a batch of AES-128, 0.25 c/B, before the reduction), and where the
 * multiplies go counts: one pair after each of rounds 1..8 ran 6-10 %
 * slower, pairs in alternate rounds or the reduction right after the
 * last pair 4-6 % slower, CTR then GHASH over L1-sized chunks 4-8 %
 * slower (AES-128 and AES-256, both directions, the kernel called
 * directly, paired; Alder Lake, whose vpclmulqdq has a port of its own,
 * not measured).  Encryption hashes the previous batch's
 * ciphertext (in L1, just stored), decryption the batch's own input.  The
 * counter is kept byte-reversed and counts in its low 32-bit word only:
 * inc32 with no branch, so GCM's GHASH-derived (secret) J0 may run here
 * too.  Constant-time: no table, no branch or address on data.  AES only
 * (Nb = 4); wider Rijndael blocks get 0 blocks done. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/util.h"
#include "ghash/stitch.h"
#include "rijndael/rijndael_x86.h"

extern const kc_ghash_backend kc_ghash_vpclmul_avx2;

KC_TARGET_BEGIN("avx2,vaes,aes,vpclmulqdq,pclmul,ssse3")
#include "ghash/ghash_vpclmul256.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 16         /* blocks: one GHASH reduction */
#define FIRST_ROUND 2    /* pairs 7, 6 after it, ..., 1, 0 after round FIRST_ROUND + 3 */
#define REDUCE_ROUND 8   /* the sums reduced after it (AES has 10..14 rounds) */

/* One batch: 16 blocks of CTR from *ctr (lane l: the counter + l,
 * byte-reversed; advanced) over in into out; when hash, the 16 blocks at h
 * into *y, two pairs a round from FIRST_ROUND on. */
static ALWAYS_INLINE void batch(const __m128i (*rk)[2], const unsigned nr, __m256i *ctr,
                                const kc_ghash256_key *hk, __m128i *y, const int hash, const uint8_t *h,
                                uint8_t *out, const uint8_t *in)
{
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    __m256i s[8], key = _mm256_broadcastsi128_si256(rk[0][0]);
    kc_ghash256_sums g;
    if (hash) kc_ghash256_zero(&g);
    __asm__("" : "+r"(h));   /* decryption's h is in: reloaded for the last round, not held (spilled) */
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++, *ctr = _mm256_add_epi32(*ctr, two))
        s[i] = _mm256_xor_si256(kc_ghash256_bswap(*ctr), key);
#pragma GCC unroll 13
    for (unsigned r = 1; r < nr; r++) {
        key = _mm256_broadcastsi128_si256(rk[r][0]);
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) s[i] = _mm256_aesenc_epi128(s[i], key);
        if (hash && r >= FIRST_ROUND && r < FIRST_ROUND + 4) {   /* pair 0, which takes y, last */
#pragma GCC unroll 2
            for (unsigned j = 0; j < 2; j++) {
                kc_ghash256_pair16(&g, hk, *y, h, 7 - 2 * (r - FIRST_ROUND) - j);
                __asm__("" : "+x"(g.lo), "+x"(g.mid), "+x"(g.hi));   /* summed now: GCC would hold 24 products (spilled) */
            }
        }
        if (hash && r == REDUCE_ROUND) *y = kc_ghash256_finish(&g);
    }
    key = _mm256_broadcastsi128_si256(rk[nr][0]);
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++) {   /* the input XOR folded into the last round */
        __m256i last = _mm256_xor_si256(key, _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i)));
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), _mm256_aesenclast_epi128(s[i], last));
    }
}

/* The whole run for a fixed round count, so the rounds unroll. */
static ALWAYS_INLINE void run_nr(const __m128i (*rk)[2], const unsigned nr, __m256i c, const kc_ghash256_key *hk,
                                 __m128i *acc, int encrypt, uint8_t *out, const uint8_t *in, size_t n)
{
#define BATCH_AT(i, hash, h, o, s) batch(rk, nr, &c, hk, acc, hash, h, o, s)
#define TAIL(p) (*acc = kc_ghash256_absorb16(hk, *acc, p))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
}

static size_t vaes_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    const kc_ghash256_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (k->nb != 4 || n == 0) return 0;
    __m256i c = _mm256_add_epi32(_mm256_broadcastsi128_si256(KC_GHASH_LOAD(ctr)), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    __m128i acc = KC_GHASH_LOAD(y);
    if (k->nr == 10) run_nr(k->ek, 10, c, hk, &acc, encrypt, out, in, n);
    else if (k->nr == 12) run_nr(k->ek, 12, c, hk, &acc, encrypt, out, in, n);
    else run_nr(k->ek, 14, c, hk, &acc, encrypt, out, in, n);
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, kc_load32_be(ctr + 12) + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_rijndael_vaes_avx2_gcm = { .ghash = &kc_ghash_vpclmul_avx2, .run = vaes_avx2_gcm };
#endif
