/* SPDX-License-Identifier: MIT */
/* ARIA-GCM on GFNI + VPCLMULQDQ with 512-bit registers: CTR and GHASH
 * stitched in one pass (the kernel of ghash/stitch.h, for the vpclmul512
 * GHASH backend).  A batch is 64 counter blocks as two interleaved states
 * in gfni_avx512.c's pair layout (its key and rounds, from
 * aria/aria_pair512.h); the sixteen four-block multiplies of 64 blocks
 * of ciphertext (two reductions) are issued between the rounds of the
 * first four round pairs.  Encryption hashes the previous batch's
 * ciphertext, decryption the batch's own input.  The counter blocks are
 * made in the pair layout with inc32 by masks, not branches, so a secret
 * (GHASH-derived) J0 may run here too.  Constant time: GFNI, carry-less
 * multiplies, XORs, fixed shuffles. */
#include "core/arch.h"
#if KC_ARCH_X86
#include "ghash/stitch.h"
KC_TARGET_BEGIN("avx2,avx512f,avx512bw,gfni,vpclmulqdq,pclmul,ssse3")
#define ARIA_X86_AVX2 1
#define ARIA_X86_GFNI 1
#include "aria/aria_x86.h"
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define ARIA_PAIR_INLINE ALWAYS_INLINE
#include "aria/aria_pair512.h"
#include "ghash/ghash_vpclmul512.h"

extern const kc_ghash_backend kc_ghash_vpclmul512;

#define BATCH 64

/* ---- counters: inc32 in the pair layout, carries by masks ---- */

/* Blocks with last word low + 0..31: byte t of qword q of lane L of s[k] is
 * byte 2k + q of block 4t + L.  s[0..5] (bytes 0..11) are the caller's. */
static ALWAYS_INLINE void low_words(__m512i s[8], uint32_t low)
{
    static const uint8_t index[64] = {
        0, 4, 8, 12, 16, 20, 24, 28, 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29, 1, 5, 9, 13, 17, 21, 25, 29,
        2, 6, 10, 14, 18, 22, 26, 30, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31, 3, 7, 11, 15, 19, 23, 27, 31,
    };
    const __m512i one = _mm512_set1_epi8(1), ff = _mm512_set1_epi8(-1);
    const __m512i l0 = _mm512_set1_epi8((char)low), l1 = _mm512_set1_epi8((char)(low >> 8));
    const __m512i l2 = _mm512_set1_epi8((char)(low >> 16)), l3 = _mm512_set1_epi8((char)(low >> 24));
    __m512i b15 = _mm512_add_epi8(l0, _mm512_loadu_si512(index));
    __mmask64 c14 = _mm512_cmplt_epu8_mask(b15, l0);                 /* carry into byte 14 */
    __mmask64 c13 = _mm512_mask_cmpeq_epi8_mask(c14, l1, ff);        /* ... through it into 13 */
    __mmask64 c12 = _mm512_mask_cmpeq_epi8_mask(c13, l2, ff);        /* into 12; out of 12 is dropped */
    __m512i b14 = _mm512_mask_add_epi8(l1, c14, l1, one);
    __m512i b13 = _mm512_mask_add_epi8(l2, c13, l2, one);
    __m512i b12 = _mm512_mask_add_epi8(l3, c12, l3, one);
    s[6] = _mm512_mask_blend_epi64(0xAA, b12, b13);
    s[7] = _mm512_mask_blend_epi64(0xAA, b14, b15);
}

/* ---- the stitched batch ---- */

/* 64 blocks of CTR from counter word low over in into out; when hash, the
 * 64 blocks at h into *y during the first four round pairs (ARIA has at
 * least six), a group after each state's S-layer and diffusion: with the
 * groups after both states gcc spilled (0.358 against 0.332 TSC ticks/B). */
static ALWAYS_INLINE void batch(const gfni512_key *k, const __m512i fixed[6], uint32_t low,
                                const kc_ghash512_key *hk, __m128i *y, const int hash, const uint8_t *h,
                                uint8_t *out, const uint8_t *in)
{
    __m512i s[2][8], r[8];
    kc_ghash512_sums g;
    kc_ghash512_zero(&g);
    for (int st = 0; st < 2; st++) {
        for (int i = 0; i < 6; i++) s[st][i] = fixed[i];
        low_words(s[st], low + 32u * (unsigned)st);
        for (int i = 0; i < 8; i++) s[st][i] = _mm512_xor_si512(s[st][i], PAIR_KEY(k->penc[0][i]));
    }
    unsigned rounds = k->rounds;
#pragma GCC unroll 4
    for (unsigned j = 0; j < 4; j++) {   /* round pairs 0..3, four groups each */
        unsigned i = 2 * j;
        const uint8_t *hj = hash ? h + 512 * (j / 2) : h;   /* h is NULL when not hashing */
        unsigned q = 7 - 4 * (j % 2);
        pair_round(s[0], k->penc[i + 1], 1, 0);
        if (hash) kc_ghash512_group32(&g, hk, *y, hj, q);
        pair_round(s[1], k->penc[i + 1], 1, 0);
        if (hash) kc_ghash512_group32(&g, hk, *y, hj, q - 1);
        pair_round(s[0], k->penc[i + 2], 0, 0);
        if (hash) kc_ghash512_group32(&g, hk, *y, hj, q - 2);
        pair_round(s[1], k->penc[i + 2], 0, 0);
        if (hash) {
            kc_ghash512_group32(&g, hk, *y, hj, q - 3);
            if (q == 3) { *y = kc_ghash512_finish(&g); kc_ghash512_zero(&g); }
        }
    }
    for (unsigned i = 8; i < rounds; i += 2) {
        pair_round(s[0], k->penc[i + 1], 1, 0);
        pair_round(s[1], k->penc[i + 1], 1, 0);
        pair_round(s[0], k->penc[i + 2], 0, i + 2 == rounds);
        pair_round(s[1], k->penc[i + 2], 0, i + 2 == rounds);
    }
    for (int st = 0; st < 2; st++) {
        pair_untranspose(r, s[st]);
        for (int i = 0; i < 8; i++)
            _mm512_storeu_si512(out + 512 * st + 64 * i,
                                _mm512_xor_si512(r[i], _mm512_loadu_si512(in + 512 * st + 64 * i)));
    }
}

/* One copy of each form (three inlined copies, 42 KB, ran 7% slower in
 * GCM: the instruction cache). */
static __attribute__((noinline)) void batch_hashed(const gfni512_key *k, const __m512i fixed[6], uint32_t low,
                                                   const kc_ghash512_key *hk, __m128i *y, const uint8_t *h,
                                                   uint8_t *out, const uint8_t *in)
{
    batch(k, fixed, low, hk, y, 1, h, out, in);
}

static __attribute__((noinline)) void batch_plain(const gfni512_key *k, const __m512i fixed[6], uint32_t low,
                                                  uint8_t *out, const uint8_t *in)
{
    batch(k, fixed, low, NULL, NULL, 0, NULL, out, in);
}

static size_t gfni_gcm(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                       uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const gfni512_key *k = ctx;
    const kc_ghash512_key *hk = hkey;
    size_t n = nblocks / BATCH;
    if (n == 0) return 0;
    __m512i fixed[6];
    const __m512i block = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)ctr));
    for (int i = 0; i < 6; i++)   /* bytes 2i and 2i + 1, eight times each, in every lane */
        fixed[i] = _mm512_shuffle_epi8(block, _mm512_broadcast_i32x4(_mm_set_epi64x(
                                                  (long long)((2 * i + 1) * 0x0101010101010101ull),
                                                  (long long)(2 * i * 0x0101010101010101ull))));
    uint32_t low = kc_load32_be(ctr + 12);
    __m128i acc = KC_GHASH_LOAD(y);
#define BATCH_AT(i, hash, h, o, s)                                                                  \
    ((hash) ? batch_hashed(k, fixed, low + (uint32_t)(BATCH * (i)), hk, &acc, h, o, s)           \
            : batch_plain(k, fixed, low + (uint32_t)(BATCH * (i)), o, s))
#define TAIL(p) (acc = kc_ghash512_absorb32(hk, kc_ghash512_absorb32(hk, acc, p), (p) + 512))
    KC_GCM_STITCH_LOOP(n, BATCH, encrypt, out, in, BATCH_AT, TAIL);
#undef BATCH_AT
#undef TAIL
    KC_GHASH_STORE(y, acc);
    kc_store32_be(ctr + 12, low + (uint32_t)(n * BATCH));
    return n * BATCH;
}

KC_TARGET_END

const kc_gcm_stitch kc_aria_gfni_avx512_gcm = { .ghash = &kc_ghash_vpclmul512, .run = gfni_gcm };
#endif
