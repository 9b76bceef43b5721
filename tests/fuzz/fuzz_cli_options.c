/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the CLI's option parser (cli/args.c, the table in
 * cli/options.c) and its value parsers (hex, hex integers, numbers, FPE
 * digit lists) on argument vectors: the input split at NUL bytes.  Linked
 * with the CLI's parsers (kc_cli_parsers).
 * Messages go to stderr: run with -close_fd_mask=2 for a quiet run. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1), *argv[MAX_ARGS];
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    int argc = 0;
    for (char *p = buf; p <= buf + size && argc < MAX_ARGS; p += strlen(p) + 1) argv[argc++] = p;

    options o;
    size_t maxpos = size & 1;                    /* encrypt|decrypt take none, fpe one */
    if (parse_options(argc, argv, maxpos, &o) == 0) {
        if (o.npositional > maxpos) abort();
        static const unsigned where[] = { FOR_BLOCK, FOR_AEAD, FOR_FEA, FOR_FPE };
        check_options(&o, where[size % 4], "fuzz");
        const char *hex[] = { o.key, o.iv, o.nonce, o.ad, o.hex };
        for (size_t i = 0; i < sizeof hex / sizeof hex[0]; i++) {
            uint8_t *p;
            size_t n;
            if (hex[i] && hex_decode(hex[i], &p, &n, "hex") == 0) {
                if (n != strlen(hex[i]) / 2) abort();
                free_wiped(p, n);
            }
        }
        uint8_t block[16];
        if (o.tweak) hex_integer(o.tweak, block, sizeof block, 1 + (unsigned)(size % 128), EXIT_USAGE, "--tweak");
        unsigned long radix = 10, bits;
        if (o.radix && parse_uint(o.radix, 2, 65535, &radix, "--radix")) radix = 60000;
        if (o.bits && parse_uint(o.bits, 8, 128, &bits, "--bits") == 0 && (bits < 8 || bits > 128)) abort();
        uint16_t d[MAX_DIGITS];
        for (size_t i = 0; i < o.npositional; i++) {
            long n = parse_digits(o.positional[i], (unsigned)radix, d);
            if (n == 0 || n > MAX_DIGITS) abort();
            for (long k = 0; k < n; k++)
                if (d[k] >= radix) abort();
        }
    }
    free(buf);
    return 0;
}
