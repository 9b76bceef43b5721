/* Format-preserving encryption of digit strings over FEA (specs/fea.md
 * section 10.1): the digits are an integer v < radix^len; it is encrypted
 * with the FEA block cipher on n = bit length of radix^len bits, repeating
 * while the result is >= radix^len (cycle walking; fewer than 2 steps on
 * average since radix^len >= 2^(n-1)).  Integers are 128 bits in 32-bit
 * limbs with 16-bit digit arithmetic, so 32- and 8-bit targets need no
 * 64-bit division.
 *
 * Not constant time: the number of cycle-walking steps, and the digit
 * checks, depend on the data (inherent to cycle walking). */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "parallel/pool.h"

#define LIMBS 4              /* least significant first */
#define MAX_DIGITS 128       /* radix >= 2 and radix^len < 2^128 */

struct kc_fpe {
    kc_fea *fea;
    unsigned radix, n;
    size_t len, block_bytes;
    uint32_t domain[LIMBS];  /* radix^len */
};

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

/* v = v / d, returns v mod d; d < 2^16, so each step divides 32 bits. */
static uint32_t div_small(uint32_t v[LIMBS], uint32_t d)
{
    uint32_t r = 0;
    for (int i = LIMBS - 1; i >= 0; i--) {
        uint32_t hi = r << 16 | v[i] >> 16, lo;
        r = hi % d;
        lo = r << 16 | (v[i] & 0xffff);
        r = lo % d;
        v[i] = (hi / d) << 16 | lo / d;
    }
    return r;
}

static int less(const uint32_t a[LIMBS], const uint32_t b[LIMBS])
{
    for (int i = LIMBS - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

static unsigned bit_length(const uint32_t v[LIMBS])
{
    for (int i = LIMBS - 1; i >= 0; i--)
        for (int b = 31; b >= 0; b--)
            if (v[i] >> b & 1) return (unsigned)(32 * i + b + 1);
    return 0;
}

/* Big-endian bytes (the FEA block format) <-> limbs. */
static void to_bytes(const uint32_t v[LIMBS], uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++) p[len - 1 - i] = (uint8_t)(v[i / 4] >> (8 * (i % 4)));
}

static void from_bytes(uint32_t v[LIMBS], const uint8_t *p, size_t len)
{
    memset(v, 0, LIMBS * sizeof v[0]);
    for (size_t i = 0; i < len; i++) v[i / 4] |= (uint32_t)p[len - 1 - i] << (8 * (i % 4));
}

kc_status kc_fpe_new(kc_fpe **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len,
                     unsigned radix, size_t len, unsigned flags)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    /* radix in 2..65535, written so that 16-bit unsigned sees no always-false test */
    if (radix < 2 || radix - 2 > 65533u) return KC_ERR_RADIX;
    uint32_t domain[LIMBS] = { 1, 0, 0, 0 };
    for (size_t i = 0; i < len; i++)      /* stops within 128 steps */
        if (mul_add(domain, radix, 0)) return KC_ERR_DOMAIN_TOO_LARGE;
    uint32_t minimum = flags & KC_FPE_ALLOW_SMALL_DOMAIN ? 256 : KC_FPE_MIN_DOMAIN;
    if (!domain[1] && !domain[2] && !domain[3] && domain[0] < minimum) return KC_ERR_DOMAIN_TOO_SMALL;

    unsigned n = bit_length(domain);
    kc_fea *fea;
    kc_status st = kc_fea_new(&fea, name, backend, key, key_len, n);
    if (st != KC_OK) return st;
    kc_fpe *p = malloc(sizeof *p);
    if (!p) { kc_fea_free(fea); return KC_ERR_NO_MEMORY; }
    p->fea = fea;
    p->radix = radix;
    p->n = n;
    p->len = len;
    p->block_bytes = kc_fea_block_size(fea);
    memcpy(p->domain, domain, sizeof domain);
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

unsigned kc_fpe_bits(const kc_fpe *p) { return p ? p->n : 0; }
size_t kc_fpe_tweak_size(const kc_fpe *p) { return p ? kc_fea_tweak_size(p->fea) : 0; }

/* Cycle walking on v, which is below the domain. */
static kc_status walk(const kc_fpe *p, int encrypt, uint32_t v[LIMBS],
                      const uint8_t *tweak, size_t tweak_len)
{
    uint8_t block[16];
    kc_status st;
    to_bytes(v, block, p->block_bytes);
    do {
        st = (encrypt ? kc_fea_encrypt : kc_fea_decrypt)(p->fea, block, block, 1, tweak, tweak_len);
        from_bytes(v, block, p->block_bytes);
    } while (st == KC_OK && !less(v, p->domain));
    kc_wipe(block, sizeof block);
    return st;
}

/* Everything is checked and computed before out is written. */
static kc_status crypt_digits(const kc_fpe *p, int encrypt, uint16_t *out, const uint16_t *in,
                              size_t len, const uint8_t *tweak, size_t tweak_len)
{
    if (!p || !out || !in || (!tweak && tweak_len)) return KC_ERR_NULL;
    if (len != p->len) return KC_ERR_INPUT_TOO_SHORT;   /* wrong length, short or long */
    if (tweak_len && tweak_len != kc_fea_tweak_size(p->fea)) return KC_ERR_TWEAK_LENGTH;
    for (size_t i = 0; i < len; i++)
        if (in[i] >= p->radix) return KC_ERR_DIGIT;
    uint32_t v[LIMBS] = { 0, 0, 0, 0 };
    for (size_t i = 0; i < len; i++) mul_add(v, p->radix, in[i]);
    kc_status st = walk(p, encrypt, v, tweak, tweak_len);   /* FEA-1 tweak >= 2^(128-n): fails here */
    if (st == KC_OK)
        for (size_t i = len; i-- > 0;) out[i] = (uint16_t)div_small(v, p->radix);
    kc_wipe(v, sizeof v);
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
    if (p->radix > 36) return KC_ERR_RADIX;
    size_t len = 0;
    while (len <= p->len && in[len]) len++;
    if (len != p->len) return KC_ERR_INPUT_TOO_SHORT;
    uint16_t d[MAX_DIGITS] = { 0 };
    for (size_t i = 0; i < len; i++) d[i] = char_value(in[i]);
    kc_status st = crypt_digits(p, encrypt, d, d, len, tweak, tweak_len);
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

static void batch_share(void *arg, size_t first, size_t n)
{
    const fpe_batch *b = arg;
    size_t len = b->p->len;
    for (size_t i = first; i < first + n; i++)   /* inputs were checked: cannot fail */
        crypt_digits(b->p, b->encrypt, b->out + i * len, b->in + i * len, len, b->tweak, b->tweak_len);
}

/* Checks every value and the tweak first, so nothing is written on error. */
static kc_status crypt_batch(const kc_fpe *p, int encrypt, uint16_t *out, const uint16_t *in,
                             size_t count, const uint8_t *tweak, size_t tweak_len)
{
    if (!p || ((!out || !in) && count) || (!tweak && tweak_len)) return KC_ERR_NULL;
    if (tweak_len && tweak_len != kc_fea_tweak_size(p->fea)) return KC_ERR_TWEAK_LENGTH;
    if (count > SIZE_MAX / sizeof *in / p->len) return KC_ERR_INPUT_TOO_SHORT;
    for (size_t i = 0; i < count * p->len; i++)
        if (in[i] >= p->radix) return KC_ERR_DIGIT;
    uint8_t zero[16] = { 0 }, scratch[16];
    kc_status st = kc_fea_encrypt(p->fea, scratch, zero, 1, tweak, tweak_len);   /* FEA-1 tweak width */
    if (st != KC_OK) return st;
    fpe_batch b = { p, encrypt, out, in, tweak, tweak_len };
    kc_parallel_shares(count, count * p->block_bytes * 8, batch_share, &b);
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
