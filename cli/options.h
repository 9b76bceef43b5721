/* SPDX-License-Identifier: MIT */
/* Option parsing and hex helpers for the kcipher CLI. */
#ifndef KC_CLI_OPTIONS_H
#define KC_CLI_OPTIONS_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

enum { EXIT_CRYPTO = 1, EXIT_USAGE = 2 };

typedef struct options {
    const char *cipher, *key, *mode, *iv, *backend, *hex, *nonce, *ad, *tweak, *bits, *radix, *threads;
    int pad, allow_small;
    const char *positional[4];
    int npositional;
} options;

/* Parses argv[start..]; prints a message and returns -1 on an unknown or incomplete option. */
int parse_options(int argc, char **argv, int start, options *o);

/* Prints "kcipher: <what>: <detail>" and returns the exit status. */
int fail(int status, const char *what, const char *detail);
/* As fail(), choosing the status and message from a library status. */
int fail_status(kc_status st, const char *what);

/* Decodes a hex string of exactly len bytes into a fresh buffer (caller frees). */
int hex_decode(const char *hex, uint8_t **out, size_t *len, const char *what);
/* Hex integer (most significant first) into exactly width bytes, left-padded;
 * fails when the value does not fit in bits bits. */
int hex_integer(const char *hex, uint8_t *out, size_t width, unsigned bits, const char *what);
void print_hex(const uint8_t *p, size_t len);
/* Parses a decimal unsigned in [lo, hi]. */
int parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *v, const char *what);

#endif
