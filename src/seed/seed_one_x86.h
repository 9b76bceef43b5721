/* SPDX-License-Identifier: MIT */
/* One block in xmm registers (CBC encryption, CMAC, a block alone: a
 * serial chain of 48 G calls), for seed_aes1.h and seed_gfni1.h.  The
 * including file defines
 *   SEED1_C, SEED1_C_INIT(c)   its constants' struct and their set-up;
 *   SEED1_G(c, x)              G on a word in the file's layout of an xmm;
 *   SEED1_LAY(c, w)            a word into that layout, w itself in lane 0
 *                              (the layout is kept by XOR and 32-bit ADD).
 * The round keeps F's last outputs C, D pending: the next round's input of
 * G is C ^ (D ^ (R0 ^ R1 ^ K0 ^ K1)), two steps after D (add, XOR) instead
 * of four (add, XOR into R0, XOR K0, XOR R1 ^ K1).  Constant time when
 * SEED1_G is. */
#ifndef KC_SEED_ONE_X86_H
#define KC_SEED_ONE_X86_H
#include <immintrin.h>
#include "seed/seed_common.h"

/* The round keys in the layout: K0 and K0 ^ K1 of each round, in the
 * order the rounds take them. */
static inline __attribute__((always_inline)) void seed1_keys(const SEED1_C *c, const seed_key *k, __m128i kv[32],
                                                             int dec)
{
    for (int i = 0; i < 16; i++) {
        const uint32_t *rk = k->rk + 2 * (dec ? 15 - i : i);
        kv[2 * i] = SEED1_LAY(c, rk[0]);
        kv[2 * i + 1] = SEED1_LAY(c, rk[0] ^ rk[1]);
    }
}

/* One round: F of R = (r0 ^ *cc, r1 ^ *dd) (the last round's outputs
 * still pending), which is applied to r0, r1 now; F's own outputs go
 * pending into *cc, *dd for the other half.  kv: K0, K0 ^ K1. */
static inline __attribute__((always_inline))
void seed1_round(const SEED1_C *c, __m128i *r0, __m128i *r1, __m128i *cc, __m128i *dd, const __m128i kv[2])
{
    __m128i ka = _mm_xor_si128(*r0, kv[0]);
    __m128i kb = _mm_xor_si128(_mm_xor_si128(*r0, *r1), kv[1]);
    __m128i a = _mm_xor_si128(ka, *cc), y, t, u, d;
    __asm__("" : "+x"(kb));         /* else gcc reassociates C, D in first: two XORs later */
    y = _mm_xor_si128(*dd, kb);
    __asm__("" : "+x"(y));
    t = SEED1_G(c, _mm_xor_si128(*cc, y));
    *r0 = _mm_xor_si128(*r0, *cc);
    *r1 = _mm_xor_si128(*r1, *dd);
    u = SEED1_G(c, _mm_add_epi32(t, a));
    d = SEED1_G(c, _mm_add_epi32(u, t));
    *cc = _mm_add_epi32(d, u);
    *dd = d;
}

/* The 16 rounds on s[0..3] = L0 L1 R0 R1 in the layout; the output words
 * R || L are s[2] s[3] s[0] s[1]. */
static inline __attribute__((always_inline)) void seed1_rounds(const SEED1_C *c, const __m128i kv[32], __m128i s[4])
{
    __m128i s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], cc = _mm_setzero_si128(), dd = cc;
    for (int i = 0; i < 32; i += 4) {
        seed1_round(c, &s2, &s3, &cc, &dd, kv + i);
        seed1_round(c, &s0, &s1, &cc, &dd, kv + i + 2);
    }
    s[0] = s0; s[1] = s1; s[2] = _mm_xor_si128(s2, cc); s[3] = _mm_xor_si128(s3, dd);
}

/* One block on the big-endian words w (seed_x86.h's SEED_ONE). */
static inline __attribute__((always_inline)) void seed1_one(const seed_key *k, uint32_t w[4], int dec)
{
    SEED1_C c;
    __m128i s[4], kv[32];
    SEED1_C_INIT(&c);
    seed1_keys(&c, k, kv, dec);
    for (int j = 0; j < 4; j++) s[j] = SEED1_LAY(&c, w[j]);
    seed1_rounds(&c, kv, s);
    w[0] = (uint32_t)_mm_cvtsi128_si32(s[2]); w[1] = (uint32_t)_mm_cvtsi128_si32(s[3]);
    w[2] = (uint32_t)_mm_cvtsi128_si32(s[0]); w[3] = (uint32_t)_mm_cvtsi128_si32(s[1]);
    kc_wipe(s, sizeof s); kc_wipe(kv, sizeof kv);
}

/* CBC encryption: the chaining value stays in the layout, in registers,
 * from one block to the next. */
static void seed1_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
    const seed_key *k = ctx;
    SEED1_C c;
    __m128i s[4], v[4], kv[32];
    SEED1_C_INIT(&c);
    seed1_keys(&c, k, kv, 0);
    for (int j = 0; j < 4; j++) v[j] = SEED1_LAY(&c, kc_load32_be(iv + 4 * j));
    for (; n; n--, in += 16, out += 16) {
        for (int j = 0; j < 4; j++) s[j] = _mm_xor_si128(v[j], SEED1_LAY(&c, kc_load32_be(in + 4 * j)));
        seed1_rounds(&c, kv, s);
        v[0] = s[2]; v[1] = s[3]; v[2] = s[0]; v[3] = s[1];
        for (int j = 0; j < 4; j++) kc_store32_be(out + 4 * j, (uint32_t)_mm_cvtsi128_si32(v[j]));
    }
    for (int j = 0; j < 4; j++) kc_store32_be(iv + 4 * j, (uint32_t)_mm_cvtsi128_si32(v[j]));
    kc_wipe(s, sizeof s); kc_wipe(v, sizeof v); kc_wipe(kv, sizeof kv);
}

#endif
