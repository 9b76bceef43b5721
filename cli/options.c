/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"

static const struct { const char *name; size_t offset; } value_opts[] = {
    { "--cipher", offsetof(options, cipher) }, { "--key", offsetof(options, key) },
    { "--mode", offsetof(options, mode) },     { "--iv", offsetof(options, iv) },
    { "--backend", offsetof(options, backend) }, { "--hex", offsetof(options, hex) },
    { "--nonce", offsetof(options, nonce) },   { "--ad", offsetof(options, ad) },
    { "--tweak", offsetof(options, tweak) },   { "--bits", offsetof(options, bits) },
    { "--radix", offsetof(options, radix) },   { "--threads", offsetof(options, threads) },
};

int parse_options(int argc, char **argv, int start, options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = start; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--pad") == 0) { o->pad = 1; continue; }
        if (strcmp(a, "--allow-small-domain") == 0) { o->allow_small = 1; continue; }
        if (a[0] != '-' || a[1] == 0) {
            if (o->npositional == 4) { fail(EXIT_USAGE, "too many arguments", a); return -1; }
            o->positional[o->npositional++] = a;
            continue;
        }
        size_t k = 0, n = sizeof value_opts / sizeof value_opts[0];
        while (k < n && strcmp(a, value_opts[k].name) != 0) k++;
        if (k == n) { fail(EXIT_USAGE, "unknown option", a); return -1; }
        if (i + 1 >= argc) { fail(EXIT_USAGE, "missing value for", a); return -1; }
        *(const char **)((char *)o + value_opts[k].offset) = argv[++i];
    }
    return 0;
}

int fail(int status, const char *what, const char *detail)
{
    fprintf(stderr, "kcipher: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    return status;
}

int fail_status(kc_status st, const char *what)
{
    /* Parameter problems are usage errors; data that fails a check is a crypto failure. */
    int usage = st == KC_ERR_UNKNOWN_CIPHER || st == KC_ERR_UNKNOWN_BACKEND ||
                st == KC_ERR_BACKEND_UNAVAILABLE || st == KC_ERR_WRONG_KIND ||
                st == KC_ERR_KEY_LENGTH || st == KC_ERR_IV_LENGTH || st == KC_ERR_NONCE_LENGTH ||
                st == KC_ERR_TWEAK_LENGTH || st == KC_ERR_BLOCK_BITS || st == KC_ERR_BAD_MODE ||
                st == KC_ERR_RADIX || st == KC_ERR_DOMAIN_TOO_SMALL || st == KC_ERR_DOMAIN_TOO_LARGE;
    return fail(usage ? EXIT_USAGE : EXIT_CRYPTO, what, kc_strerror(st));
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int hex_decode(const char *hex, uint8_t **out, size_t *len, const char *what)
{
    size_t n = strlen(hex);
    if (n % 2) return fail(EXIT_USAGE, what, "odd number of hex digits");
    uint8_t *p = malloc(n / 2 + 1);
    if (!p) return fail(EXIT_CRYPTO, what, "out of memory");
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval((unsigned char)hex[2 * i]), lo = hexval((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0) { free(p); return fail(EXIT_USAGE, what, "not a hex string"); }
        p[i] = (uint8_t)(hi << 4 | lo);
    }
    *out = p;
    *len = n / 2;
    return 0;
}

int hex_integer(const char *hex, uint8_t *out, size_t width, unsigned bits, const char *what)
{
    if (strncmp(hex, "0x", 2) == 0 || strncmp(hex, "0X", 2) == 0) hex += 2;
    size_t n = strlen(hex);
    if (n == 0) return fail(EXIT_USAGE, what, "empty hex integer");
    memset(out, 0, width);
    unsigned used = 0;                     /* significant bits so far */
    for (size_t i = 0; i < n; i++) {
        int v = hexval((unsigned char)hex[i]);
        if (v < 0) return fail(EXIT_USAGE, what, "not a hex integer");
        if (used || v) used = used ? used + 4 : (unsigned)(v >= 8 ? 4 : v >= 4 ? 3 : v >= 2 ? 2 : 1);
        if (used > bits) return fail(EXIT_USAGE, what, "value does not fit in the field's bit length");
        size_t digit = n - 1 - i;          /* position from the least significant end */
        if (digit / 2 < width)             /* leading zeros may be longer than the field */
            out[width - 1 - digit / 2] |= (uint8_t)(v << (4 * (digit % 2)));
    }
    return 0;
}

void print_hex(const uint8_t *p, size_t len)
{
    for (size_t i = 0; i < len; i++) printf("%02x", p[i]);
    putchar('\n');
}

int parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *v, const char *what)
{
    char *end;
    if (!s || !isdigit((unsigned char)*s)) return fail(EXIT_USAGE, what, "expected a number");
    *v = strtoul(s, &end, 10);
    if (*end || *v < lo || *v > hi) {
        char msg[96];
        snprintf(msg, sizeof msg, "expected a number from %lu to %lu", lo, hi);
        return fail(EXIT_USAGE, what, msg);
    }
    return 0;
}
