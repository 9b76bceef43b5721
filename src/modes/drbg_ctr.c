/* SPDX-License-Identifier: MIT */
/* CTR_DRBG ([SP800-90A] Rev. 1, 10.2) over a block cipher with 16-byte
 * blocks, with or without the derivation function (Block_Cipher_df,
 * 10.3.2); ctr_len is the whole block.  Output blocks are the cipher's
 * ECB over counter blocks made here. */
#include <stdlib.h>
#include <string.h>
#include "core/util.h"
#include "modes/drbg.h"
#include "modes/modes.h"

#define SEED_MAX 48   /* seedlen: key + 16 bytes */

typedef struct ctr_drbg {
    kc_cipher *c;     /* keyed with Key, rekeyed by each update */
    kc_cipher *dfc;   /* the derivation function's own keys (NULL without df) */
    uint8_t v[16];
    size_t keylen, seedlen;
    int df;
} ctr_drbg;

static void rekey(kc_cipher *c, const uint8_t *key, size_t keylen)
{
    kc_wipe(c->ctx, c->impl->head.ctx_size);
    c->impl->set_key(c->ctx, key, keylen, 16);
}

/* V + 1 on the whole 128-bit big-endian block, without branches. */
static void inc(uint8_t v[16])
{
    unsigned c = 1;
    for (int i = 15; i >= 0; i--) {
        c += v[i];
        v[i] = (uint8_t)c;
        c >>= 8;
    }
}

/* n blocks of E(V+1), E(V+2), ... into out; V ends on the last one used.
 * V is secret: its blocks are counted here without branches and encrypted
 * as ECB, not through the cipher's CTR kernel, which takes its counter to
 * be public and may branch on its value (where a run wraps). */
static void blocks(ctr_drbg *s, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        inc(s->v);
        memcpy(out + 16 * i, s->v, 16);
    }
    s->c->impl->encrypt(s->c->ctx, out, out, n);
}

/* CTR_DRBG_Update (10.2.1.2); provided is seedlen bytes, NULL for zeros. */
static void update(ctr_drbg *s, const uint8_t *provided)
{
    uint8_t t[SEED_MAX] = { 0 };   /* zeroed: the analyzer cannot see that blocks() writes seedlen bytes */
    blocks(s, t, (s->seedlen + 15) / 16);
    if (provided)
        for (size_t i = 0; i < s->seedlen; i++) t[i] ^= provided[i];
    rekey(s->c, t, s->keylen);
    memcpy(s->v, t + s->keylen, 16);
    kc_wipe(t, sizeof t);
}

/* ---- Block_Cipher_df (10.3.2) with BCC streamed over the pieces ---- */
typedef struct bcc {
    const kc_cipher *c;
    uint8_t x[16], buf[16];
    size_t n;
} bcc;

static void bcc_feed(bcc *b, const uint8_t *p, size_t len)
{
    while (len) {
        size_t k = 16 - b->n < len ? 16 - b->n : len;
        memcpy(b->buf + b->n, p, k);
        b->n += k;
        p += k;
        len -= k;
        if (b->n == 16) {
            for (int i = 0; i < 16; i++) b->x[i] ^= b->buf[i];
            b->c->impl->encrypt(b->c->ctx, b->x, b->x, 1);
            b->n = 0;
        }
    }
}

/* seedlen bytes of df(pieces) into out; the input is below 2^32 bytes (checked by the front). */
static void df(ctr_drbg *s, const kc_drbg_bytes *in, size_t pieces, uint8_t *out)
{
    static const uint8_t k0[32] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };
    static const uint8_t zeros[16] = { 0 }, one = 0x80;
    uint8_t temp[SEED_MAX], ln[8];
    size_t l = 0;
    for (size_t i = 0; i < pieces; i++) l += in[i].n;
    kc_store32_be(ln, (uint32_t)l);
    kc_store32_be(ln + 4, (uint32_t)s->seedlen);
    rekey(s->dfc, k0, s->keylen);
    for (uint32_t i = 0; 16 * i < s->seedlen; i++) {
        bcc b = { .c = s->dfc };
        uint8_t iv[16] = { 0 };
        kc_store32_be(iv, i);
        bcc_feed(&b, iv, 16);
        bcc_feed(&b, ln, 8);
        for (size_t j = 0; j < pieces; j++) bcc_feed(&b, in[j].p, in[j].n);
        bcc_feed(&b, &one, 1);
        if (b.n) bcc_feed(&b, zeros, 16 - b.n);
        memcpy(temp + 16 * i, b.x, 16);
        kc_wipe(&b, sizeof b);
    }
    rekey(s->dfc, temp, s->keylen);       /* K: the leftmost keylen bytes; X: the next block */
    uint8_t *x = temp + s->keylen;
    for (size_t i = 0; i < s->seedlen; i += 16)
        s->dfc->impl->encrypt(s->dfc->ctx, out + i, i ? out + i - 16 : x, 1);
    kc_wipe(s->dfc->ctx, s->dfc->impl->head.ctx_size);
    kc_wipe(temp, sizeof temp);
}

/* The pieces as seedlen bytes of seed material: df, or (no df) their
 * concatenation zero-padded, XORed into the entropy (piece 0). */
static void material(ctr_drbg *s, const kc_drbg_bytes *in, size_t pieces, uint8_t *out)
{
    if (s->df) {
        df(s, in, pieces, out);
        return;
    }
    memset(out, 0, s->seedlen);
    size_t at = 0;
    for (size_t j = 1; j < pieces; j++) {   /* personalization or additional input: at most seedlen (checked) */
        if (in[j].n) memcpy(out + at, in[j].p, in[j].n);
        at += in[j].n;
    }
    for (size_t i = 0; i < s->seedlen; i++) out[i] ^= in[0].p[i];
}

static void instantiate(void *state, const kc_drbg_bytes *seed, size_t pieces)
{
    ctr_drbg *s = state;
    uint8_t m[SEED_MAX];
    static const uint8_t zero_key[32] = { 0 };
    material(s, seed, pieces, m);
    rekey(s->c, zero_key, s->keylen);
    memset(s->v, 0, 16);
    update(s, m);
    kc_wipe(m, sizeof m);
}

static void reseed(void *state, const kc_drbg_bytes *seed, size_t pieces)
{
    ctr_drbg *s = state;
    uint8_t m[SEED_MAX];
    material(s, seed, pieces, m);
    update(s, m);
    kc_wipe(m, sizeof m);
}

/* Generate (10.2.1.5.1/2) after the front's reseed checks. */
static void generate(void *state, uint8_t *out, size_t len, const uint8_t *add, size_t add_len)
{
    ctr_drbg *s = state;
    uint8_t a[SEED_MAX] = { 0 }, last[16];   /* a zeroed: the analyzer cannot see that df() writes seedlen bytes */
    const uint8_t *ap = NULL;
    if (add_len) {
        kc_drbg_bytes piece = { add, add_len };
        if (s->df) df(s, &piece, 1, a);
        else {
            memset(a, 0, s->seedlen);
            memcpy(a, add, add_len);
        }
        update(s, a);
        ap = a;
    }
    size_t whole = len / 16;
    if (whole) blocks(s, out, whole);
    if (len % 16) {
        blocks(s, last, 1);
        memcpy(out + 16 * whole, last, len % 16);
        kc_wipe(last, sizeof last);
    }
    update(s, ap);
    kc_wipe(a, sizeof a);
}

static kc_status init(void **state, const kc_name *n, const char *backend, unsigned flags)
{
    static const uint8_t zero_key[32] = { 0 };
    ctr_drbg *s = calloc(1, sizeof *s);
    if (!s) return KC_ERR_NO_MEMORY;
    s->keylen = n->cipher->info.key_bytes;
    s->seedlen = s->keylen + 16;
    s->df = !(flags & KC_DRBG_NO_DF);
    kc_status st = kc_cipher_new(&s->c, n->cipher->info.name, backend, zero_key, s->keylen);
    if (st == KC_OK && s->df) st = kc_cipher_new(&s->dfc, n->cipher->info.name, backend, zero_key, s->keylen);
    if (st != KC_OK) {
        kc_cipher_free(s->c);
        free(s);
        return st;
    }
    *state = s;
    return KC_OK;
}

static void drop(void *state)
{
    ctr_drbg *s = state;
    if (!s) return;
    kc_cipher_free(s->c);
    kc_cipher_free(s->dfc);
    kc_wipe(s, sizeof *s);
    free(s);
}

static size_t strength(const void *state) { return ((const ctr_drbg *)state)->keylen; }

static size_t entropy_len(const void *state)
{
    const ctr_drbg *s = state;
    return s->df ? s->keylen : s->seedlen;
}

static int takes_nonce(const void *state) { return ((const ctr_drbg *)state)->df; }

static size_t max_input(const void *state)
{
    const ctr_drbg *s = state;
    return s->df ? SIZE_MAX : s->seedlen;
}

const kc_drbg_mech kc_ctr_drbg_mech = {
    .id = KC_CONS_CTR_DRBG,
    .init = init,
    .free = drop,
    .strength = strength,
    .entropy_len = entropy_len,
    .max_input = max_input,
    .instantiate = instantiate,
    .reseed = reseed,
    .generate = generate,
    .takes_nonce = takes_nonce,
};
