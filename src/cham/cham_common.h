/* SPDX-License-Identifier: MIT */
/* CHAM-64/128, CHAM-128/128, CHAM-128/256 internals shared by every CHAM
 * backend, with the round counts of the revised CHAM (ICISC 2019): 88, 112
 * and 120 (the 2017 paper had 80, 80, 96; Crypto++ 8.7 still uses those).
 *
 * Byte order: a block is four words X0..X3 and a key k/w words K0.., each
 * word little-endian (16-bit for CHAM-64, 32-bit for CHAM-128), as the
 * designers' reference code on a little-endian machine and as LEA: the
 * paper's vector K = 0x0100 0x0302 ... is the key 00 01 02 03 ...
 * (Crypto++ reads the words big-endian; tests/test_cham.c swaps them).
 *
 * Round i (from 0): X0 <- ROL8((X0 ^ i) + (ROL1(X1) ^ RK[i mod 2k/w])) when
 * i is even, ROL1((X0 ^ i) + (ROL8(X1) ^ RK[...])) when odd, then the words
 * rotate (X0, X1, X2, X3) <- (X1, X2, X3, X0).  ARX only: constant time. */
#ifndef KC_CHAM_COMMON_H
#define KC_CHAM_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "core/backend.h"
#include "core/util.h"

#define CHAM_MAX_ROUNDS 120

typedef struct cham_key {
    /* RK[i mod 2k/w] for round i and the round number i, each as a 32-bit
     * lane of the SIMD code: a 16-bit value twice (0x10001 x) for CHAM-64,
     * whose code reads only the low half. */
    uint32_t rk[CHAM_MAX_ROUNDS], ri[CHAM_MAX_ROUNDS];
    unsigned rounds;                /* 88, 112 or 120: a multiple of 8 */
    unsigned w;                     /* word bits: 16 or 32 */
} cham_key;

/* CBC encryption for every backend (ref.c): the chain is serial, so the
 * scalar rounds are the fastest there is for it. */
void kc_cham_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);

static inline uint16_t cham_load16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline void cham_store16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static inline uint16_t cham_rol16(uint16_t x, unsigned n) { return (uint16_t)(x << n | x >> (16 - n)); }

/* The schedule for any round count (tests run Crypto++'s 80/96-round
 * vectors through it); key_len 16 or 32, block_len 8 or 16. */
static inline void cham_expand_key(cham_key *k, const uint8_t *key, size_t key_len, size_t block_len,
                                   unsigned rounds)
{
    uint32_t rk[16] = { 0 };   /* every word is set below; the analyser cannot see that nk is 4 or 8 */
    unsigned w = block_len == 8 ? 16 : 32, nk = (unsigned)(8 * key_len / w);
    for (unsigned i = 0; i < nk; i++) {
        if (w == 16) {
            uint16_t x = cham_load16(key + 2 * i);
            rk[i] = (uint16_t)(x ^ cham_rol16(x, 1) ^ cham_rol16(x, 8));
            rk[(i + nk) ^ 1] = (uint16_t)(x ^ cham_rol16(x, 1) ^ cham_rol16(x, 11));
        } else {
            uint32_t x = kc_load32_le(key + 4 * i);
            rk[i] = x ^ kc_rol32(x, 1) ^ kc_rol32(x, 8);
            rk[(i + nk) ^ 1] = x ^ kc_rol32(x, 1) ^ kc_rol32(x, 11);
        }
    }
    k->rounds = rounds;
    k->w = w;
    /* 2 nk is 8 or 16: a mask, and constant shifts, not libgcc's division
     * and multiplication on RV32I and AVR. */
    for (unsigned i = 0; i < rounds; i++) {
        uint32_t x = rk[i & (2 * nk - 1)];
        k->rk[i] = w == 16 ? x | x << 16 : x;
        k->ri[i] = w == 16 ? i | (uint32_t)i << 16 : i;
    }
    kc_wipe(rk, sizeof rk);
}

static inline unsigned cham_rounds(size_t key_len, size_t block_len)
{
    return block_len == 8 ? 88 : key_len == 16 ? 112 : 120;
}

static inline kc_status cham_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    cham_expand_key(ctx, key, key_len, block_len, cham_rounds(key_len, block_len));
    return KC_OK;
}

#endif
