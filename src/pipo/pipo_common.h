/* SPDX-License-Identifier: MIT */
/* PIPO-64/128 and PIPO-64/256 internals shared by every backend.
 *
 * Byte order (the designers' reference and AVR code): the state is 8 bytes
 * X[0..7] and the block's byte array is exactly X[0], X[1], ..., X[7], i.e.
 * the little-endian encoding of the 64-bit value the paper writes
 * (0x098552F6_1E270026 is the array 26 00 27 1E F6 52 85 09).  The key
 * array is K0, K1 (, K2, K3), each 8 bytes in the same order.
 *
 * The S-box works on columns: bit j of X[0..7] is one 8-bit input with
 * X[7] as its MSB.  The R-layer rotates each byte X[i] left by PIPO_ROT[i].
 * Round key RK_r = K_(r mod n) ^ r, the constant entering byte 0;
 * RK_0 = K0 is the whitening key. */
#ifndef KC_PIPO_COMMON_H
#define KC_PIPO_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "core/backend.h"

#define PIPO_BLOCK 8
#define PIPO_MAX_ROUNDS 17                 /* 13 for a 128-bit key, 17 for 256 */

/* Left rotation of state byte X[i] in the R-layer (decryption: 8 - r). */
static const unsigned PIPO_ROT[8] = { 0, 7, 4, 3, 6, 5, 1, 2 };

typedef struct pipo_key {
    uint8_t rk[PIPO_MAX_ROUNDS + 1][PIPO_BLOCK];   /* rk[r][i]: byte X[i] of RK_r */
    unsigned rounds;
} pipo_key;

/* The key schedule is the key words plus a counter, so every backend can
 * share it; rounds depends only on the (public) key length. */
static inline kc_status pipo_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    pipo_key *k = ctx;
    (void)block_len;                       /* always 8: checked by the caller */
    if (key_len != 16 && key_len != 32) return KC_ERR_KEY_LENGTH;
    size_t words = key_len / 8;
    k->rounds = words == 2 ? 13 : 17;
    for (unsigned r = 0; r <= k->rounds; r++) {
        for (unsigned i = 0; i < PIPO_BLOCK; i++) k->rk[r][i] = key[8 * (r & (words - 1)) + i];  /* words is 2 or 4 */
        k->rk[r][0] ^= (uint8_t)r;
    }
    return KC_OK;
}

/* CBC encryption on a pipo_key (ctx), one block at a time in
 * general-purpose registers: a SIMD pass costs as much for one block as
 * for a batch (bitslice.c). */
void kc_pipo_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);

/* 8-bit rotation by a public amount 0..7. */
static inline uint8_t pipo_rol8(uint8_t x, unsigned r)
{
    return (uint8_t)(x << (r & 7) | x >> ((8 - r) & 7));
}

#endif
