/* SPDX-License-Identifier: MIT */
/* AES-GCM on VAES (ymm, no AVX-512) + PCLMULQDQ: CTR and GHASH stitched in
 * one pass (the kernel of ghash/stitch.h, for the pclmul GHASH backend and
 * its key layout, ghash/ghash_x86.h), the pair of a VAES CPU without
 * AVX-512 until a 256-bit GHASH has its own kernel.  A batch is 16 counter
 * blocks, two per ymm as in vaes_avx2.c's CTR; the 16 blocks of
 * ciphertext are hashed in two 8-block groups (one reduction each), each
 * issued whole between two rounds (after rounds 1 and 4): faster than two
 * multiplies between each of eight rounds, as aesni_gcm.c spreads them.
 * Encryption hashes the previous batch's ciphertext (in L1, just stored),
 * decryption the batch's own input.  The counter is kept byte-reversed
 * and counts in its low 32-bit word only: inc32 with no branch, so GCM's
 * GHASH-derived (secret) J0 may run here too.  Constant-time: no table, no branch or address on data.  AES only
 * (Nb = 4); wider Rijndael blocks get 0 blocks done. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/util.h"
#include "ghash/stitch.h"
#include "rijndael/rijndael_x86.h"

extern const kc_ghash_backend kc_ghash_pclmul;

KC_TARGET_BEGIN("avx2,vaes,aes,pclmul,ssse3")
#include "ghash/ghash_x86.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 16   /* blocks: two GHASH groups of 8 */

/* One batch: 16 blocks of CTR from *ctr (lane l: the counter + l,
 * byte-reversed; advanced) over in into out; when hash, the 16 blocks at h
 * into *y, a group of 8 after rounds 1 and 4. */
static ALWAYS_INLINE void batch(const __m128i (*rk)[2], const unsigned nr, __m256i *ctr,
                                const kc_ghash_pclmul_key *hk, __m128i *y, const int hash, const uint8_t *h,
                                uint8_t *out, const uint8_t *in)
{
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2),
                  bswap = _mm256_broadcastsi128_si256(KC_GHASH_BSWAP);
    __m256i s[8], key = _mm256_broadcastsi128_si256(rk[0][0]);
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++, *ctr = _mm256_add_epi32(*ctr, two))
        s[i] = _mm256_xor_si256(_mm256_shuffle_epi8(*ctr, bswap), key);
#pragma GCC unroll 8
    for (unsigned r = 1; r <= 8; r++) {
        key = _mm256_broadcastsi128_si256(rk[r][0]);
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) s[i] = _mm256_aesenc_epi128(s[i], key);
        if (hash && (r == 1 || r == 4)) *y = kc_ghash_x86_absorb8(hk, *y, h + 128 * (r / 4));   /* a group */
    }
#pragma GCC unroll 5
    for (unsigned r = 9; r < nr; r++) {
        key = _mm256_broadcastsi128_si256(rk[r][0]);
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) s[i] = _mm256_aesenc_epi128(s[i], key);
    }
    key = _mm256_broadcastsi128_si256(rk[nr][0]);
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++) {   /* the input XOR folded into the last round */
        __m256i last = _mm256_xor_si256(key, _mm256_loadu_si256((const __m256i *)(const void *)(in + 32 * i)));
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), _mm256_aesenclast_epi128(s[i], last));
    }
}

/* The whole run for a fixed round count, so the rounds unroll. */
static ALWAYS_INLINE void run_nr(const __m128i (*rk)[2], const unsigned nr, __m256i c, const kc_ghash_pclmul_key *hk,
                                 __m128i *acc, int encrypt, uint8_t *out, const uint8_t *in, size_t n)
{
#define BATCH_AT(i, hash, h, o, s) batch(rk, nr, &c, hk, acc, hash, h, o, s)
#define TAIL(p) (*acc = kc_ghash_x86_absorb8(hk, kc_ghash_x86_absorb8(hk, *acc, p), (p) + 128))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
}

static size_t vaes_avx2_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                            uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    const kc_ghash_pclmul_key *hk = hkey;
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

const kc_gcm_stitch kc_rijndael_vaes_avx2_gcm = { &kc_ghash_pclmul, vaes_avx2_gcm };
#endif
