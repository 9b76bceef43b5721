/* SPDX-License-Identifier: MIT */
/* HIGHT (TTAS.KO-12.0040/R1, ISO/IEC 18033-3) internals shared by every
 * HIGHT backend.
 *
 * Byte order: the API's block is P[0..7] = P0, P1, ..., P7 and the key
 * K[0..15] = MK0, ..., MK15, the standard's indices in array order (as
 * KISA's reference code and Crypto++).  The standard prints its values
 * the other way round, MSB first (P7 ... P0, MK15 ... MK0): reverse the
 * printed bytes of a key, plaintext or ciphertext to get ours
 * (tests/test_hight.c checks both).
 *
 * The state is eight bytes X0..X7.  A round updates the odd bytes from the
 * even ones and then rotates the state one byte up (X7 becomes X0); the
 * last round does not rotate.  F0 and F1 are rotations and XORs, so every
 * backend is constant time without tables. */
#ifndef KC_HIGHT_COMMON_H
#define KC_HIGHT_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "core/backend.h"
#include "core/util.h"

#define HIGHT_ROUNDS 32

typedef struct hight_key {
    uint8_t wk[8];                 /* whitening keys WK0..WK7 */
    uint8_t sk[4 * HIGHT_ROUNDS];  /* subkeys SK0..SK127, four per round */
} hight_key;

static inline uint8_t hight_rol(uint8_t x, unsigned n) { return (uint8_t)(x << n | x >> (8 - n)); }
static inline uint8_t hight_f0(uint8_t x) { return hight_rol(x, 1) ^ hight_rol(x, 2) ^ hight_rol(x, 7); }
static inline uint8_t hight_f1(uint8_t x) { return hight_rol(x, 3) ^ hight_rol(x, 4) ^ hight_rol(x, 6); }

static inline kc_status hight_set_key(void *ctx, const uint8_t *mk, size_t key_len, size_t block_len)
{
    hight_key *k = ctx;
    (void)key_len; (void)block_len;          /* 16 and 8: checked by the caller */
    for (unsigned i = 0; i < 4; i++) {
        k->wk[i] = mk[i + 12];
        k->wk[i + 4] = mk[i];
    }
    /* delta_i: a 7-bit LFSR (s_{i+7} = s_{i+3} ^ s_i) from 1011010b. */
    uint8_t d = 0x5a;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned h = 0; h < 16; h += 8)
            for (unsigned j = 0; j < 8; j++) {   /* SK[16i + h + j] = MK[((j - i) mod 8) + h] + delta */
                k->sk[16 * i + h + j] = (uint8_t)(mk[((j - i) & 7) + h] + d);
                d = (uint8_t)(d >> 1 | ((d ^ d >> 3) & 1) << 6);
            }
    return KC_OK;
}

#endif
