/* SPDX-License-Identifier: MIT */
/* LEA (KS X 3246, ISO/IEC 29192-2) internals shared by every LEA backend.
 *
 * Round-key layout, the same for all key sizes: rk[i][0..5] are the six
 * words of round i, used as
 *   X0' = ROL9((X0 ^ rk[0]) + (X1 ^ rk[1]))
 *   X1' = ROR5((X1 ^ rk[2]) + (X2 ^ rk[3]))
 *   X2' = ROR3((X2 ^ rk[4]) + (X3 ^ rk[5])),  X3' = X0.
 * LEA-128 repeats T1 in words 1, 3, 5 so that every backend runs the one
 * round function.  Word-sliced SIMD backends (4/8/16 blocks) broadcast
 * rk[i][j] per round; decryption walks the same table backwards. */
#ifndef KC_LEA_COMMON_H
#define KC_LEA_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"
#include "core/util.h"

#define LEA_MAX_ROUNDS 32

typedef struct lea_key {
    uint32_t rk[LEA_MAX_ROUNDS][6];
    unsigned rounds;                /* 24, 28 or 32 */
} lea_key;

/* CBC encryption, one block at a time (ref.c): every backend's cbc_encrypt. */
void kc_lea_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);

/* Key words T are read little-endian.  key_len is 16, 24 or 32. */
static inline void lea_expand_key(lea_key *k, const uint8_t *key, size_t key_len)
{
    static const uint32_t delta[8] = {
        0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
        0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957
    };
    static const unsigned rot[6] = { 1, 3, 6, 11, 13, 17 };
    uint32_t t[8];
    unsigned nk = key_len == 16 ? 4 : key_len == 24 ? 6 : 8;   /* spelt out: the analyzer then sees nk != 0 */
    for (unsigned j = 0; j < nk; j++) t[j] = kc_load32_le(key + 4 * j);
    k->rounds = nk == 4 ? 24 : nk == 6 ? 28 : 32;

    for (unsigned i = 0; i < k->rounds; i++) {
        uint32_t d = delta[i % nk];
        uint32_t *rk = k->rk[i];
        if (nk == 4) {
            for (unsigned j = 0; j < 4; j++) t[j] = kc_rol32(t[j] + kc_rol32(d, i + j), rot[j]);
            rk[0] = t[0]; rk[1] = t[1]; rk[2] = t[2]; rk[3] = t[1]; rk[4] = t[3]; rk[5] = t[1];
        } else if (nk == 6) {
            for (unsigned j = 0; j < 6; j++) rk[j] = t[j] = kc_rol32(t[j] + kc_rol32(d, i + j), rot[j]);
        } else {
            /* LEA-256 updates six of its eight words per round, starting at 6i mod 8. */
            for (unsigned j = 0; j < 6; j++) {
                unsigned w = (6 * i + j) % 8;
                rk[j] = t[w] = kc_rol32(t[w] + kc_rol32(d, i + j), rot[j]);
            }
        }
    }
    kc_wipe(t, sizeof t);
}

/* set_key of every backend that keeps just the lea_key. */
static inline kc_status lea_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)block_len;
    lea_expand_key(ctx, key, key_len);
    return KC_OK;
}

#endif
