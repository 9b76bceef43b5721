/* SPDX-License-Identifier: MIT */
/* `kcipher kdf --prf NAME (--key HEX | --key-file FILE | KCIPHER_KEY)
 *  [--mode counter|feedback|pipeline] [--counter before|after|middle:N|before-iter|none]
 *  [--r 8|16|24|32] [--fixed HEX] [--iv HEX] --bytes N`: KBKDF (SP 800-108),
 * the derived bytes in hex on one line.  With --pbkdf2 ITERATIONS [--salt HEX]:
 * PBKDF2 (SP 800-132) instead, the key being the password and --prf an HMAC. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

static const char kdf_usage[] =
    "expected: kdf --prf NAME (--key HEX | --key-file FILE | KCIPHER_KEY) [--mode counter|feedback|pipeline] "
    "[--counter before|after|middle:N|before-iter|none] [--r 8|16|24|32] [--fixed HEX] [--iv HEX] --bytes N\n"
    "      or: kdf --pbkdf2 ITERATIONS --prf hmac-HASH (--key HEX | --key-file FILE | KCIPHER_KEY) [--salt HEX] --bytes N";

int cmd_kdf(int argc, char **argv)
{
    const char *prf = NULL, *key_hex = getenv("KCIPHER_KEY"), *key_file = NULL, *mode = "counter",
               *counter = "before", *r = "32", *fixed_hex = "", *iv_hex = "", *bytes = NULL,
               *pbkdf2 = NULL, *salt_hex = "";
    for (int i = 2; i < argc; i++) {
        const char **dst = !strcmp(argv[i], "--prf") ? &prf : !strcmp(argv[i], "--key") ? &key_hex
                         : !strcmp(argv[i], "--key-file") ? &key_file : !strcmp(argv[i], "--mode") ? &mode
                         : !strcmp(argv[i], "--counter") ? &counter : !strcmp(argv[i], "--r") ? &r
                         : !strcmp(argv[i], "--fixed") ? &fixed_hex : !strcmp(argv[i], "--iv") ? &iv_hex
                         : !strcmp(argv[i], "--bytes") ? &bytes : !strcmp(argv[i], "--pbkdf2") ? &pbkdf2
                         : !strcmp(argv[i], "--salt") ? &salt_hex : NULL;
        if (!dst || i + 1 >= argc) return fail(EXIT_USAGE, argv[i], kdf_usage);
        *dst = argv[++i];
    }
    if (!prf || !bytes || (!key_hex && !key_file)) return fail(EXIT_USAGE, "kdf", kdf_usage);
    kc_kbkdf_params p = { .mode = KC_KBKDF_COUNTER };
    unsigned long n, bits, middle = 0;
    int rc;
    if ((rc = parse_uint(bytes, 1, 1ul << 20, &n, "--bytes")) || (rc = parse_uint(r, 8, 32, &bits, "--r"))) return rc;
    p.counter_bits = (unsigned)bits;
    if (!strcmp(mode, "feedback")) p.mode = KC_KBKDF_FEEDBACK;
    else if (!strcmp(mode, "pipeline")) p.mode = KC_KBKDF_DOUBLE_PIPELINE;
    else if (strcmp(mode, "counter")) return fail(EXIT_USAGE, "--mode", "counter, feedback or pipeline");
    if (!strcmp(counter, "after")) p.counter = KC_KBKDF_CTR_AFTER_FIXED;
    else if (!strcmp(counter, "before-iter")) p.counter = KC_KBKDF_CTR_BEFORE_ITER;
    else if (!strcmp(counter, "none")) p.counter = KC_KBKDF_CTR_NONE;
    else if (!strncmp(counter, "middle:", 7)) {
        p.counter = KC_KBKDF_CTR_MIDDLE_FIXED;
        if ((rc = parse_uint(counter + 7, 0, 1ul << 20, &middle, "--counter middle:N"))) return rc;
        p.middle = middle;
    } else if (strcmp(counter, "before")) return fail(EXIT_USAGE, "--counter", "before, after, middle:N, before-iter or none");
    unsigned long iterations = 0;
    if (pbkdf2 && (rc = parse_uint(pbkdf2, 1, 0xfffffffful, &iterations, "--pbkdf2"))) return rc;
    uint8_t *fixed = NULL, *iv = NULL, *out = NULL, key[KC_KEY_FILE_MAX], *hexkey = NULL;
    size_t fixed_len = 0, iv_len = 0, key_len = 0;
    char why[256];
    if (key_file) {
        kc_status st = kc_key_load_file(key_file, key, sizeof key, &key_len, NULL, why, sizeof why);
        if (st != KC_OK) return fail(EXIT_USAGE, key_file, why);
    } else if ((rc = hex_decode(key_hex, &hexkey, &key_len, "--key"))) {
        return rc;
    } else {
        memcpy(key, hexkey, key_len < sizeof key ? key_len : sizeof key);
        free_wiped(hexkey, key_len);
        if (key_len > sizeof key) return fail(EXIT_USAGE, "--key", "too long");
    }
    if ((rc = hex_decode(pbkdf2 ? salt_hex : fixed_hex, &fixed, &fixed_len, pbkdf2 ? "--salt" : "--fixed")) ||
        (rc = hex_decode(iv_hex, &iv, &iv_len, "--iv")))
        goto done;
    p.iv = iv;
    p.iv_len = iv_len;
    if (!(out = malloc(n))) { rc = fail(EXIT_CRYPTO, "kdf", "out of memory"); goto done; }
    kc_status st = pbkdf2 ? kc_pbkdf2(prf, NULL, key, key_len, fixed, fixed_len, (uint32_t)iterations, out, n)
                          : kc_kbkdf(prf, NULL, key, key_len, &p, fixed, fixed_len, out, n);
    if (st != KC_OK) rc = fail(EXIT_USAGE, prf, kc_strerror(st));
    else print_hex(out, n);
done:
    kc_wipe(key, sizeof key);
    free_wiped(out, n);
    free_wiped(fixed, fixed_len);
    free_wiped(iv, iv_len);
    return rc;
}
