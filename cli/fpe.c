/* SPDX-License-Identifier: MIT */
/* kcipher fpe encrypt|decrypt: numeral strings with FEA, FF1 or FF3-1.
 * Radix <= 36: a string of 0-9a-z (lower case: what comes out).  Radix > 36:
 * comma-separated decimal digit values.  With --alphabet or --format, values are text in that
 * alphabet or format (through kc_tokenizer, the tweak as raw bytes).
 * Without VALUE, one value per line of stdin, one output line each; a bad
 * line stops the run after the rows before it are written. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "fpe/tokenizer.h"

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
    uint8_t tweak[256];
    size_t tlen;
    uint16_t *in, *out;   /* BATCH values of up to MAX_DIGITS digits */
} fpe_job;

/* Tokenizes the pending values (all valid, of one length) and prints them. */
static int flush(fpe_job *j)
{
    if (!j->pending) return 0;
    kc_status st = (j->encrypt ? kc_fpe_encrypt_batch : kc_fpe_decrypt_batch)(j->p, j->out, j->in, j->pending,
                                                                             j->tweak, j->tlen);
    if (st == KC_ERR_TWEAK_LENGTH) return fail(EXIT_USAGE, "--tweak", "wrong length for this cipher (FF3-1: 7 bytes)");
    if (st == KC_ERR_LENGTH_MISMATCH || st == KC_ERR_INPUT_TOO_LONG || st == KC_ERR_VALUE_OUT_OF_DOMAIN ||
        st == KC_ERR_DIGIT)
        return fail(EXIT_CRYPTO, j->encrypt ? "fpe encrypt" : "fpe decrypt", value_error(st));
    if (st != KC_OK) return fail_status(st, j->encrypt ? "fpe encrypt" : "fpe decrypt");
    for (size_t i = 0; i < j->pending; i++) print_digits(j->out + i * j->len, j->len, j->radix);
    j->pending = 0;
    if (ferror(stdout)) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
    return 0;
}

/* Keys j->p for values of n digits and checks the tweak against its block. */
static int set_length(fpe_job *j, size_t n, const char *what)
{
    kc_fpe_free(j->p);
    j->p = NULL;
    kc_status st = kc_fpe_new(&j->p, j->o->cipher, j->o->backend, j->key, j->key_len, j->radix, n,
                              j->o->allow_small ? KC_FPE_ALLOW_SMALL_DOMAIN : 0);
    /* The value's length is at fault: a data error (exit 1), as with --format. */
    if (st == KC_ERR_DOMAIN_TOO_SMALL)   /* the library's message names its flag, not ours */
        return fail(EXIT_CRYPTO, what, j->o->allow_small
                    ? "domain radix^length is below 2^8, too small even with --allow-small-domain"
                    : "domain radix^length is below 10^6; --allow-small-domain accepts it (see the README)");
    if (st == KC_ERR_DOMAIN_TOO_LARGE) return fail(EXIT_CRYPTO, what, value_error(st));
    if (st != KC_OK) return fail_setup(st, j->o->cipher, j->key_len, what);
    j->len = n;
    j->tlen = 0;
    if (!j->o->tweak) return 0;
    kc_name_info name;
    if (kc_name_find(j->o->cipher, &name) == KC_OK && name.kind == KC_NAME_FPE) {   /* FF1, FF3-1: the bytes as they are */
        uint8_t *t;
        size_t tl;
        int rc = hex_decode(j->o->tweak, &t, &tl, "--tweak");
        if (rc) return rc;
        if (tl > sizeof j->tweak) { free_wiped(t, tl); return fail(EXIT_USAGE, "--tweak", "longer than 256 bytes"); }
        memcpy(j->tweak, t, tl);
        j->tlen = tl;
        free_wiped(t, tl);
        return 0;
    }
    j->tlen = kc_fpe_tweak_size(j->p);
    if (!j->tlen) return fail(EXIT_USAGE, "--tweak", "FEA-1 with a 128-bit block takes no tweak");
    unsigned tbits = strcmp(kc_cipher_find(j->o->cipher)->family, "fea1") == 0 ? 128 - kc_fpe_bits(j->p) : 128;
    return hex_integer(j->o->tweak, j->tweak, j->tlen, tbits, EXIT_USAGE, "--tweak");
}

/* Validates one value and queues it; on a bad value, writes the values
 * before it first.  `what` names the value in messages. */
static int add_value(fpe_job *j, const char *text, const char *what)
{
    uint16_t d[MAX_DIGITS];
    long n = parse_digits(text, j->radix, d);
    int rc = 0;
    if (n < 0) {
        char msg[96];
        if (j->radix <= 36) snprintf(msg, sizeof msg, "expected 1 to %d digits of radix %u%s", MAX_DIGITS, j->radix,
                                   j->radix > 10 ? " (0-9, then a-z in lower case)" : "");
        else snprintf(msg, sizeof msg, "expected 1 to %d comma-separated decimal digits below %u", MAX_DIGITS, j->radix);
        rc = flush(j);
        return rc ? rc : fail(EXIT_CRYPTO, what, msg);
    }
    if (!j->p || j->len != (size_t)n || j->pending == BATCH) rc = flush(j);
    if (!rc && (!j->p || j->len != (size_t)n)) rc = set_length(j, (size_t)n, what);
    if (!rc && j->in) memcpy(j->in + j->pending++ * j->len, d, (size_t)n * sizeof *d);
    kc_wipe(d, sizeof d);
    return rc;
}

static int read_lines(fpe_job *j)
{
    char *line = NULL, what[40];
    size_t cap = 0;
    int rc = 0, nul;
    for (unsigned long no = 1; !rc && read_line(&line, &cap, &nul) >= 0; no++) {
        snprintf(what, sizeof what, "line %lu", no);
        if (!nul) rc = add_value(j, line, what);
        else if (!(rc = flush(j))) rc = fail(EXIT_CRYPTO, what, "contains a NUL byte");
    }
    if (!rc && ferror(stdin)) rc = fail(EXIT_CRYPTO, "reading input", strerror(errno));
    if (line) free_wiped(line, cap);
    return rc;
}

/* --alphabet / --format: each value is text, tokenized as a whole. */
static int run_formatted(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    if (o->alphabet && o->format) return fail(EXIT_USAGE, "--alphabet", "give --alphabet or --format, not both");
    if (o->radix) return fail(EXIT_USAGE, "--radix", "does not apply with --alphabet or --format");
    size_t spec_len = o->alphabet ? strlen(o->alphabet) + sizeof "alphabet=" : 1;   /* any length: hangul is 33 KB */
    char *spec = malloc(spec_len);
    if (!spec) return fail(EXIT_CRYPTO, "--alphabet", "out of memory");
    if (o->alphabet) snprintf(spec, spec_len, "alphabet=%s", o->alphabet);
    uint8_t *tweak = NULL;
    size_t tlen = 0;
    int rc = o->tweak ? hex_decode(o->tweak, &tweak, &tlen, "--tweak") : 0;
    kc_tokenizer *t = NULL;
    kc_status st = KC_OK;
    if (!rc) st = kc_tokenizer_new(&t, o->cipher, o->backend, key, key_len, o->alphabet ? spec : o->format,
                                   KC_TOKENIZER_RAW_TWEAK | (o->allow_small ? KC_FPE_ALLOW_SMALL_DOMAIN : 0));
    if (!rc && st != KC_OK) rc = fail_setup(st, o->cipher, key_len, o->alphabet ? "--alphabet" : "--format");
    char *line = NULL, *out = NULL, what[40];
    size_t cap = 0, out_cap = 0;
    for (unsigned long no = 1; !rc; no++) {
        const char *v;
        size_t len;
        if (o->npositional) {
            if (no > o->npositional) break;
            v = o->positional[no - 1];
            len = strlen(v);
            snprintf(what, sizeof what, "value %lu", no);
        } else {
            int nul;
            long n = read_line(&line, &cap, &nul);
            if (n < 0) break;
            len = (size_t)n;
            v = line;
            snprintf(what, sizeof what, "line %lu", no);
            if (nul) { rc = fail(EXIT_CRYPTO, what, "contains a NUL byte"); break; }
        }
        if (out_cap < 4 * len + 1) {
            free_wiped(out, out_cap);
            out_cap = 4 * len + 1;
            if (!(out = malloc(out_cap))) { out_cap = 0; rc = fail(EXIT_CRYPTO, what, "out of memory"); break; }
        }
        size_t got, pos;
        st = (encrypt ? kc_tokenize : kc_detokenize)(t, out, out_cap, &got, v, len, tweak, tlen, &pos);
        if (st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT) {
            char msg[160];
            snprintf(msg, sizeof msg, "character %zu: %s", pos + 1, kc_strerror(st));
            rc = fail(EXIT_CRYPTO, what, msg);
        } else if (st == KC_ERR_TWEAK_LENGTH) {   /* the option is at fault: exit 2, as with --radix */
            rc = fail(EXIT_USAGE, "--tweak", "wrong length for this cipher (FF3-1: 7 bytes)");
        } else if (st == KC_ERR_DOMAIN_TOO_SMALL && kc_tokenizer_format(t)->hint) {   /* what would do */
            char msg[400];
            snprintf(msg, sizeof msg, "%s; %s", value_error(st), kc_tokenizer_format(t)->hint);
            rc = fail(EXIT_CRYPTO, what, msg);
        } else if (st != KC_OK) {          /* the value is at fault: exit 1, as with --radix */
            rc = fail(EXIT_CRYPTO, what, value_error(st));
        } else {
            fwrite(out, 1, got, stdout);
            putchar('\n');
            if (ferror(stdout)) rc = fail(EXIT_CRYPTO, "writing output", strerror(errno));
        }
    }
    if (!rc && !o->npositional && ferror(stdin)) rc = fail(EXIT_CRYPTO, "reading input", strerror(errno));
    if (line) free_wiped(line, cap);
    free_wiped(out, out_cap);
    free_wiped(tweak, tlen);
    free(spec);
    kc_tokenizer_free(t);
    return rc;
}

int cmd_fpe(const options *o, int encrypt)
{
    if (!o->cipher) return fail(EXIT_USAGE, "--cipher", "required (ff1-aes-256, ff3-1-aes-128, fea2-128, ...)");
    kc_name_info name;
    if (kc_name_find(o->cipher, &name) != KC_OK || (name.kind != KC_NAME_FPE && name.kind != KC_NAME_FEA))
    {
        char what[160];
        snprintf(what, sizeof what, "--cipher %.100s", o->cipher);
        return fail(EXIT_USAGE, what, "fpe needs ff1-{aes,aria,lea}-N, ff3-1-{aes,aria,lea}-N or fea1-N/fea2-N");
    }
    unsigned long radix = 10;
    int rc = check_options(o, FOR_FPE, "fpe");
    if (!rc && o->radix) rc = parse_uint(o->radix, 2, name.kind == KC_NAME_FPE ? 65536 : 65535, &radix, "--radix");
    if (!rc && !o->npositional) rc = check_same_file();
    uint8_t *key = NULL;
    fpe_job j = { o, NULL, 0, (unsigned)radix, encrypt, NULL, 0, 0, { 0 }, 0, NULL, NULL };
    if (!rc) rc = load_key(o, &key, &j.key_len);
    if (rc) return rc;
    j.key = key;
    if (o->alphabet || o->format) {
        rc = run_formatted(o, encrypt, key, j.key_len);
        free_wiped(key, j.key_len);
        return rc;
    }
    const size_t bytes = BATCH * MAX_DIGITS * sizeof *j.in;
    j.in = malloc(bytes);
    j.out = malloc(bytes);
    if (!j.in || !j.out) rc = fail(EXIT_CRYPTO, "fpe", "out of memory");
    else if (!o->npositional) rc = read_lines(&j);
    for (size_t i = 0; !rc && i < o->npositional; i++) {
        char what[32];
        snprintf(what, sizeof what, "value %zu", i + 1);
        rc = add_value(&j, o->positional[i], what);
    }
    if (!rc) rc = flush(&j);
    kc_fpe_free(j.p);
    free_wiped(j.in, j.in ? bytes : 0);
    free_wiped(j.out, j.out ? bytes : 0);
    free_wiped(key, j.key_len);
    return rc;
}
