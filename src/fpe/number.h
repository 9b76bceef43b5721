/* SPDX-License-Identifier: MIT */
/* Numbers of len digits in a radix (2..65535) as FEA blocks: the integer
 * value, big-endian, in the fewest bytes that hold radix^len - 1. */
#ifndef KC_FPE_NUMBER_H
#define KC_FPE_NUMBER_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

typedef struct kc_number_format {
    unsigned radix;
    size_t len;               /* digits per number */
    unsigned bits;            /* bit length of radix^len: the FEA block length n */
    size_t block_bytes;       /* (bits + 7) / 8 */
    uint32_t chunk;           /* radix^chunk_digits: digits move chunk_digits at a time */
    unsigned chunk_digits;
    uint8_t domain[16];       /* radix^len, big-endian in block_bytes bytes */
} kc_number_format;

/* KC_ERR_RADIX, KC_ERR_DOMAIN_TOO_LARGE (radix^len >= 2^128) or KC_OK. */
kc_status kc_number_format_init(kc_number_format *f, unsigned radix, size_t len);
/* radix^len < bound. */
int kc_number_domain_below(const kc_number_format *f, uint32_t bound);

/* Digits (most significant first, each < radix: the caller checks) -> block. */
void kc_number_to_block(const kc_number_format *f, const uint16_t *digits, uint8_t *block);
/* Block (< radix^len) -> digits. */
void kc_number_to_digits(const kc_number_format *f, const uint8_t *block, uint16_t *digits);

/* block < radix^len: memcmp of big-endian bytes is numeric order. */
static inline int kc_number_in_domain(const kc_number_format *f, const uint8_t *block)
{
    for (size_t i = 0; i < f->block_bytes; i++)
        if (block[i] != f->domain[i]) return block[i] < f->domain[i];
    return 0;
}

#endif
