/* SPDX-License-Identifier: MIT */
/* AES-GCM on VAES + VPCLMULQDQ with 512-bit registers: CTR and GHASH
 * stitched in one pass (the kernel of ghash/stitch.h, for the vpclmul512
 * GHASH backend).  A batch is 32 counter blocks in eight registers, as in
 * vaes512.c's CTR; the eight four-block multiplies of one GHASH batch (32
 * blocks, one reduction) are issued between its rounds.  Encryption hashes
 * the previous batch's ciphertext (it is in L1, just stored), decryption
 * the batch's own input.  The counter is kept byte-reversed and counts in
 * its low 32-bit lane word only: inc32 with no branch, so GCM's
 * GHASH-derived (secret) J0 may run here too.  Constant-time: no table,
 * no branch or address on data. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "core/util.h"
#include "ghash/stitch.h"
#include "rijndael/rijndael_x86.h"

extern const kc_ghash_backend kc_ghash_vpclmul512;

KC_TARGET_BEGIN("avx512f,avx512bw,vaes,aes,vpclmulqdq,pclmul,ssse3")
#include "ghash/ghash_vpclmul512.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))
#define BATCH 32   /* blocks: eight zmm of counters, one GHASH reduction */

/* One batch: 32 blocks of CTR from *ctr (advanced) over in into out; when
 * hash, the 32 blocks at h into *y, their multiplies between rounds 1..8
 * (AES has at least 10). */
static ALWAYS_INLINE void batch(const __m128i (*rk)[2], unsigned nr, __m512i *ctr, const kc_ghash512_key *hk,
                                __m128i *y, const int hash, const uint8_t *h, uint8_t *out, const uint8_t *in)
{
    const __m512i four = _mm512_set_epi32(0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4);
    __m512i s[8], key = _mm512_broadcast_i32x4(rk[0][0]);
    kc_ghash512_sums g;
    kc_ghash512_zero(&g);
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++, *ctr = _mm512_add_epi32(*ctr, four))
        s[i] = _mm512_xor_si512(kc_ghash512_bswap(*ctr), key);
#pragma GCC unroll 8
    for (unsigned r = 1; r <= 8; r++) {
        key = _mm512_broadcast_i32x4(rk[r][0]);
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) s[i] = _mm512_aesenc_epi128(s[i], key);
        if (hash) kc_ghash512_group32(&g, hk, *y, h, 8 - r);   /* group 0, which waits for y, last */
    }
    for (unsigned r = 9; r < nr; r++) {
        key = _mm512_broadcast_i32x4(rk[r][0]);
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) s[i] = _mm512_aesenc_epi128(s[i], key);
    }
    key = _mm512_broadcast_i32x4(rk[nr][0]);
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++) {   /* the input XOR folded into the last round */
        __m512i last = _mm512_xor_si512(key, _mm512_loadu_si512(in + 64 * i));
        _mm512_storeu_si512(out + 64 * i, _mm512_aesenclast_epi128(s[i], last));
    }
    if (hash) *y = kc_ghash512_finish(&g);
}

static size_t vaes_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                       uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aesni_key *k = ctx;
    const kc_ghash512_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (k->nb != 4 || n == 0) return 0;
    __m512i c = _mm512_add_epi32(kc_ghash512_bswap(_mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)ctr))),
                                 _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0));
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s) batch(k->ek, k->nr, &c, hk, &acc, hash, h, o, s)
#define TAIL(p) (acc = kc_ghash512_absorb32(hk, acc, p))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, kc_load32_be(ctr + 12) + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_rijndael_vaes512_gcm = { .ghash = &kc_ghash_vpclmul512, .run = vaes_gcm };
#endif
