/* SPDX-License-Identifier: MIT */
/* Digit strings <-> integers below 2^128 (four 32-bit limbs, least
 * significant first), chunk_digits digits at a time: one multiply-add or
 * one long division of the limbs per chunk, then cheap word arithmetic
 * inside the chunk.  With 64-bit registers a chunk is below 2^32 (nine
 * decimal digits); on 32- and 8-bit targets below 2^16, so no 64-bit
 * division is needed there.  Radix 10 gets constant divisors, which the
 * compiler turns into multiplications. */
#include <string.h>
#include "fpe/number.h"

#define LIMBS 4

#if UINTPTR_MAX > 0xffffffffu
#define CHUNK_LIMIT 0xffffffffu
#define DECIMAL_CHUNK 1000000000u
#define DECIMAL_CHUNK_DIGITS 9
#else
#define CHUNK_LIMIT 0xffffu
#define DECIMAL_CHUNK 10000u
#define DECIMAL_CHUNK_DIGITS 4
#endif

/* v = v * m + a; returns the carry out of 128 bits (nonzero = overflow). */
static uint32_t mul_add(uint32_t v[LIMBS], uint32_t m, uint32_t a)
{
    uint64_t carry = a;
    for (int i = 0; i < LIMBS; i++) {
        carry += (uint64_t)v[i] * m;
        v[i] = (uint32_t)carry;
        carry >>= 32;
    }
    return (uint32_t)carry;
}

/* v = v / d over the low `top` limbs, returns v mod d (d <= CHUNK_LIMIT). */
static inline uint32_t div_chunk(uint32_t v[LIMBS], int top, uint32_t d)
{
#if UINTPTR_MAX > 0xffffffffu
    uint64_t r = 0;
    for (int i = top - 1; i >= 0; i--) {
        uint64_t x = r << 32 | v[i];
        v[i] = (uint32_t)(x / d);
        r = x % d;
    }
    return (uint32_t)r;
#else
    uint32_t r = 0;          /* d < 2^16: each step divides 32 bits */
    for (int i = top - 1; i >= 0; i--) {
        uint32_t hi = r << 16 | v[i] >> 16, lo;
        r = hi % d;
        lo = r << 16 | (v[i] & 0xffff);
        r = lo % d;
        v[i] = (hi / d) << 16 | lo / d;
    }
    return r;
#endif
}

/* The m digits of c, least significant last. */
static inline void split_chunk(uint32_t c, uint16_t *digits, unsigned m, uint32_t radix)
{
    while (m--) {
        digits[m] = (uint16_t)(c % radix);
        c /= radix;
    }
}

kc_status kc_number_format_init(kc_number_format *f, unsigned radix, size_t len)
{
    /* radix in 2..65535, written so that 16-bit unsigned sees no always-false test */
    if (radix < 2 || radix - 2 > 65533u) return KC_ERR_RADIX;
    uint32_t v[LIMBS] = { 1, 0, 0, 0 };
    for (size_t i = 0; i < len; i++)          /* stops within 128 steps */
        if (mul_add(v, radix, 0)) return KC_ERR_DOMAIN_TOO_LARGE;
    memset(f, 0, sizeof *f);
    f->radix = radix;
    f->len = len;
    for (int i = LIMBS - 1; i >= 0 && !f->bits; i--)
        for (int b = 31; b >= 0; b--)
            if (v[i] >> b & 1) { f->bits = (unsigned)(32 * i + b + 1); break; }
    f->block_bytes = (f->bits + 7) / 8;
    for (size_t i = 0; i < f->block_bytes; i++)
        f->domain[f->block_bytes - 1 - i] = (uint8_t)(v[i / 4] >> (8 * (i % 4)));
    f->chunk = radix;
    f->chunk_digits = 1;
    while ((uint64_t)f->chunk * radix <= CHUNK_LIMIT) {
        f->chunk *= radix;
        f->chunk_digits++;
    }
    return KC_OK;
}

int kc_number_domain_below(const kc_number_format *f, uint32_t bound)
{
    uint32_t d = 0;
    if (f->block_bytes > 4) return 0;
    for (size_t i = 0; i < f->block_bytes; i++) d = d << 8 | f->domain[i];
    return d < bound;
}

/* Digits -> integer, chunk by chunk (limbs; digits_to_word for one word). */
static inline void digits_to_limbs(uint32_t v[LIMBS], const uint16_t *digits, size_t len,
                                   uint32_t radix, uint32_t chunk, unsigned chunk_digits)
{
    size_t i = 0;
    for (; i < len % chunk_digits; i++) v[0] = v[0] * radix + digits[i];   /* the short, leading chunk */
    while (i < len) {
        uint32_t c = 0;
        for (unsigned j = 0; j < chunk_digits; j++) c = c * radix + digits[i++];
        mul_add(v, chunk, c);
    }
}

static inline void limbs_to_digits(uint32_t v[LIMBS], uint16_t *digits, size_t len,
                                   uint32_t radix, uint32_t chunk, unsigned chunk_digits)
{
    int top = LIMBS;
    while (top > 0 && !v[top - 1]) top--;
    size_t i = len;
    for (; i > chunk_digits; i -= chunk_digits) {
        split_chunk(div_chunk(v, top, chunk), digits + i - chunk_digits, chunk_digits, radix);
        while (top > 0 && !v[top - 1]) top--;
    }
    split_chunk(v[0], digits, (unsigned)i, radix);   /* what is left is below chunk */
}

#if UINTPTR_MAX > 0xffffffffu
/* Numbers below 2^64 on 64-bit CPUs (e.g. up to 19 decimal digits): one word. */
static inline uint64_t digits_to_word(const uint16_t *digits, size_t len,
                                      uint32_t radix, uint32_t chunk, unsigned chunk_digits)
{
    size_t i = 0;
    uint64_t v = 0;
    for (; i < len % chunk_digits; i++) v = v * radix + digits[i];
    while (i < len) {
        uint32_t c = 0;
        for (unsigned j = 0; j < chunk_digits; j++) c = c * radix + digits[i++];
        v = v * chunk + c;
    }
    return v;
}

static inline void word_to_digits(uint64_t v, uint16_t *digits, size_t len,
                                  uint32_t radix, uint32_t chunk, unsigned chunk_digits)
{
    size_t i = len;
    for (; i > chunk_digits; i -= chunk_digits) {
        split_chunk((uint32_t)(v % chunk), digits + i - chunk_digits, chunk_digits, radix);
        v /= chunk;
    }
    split_chunk((uint32_t)v, digits, (unsigned)i, radix);
}
#define HAVE_WORD_PATH 1
#else
#define HAVE_WORD_PATH 0
#endif

/* Radix 10 is called with constants, so that its divisions become multiplications. */
#define BY_RADIX(f, call, ...) \
    ((f)->radix == 10 && (f)->chunk_digits == DECIMAL_CHUNK_DIGITS \
         ? call(__VA_ARGS__, 10, DECIMAL_CHUNK, DECIMAL_CHUNK_DIGITS) \
         : call(__VA_ARGS__, (f)->radix, (f)->chunk, (f)->chunk_digits))

/* The values are plaintext: the batch caller wipes its buffers; here they
 * live in registers or in these few locals, which are wiped. */
void kc_number_to_block(const kc_number_format *f, const uint16_t *digits, uint8_t *block)
{
    size_t bs = f->block_bytes;
#if HAVE_WORD_PATH
    if (bs <= 8) {
        uint64_t v = BY_RADIX(f, digits_to_word, digits, f->len);
        for (size_t k = 0; k < bs; k++) block[bs - 1 - k] = (uint8_t)(v >> (8 * k));
        return;
    }
#endif
    uint32_t v[LIMBS] = { 0, 0, 0, 0 };
    BY_RADIX(f, digits_to_limbs, v, digits, f->len);
    for (size_t k = 0; k < bs; k++) block[bs - 1 - k] = (uint8_t)(v[k / 4] >> (8 * (k % 4)));
    kc_wipe(v, sizeof v);
}

void kc_number_to_digits(const kc_number_format *f, const uint8_t *block, uint16_t *digits)
{
    size_t bs = f->block_bytes;
#if HAVE_WORD_PATH
    if (bs <= 8) {
        uint64_t v = 0;
        for (size_t k = 0; k < bs; k++) v = v << 8 | block[k];
        BY_RADIX(f, word_to_digits, v, digits, f->len);
        return;
    }
#endif
    uint32_t v[LIMBS] = { 0, 0, 0, 0 };
    for (size_t k = 0; k < bs; k++) v[k / 4] |= (uint32_t)block[bs - 1 - k] << (8 * (k % 4));
    BY_RADIX(f, limbs_to_digits, v, digits, f->len);
    kc_wipe(v, sizeof v);
}
