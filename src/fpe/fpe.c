/* SPDX-License-Identifier: MIT */
/* Format-preserving encryption of digit strings: the kc_fpe front (checks,
 * strings, batches across threads) over one table of constructions, FF1 and
 * FF3-1 (ff.c) and FEA by cycle walking, here.
 *
 * FEA ([FEA], the reference library's decimal and radix strings): the digits are an
 * integer v < radix^len; it is encrypted with the FEA block cipher on n =
 * bit length of radix^len bits, repeating while the result is >= radix^len
 * (cycle walking; fewer than 2 steps on average since radix^len >=
 * 2^(n-1)).  The batch path walks many values at once, so that SIMD FEA
 * backends get full batches (number.c converts).
 *
 * Not constant time: the number of cycle-walking steps, and the digit
 * checks, depend on the data (inherent to cycle walking). */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "core/names.h"
#include "fpe/number.h"
#include "fpe/ff.h"
#include "parallel/pool.h"

/* Values per cycle-walking pass of the batch path (two such block arrays
 * live on the stack). */
#define WALK_CHUNK (UINTPTR_MAX > 0xffffu ? 128 : 4)

typedef struct fpe_batch fpe_batch;

/* One FPE construction: FEA by cycle walking (below) or FF1 / FF3-1 (ff.c). */
typedef struct fpe_construction {
    kc_cons_id id;
    const kc_ff_alg *alg;                    /* FF only */
    /* Keys p (radix, len set) for the name's cipher; checks the domain. */
    kc_status (*open)(kc_fpe *p, const char *cipher, const char *backend, const uint8_t *key, size_t key_len,
                      unsigned flags);
    void (*close)(kc_fpe *p);
    unsigned (*bits)(const kc_fpe *p);
    size_t (*tweak_size)(const kc_fpe *p);
    int (*tweak_ok)(const kc_fpe *p, size_t tweak_len);
    /* Whether the tweaks (count of them, stride bytes apart) are in range. */
    int (*tweaks_in_range)(const kc_fpe *p, const uint8_t *tweaks, size_t count, size_t stride, size_t tweak_len);
    /* Values [first, first + n) of a checked batch; fails only for want of memory. */
    kc_status (*share)(const fpe_batch *b, size_t first, size_t n);
} fpe_construction;

struct kc_fpe {
    const fpe_construction *c;
    kc_fea *fea;             /* FEA */
    kc_ff *ff;               /* FF1 / FF3-1 */
    kc_number_format fmt;    /* FEA only */
    uint32_t radix;
    size_t len;
};

struct fpe_batch {
    const kc_fpe *p;
    int encrypt;
    uint16_t *out;
    const uint16_t *in;
    const uint8_t *tweaks;   /* value k's at tweaks + k * tweak_stride */
    size_t tweak_stride, tweak_len;
};

/* ---- FEA by cycle walking ---- */

static kc_status fea_open(kc_fpe *p, const char *cipher, const char *backend, const uint8_t *key, size_t key_len,
                          unsigned flags)
{
    kc_status st = kc_number_format_init(&p->fmt, p->radix, p->len);
    if (st != KC_OK) return st;
    uint32_t minimum = flags & KC_FPE_ALLOW_SMALL_DOMAIN ? 256 : KC_FPE_MIN_DOMAIN;
    if (kc_number_domain_below(&p->fmt, minimum)) return KC_ERR_DOMAIN_TOO_SMALL;
    return kc_fea_new(&p->fea, cipher, backend, key, key_len, p->fmt.bits);
}

static void fea_close(kc_fpe *p) { kc_fea_free(p->fea); }
static unsigned fea_bits(const kc_fpe *p) { return p->fmt.bits; }
static size_t fea_tweak_size(const kc_fpe *p) { return kc_fea_tweak_size(p->fea); }

static int fea_tweak_ok(const kc_fpe *p, size_t tweak_len)
{
    return !tweak_len || tweak_len == kc_fea_tweak_size(p->fea);
}

/* Below, with the batch path they share. */
static int fea_tweaks_in_range(const kc_fpe *p, const uint8_t *tweaks, size_t count, size_t stride,
                               size_t tweak_len);
static kc_status fea_share(const fpe_batch *b, size_t first, size_t n);

/* ---- FF1 / FF3-1 (ff.c) ---- */

static kc_status ff_open(kc_fpe *p, const char *cipher, const char *backend, const uint8_t *key, size_t key_len,
                         unsigned flags)
{
    return kc_ff_new(&p->ff, p->c->alg, cipher, backend, key, key_len, p->radix, p->len, flags);
}

static void ff_close(kc_fpe *p) { kc_ff_free(p->ff); }
static unsigned ff_bits(const kc_fpe *p) { return p->ff->bits; }
static size_t ff_tweak_size(const kc_fpe *p) { return kc_ff_tweak_size(p->ff); }
static int ff_tweak_ok(const kc_fpe *p, size_t tweak_len) { return p->ff->alg->tweak_ok(tweak_len); }

static int ff_tweaks_in_range(const kc_fpe *p, const uint8_t *tweaks, size_t count, size_t stride,
                              size_t tweak_len)
{
    (void)p, (void)tweaks, (void)count, (void)stride, (void)tweak_len;
    return 1;
}

/* FF1/FF3-1 batch internally. */
static kc_status ff_share(const fpe_batch *b, size_t first, size_t n)
{
    size_t len = b->p->len;
    return kc_ff_crypt(b->p->ff, b->encrypt, b->out + first * len, b->in + first * len, n,
                       b->tweaks ? b->tweaks + first * b->tweak_stride : NULL, b->tweak_stride, b->tweak_len);
}

#define FF(cons, a) { .id = cons, .alg = a, .open = ff_open, .close = ff_close, .bits = ff_bits, \
                      .tweak_size = ff_tweak_size, .tweak_ok = ff_tweak_ok, .tweaks_in_range = ff_tweaks_in_range, \
                      .share = ff_share }
/* The construction of each FPE name (core/names.c). */
static const fpe_construction constructions[] = {
    { .id = KC_CONS_NONE, .open = fea_open, .close = fea_close, .bits = fea_bits, .tweak_size = fea_tweak_size,
      .tweak_ok = fea_tweak_ok, .tweaks_in_range = fea_tweaks_in_range, .share = fea_share },
    FF(KC_CONS_FF1, &kc_ff1_alg),
    FF(KC_CONS_FF3_1, &kc_ff3_1_alg),
};

/* ---- the front: checks, one value, strings, batches across threads ---- */

kc_status kc_fpe_new(kc_fpe **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len,
                     unsigned radix, size_t len, unsigned flags)
{
    if (!out || !name || (!key && key_len)) return KC_ERR_NULL;
    *out = NULL;
    /* An FEA row or an FF name; anything else goes to FEA, whose kc_fea_new names the error. */
    kc_name n;
    kc_cons_id id = kc_name_parse(name, &n) == KC_OK && n.cons ? n.cons->id : KC_CONS_NONE;
    const fpe_construction *c = &constructions[0];
    for (size_t i = 0; i < sizeof constructions / sizeof constructions[0]; i++)
        if (constructions[i].id == id) c = &constructions[i];
    kc_fpe *p = calloc(1, sizeof *p);
    if (!p) return KC_ERR_NO_MEMORY;
    p->c = c;
    p->radix = radix;
    p->len = len;
    kc_status st = c->open(p, c->id == KC_CONS_NONE ? name : n.cipher->info.name, backend, key, key_len, flags);
    if (st != KC_OK) { free(p); return st; }
    *out = p;
    return KC_OK;
}

void kc_fpe_free(kc_fpe *p)
{
    if (!p) return;
    p->c->close(p);
    kc_wipe(p, sizeof *p);
    free(p);
}

unsigned kc_fpe_bits(const kc_fpe *p) { return p ? p->c->bits(p) : 0; }
size_t kc_fpe_tweak_size(const kc_fpe *p) { return p ? p->c->tweak_size(p) : 0; }

/* Everything is checked and computed before out is written. */
static kc_status crypt_digits(const kc_fpe *p, int encrypt, uint16_t *out, const uint16_t *in,
                              size_t len, const uint8_t *tweak, size_t tweak_len)
{
    if (!p || !out || !in || (!tweak && tweak_len)) return KC_ERR_NULL;
    if (len != p->len) return KC_ERR_LENGTH_MISMATCH;   /* not the length p was made for */
    if (!p->c->tweak_ok(p, tweak_len)) return KC_ERR_TWEAK_LENGTH;
    for (size_t i = 0; i < len; i++)
        if (in[i] >= p->radix) return KC_ERR_DIGIT;
    if (tweak_len && !p->c->tweaks_in_range(p, tweak, 1, 0, tweak_len)) return KC_ERR_VALUE_OUT_OF_DOMAIN;
    fpe_batch b = { p, encrypt, out, in, tweak, 0, tweak_len };
    return p->c->share(&b, 0, 1);
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

/* '0'-'9', 'a'-'z' -> 0..35; anything else -> 0xffff (never a digit here).
 * Upper case is not folded: the token comes back in lower case, so
 * "ACCOUNT7X9Q" would detokenize to "account7x9q". */
static uint16_t char_value(char c)
{
    if (c >= '0' && c <= '9') return (uint16_t)(c - '0');
    if (c >= 'a' && c <= 'z') return (uint16_t)(c - 'a' + 10);
    return 0xffff;
}

/* The string must have exactly the len given to kc_fpe_new, otherwise
 * KC_ERR_LENGTH_MISMATCH (shorter or longer).  out receives len characters
 * and a NUL; out == in is allowed. */
static kc_status crypt_str(const kc_fpe *p, int encrypt, char *out, const char *in,
                           const uint8_t *tweak, size_t tweak_len)
{
    static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (!p || !out || !in) return KC_ERR_NULL;
    if (p->radix > 36) return KC_ERR_RADIX;
    size_t len = 0;
    while (len <= p->len && in[len]) len++;
    if (len != p->len) return KC_ERR_LENGTH_MISMATCH;
    uint16_t d[KC_FF_MAX_LEN] = { 0 };
    kc_status st = KC_OK;
    for (size_t i = 0; i < len; i++)          /* checked here too: out indexes alphabet by d[] */
        if ((d[i] = char_value(in[i])) >= p->radix) st = KC_ERR_DIGIT;
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

static void fea_tweaks(const fpe_batch *b, uint8_t *blocks, size_t count, const uint8_t *tweaks)
{
    if (b->tweak_stride)
        (b->encrypt ? kc_fea_encrypt_tweaks : kc_fea_decrypt_tweaks)(b->p->fea, blocks, blocks, count,
                                                                      tweaks, b->tweak_len);
    else
        (b->encrypt ? kc_fea_encrypt : kc_fea_decrypt)(b->p->fea, blocks, blocks, count, tweaks, b->tweak_len);
}

/* Up to WALK_CHUNK values: all are encrypted once together, then those
 * still outside the domain are gathered (with their tweaks) and encrypted
 * again together until none is left. */
static void walk_chunk(const fpe_batch *b, size_t first, size_t count)
{
    const kc_number_format *f = &b->p->fmt;
    size_t bs = f->block_bytes, ts = b->tweak_stride;
    uint8_t blocks[WALK_CHUNK * 16], again[WALK_CHUNK * 16], again_tweaks[WALK_CHUNK * 16];
    uint16_t where[WALK_CHUNK];
    const uint8_t *tweaks = b->tweaks ? b->tweaks + first * ts : NULL;
    for (size_t i = 0; i < count; i++) kc_number_to_block(f, b->in + (first + i) * f->len, blocks + i * bs);
    fea_tweaks(b, blocks, count, tweaks);   /* checked: cannot fail */
    size_t left = 0;
    for (size_t i = 0; i < count; i++)
        if (!kc_number_in_domain(f, blocks + i * bs)) {
            where[left] = (uint16_t)i;
            if (ts && tweaks) memcpy(again_tweaks + left * ts, tweaks + i * ts, ts);
            memcpy(again + left++ * bs, blocks + i * bs, bs);
        }
    while (left) {
        fea_tweaks(b, again, left, ts ? again_tweaks : tweaks);
        size_t still = 0;
        for (size_t j = 0; j < left; j++) {
            if (kc_number_in_domain(f, again + j * bs)) {
                memcpy(blocks + where[j] * bs, again + j * bs, bs);
            } else {
                where[still] = where[j];
                if (ts) memmove(again_tweaks + still * ts, again_tweaks + j * ts, ts);
                memmove(again + still++ * bs, again + j * bs, bs);
            }
        }
        left = still;
    }
    for (size_t i = 0; i < count; i++) kc_number_to_digits(f, blocks + i * bs, b->out + (first + i) * f->len);
    kc_wipe(blocks, count * bs);
    kc_wipe(again, count * bs);
}

static kc_status fea_share(const fpe_batch *b, size_t first, size_t n)
{
    for (size_t done = 0; done < n;) {
        size_t m = n - done < WALK_CHUNK ? n - done : WALK_CHUNK;
        walk_chunk(b, first + done, m);
        done += m;
    }
    return KC_OK;
}

static void batch_share(void *arg, size_t first, size_t n)
{
    const fpe_batch *b = arg;
    (void)b->p->c->share(b, first, n);
}

/* An FEA-1 tweak is a (128 - n)-bit integer: the unused high bits of its
 * first byte must be zero. */
static int fea_tweaks_in_range(const kc_fpe *p, const uint8_t *tweaks, size_t count, size_t stride,
                               size_t tweak_len)
{
    if (tweak_len >= 16) return 1;                 /* FEA-2 */
    size_t excess = tweak_len * 8 - (128 - p->fmt.bits);
    for (size_t k = 0; k < (stride ? count : 1); k++)
        if (excess && tweaks[k * stride] >> (8 - excess)) return 0;
    return 1;
}

/* Checks every value and tweak first, so nothing is written on error. */
static kc_status crypt_batch(const kc_fpe *p, int encrypt, uint16_t *out, const uint16_t *in,
                             size_t count, const uint8_t *tweaks, size_t tweak_len, size_t stride)
{
    if (!p || ((!out || !in) && count) || (!tweaks && tweak_len)) return KC_ERR_NULL;
    if (!p->c->tweak_ok(p, tweak_len)) return KC_ERR_TWEAK_LENGTH;
    size_t len = p->len;
    if (count > SIZE_MAX / sizeof *in / len) return KC_ERR_INPUT_TOO_LONG;
    unsigned bad = 0;        /* no early exit: the loop vectorises */
    for (size_t i = 0; i < count * len; i++) bad |= in[i] >= p->radix;
    if (bad) return KC_ERR_DIGIT;
    if (tweak_len && !p->c->tweaks_in_range(p, tweaks, count, stride, tweak_len))
        return KC_ERR_VALUE_OUT_OF_DOMAIN;
    fpe_batch b = { p, encrypt, out, in, tweaks, stride, tweak_len };
    kc_parallel_shares(count, count * len * 8, batch_share, &b);
    return KC_OK;
}

kc_status kc_fpe_encrypt_batch(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                               const uint8_t *tweak, size_t tweak_len)
{
    return crypt_batch(p, 1, out, in, count, tweak, tweak_len, 0);
}

kc_status kc_fpe_decrypt_batch(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                               const uint8_t *tweak, size_t tweak_len)
{
    return crypt_batch(p, 0, out, in, count, tweak, tweak_len, 0);
}

kc_status kc_fpe_encrypt_tweaks(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len)
{
    return crypt_batch(p, 1, out, in, count, tweaks, tweak_len, tweak_len);
}

kc_status kc_fpe_decrypt_tweaks(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len)
{
    return crypt_batch(p, 0, out, in, count, tweaks, tweak_len, tweak_len);
}
