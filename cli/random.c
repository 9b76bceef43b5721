/* SPDX-License-Identifier: MIT */
/* `kcipher random --bytes N [--drbg NAME] [--hex]`: N bytes from kc_random,
 * or from a DRBG of that name ("ctr-drbg-aria-256") seeded from the OS;
 * raw to stdout, or hex on one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

static const char random_usage[] = "expected: random --bytes N [--drbg NAME] [--hex]";

int cmd_random(int argc, char **argv)
{
    const char *bytes = NULL, *drbg = NULL;
    int hex = 0, rc = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--hex")) hex = 1;
        else if (!strcmp(argv[i], "--bytes") && i + 1 < argc) bytes = argv[++i];
        else if (!strcmp(argv[i], "--drbg") && i + 1 < argc) drbg = argv[++i];
        else return fail(EXIT_USAGE, argv[i], random_usage);
    }
    unsigned long n;
    if (!bytes) return fail(EXIT_USAGE, "--bytes", "required");
    if ((rc = parse_uint(bytes, 0, 1ul << 30, &n, "--bytes"))) return rc;
    uint8_t *out = malloc(n ? n : 1);
    if (!out) return fail(EXIT_CRYPTO, "random", "out of memory");
    kc_status st = KC_OK;
    if (drbg) {
        kc_drbg *d = NULL;
        st = kc_drbg_new(&d, drbg, NULL, 0, NULL, NULL, NULL, 0, NULL, 0);
        for (size_t done = 0; st == KC_OK && done < n; done += KC_DRBG_MAX_REQUEST)
            st = kc_drbg_generate(d, out + done, n - done < KC_DRBG_MAX_REQUEST ? n - done : KC_DRBG_MAX_REQUEST, NULL, 0);
        kc_drbg_free(d);
        if (st != KC_OK) rc = st == KC_ERR_RANDOM ? fail_status(st, "random") : fail(EXIT_USAGE, drbg, kc_strerror(st));
    } else if ((st = kc_random(out, n)) != KC_OK) {
        rc = fail_status(st, "random");
    }
    if (!rc) {
        if (hex) print_hex(out, n);
        else rc = write_out(out, n);
    }
    kc_wipe(out, n);
    free(out);
    return rc;
}
