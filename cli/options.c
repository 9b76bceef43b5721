/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L   /* fstat, getline */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "args.h"
#include "options.h"

#define ALL (FOR_BLOCK | FOR_AEAD | FOR_FEA | FOR_FPE | FOR_TOKENIZE | FOR_AEAD_MODE | FOR_MAC)
#define OPT(name, kind, field, where) { { name, kind, offsetof(options, field), NULL }, where }

static int add_column(void *dest, const char *v)
{
    options *o = dest;
    if (o->ncolumns == KC_CLI_MAX_COLUMNS) return -1;
    o->columns[o->ncolumns++] = v;
    return 0;
}

static const struct { arg_opt a; unsigned where; } cli_opts[] = {
    OPT("--cipher", ARG_VALUE, cipher, ALL | FOR_KEY),     OPT("--key", ARG_VALUE, key, ALL),
    OPT("--key-file", ARG_VALUE, key_file, ALL), OPT("--backend", ARG_VALUE, backend, ALL | FOR_HASH),
    OPT("--threads", ARG_VALUE, threads, ALL | FOR_HASH),
    OPT("--hex", ARG_VALUE, hex, FOR_BLOCK | FOR_AEAD | FOR_FEA | FOR_AEAD_MODE | FOR_MAC | FOR_HASH),
    OPT("--mode", ARG_VALUE, mode, FOR_BLOCK | FOR_AEAD_MODE | FOR_MAC),
    OPT("--iv", ARG_VALUE, iv, FOR_BLOCK),       OPT("--pad", ARG_FLAG, pad, FOR_BLOCK),
    OPT("--nonce", ARG_VALUE, nonce, FOR_AEAD | FOR_AEAD_MODE | FOR_MAC),
    OPT("--ad", ARG_VALUE, ad, FOR_AEAD | FOR_AEAD_MODE),
    OPT("--tag-len", ARG_VALUE, tag_len, FOR_AEAD | FOR_AEAD_MODE | FOR_MAC),
    OPT("--verify", ARG_VALUE, verify, FOR_MAC),
    OPT("--tweak", ARG_VALUE, tweak, FOR_FEA | FOR_FPE), OPT("--bits", ARG_VALUE, bits, FOR_FEA),
    OPT("--radix", ARG_VALUE, radix, FOR_FPE),
    OPT("--allow-small-domain", ARG_FLAG, allow_small, FOR_FPE | FOR_TOKENIZE),
    OPT("--alphabet", ARG_VALUE, alphabet, FOR_FPE), OPT("--format", ARG_VALUE, format, FOR_FPE),
    { { "--column", ARG_VALUE, offsetof(options, column), add_column }, FOR_TOKENIZE },
    OPT("--tweak-column", ARG_VALUE, tweak_column, FOR_TOKENIZE),
    OPT("--tweak-context", ARG_FLAG, tweak_context, FOR_TOKENIZE),
    OPT("--input", ARG_VALUE, input, FOR_TOKENIZE), OPT("--on-error", ARG_VALUE, on_error, FOR_TOKENIZE),
    OPT("--max-record-bytes", ARG_VALUE, max_record_bytes, FOR_TOKENIZE),
    OPT("--summary-json", ARG_VALUE, summary_json, FOR_TOKENIZE),
    OPT("--in", ARG_VALUE, in_file, ALL | FOR_HASH), OPT("--out", ARG_VALUE, out_file, ALL | FOR_HASH),
    OPT("--encoding", ARG_VALUE, encoding, FOR_TOKENIZE),
    OPT("--output-encoding", ARG_VALUE, output_encoding, FOR_TOKENIZE),
    OPT("--progress", ARG_FLAG, progress, FOR_TOKENIZE), OPT("--no-progress", ARG_FLAG, no_progress, FOR_TOKENIZE),
    OPT("--keyring", ARG_VALUE, keyring, ALL | FOR_KEY), OPT("--key-name", ARG_VALUE, key_name, ALL),
    OPT("--expect-kcv", ARG_VALUE, expect_kcv, ALL),   OPT("--kek", ARG_VALUE, kek, ALL | FOR_KEY),
    OPT("--from", ARG_VALUE, from, FOR_RETOKENIZE),     OPT("--to", ARG_VALUE, to, FOR_RETOKENIZE),
    OPT("--from-key-file", ARG_VALUE, from_key_file, FOR_RETOKENIZE),
    OPT("--to-key-file", ARG_VALUE, to_key_file, FOR_RETOKENIZE),
    OPT("--expect-from-kcv", ARG_VALUE, expect_from_kcv, FOR_RETOKENIZE),
    OPT("--expect-to-kcv", ARG_VALUE, expect_to_kcv, FOR_RETOKENIZE),
    OPT("--embed-version", ARG_FLAG, embed_version, FOR_TOKENIZE),
    OPT("--version-column", ARG_VALUE, version_column, FOR_TOKENIZE),
    OPT("--alg", ARG_VALUE, alg, FOR_HASH),          OPT("--hash", ARG_VALUE, hash, FOR_MAC),
};
#define NOPTS (sizeof cli_opts / sizeof cli_opts[0])

int parse_options(int argc, char *const *argv, size_t maxpos, options *o)
{
    arg_opt table[NOPTS];
    char err[160];
    for (size_t i = 0; i < NOPTS; i++) table[i] = cli_opts[i].a;
    memset(o, 0, sizeof *o);
    if (args_parse(table, NOPTS, argc, argv, o, o->positional, maxpos, &o->npositional, err, sizeof err))
        return fail(EXIT_USAGE, err, NULL);
    return 0;
}

int check_options(const options *o, unsigned where, const char *what)
{
    for (size_t i = 0; i < NOPTS; i++)
        if (*(const char *const *)((const char *)o + cli_opts[i].a.offset) && !(cli_opts[i].where & where)) {
            char msg[96];
            snprintf(msg, sizeof msg, "does not apply to %s", what);
            return fail(EXIT_USAGE, cli_opts[i].a.name, msg);
        }
    return 0;
}

long read_line(char **line, size_t *cap, int *nul)
{
    ssize_t n = getline(line, cap, stdin);
    if (n <= 0) return -1;
    size_t len = (size_t)n;
    if ((*line)[len - 1] == '\n') (*line)[--len] = 0;
    if (len && (*line)[len - 1] == '\r') (*line)[--len] = 0;
    *nul = strlen(*line) != len;
    return (long)len;
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
                st == KC_ERR_RADIX || st == KC_ERR_DOMAIN_TOO_SMALL || st == KC_ERR_DOMAIN_TOO_LARGE ||
                st == KC_ERR_FORMAT_SPEC || st == KC_ERR_TAG_LENGTH;
    return fail(usage ? EXIT_USAGE : EXIT_CRYPTO, what, kc_strerror(st));
}

/* The key bytes a name takes ("ff1-aes-256", "aes-256-gcm": aes-256's); 0 when unknown. */
static size_t key_bytes(const char *cipher)
{
    kc_name_info n;
    return kc_name_find(cipher, &n) == KC_OK ? n.key_bytes : 0;
}

int fail_setup(kc_status st, const char *cipher, size_t key_len, const char *spec_what)
{
    char what[200], msg[200];
    switch (st) {
    case KC_ERR_UNKNOWN_CIPHER:
    case KC_ERR_WRONG_KIND:
        snprintf(what, sizeof what, "--cipher %.100s", cipher);
        return fail(EXIT_USAGE, what, st == KC_ERR_UNKNOWN_CIPHER ? "unknown cipher"
                    : "not an FPE cipher (ff1-{aes,aria,lea}-N, ff3-1-{aes,aria,lea}-N, fea1-N, fea2-N)");
    case KC_ERR_UNKNOWN_BACKEND: return fail(EXIT_USAGE, "--backend", "unknown backend for this cipher");
    case KC_ERR_BACKEND_UNAVAILABLE: {
        const char *mask = getenv("KC_CPU_DISABLE");
        if (mask && *mask) {
            snprintf(msg, sizeof msg, "this CPU cannot run that backend, or KC_CPU_DISABLE=%.60s masks a feature it needs "
                     "(kcipher list shows which)", mask);
            return fail(EXIT_USAGE, "--backend", msg);
        }
        return fail(EXIT_USAGE, "--backend", "this CPU cannot run that backend");
    }
    case KC_ERR_KEY_LENGTH:
        if (key_bytes(cipher))
            snprintf(msg, sizeof msg, "expected %zu bytes for %.100s, got %zu", key_bytes(cipher), cipher, key_len);
        else snprintf(msg, sizeof msg, "wrong length for %.100s: got %zu bytes", cipher, key_len);
        return fail(EXIT_USAGE, "key", msg);
    case KC_ERR_DOMAIN_TOO_SMALL:
        return fail(EXIT_USAGE, spec_what,
                    "the format's domain is below 10^6 (--allow-small-domain accepts down to 2^8)");
    case KC_ERR_FORMAT_SPEC: return fail(EXIT_USAGE, spec_what, "format name or spec not understood (README: Formats)");
    default: return fail_status(st, spec_what);
    }
}

const char *value_error(kc_status st)
{
    switch (st) {
    case KC_ERR_DOMAIN_TOO_SMALL:
        return "too few characters to encrypt: the domain is below 10^6 (--allow-small-domain accepts down to 2^8)";
    case KC_ERR_DOMAIN_TOO_LARGE:
        return "too many characters to encrypt for this cipher (FF1: 512; FF3-1: radix^ceil(n/2) up to 2^96; "
               "FEA: radix^n below 2^128)";
    case KC_ERR_LENGTH_MISMATCH: case KC_ERR_INPUT_TOO_LONG: return "value of a length this cipher cannot take";
    case KC_ERR_VALUE_OUT_OF_DOMAIN: case KC_ERR_DIGIT: return "value outside the cipher's domain";
    default: return kc_strerror(st);
    }
}

void free_wiped(void *p, size_t len)
{
    if (p) kc_wipe(p, len);
    free(p);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int hex_bytes(const char *hex, size_t n, uint8_t **out, size_t *len, const char *what)
{
    if (n % 2) return fail(EXIT_USAGE, what, "odd number of hex digits");
    uint8_t *p = malloc(n / 2 + 1);
    if (!p) return fail(EXIT_CRYPTO, what, "out of memory");
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval((unsigned char)hex[2 * i]), lo = hexval((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0) { free_wiped(p, n / 2); return fail(EXIT_USAGE, what, "not a hex string"); }
        p[i] = (uint8_t)(hi << 4 | lo);
    }
    *out = p;
    *len = n / 2;
    return 0;
}

int hex_decode(const char *hex, uint8_t **out, size_t *len, const char *what)
{
    return hex_bytes(hex, strlen(hex), out, len, what);
}

/* The library's key-file rule (kc_key_load_file); the warning is ours to print. */
static int read_key_file(const char *path, uint8_t **key, size_t *len)
{
    uint8_t *p = malloc(KC_KEY_FILE_MAX);
    unsigned warn = 0;
    char why[256];
    if (!p) return fail(EXIT_CRYPTO, path, "out of memory");
    kc_status st = kc_key_load_file(path, p, KC_KEY_FILE_MAX, len, &warn, why, sizeof why);
    if (warn & KC_KEY_FILE_READABLE)
        fprintf(stderr, "kcipher: warning: key file %s may be read by other users (chmod 600 %s)\n", path, path);
    if (st != KC_OK) {
        free_wiped(p, KC_KEY_FILE_MAX);
        return fail(EXIT_USAGE, why, NULL);
    }
    *key = p;
    return 0;
}

static struct { char name[KC_KEY_NAME_MAX + 16], kcv[2 * KC_KCV_BYTES + 1], line[160], cipher[64]; } used;

const char *key_used(const char **name, const char **kcv)
{
    if (name) *name = used.name;
    if (kcv) *kcv = used.kcv;
    snprintf(used.line, sizeof used.line, "key %s%s%s", used.name, *used.kcv ? " kcv " : "", used.kcv);
    return used.line;
}

const char *key_used_cipher(void)
{
    return used.cipher;
}

/* Library statuses of the keyring: a missing key or keyring, or a KEK that
 * cannot be had, is a usage error; a key that fails a check is a crypto failure. */
int fail_keyring(kc_status st, const char *why)
{
    int usage = st == KC_ERR_KEYRING || st == KC_ERR_KEY_NOT_FOUND || st == KC_ERR_KEK ||
                st == KC_ERR_UNKNOWN_CIPHER || st == KC_ERR_NULL;
    return fail(usage ? EXIT_USAGE : EXIT_CRYPTO, why && *why ? why : kc_strerror(st), NULL);
}

static int keyring_key(const options *o, uint8_t **key, size_t *len)
{
    const char *path = o->keyring ? o->keyring : getenv("KCIPHER_KEYRING"), *kek = o->kek ? o->kek : getenv("KCIPHER_KEK");
    if (!path || !*path) return fail(EXIT_USAGE, "--key-name", "needs --keyring PATH or KCIPHER_KEYRING");
    kc_keyring *kr;
    char why[600];
    kc_status st = kc_keyring_open(&kr, path, 0, why, sizeof why);
    if (st != KC_OK) return fail_keyring(st, why);
    uint8_t *p = malloc(64);
    kc_key_info info;
    if (!p) st = KC_ERR_NO_MEMORY;
    if (st == KC_OK && kek && *kek) st = kc_keyring_set_kek(kr, kek);
    if (st == KC_OK) st = kc_keyring_get(kr, o->key_name, p, 64, len, &info);
    int rc = st == KC_OK ? 0 : fail_keyring(st, kc_keyring_error(kr));
    kc_keyring_close(kr);
    if (!rc && o->cipher && strcmp(o->cipher, info.cipher)) {
        char msg[300];
        snprintf(msg, sizeof msg, "key %.70s@%u is a %.47s key, not --cipher %.60s", info.name, info.version,
                 info.cipher, o->cipher);
        rc = fail(EXIT_USAGE, "--key-name", msg);
    }
    if (rc) { free_wiped(p, 64); return rc; }
    snprintf(used.name, sizeof used.name, "%s@%u", info.name, info.version);
    snprintf(used.kcv, sizeof used.kcv, "%s", info.kcv);
    snprintf(used.cipher, sizeof used.cipher, "%s", info.cipher);
    *key = p;
    return 0;
}

int load_key(const options *o, uint8_t **key, size_t *len)
{
    const char *env = getenv("KCIPHER_KEY");
    if (env && !*env) env = NULL;
    int sources = !!o->key + !!o->key_file + !!env + !!o->key_name, rc;
    if (sources == 0)
        return fail(EXIT_USAGE, "no key", "give --key-name NAME[@V] (with --keyring PATH or KCIPHER_KEYRING), "
                    "--key-file FILE, KCIPHER_KEY=HEX or --key HEX");
    if (sources > 1)
        return fail(EXIT_USAGE, "more than one key", "give only one of --key-name, --key-file, KCIPHER_KEY and --key");
    if (o->keyring && !o->key_name) return fail(EXIT_USAGE, "--keyring", "needs --key-name NAME[@V]");
    memset(&used, 0, sizeof used);
    if (o->key_name) rc = keyring_key(o, key, len);
    else {
        snprintf(used.name, sizeof used.name, "%s", o->key_file ? "--key-file" : env ? "KCIPHER_KEY" : "--key");
        rc = o->key_file ? read_key_file(o->key_file, key, len)
                         : hex_decode(env ? env : o->key, key, len, env ? "KCIPHER_KEY" : "--key");
        uint8_t kcv[KC_KCV_BYTES];
        if (!rc && o->cipher && kc_key_check_value(o->cipher, *key, *len, kcv) == KC_OK)
            for (size_t i = 0; i < KC_KCV_BYTES; i++) snprintf(used.kcv + 2 * i, 3, "%02x", kcv[i]);
    }
    if (rc || !o->expect_kcv) return rc;
    size_t n = strlen(o->expect_kcv);
    int hex = n == 2 * KC_KCV_BYTES;
    for (size_t i = 0; i < n; i++) hex &= hexval((unsigned char)o->expect_kcv[i]) >= 0;
    if (!hex) rc = fail(EXIT_USAGE, "--expect-kcv", "expected 6 hex digits (kcipher key list shows them)");
    else if (!*used.kcv) rc = fail(EXIT_USAGE, "--expect-kcv", "no check value for this cipher");
    else if (strncasecmp(o->expect_kcv, used.kcv, n)) {
        char msg[160];
        snprintf(msg, sizeof msg, "the key's check value is %s, not %.6s: another key", used.kcv, o->expect_kcv);
        rc = fail(EXIT_CRYPTO, "--expect-kcv", msg);
    }
    if (rc) { free_wiped(*key, *len); *key = NULL; }
    return rc;
}

int check_same_file(void)
{
    struct stat in, out;
    if (fstat(0, &in) == 0 && fstat(1, &out) == 0 && S_ISREG(in.st_mode) && S_ISREG(out.st_mode) &&
        in.st_dev == out.st_dev && in.st_ino == out.st_ino)
        return fail(EXIT_USAGE, "input and output are the same file", NULL);
    return 0;
}

int hex_integer(const char *hex, uint8_t *out, size_t width, unsigned bits, int status, const char *what)
{
    if (strncmp(hex, "0x", 2) == 0 || strncmp(hex, "0X", 2) == 0) hex += 2;
    size_t n = strlen(hex);
    if (n == 0) return fail(status, what, "empty hex integer");
    memset(out, 0, width);
    unsigned used = 0;                     /* significant bits so far */
    for (size_t i = 0; i < n; i++) {
        int v = hexval((unsigned char)hex[i]);
        if (v < 0) return fail(status, what, "not a hex integer");
        if (used || v) used = used ? used + 4 : (unsigned)(v >= 8 ? 4 : v >= 4 ? 3 : v >= 2 ? 2 : 1);
        if (used > bits) return fail(status, what, "value does not fit in the field's bit length");
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
    if (args_uint(s, lo, hi, v) == 0) return 0;
    char msg[96];
    snprintf(msg, sizeof msg, "expected a number from %lu to %lu", lo, hi);
    return fail(EXIT_USAGE, what, msg);
}

long parse_digits(const char *text, unsigned radix, uint16_t d[MAX_DIGITS])
{
    size_t n = 0;
    if (radix <= 36) {
        for (; *text; text++) {
            /* Lower case only: output is lower case, so upper case would not come back as it went in. */
            int c = (unsigned char)*text, v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : 99;
            if (n == MAX_DIGITS || (unsigned)v >= radix) return -1;
            d[n++] = (uint16_t)v;
        }
        return n ? (long)n : -1;
    }
    for (;;) {                             /* digit (',' digit)* with digit = [0-9]+ */
        unsigned long v = 0;
        const char *start = text;
        while (*text >= '0' && *text <= '9' && v < radix) v = v * 10 + (unsigned long)(*text++ - '0');
        if (text == start || v >= radix || n == MAX_DIGITS) return -1;
        d[n++] = (uint16_t)v;
        if (*text == 0) return (long)n;
        if (*text++ != ',') return -1;
    }
}
