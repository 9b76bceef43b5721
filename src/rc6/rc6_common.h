/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b internals shared by every RC6 backend.
 *
 * s[0..43] is the expanded key table S of the RC6 paper: S[0], S[1] whiten
 * B and D, round i (1..20) uses S[2i], S[2i+1], and S[42], S[43] whiten A
 * and C at the end.  SIMD backends broadcast S[j] per round. */
#ifndef KC_RC6_COMMON_H
#define KC_RC6_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"
#include "core/util.h"

#define RC6_ROUNDS 20
#define RC6_SWORDS (2 * RC6_ROUNDS + 4)

typedef struct rc6_key {
    uint32_t s[RC6_SWORDS];
} rc6_key;

/* x * y mod 2^32.  Cores without a multiplier (RV32I without M, AVR) get
 * it from a libgcc loop that exits early on the data, so there we multiply
 * in a fixed 32 steps with masks instead. */
static inline uint32_t rc6_mul(uint32_t x, uint32_t y)
{
#include "core/arch.h"
#if (KC_ARCH_RV32 && !defined(__riscv_mul)) || KC_ARCH_AVR
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++) r += x & (0u - ((y >> i) & 1u)), x <<= 1;
    return r;
#else
    return x * y;
#endif
}

/* f(x) = ROL(x * (2x + 1), lg w) of the round function. */
static inline uint32_t rc6_f(uint32_t x)
{
    return kc_rol32(rc6_mul(x, 2 * x + 1), 5);
}

/* The paper's key schedule for b = key_len bytes, 0 < b <= 32 here.  The
 * rotation of L by A + B depends on the key; it is a plain variable rotate,
 * constant time on x86 and ARM (not on AVR, where rotates are loops). */
static inline void rc6_expand_key(rc6_key *k, const uint8_t *key, size_t key_len)
{
    uint32_t l[8] = { 0 }, a = 0, b = 0;
    unsigned c = (unsigned)((key_len + 3) / 4), i = 0, j = 0;
    for (size_t n = 0; n < key_len; n++) l[n / 4] |= (uint32_t)key[n] << (8 * (n % 4));
    if (c == 0) c = 1;

    k->s[0] = 0xb7e15163;                               /* P32 */
    for (unsigned n = 1; n < RC6_SWORDS; n++) k->s[n] = k->s[n - 1] + 0x9e3779b9;  /* Q32 */
    for (unsigned n = 0; n < 3 * (c > RC6_SWORDS ? c : RC6_SWORDS); n++) {
        a = k->s[i] = kc_rol32(k->s[i] + a + b, 3);
        b = l[j] = kc_rol32(l[j] + a + b, a + b);
        i = i + 1 == RC6_SWORDS ? 0 : i + 1;
        j = j + 1 == c ? 0 : j + 1;
    }
    kc_wipe(l, sizeof l);
}

/* set_key of every RC6 backend: the key table is the whole context. */
static inline kc_status rc6_set_key_ctx(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)block_len;
    rc6_expand_key(ctx, key, key_len);
    return KC_OK;
}

/* rc6_encrypt and rc6_decrypt around a backend's crypt(ctx, out, in,
 * nblocks, enc). */
#define RC6_CRYPT_ENTRIES(crypt)                                                              \
    static void rc6_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks) \
    {                                                                                         \
        crypt(ctx, out, in, nblocks, 1);                                                      \
    }                                                                                         \
    static void rc6_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks) \
    {                                                                                         \
        crypt(ctx, out, in, nblocks, 0);                                                      \
    }

/* CBC encryption, one block at a time (ref.c): every backend's cbc_encrypt. */
void kc_rc6_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);

#endif
