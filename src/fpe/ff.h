/* SPDX-License-Identifier: MIT */
/* FF1 and FF3-1 ([SP800-38G]) over a 128-bit block cipher from the registry.
 *
 * Both are Feistel networks on two halves A and B of a numeral string; each
 * round turns one half into bytes, derives y from it with the block cipher
 * (the PRF, the only part that differs: ff1.c, ff3_1.c), and adds y to the
 * other half modulo radix^m (ff.c).  The halves are kept as integers from
 * start to end (NUM(STR(c)) = c), so each round is: half -> bytes, PRF,
 * one modular addition.  Many values of one length go through the rounds
 * together, so the cipher sees one ECB call of many blocks per step. */
#ifndef KC_FPE_FF_H
#define KC_FPE_FF_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

#define KC_FF_MAX_LEN 512        /* numerals per value (the standard allows far more) */
#define KC_FF1_MAX_TWEAK 256     /* bytes */
#define KC_FF3_1_TWEAK 7         /* bytes: 56 bits */

typedef struct kc_ff kc_ff;

/* One algorithm: its sizes and its PRF.  begin() computes, for each of
 * count values, the 16-byte state its PRF starts from (value k's tweak at
 * tweaks + k * tweak_stride; stride 0: one tweak for all).  prf() maps each
 * value's half, in_len bytes big-endian at in + k * in_len, to out_len bytes
 * of y at out + k * out_len, for one round.  scratch: 32 bytes per value, or
 * in_len + 64 for a single value. */
typedef struct kc_ff_alg {
    unsigned rounds;
    int reverse_key;             /* FF3-1 keys the cipher with REVB(K) */
    int reverse_digits;          /* FF3-1 reads halves as NUM(REV(X)) */
    size_t max_tweak;            /* bytes */
    int (*tweak_ok)(size_t tweak_len);
    kc_status (*prepare)(kc_ff *f);                  /* sets u, v, in_len, out_len; checks len */
    void (*begin)(const kc_ff *f, const uint8_t *tweaks, size_t tweak_stride, size_t tweak_len,
                  size_t count, uint8_t *state);
    void (*prf)(const kc_ff *f, unsigned round, const uint8_t *tweaks, size_t tweak_stride,
                size_t tweak_len, const uint8_t *state, const uint8_t *in, uint8_t *out,
                size_t count, uint8_t *scratch);
    /* Optional, 64-bit hosts: the same PRF on halves below 2^64 given as
     * words, one tweak for all values; y (< 2^128) as high and low words.
     * word_prf_ok says whether it applies to this length and tweak. */
    int (*word_prf_ok)(const kc_ff *f, size_t tweak_len);
    void (*word_prf)(const kc_ff *f, unsigned round, const uint8_t *tweak, size_t tweak_len,
                     const uint8_t *state, const uint64_t *half, uint64_t *y_hi, uint64_t *y_lo,
                     size_t count, uint8_t *scratch);
} kc_ff_alg;

/* radix^m for the halves when it fits 64 bits, with what reduces modulo it:
 * floor((2^64 - 1) / m) and 2^(32 i) mod m (for m < 2^29; ff.c). */
typedef struct kc_ff_modulus {
    uint64_t m, inverse, r[4];
} kc_ff_modulus;

struct kc_ff {
    const kc_ff_alg *alg;
    kc_cipher *cipher;
    uint32_t radix;
    size_t len, u, v;            /* u: length of A, the first half */
    size_t in_len, out_len;      /* PRF input (b) and output (d) bytes */
    unsigned bits;               /* bit length of radix^len */
    int word_path;               /* both halves below 2^64 on a CPU with 128-bit products */
    kc_ff_modulus modulus[2];    /* radix^u, radix^v (word path) */
};

/* cipher_name: a 128-bit block cipher of the table (core/names.c resolves "ff1-aes-128"). */
kc_status kc_ff_new(kc_ff **out, const kc_ff_alg *alg, const char *cipher_name,
                    const char *backend, const uint8_t *key, size_t key_len,
                    uint32_t radix, size_t len, unsigned flags);
void kc_ff_free(kc_ff *f);
size_t kc_ff_tweak_size(const kc_ff *f);
/* count values of f->len digits (checked < radix by the caller); value k's
 * tweak at tweaks + k * tweak_stride.  out == in allowed. */
kc_status kc_ff_crypt(const kc_ff *f, int encrypt, uint16_t *out, const uint16_t *in, size_t count,
                      const uint8_t *tweaks, size_t tweak_stride, size_t tweak_len);

/* Bit length of radix^e - 1, i.e. ceil(e * log2(radix)) for e >= 1. */
unsigned kc_ff_pow_bits(uint32_t radix, size_t e);
/* The cipher's ECB on count contiguous 16-byte blocks, in place. */
void kc_ff_ecb(const kc_ff *f, uint8_t *blocks, size_t count);

extern const kc_ff_alg kc_ff1_alg, kc_ff3_1_alg;

#endif
