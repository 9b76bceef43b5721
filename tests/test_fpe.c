/* SPDX-License-Identifier: MIT */
/* FPE over FEA (cycle walking, [FEA]): the six decimal examples of the
 * reference library, model vectors for assorted radixes (fea_fpe_model.tsv) on every FEA
 * backend, random round trips with the backends compared against each other,
 * and every error code with the output left untouched. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

static const uint8_t KEY[32] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };
static const uint8_t PATTERN[16] = { 0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
                                     0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f };

/* The FEA backends this CPU can run (every FEA cipher has the same list). */
static const char *backends[16];
static size_t nbackends;

static void list_backends(void)
{
    kc_backend_info info;
    for (size_t i = 0; i < kc_backend_count("fea1-128") && nbackends < 16; i++)
        if (kc_backend_at("fea1-128", i, &info) == KC_OK && info.available) backends[nbackends++] = info.name;
}

static size_t backend_count(void) { return nbackends; }
static const char *backend_name(size_t i) { return backends[i]; }

static const char *cipher_name(int variant, size_t key_len)
{
    static const char *names[2][3] = { { "fea1-128", "fea1-192", "fea1-256" },
                                       { "fea2-128", "fea2-192", "fea2-256" } };
    return names[variant - 1][key_len / 8 - 2];
}

/* The reference library's decimal examples, through the string interface. */
static void test_spec_examples(void)
{
    /* FEA-1 tweak of the second row: pattern >> 54, 74 bits in 10 bytes. */
    static const uint8_t t74[10] = { 0x03, 0xc3, 0x87, 0x4b, 0x0e, 0xd2, 0x96, 0x5a, 0x1d, 0xe1 };
    static const struct {
        const char *name; size_t key_len; const char *in; const uint8_t *tweak; size_t tweak_len;
        unsigned n; const char *out; unsigned flags;
    } v[] = {
        { "fea1-128", 16, "1234567890123456", NULL, 0, 54, "9981133713582519", 0 },
        { "fea1-128", 16, "1234567890123456", t74, 10, 54, "4449492389575605", 0 },
        { "fea2-128", 16, "1234567890123456", NULL, 0, 54, "4025919804157494", 0 },
        { "fea1-128", 16, "123", NULL, 0, 10, "509", KC_FPE_ALLOW_SMALL_DOMAIN },
        { "fea2-128", 16, "12345678901234567890123456789012345678", PATTERN, 16, 127,
          "94473211614836359285471998910825772321", 0 },
        { "fea2-256", 32, "0000000000", PATTERN, 16, 34, "7373519242", 0 },
    };
    for (size_t b = 0; b < backend_count(); b++)
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
            kc_fpe *p;
            char buf[64];
            size_t len = strlen(v[i].in);
            if (!tl_check_status(kc_fpe_new(&p, v[i].name, backend_name(b), KEY, v[i].key_len, 10, len,
                                            v[i].flags), KC_OK, "10.1 row %zu new", i)) continue;
            TL_CHECK(kc_fpe_bits(p) == v[i].n, "10.1 row %zu: n = %u", i, kc_fpe_bits(p));
            tl_check_status(kc_fpe_encrypt_str(p, buf, v[i].in, v[i].tweak, v[i].tweak_len), KC_OK, "enc");
            TL_CHECK(strcmp(buf, v[i].out) == 0, "10.1 row %zu %s: got %s want %s", i, backend_name(b),
                     buf, v[i].out);
            tl_check_status(kc_fpe_decrypt_str(p, buf, buf, v[i].tweak, v[i].tweak_len), KC_OK, "dec");
            TL_CHECK(strcmp(buf, v[i].in) == 0, "10.1 row %zu %s: decrypt got %s", i, backend_name(b), buf);
            kc_fpe_free(p);
        }
}

static size_t parse_digits(char *s, uint16_t *d, size_t cap)
{
    size_t n = 0;
    for (char *t = strtok(s, ","); t && n < cap; t = strtok(NULL, ",")) d[n++] = (uint16_t)atol(t);
    return n;
}

/* One row of fea_fpe_model.tsv on one backend: digit and string interfaces. */
static void check_model_row(const char *backend, int variant, const uint8_t *key, size_t key_len,
                            unsigned radix, size_t len, unsigned n, const uint8_t *tw, size_t tlen,
                            const uint16_t *pt, const uint16_t *ct, int row)
{
    kc_fpe *p;
    if (!tl_check_status(kc_fpe_new(&p, cipher_name(variant, key_len), backend, key, key_len, radix, len,
                                    KC_FPE_ALLOW_SMALL_DOMAIN), KC_OK, "model row %d new", row)) return;
    uint16_t buf[128];
    int zero = 1;
    for (size_t i = 0; i < tlen; i++) zero &= tw[i] == 0;
    TL_CHECK(kc_fpe_bits(p) == n, "model row %d: n = %u, want %u", row, kc_fpe_bits(p), n);
    TL_CHECK(kc_fpe_tweak_size(p) == tlen, "model row %d: tweak size %zu", row, kc_fpe_tweak_size(p));
    tl_check_status(kc_fpe_encrypt(p, buf, pt, len, tw, tlen), KC_OK, "model row %d enc", row);
    TL_CHECK(memcmp(buf, ct, len * 2) == 0, "model row %d %s: encrypt", row, backend);
    tl_check_status(kc_fpe_decrypt(p, buf, ct, len, tw, tlen), KC_OK, "model row %d dec", row);
    TL_CHECK(memcmp(buf, pt, len * 2) == 0, "model row %d %s: decrypt", row, backend);
    if (zero) {
        kc_fpe_encrypt(p, buf, pt, len, NULL, 0);
        TL_CHECK(memcmp(buf, ct, len * 2) == 0, "model row %d %s: empty tweak", row, backend);
    }
    if (radix <= 36) {
        static const char low[] = "0123456789abcdefghijklmnopqrstuvwxyz";
        char in[129], want[129], got[129];
        for (size_t i = 0; i < len; i++) { in[i] = low[pt[i]]; want[i] = low[ct[i]]; }
        in[len] = want[len] = 0;
        tl_check_status(kc_fpe_encrypt_str(p, got, in, tw, tlen), KC_OK, "model row %d enc_str", row);
        TL_CHECK(strcmp(got, want) == 0, "model row %d %s: encrypt_str %s", row, backend, got);
        tl_check_status(kc_fpe_decrypt_str(p, got, got, tw, tlen), KC_OK, "model row %d dec_str", row);
        for (size_t i = 0; i < len; i++) in[i] = low[pt[i]];
        TL_CHECK(strcmp(got, in) == 0, "model row %d %s: decrypt_str %s", row, backend, got);
    }
    kc_fpe_free(p);
}

static void test_model_file(void)
{
    FILE *fp = fopen(tl_vector_path("fpe/fea_fpe_model.tsv"), "r");
    if (!TL_CHECK(fp != NULL, "cannot open fpe/fea_fpe_model.tsv")) return;
    char line[2048];
    int rows = 0;
    while (fgets(line, sizeof line, fp)) {
        char *col[11];
        int nc = 0;
        if (line[0] == '#') continue;
        for (char *t = strtok(line, "\t\r\n"); t && nc < 11; t = strtok(NULL, "\t\r\n")) col[nc++] = t;
        if (!TL_CHECK(nc == 11, "model row %d: %d columns", rows, nc)) continue;
        uint8_t key[32], tw[16];
        uint16_t pt[128], ct[128];
        long kl = tl_unhex(col[2], key, sizeof key);
        long tl = strcmp(col[6], "-") == 0 ? 0 : tl_unhex(col[6], tw, sizeof tw);
        unsigned radix = (unsigned)atoi(col[3]), n = (unsigned)atoi(col[5]);
        size_t len = (size_t)atol(col[4]);
        char *cts = col[8];
        size_t np = parse_digits(col[7], pt, 128), nq = parse_digits(cts, ct, 128);
        if (!TL_CHECK(kl > 0 && tl >= 0 && np == len && nq == len, "model row %d: bad row", rows)) continue;
        for (size_t b = 0; b < backend_count(); b++)
            check_model_row(backend_name(b), col[0][4] - '0', key, (size_t)kl, radix, len, n, tw,
                            (size_t)tl, pt, ct, rows);
        rows++;
    }
    fclose(fp);
    TL_CHECK(rows == 30, "fea_fpe_model.tsv: %d rows, want 30", rows);
}

/* -1 if radix^len < 10^6, 1 if >= 2^128, else 0 (independent of fpe.c). */
static int domain_class(unsigned radix, size_t len)
{
    uint32_t v[4] = { 1, 0, 0, 0 };
    for (size_t i = 0; i < len; i++) {
        uint64_t carry = 0;
        for (int k = 0; k < 4; k++) {
            carry += (uint64_t)v[k] * radix;
            v[k] = (uint32_t)carry;
            carry >>= 32;
        }
        if (carry) return 1;
    }
    return !v[1] && !v[2] && !v[3] && v[0] < 1000000 ? -1 : 0;
}

/* The batch path (values walked together, several passes) against one
 * value at a time: 300 values span three walking chunks and a ragged end. */
static void batch_matches_single(const kc_fpe *p, unsigned radix, size_t len, const uint8_t *tw, size_t tlen)
{
    enum { COUNT = 300 };
    static uint16_t in[COUNT * 128], got[COUNT * 128];
    uint16_t one[128];
    for (size_t i = 0; i < COUNT * len; i++) in[i] = (uint16_t)tl_rand_below(radix);
    if (!tl_check_status(kc_fpe_encrypt_batch(p, got, in, COUNT, tw, tlen), KC_OK, "batch radix %u len %zu",
                         radix, len))
        return;
    int same = 1;
    for (size_t i = 0; i < COUNT; i++) {
        kc_fpe_encrypt(p, one, in + i * len, len, tw, tlen);
        same &= memcmp(one, got + i * len, len * 2) == 0;
    }
    TL_CHECK(same, "batch differs from single values (radix %u len %zu)", radix, len);
    kc_fpe_decrypt_batch(p, got, got, COUNT, tw, tlen);
    TL_CHECK(memcmp(got, in, COUNT * len * 2) == 0, "batch round trip (radix %u len %zu)", radix, len);
}

/* Random radix and length with 10^6 <= radix^len < 2^128: the backends agree,
 * digits stay below the radix, decryption inverts, in place works. */
static void test_round_trips(int cases)
{
    for (int c = 0; c < cases; c++) {
        static const unsigned radixes[] = { 2, 3, 8, 10, 16, 26, 36, 62, 64, 256, 1000, 11172, 65535 };
        unsigned radix = tl_rand_below(3) ? radixes[tl_rand_below(13)] : 2 + (unsigned)tl_rand_below(65534);
        size_t minlen = 1, maxlen = 1;
        while (domain_class(radix, minlen) < 0) minlen++;
        while (domain_class(radix, maxlen + 1) <= 0) maxlen++;
        size_t len = minlen + tl_rand_below(maxlen - minlen + 1);
        int variant = 1 + (int)tl_rand_below(2);
        size_t key_len = 16 + 8 * tl_rand_below(3);
        uint8_t key[32], tw[16];
        uint16_t pt[128], ref[128], got[128];
        tl_random_bytes(key, sizeof key);
        tl_random_bytes(tw, sizeof tw);
        for (size_t i = 0; i < len; i++) pt[i] = (uint16_t)tl_rand_below(radix);
        kc_fpe *p[8];
        size_t nb = backend_count();
        for (size_t b = 0; b < nb && b < 8; b++) {
            kc_status st = kc_fpe_new(&p[b], cipher_name(variant, key_len), backend_name(b), key, key_len,
                                      radix, len, 0);
            if (!tl_check_status(st, KC_OK, "rt %d new radix %u len %zu", c, radix, len)) return;
        }
        size_t tlen = kc_fpe_tweak_size(p[0]);
        unsigned tbits = 128 - kc_fpe_bits(p[0]);
        if (variant == 1 && tbits % 8) tw[0] &= (uint8_t)((1u << (tbits % 8)) - 1);
        if (tl_rand_below(4) == 0) tlen = 0;
        for (size_t b = 0; b < nb && b < 8; b++) {
            memcpy(got, pt, sizeof pt);
            tl_check_status(kc_fpe_encrypt(p[b], got, got, len, tw, tlen), KC_OK, "rt %d enc", c);
            int ok = 1;
            for (size_t i = 0; i < len; i++) ok &= got[i] < radix;
            TL_CHECK(ok, "rt %d: digit out of radix %u", c, radix);
            if (b == 0) memcpy(ref, got, sizeof ref);
            else TL_CHECK(memcmp(got, ref, len * 2) == 0, "rt %d: %s differs from %s (radix %u len %zu)",
                          c, backend_name(b), backend_name(0), radix, len);
            kc_fpe_decrypt(p[b], got, got, len, tw, tlen);
            TL_CHECK(memcmp(got, pt, len * 2) == 0, "rt %d %s: round trip radix %u len %zu", c,
                     backend_name(b), radix, len);
            if (b == 0) batch_matches_single(p[b], radix, len, tw, tlen);
            kc_fpe_free(p[b]);
        }
    }
}

static void test_new_errors(void)
{
    kc_fpe *p = (kc_fpe *)&p;   /* must become NULL on failure */
    static const struct {
        const char *name; size_t key_len; unsigned radix; size_t len; unsigned flags; kc_status want;
    } v[] = {
        { "fea1-128", 16, 10, 6, 0, KC_OK },
        { "fea1-128", 16, 10, 5, 0, KC_ERR_DOMAIN_TOO_SMALL },
        { "fea1-128", 16, 10, 5, KC_FPE_ALLOW_SMALL_DOMAIN, KC_OK },
        { "fea1-128", 16, 2, 19, 0, KC_ERR_DOMAIN_TOO_SMALL },      /* 524288 */
        { "fea1-128", 16, 2, 20, 0, KC_OK },                        /* 1048576 */
        { "fea1-128", 16, 1000, 2, 0, KC_OK },                      /* exactly 10^6 */
        { "fea1-128", 16, 999, 2, 0, KC_ERR_DOMAIN_TOO_SMALL },
        { "fea1-128", 16, 2, 8, KC_FPE_ALLOW_SMALL_DOMAIN, KC_OK }, /* 256 */
        { "fea1-128", 16, 2, 7, KC_FPE_ALLOW_SMALL_DOMAIN, KC_ERR_DOMAIN_TOO_SMALL },
        { "fea1-128", 16, 255, 1, KC_FPE_ALLOW_SMALL_DOMAIN, KC_ERR_DOMAIN_TOO_SMALL },
        { "fea1-128", 16, 10, 0, KC_FPE_ALLOW_SMALL_DOMAIN, KC_ERR_DOMAIN_TOO_SMALL },
        { "fea2-128", 16, 10, 38, 0, KC_OK },
        { "fea2-128", 16, 10, 39, 0, KC_ERR_DOMAIN_TOO_LARGE },
        { "fea2-128", 16, 2, 127, 0, KC_OK },
        { "fea2-128", 16, 2, 128, 0, KC_ERR_DOMAIN_TOO_LARGE },
        { "fea2-128", 16, 65535, 8, 0, KC_OK },
        { "fea2-128", 16, 65535, 9, 0, KC_ERR_DOMAIN_TOO_LARGE },
        { "fea2-128", 16, 10, (size_t)-1, 0, KC_ERR_DOMAIN_TOO_LARGE },
        { "fea2-128", 16, 1, 100, 0, KC_ERR_RADIX },
        { "fea2-128", 16, 0, 100, 0, KC_ERR_RADIX },
        { "fea2-128", 16, 65536, 4, 0, KC_ERR_RADIX },
        { "fea2-128", 24, 10, 10, 0, KC_ERR_KEY_LENGTH },
        { "fea2-192", 24, 10, 10, 0, KC_OK },
        { "fea3-128", 16, 10, 10, 0, KC_ERR_UNKNOWN_CIPHER },
        { "aes-128", 16, 10, 10, 0, KC_ERR_WRONG_KIND },
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        kc_status st = kc_fpe_new(&p, v[i].name, NULL, KEY, v[i].key_len, v[i].radix, v[i].len, v[i].flags);
        tl_check_status(st, v[i].want, "new %s radix %u len %zu flags %u", v[i].name, v[i].radix,
                        v[i].len, v[i].flags);
        TL_CHECK(st == KC_OK ? p != NULL : p == NULL, "new case %zu: out pointer", i);
        if (st == KC_OK) kc_fpe_free(p);
        p = (kc_fpe *)&p;
    }
    tl_check_status(kc_fpe_new(NULL, "fea1-128", NULL, KEY, 16, 10, 10, 0), KC_ERR_NULL, "new NULL out");
    tl_check_status(kc_fpe_new(&p, NULL, NULL, KEY, 16, 10, 10, 0), KC_ERR_NULL, "new NULL name");
    tl_check_status(kc_fpe_new(&p, "fea1-128", NULL, NULL, 16, 10, 10, 0), KC_ERR_NULL, "new NULL key");
    tl_check_status(kc_fpe_new(&p, "fea1-128", "nope", KEY, 16, 10, 10, 0), KC_ERR_UNKNOWN_BACKEND,
                    "new backend");
    TL_CHECK(kc_fpe_bits(NULL) == 0 && kc_fpe_tweak_size(NULL) == 0, "NULL accessors");
    kc_fpe_free(NULL);
}

/* Each failing call leaves out exactly as it was. */
static void test_call_errors(void)
{
    kc_fpe *p1, *p2, *p40;
    uint16_t in[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6 }, out[16], keep[16];
    char sout[32], skeep[32];
    uint8_t tw[16] = { 0 };
    if (!tl_check_status(kc_fpe_new(&p1, "fea1-128", NULL, KEY, 16, 10, 16, 0), KC_OK, "p1") ||
        !tl_check_status(kc_fpe_new(&p2, "fea2-128", NULL, KEY, 16, 10, 16, 0), KC_OK, "p2") ||
        !tl_check_status(kc_fpe_new(&p40, "fea2-128", NULL, KEY, 16, 40, 6, 0), KC_OK, "p40")) return;
    TL_CHECK(kc_fpe_tweak_size(p1) == 10 && kc_fpe_tweak_size(p2) == 16, "tweak sizes");
    memset(keep, 0xa5, sizeof keep);
    memset(skeep, 'Z', sizeof skeep);
#define EXPECT(call, want, what) do { \
        memcpy(out, keep, sizeof out); memcpy(sout, skeep, sizeof sout); \
        tl_check_status(call, want, what); \
        TL_CHECK(memcmp(out, keep, sizeof out) == 0 && memcmp(sout, skeep, sizeof sout) == 0, \
                 "%s: output written on error", what); \
    } while (0)
    in[3] = 10;
    EXPECT(kc_fpe_encrypt(p1, out, in, 16, NULL, 0), KC_ERR_DIGIT, "digit 10");
    EXPECT(kc_fpe_decrypt(p2, out, in, 16, NULL, 0), KC_ERR_DIGIT, "decrypt digit 10");
    in[3] = 4;
    EXPECT(kc_fpe_encrypt(p1, out, in, 15, NULL, 0), KC_ERR_LENGTH_MISMATCH, "short");
    EXPECT(kc_fpe_encrypt(p1, out, in, 16, tw, 16), KC_ERR_TWEAK_LENGTH, "FEA-1 tweak 16 bytes");
    EXPECT(kc_fpe_encrypt(p2, out, in, 16, tw, 10), KC_ERR_TWEAK_LENGTH, "FEA-2 tweak 10 bytes");
    EXPECT(kc_fpe_encrypt(p2, out, in, 16, NULL, 16), KC_ERR_NULL, "NULL tweak");
    EXPECT(kc_fpe_encrypt(NULL, out, in, 16, NULL, 0), KC_ERR_NULL, "NULL fpe");
    EXPECT(kc_fpe_encrypt(p1, out, NULL, 16, NULL, 0), KC_ERR_NULL, "NULL in");
    tw[0] = 0x04;   /* FEA-1, n = 54: the tweak has 74 bits, 2 in its first byte */
    EXPECT(kc_fpe_encrypt(p1, out, in, 16, tw, 10), KC_ERR_VALUE_OUT_OF_DOMAIN, "FEA-1 tweak too wide");
    tw[0] = 0x03;
    tl_check_status(kc_fpe_encrypt(p1, out, in, 16, tw, 10), KC_OK, "FEA-1 tweak at the limit");

    EXPECT(kc_fpe_encrypt_str(p1, sout, "123456789012345", NULL, 0), KC_ERR_LENGTH_MISMATCH, "str short");
    EXPECT(kc_fpe_encrypt_str(p1, sout, "12345678901234567", NULL, 0), KC_ERR_LENGTH_MISMATCH, "str long");
    EXPECT(kc_fpe_encrypt_str(p1, sout, "123456789012345a", NULL, 0), KC_ERR_DIGIT, "str letter in radix 10");
    EXPECT(kc_fpe_encrypt_str(p1, sout, "1234567890-23456", NULL, 0), KC_ERR_DIGIT, "str dash");
    EXPECT(kc_fpe_decrypt_str(p1, sout, "1234567890 23456", NULL, 0), KC_ERR_DIGIT, "str space");
    EXPECT(kc_fpe_encrypt_str(p1, sout, "1234567890123456", tw, 9), KC_ERR_TWEAK_LENGTH, "str tweak");
    EXPECT(kc_fpe_encrypt_str(p40, sout, "123456", NULL, 0), KC_ERR_RADIX, "str radix 40");
    EXPECT(kc_fpe_encrypt_str(p1, sout, NULL, NULL, 0), KC_ERR_NULL, "str NULL in");
    EXPECT(kc_fpe_encrypt_str(p1, NULL, "1234567890123456", NULL, 0), KC_ERR_NULL, "str NULL out");
#undef EXPECT
    /* Issue 22: upper case is refused, not folded (a value is in the
     * alphabet as written, or an error: "ACCOUNT7X9Q" came back
     * "account7x9q"); out is untouched. */
    kc_fpe *h;
    char a[8], b[8] = "xxxxxxx";
    if (tl_check_status(kc_fpe_new(&h, "fea1-256", NULL, KEY, 32, 16, 6, 0), KC_OK, "hex fpe")) {
        tl_check_status(kc_fpe_encrypt_str(h, b, "C0FFEE", NULL, 0), KC_ERR_DIGIT, "upper refused");
        tl_check_status(kc_fpe_decrypt_str(h, b, "c0fFee", NULL, 0), KC_ERR_DIGIT, "upper refused (decrypt)");
        TL_CHECK(!strcmp(b, "xxxxxxx"), "nothing written on refusal: %s", b);
        tl_check_status(kc_fpe_encrypt_str(h, a, "c0ffee", NULL, 0), KC_OK, "lower");
        TL_CHECK(strspn(a, "0123456789abcdef") == 6, "lower: %s", a);
        kc_fpe_free(h);
    }
    kc_fpe *r36;
    char acct[12];
    if (tl_check_status(kc_fpe_new(&r36, "ff1-aes-128", NULL, KEY, 16, 36, 11, 0), KC_OK, "radix 36")) {
        tl_check_status(kc_fpe_encrypt_str(r36, acct, "ACCOUNT7X9Q", NULL, 0), KC_ERR_DIGIT, "ACCOUNT7X9Q");
        tl_check_status(kc_fpe_encrypt_str(r36, acct, "account7x9q", NULL, 0), KC_OK, "account7x9q");
        tl_check_status(kc_fpe_decrypt_str(r36, acct, acct, NULL, 0), KC_OK, "account7x9q back");
        TL_CHECK(!strcmp(acct, "account7x9q"), "radix 36 round trip: %s", acct);
        kc_fpe_free(r36);
    }
    kc_fpe_free(p1);
    kc_fpe_free(p2);
    kc_fpe_free(p40);
}

/* Issue 22: messages a front end shows as they are must not mislead: no C
 * flag names, no "block cipher" for a block cipher, no AEAD tag for an FPE
 * length. */
static void test_messages(void)
{
    const char *small = kc_strerror(KC_ERR_DOMAIN_TOO_SMALL), *kind = kc_strerror(KC_ERR_WRONG_KIND),
               *len = kc_strerror(KC_ERR_LENGTH_MISMATCH);
    TL_CHECK(!strstr(small, "KC_FPE_ALLOW_SMALL_DOMAIN") && strstr(small, "small-domain option"), "%s", small);
    TL_CHECK(!strstr(kind, "(block cipher, AEAD or FEA)"), "%s", kind);
    TL_CHECK(!strstr(len, "ciphertext shorter than the tag)") && strstr(len, "FPE value"), "%s", len);
    TL_CHECK(strstr(kc_strerror(KC_ERR_DIGIT), "lower case"), "%s", kc_strerror(KC_ERR_DIGIT));
}

int main(void)
{
    list_backends();
    TL_CHECK(backend_count() >= 1, "fea backends");
    test_spec_examples();
    test_model_file();
    test_new_errors();
    test_call_errors();
    test_round_trips(300);
    test_messages();
    return tl_finish("test_fpe");
}
