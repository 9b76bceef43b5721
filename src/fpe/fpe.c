/* SPDX-License-Identifier: MIT */
/* Format-preserving encryption of digit strings over FEA (specs/fea.md
 * section 10.1): the digits are an integer v < radix^len; it is encrypted
 * with the FEA block cipher on n = bit length of radix^len bits, repeating
 * while the result is >= radix^len (cycle walking; fewer than 2 steps on
 * average since radix^len >= 2^(n-1)).  The batch path walks many values
 * at once, so that SIMD FEA backends get full batches (number.c converts).
 *
 * Not constant time: the number of cycle-walking steps, and the digit
 * checks, depend on the data (inherent to cycle walking). */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "fpe/number.h"
#include "parallel/pool.h"

#define MAX_DIGITS 128       /* radix >= 2 and radix^len < 2^128 */
/* Values per cycle-walking pass of the batch path (two such block arrays
 * live on the stack). */
#define WALK_CHUNK (UINTPTR_MAX > 0xffffu ? 128 : 4)

struct kc_fpe {
    kc_fea *fea;
    kc_number_format fmt;
};

kc_status kc_fpe_new(kc_fpe **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len,
                     unsigned radix, size_t len, unsigned flags)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    kc_number_format fmt;
    kc_status st = kc_number_format_init(&fmt, radix, len);
    if (st != KC_OK) return st;
    uint32_t minimum = flags & KC_FPE_ALLOW_SMALL_DOMAIN ? 256 : KC_FPE_MIN_DOMAIN;
    if (kc_number_domain_below(&fmt, minimum)) return KC_ERR_DOMAIN_TOO_SMALL;

    kc_fea *fea;
    st = kc_fea_new(&fea, name, backend, key, key_len, fmt.bits);
    if (st != KC_OK) return st;
    kc_fpe *p = malloc(sizeof *p);
    if (!p) { kc_fea_free(fea); return KC_ERR_NO_MEMORY; }
    p->fea = fea;
    p->fmt = fmt;
    *out = p;
    return KC_OK;
}

void kc_fpe_free(kc_fpe *p)
{
    if (!p) return;
    kc_fea_free(p->fea);
    kc_wipe(p, sizeof *p);
    free(p);
}

unsigned kc_fpe_bits(const kc_fpe *p) { return p ? p->fmt.bits : 0; }
size_t kc_fpe_tweak_size(const kc_fpe *p) { return p ? kc_fea_tweak_size(p->fea) : 0; }

static kc_status fea(const kc_fpe *p, int encrypt, uint8_t *blocks, size_t count,
                     const uint8_t *tweak, size_t tweak_len)
{
    return (encrypt ? kc_fea_encrypt : kc_fea_decrypt)(p->fea, blocks, blocks, count, tweak, tweak_len);
}

/* Everything is checked and computed before out is written. */
static kc_status crypt_digits(const kc_fpe *p, int encrypt, uint16_t *out, const uint16_t *in,
                              size_t len, const uint8_t *tweak, size_t tweak_len)
{
    if (!p || !out || !in || (!tweak && tweak_len)) return KC_ERR_NULL;
    if (len != p->fmt.len) return KC_ERR_INPUT_TOO_SHORT;   /* wrong length, short or long */
    if (tweak_len && tweak_len != kc_fea_tweak_size(p->fea)) return KC_ERR_TWEAK_LENGTH;
    for (size_t i = 0; i < len; i++)
        if (in[i] >= p->fmt.radix) return KC_ERR_DIGIT;
    uint8_t block[16];
    kc_number_to_block(&p->fmt, in, block);
    kc_status st;
    do   /* cycle walking; FEA-1 tweak >= 2^(128-n) fails here */
        st = fea(p, encrypt, block, 1, tweak, tweak_len);
    while (st == KC_OK && !kc_number_in_domain(&p->fmt, block));
    if (st == KC_OK) kc_number_to_digits(&p->fmt, block, out);
    kc_wipe(block, sizeof block);
    return st;
}

kc_status kc_fpe_encrypt(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t len,
                         const uint8_t *tweak, size_t tweak_len)
{
    return crypt_digits(p, 1, out, in, len, tweak, tweak_len);
}

kc_status kc_fpe_decrypt(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t len,
                         const uint8_t *tweak, size_t tweak_len)
{
    return crypt_digits(p, 0, out, in, len, tweak, tweak_len);
}

/* '0'-'9', 'a'-'z', 'A'-'Z' -> 0..35; anything else -> 0xffff (never a digit here). */
static uint16_t char_value(char c)
{
    if (c >= '0' && c <= '9') return (uint16_t)(c - '0');
    if (c >= 'a' && c <= 'z') return (uint16_t)(c - 'a' + 10);
    if (c >= 'A' && c <= 'Z') return (uint16_t)(c - 'A' + 10);
    return 0xffff;
}

/* The string must have exactly the len given to kc_fpe_new, otherwise
 * KC_ERR_INPUT_TOO_SHORT (shorter or longer).  out receives len characters
 * and a NUL; out == in is allowed. */
static kc_status crypt_str(const kc_fpe *p, int encrypt, char *out, const char *in,
                           const uint8_t *tweak, size_t tweak_len)
{
    static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (!p || !out || !in) return KC_ERR_NULL;
    if (p->fmt.radix > 36) return KC_ERR_RADIX;
    size_t len = 0;
    while (len <= p->fmt.len && in[len]) len++;
    if (len != p->fmt.len) return KC_ERR_INPUT_TOO_SHORT;
    uint16_t d[MAX_DIGITS] = { 0 };
    kc_status st = KC_OK;
    for (size_t i = 0; i < len; i++)          /* checked here too: out indexes alphabet by d[] */
        if ((d[i] = char_value(in[i])) >= p->fmt.radix) st = KC_ERR_DIGIT;
    if (st == KC_OK) st = crypt_digits(p, encrypt, d, d, len, tweak, tweak_len);
    if (st == KC_OK) {
        for (size_t i = 0; i < len; i++) out[i] = alphabet[d[i]];
        out[len] = 0;
    }
    kc_wipe(d, sizeof d);
    return st;
}

kc_status kc_fpe_encrypt_str(const kc_fpe *p, char *out, const char *in,
                             const uint8_t *tweak, size_t tweak_len)
{
    return crypt_str(p, 1, out, in, tweak, tweak_len);
}

kc_status kc_fpe_decrypt_str(const kc_fpe *p, char *out, const char *in,
                             const uint8_t *tweak, size_t tweak_len)
{
    return crypt_str(p, 0, out, in, tweak, tweak_len);
}

/* ---- many values of one length, across threads ---- */

typedef struct fpe_batch {
    const kc_fpe *p;
    int encrypt;
    uint16_t *out;
    const uint16_t *in;
    const uint8_t *tweak;
    size_t tweak_len;
} fpe_batch;

/* Up to WALK_CHUNK values: all are encrypted once together, then those
 * still outside the domain are gathered and encrypted again together until
 * none is left. */
static void walk_chunk(const fpe_batch *b, size_t first, size_t count)
{
    const kc_number_format *f = &b->p->fmt;
    size_t bs = f->block_bytes;
    uint8_t blocks[WALK_CHUNK * 16], again[WALK_CHUNK * 16];
    uint16_t where[WALK_CHUNK];
    for (size_t i = 0; i < count; i++) kc_number_to_block(f, b->in + (first + i) * f->len, blocks + i * bs);
    fea(b->p, b->encrypt, blocks, count, b->tweak, b->tweak_len);   /* checked: cannot fail */
    size_t left = 0;
    for (size_t i = 0; i < count; i++)
        if (!kc_number_in_domain(f, blocks + i * bs)) {
            where[left] = (uint16_t)i;
            memcpy(again + left++ * bs, blocks + i * bs, bs);
        }
    while (left) {
        fea(b->p, b->encrypt, again, left, b->tweak, b->tweak_len);
        size_t still = 0;
        for (size_t j = 0; j < left; j++) {
            if (kc_number_in_domain(f, again + j * bs)) {
                memcpy(blocks + where[j] * bs, again + j * bs, bs);
            } else {
                where[still] = where[j];
                memmove(again + still++ * bs, again + j * bs, bs);
            }
        }
        left = still;
    }
    for (size_t i = 0; i < count; i++) kc_number_to_digits(f, blocks + i * bs, b->out + (first + i) * f->len);
    kc_wipe(blocks, count * bs);
    kc_wipe(again, count * bs);
}

static void batch_share(void *arg, size_t first, size_t n)
{
    for (size_t done = 0; done < n;) {
        size_t m = n - done < WALK_CHUNK ? n - done : WALK_CHUNK;
        walk_chunk(arg, first + done, m);
        done += m;
    }
}

/* Checks every value and the tweak first, so nothing is written on error. */
static kc_status crypt_batch(const kc_fpe *p, int encrypt, uint16_t *out, const uint16_t *in,
                             size_t count, const uint8_t *tweak, size_t tweak_len)
{
    if (!p || ((!out || !in) && count) || (!tweak && tweak_len)) return KC_ERR_NULL;
    if (tweak_len && tweak_len != kc_fea_tweak_size(p->fea)) return KC_ERR_TWEAK_LENGTH;
    size_t len = p->fmt.len;
    if (count > SIZE_MAX / sizeof *in / len) return KC_ERR_INPUT_TOO_SHORT;
    for (size_t i = 0; i < count * len; i++)
        if (in[i] >= p->fmt.radix) return KC_ERR_DIGIT;
    uint8_t zero[16] = { 0 }, scratch[16];
    kc_status st = kc_fea_encrypt(p->fea, scratch, zero, 1, tweak, tweak_len);   /* FEA-1 tweak width */
    if (st != KC_OK) return st;
    fpe_batch b = { p, encrypt, out, in, tweak, tweak_len };
    kc_parallel_shares(count, count * p->fmt.block_bytes * 8, batch_share, &b);
    return KC_OK;
}

kc_status kc_fpe_encrypt_batch(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                               const uint8_t *tweak, size_t tweak_len)
{
    return crypt_batch(p, 1, out, in, count, tweak, tweak_len);
}

kc_status kc_fpe_decrypt_batch(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                               const uint8_t *tweak, size_t tweak_len)
{
    return crypt_batch(p, 0, out, in, count, tweak, tweak_len);
}
