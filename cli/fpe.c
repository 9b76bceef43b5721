/* SPDX-License-Identifier: MIT */
/* kcipher fpe encrypt|decrypt: digit strings over FEA by cycle walking.
 * Radix <= 36: a string of 0-9a-z.  Radix > 36: comma-separated decimal
 * digit values.  Without DIGITS, one value per line of stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

#define MAX_DIGITS 128

/* Splits text into digit values; returns the count or -1. */
static long parse_digits(const char *text, unsigned radix, uint16_t *d)
{
    size_t n = 0;
    if (radix <= 36) {
        for (; *text; text++) {
            int c = (unsigned char)*text, v = c >= '0' && c <= '9' ? c - '0'
                  : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
            if (n == MAX_DIGITS) return -1;
            d[n++] = (uint16_t)(v < 99 ? v : 0xffff);   /* 0xffff is >= any radix: the library reports it */
        }
        return (long)n;
    }
    while (*text) {
        char *end;
        unsigned long v = strtoul(text, &end, 10);
        if (end == text || v > 65535 || n == MAX_DIGITS) return -1;
        d[n++] = (uint16_t)v;
        text = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return -1;
    }
    return (long)n;
}

static void print_digits(const uint16_t *d, size_t n, unsigned radix)
{
    for (size_t i = 0; i < n; i++) {
        if (radix <= 36) putchar("0123456789abcdefghijklmnopqrstuvwxyz"[d[i]]);
        else printf("%s%u", i ? "," : "", d[i]);
    }
    putchar('\n');
}

#define BATCH 4096   /* values tokenized per library call (spread across threads) */

typedef struct fpe_job {
    const options *o;
    const uint8_t *key;
    size_t key_len;
    unsigned radix;
    int encrypt;
    kc_fpe *p;            /* keyed for the length of the pending values */
    size_t len, pending;
    uint16_t *in, *out;   /* BATCH values of up to MAX_DIGITS digits */
} fpe_job;

/* Tokenizes the pending values (all of one length) and prints them. */
static int flush(fpe_job *j)
{
    if (!j->pending) return 0;
    uint8_t tweak[16];
    size_t tlen = 0;
    if (j->o->tweak) {
        tlen = kc_fpe_tweak_size(j->p);
        unsigned tbits = strcmp(kc_cipher_find(j->o->cipher)->family, "fea1") == 0
                       ? 128 - kc_fpe_bits(j->p) : 128;
        if (!tlen) return fail(EXIT_USAGE, "--tweak", "FEA-1 with a 128-bit block takes no tweak");
        int rc = hex_integer(j->o->tweak, tweak, tlen, tbits, "--tweak");
        if (rc) return rc;
    }
    kc_status st = (j->encrypt ? kc_fpe_encrypt_batch : kc_fpe_decrypt_batch)(j->p, j->out, j->in, j->pending,
                                                                             tweak, tlen);
    if (st != KC_OK) return fail_status(st, j->encrypt ? "fpe encrypt" : "fpe decrypt");
    for (size_t i = 0; i < j->pending; i++) print_digits(j->out + i * j->len, j->len, j->radix);
    j->pending = 0;
    return 0;
}

static int add_value(fpe_job *j, const char *text)
{
    uint16_t d[MAX_DIGITS];
    long n = parse_digits(text, j->radix, d);
    if (n <= 0) return fail(EXIT_USAGE, "digits", j->radix <= 36 ? "expected 1..128 digits"
                                                  : "expected comma-separated digit values");
    if (!j->p || j->len != (size_t)n || j->pending == BATCH) {
        int rc = flush(j);
        if (rc) return rc;
    }
    if (!j->p || j->len != (size_t)n) {
        kc_fpe_free(j->p);
        j->p = NULL;
        kc_status st = kc_fpe_new(&j->p, j->o->cipher, j->o->backend, j->key, j->key_len, j->radix,
                                  (size_t)n, j->o->allow_small ? KC_FPE_ALLOW_SMALL_DOMAIN : 0);
        if (st != KC_OK) return fail_status(st, "fpe");
        j->len = (size_t)n;
    }
    memcpy(j->in + j->pending++ * j->len, d, (size_t)n * sizeof *d);
    return 0;
}

int cmd_fpe(const options *o, int encrypt)
{
    if (!o->cipher) return fail(EXIT_USAGE, "--cipher", "required (fea1-128 ... fea2-256)");
    if (!o->key) return fail(EXIT_USAGE, "--key", "required (hex)");
    if (o->mode || o->iv || o->pad || o->nonce || o->bits || o->hex)
        return fail(EXIT_USAGE, "fpe", "takes --cipher, --key, --tweak, --radix, --backend, --allow-small-domain");
    if (o->npositional > 1) return fail(EXIT_USAGE, "unexpected argument", o->positional[1]);
    const kc_cipher_info *info = kc_cipher_find(o->cipher);
    if (!info || info->kind != KC_KIND_FEA)
        return fail(EXIT_USAGE, o->cipher, "fpe needs an FEA cipher (fea1-128 ... fea2-256)");
    unsigned long radix = 10;
    int rc = o->radix ? parse_uint(o->radix, 2, 65535, &radix, "--radix") : 0;
    if (rc) return rc;
    fpe_job j = { o, NULL, 0, (unsigned)radix, encrypt, NULL, 0, 0, NULL, NULL };
    uint8_t *key;
    if ((rc = hex_decode(o->key, &key, &j.key_len, "--key"))) return rc;
    j.key = key;
    j.in = malloc(BATCH * MAX_DIGITS * sizeof *j.in);
    j.out = malloc(BATCH * MAX_DIGITS * sizeof *j.out);
    if (!j.in || !j.out) {
        rc = fail(EXIT_CRYPTO, "fpe", "out of memory");
    } else if (o->npositional) {
        rc = add_value(&j, o->positional[0]);
    } else {
        char line[1024];
        while (!rc && fgets(line, sizeof line, stdin)) {
            line[strcspn(line, " \t\r\n")] = 0;
            if (*line) rc = add_value(&j, line);
        }
    }
    if (!rc) rc = flush(&j);
    kc_fpe_free(j.p);
    free(j.in);
    free(j.out);
    kc_wipe(key, j.key_len);
    free(key);
    return rc;
}
