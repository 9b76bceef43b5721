/* SPDX-License-Identifier: MIT */
/* Tokenization of formatted values: every named format keeps what it says
 * it keeps (separators, kept digits, the part after '@'), recomputes its
 * check digit, and decrypts back; the encrypted characters are exactly
 * kc_fpe of the selected digits; Unicode alphabets; every error with its
 * position and nothing written. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "core/sha256.h"

static const uint8_t KEY[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

static size_t key_len(const char *cipher)
{
    return strstr(cipher, "256") ? 32 : strstr(cipher, "192") ? 24 : 16;
}

static int luhn_valid(const char *s)
{
    int sum = 0, n = 0;
    for (size_t i = strlen(s); i-- > 0;) {
        if (s[i] < '0' || s[i] > '9') continue;
        int d = s[i] - '0';
        if (n++ % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
        sum += d;
    }
    return sum % 10 == 0;
}

static int brn_valid(const char *s)
{
    static const int w[9] = { 1, 3, 7, 1, 3, 7, 1, 3, 5 };
    int d[10], n = 0, sum = 0;
    for (; *s; s++)
        if (*s >= '0' && *s <= '9' && n < 10) d[n++] = *s - '0';
    if (n != 10) return 0;
    for (int i = 0; i < 9; i++) sum += d[i] * w[i];
    sum += d[8] * 5 / 10;
    return (10 - sum % 10) % 10 == d[9];
}

/* Tokenizes value, checks the kept characters and the round trip; returns the token. */
static void check_value(const char *cipher, const char *format, const char *value, size_t lead, size_t trail,
                        int check, const char *keep_after, char *token)
{
    kc_tokenizer *t;
    char back[256];
    size_t n = 0, m = 0, pos = 99;
    token[0] = 0;
    if (!tl_check_status(kc_tokenizer_new(&t, cipher, NULL, KEY, key_len(cipher), format, 0), KC_OK,
                         "%s %s new", cipher, format)) return;
    uint8_t tweak[7] = { 7, 6, 5, 4, 3, 2, 1 };   /* a context: derived to each cipher's tweak */
    size_t tlen = 7;
    tl_check_status(kc_tokenize(t, token, 255, &n, value, strlen(value), tweak, tlen, &pos), KC_OK,
                    "%s %s tokenize %s (pos %zu)", cipher, format, value, pos);
    token[n] = 0;
    TL_CHECK(n == strlen(value), "%s %s: %s -> %s changed length", cipher, format, value, token);
    /* Non-digits in place; the first lead and last trail digits kept; something changed. */
    size_t digits = 0, total = 0, changed = 0;
    for (size_t i = 0; value[i]; i++) total += value[i] >= '0' && value[i] <= '9';
    const char *stop = keep_after ? strstr(value, keep_after) : NULL;
    for (size_t i = 0; value[i] && i < n; i++) {
        int is_digit = value[i] >= '0' && value[i] <= '9';
        int alnum = is_digit || (value[i] >= 'a' && value[i] <= 'z') || (value[i] >= 'A' && value[i] <= 'Z');
        int kept = stop ? value + i >= stop || !alnum : !is_digit;
        if (!kept && !stop) kept = digits < lead || digits >= total - trail;
        if (kept) TL_CHECK(token[i] == value[i], "%s %s: %s -> %s: position %zu changed", cipher, format, value,
                           token, i);
        else changed += token[i] != value[i];
        digits += is_digit;
    }
    TL_CHECK(changed > 0, "%s %s: %s -> %s: nothing encrypted", cipher, format, value, token);
    if (check == 'L') TL_CHECK(luhn_valid(token), "%s: %s is not Luhn-valid", cipher, token);
    if (check == 'B') TL_CHECK(brn_valid(token), "%s: %s is not a valid BRN", cipher, token);
    tl_check_status(kc_detokenize(t, back, sizeof back, &m, token, n, tweak, tlen, &pos), KC_OK, "detokenize");
    TL_CHECK(m == n && memcmp(back, value, n) == 0, "%s %s: %s -> %s -> %.*s", cipher, format, value, token,
             (int)m, back);
    kc_tokenizer_free(t);
}

static void test_named_formats(void)
{
    static const char *ciphers[] = { "ff1-aes-128", "ff1-aria-256", "ff3-1-lea-192", "ff3-1-aes-256", "fea2-128",
                                     "fea1-192" };
    char token[256];
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        const char *cn = ciphers[c];
        check_value(cn, "card", "4111-1111-1111-1111", 6, 4, 0, NULL, token);
        check_value(cn, "card", "5500 0000 0000 0004", 6, 4, 0, NULL, token);
        check_value(cn, "card", "4111111111111111111", 6, 4, 0, NULL, token);   /* 19 digits */
        check_value(cn, "card-luhn", "4111-1111-1111-1111", 6, 0, 'L', NULL, token);
        check_value(cn, "card-luhn", "378282246310005", 6, 0, 'L', NULL, token);  /* Amex: 8 digits encrypted */
        check_value(cn, "kr-rrn", "900101-1234567", 6, 0, 0, NULL, token);
        check_value(cn, "kr-phone", "010-1234-5678", 3, 0, 0, NULL, token);
        check_value(cn, "kr-phone", "010 123 4567", 3, 0, 0, NULL, token);
        check_value(cn, "kr-brn", "220-81-62517", 0, 0, 'B', NULL, token);
        check_value(cn, "digits", "00000012345678", 0, 0, 0, NULL, token);
        check_value(cn, "email", "john.doe+news@example.co.kr", 0, 0, 0, "@", token);
        check_value(cn, "alphabet=digits;pass=/;keep=2,2", "12/345678/90", 2, 2, 0, NULL, token);
    }
}

/* The digits a format encrypts are exactly kc_fpe's ciphertext of them. */
static void test_matches_fpe(void)
{
    kc_tokenizer *t;
    kc_fpe *p;
    char token[64];
    size_t n;
    uint16_t mid[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 1 }, enc[9];
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-256", NULL, KEY, 32, "card-luhn", 0), KC_OK, "new");
    tl_check_status(kc_fpe_new(&p, "ff1-aes-256", NULL, KEY, 32, 10, 9, 0), KC_OK, "fpe new");
    tl_check_status(kc_tokenize(t, token, sizeof token, &n, "4111 1111 1111 1111", 19, NULL, 0, NULL), KC_OK, "tok");
    kc_fpe_encrypt(p, enc, mid, 9, NULL, 0);
    char want[20] = "4111 11";
    for (int i = 0; i < 9; i++) want[7 + i + (i >= 2) + (i >= 6)] = (char)('0' + enc[i]);
    want[9] = want[14] = ' ';
    TL_CHECK(memcmp(token, want, 18) == 0, "card-luhn %.19s: digits are not FF1 of the middle (%.18s)", token, want);
    kc_fpe_free(p);
    kc_tokenizer_free(t);
}

static void test_sha256(void)
{
    static const struct { size_t len; const char *hex; } v[] = {
        { 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
        { 55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318" },
        { 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a" },
        { 64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb" },
        { 1000, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3" },
    };
    static char a[1000];
    memset(a, 'a', sizeof a);
    uint8_t got[32], want[32];
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        kc_sha256(got, a, v[i].len);
        tl_unhex(v[i].hex, want, 32);
        tl_check_bytes(got, want, 32, "SHA-256 of %zu 'a'", v[i].len);
    }
    kc_sha256(got, "abc", 3);
    tl_unhex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", want, 32);
    tl_check_bytes(got, want, 32, "SHA-256 abc");
}

/* The documented tweak derivation: FF1 gets the first 8 bytes of
 * SHA-256("kcipher tokenization tweak" 0x00 "users.card"); RAW passes bytes as they are. */
static void test_context_tweak(void)
{
    uint8_t tw[8];
    tl_unhex("35b6902d712e0852", tw, 8);   /* hashlib.sha256(b"kcipher tokenization tweak\0users.card")[:8] */
    kc_tokenizer *t, *raw;
    kc_fpe *p;
    char a[32], b[32];
    size_t n, m;
    uint16_t d[16] = { 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }, e[16];
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "digits", 0), KC_OK, "new");
    tl_check_status(kc_tokenizer_new(&raw, "ff1-aes-128", NULL, KEY, 16, "digits", KC_TOKENIZER_RAW_TWEAK), KC_OK, "raw");
    tl_check_status(kc_fpe_new(&p, "ff1-aes-128", NULL, KEY, 16, 10, 16, 0), KC_OK, "fpe");
    kc_tokenize(t, a, sizeof a, &n, "4111111111111111", 16, (const uint8_t *)"users.card", 10, NULL);
    kc_tokenize(raw, b, sizeof b, &m, "4111111111111111", 16, tw, 8, NULL);
    kc_fpe_encrypt(p, e, d, 16, tw, 8);
    char want[17];
    for (int i = 0; i < 16; i++) want[i] = (char)('0' + e[i]);
    TL_CHECK(n == 16 && memcmp(a, want, 16) == 0, "context tweak: %.16s, want %.16s", a, want);
    TL_CHECK(m == 16 && memcmp(b, want, 16) == 0, "raw tweak: %.16s, want %.16s", b, want);
    kc_tokenize(t, b, sizeof b, &m, "4111111111111111", 16, (const uint8_t *)"users.cards", 11, NULL);
    TL_CHECK(memcmp(a, b, 16) != 0, "another context gives the same token");
    kc_fpe_free(p);
    kc_tokenizer_free(t);
    kc_tokenizer_free(raw);
}

static void test_unicode(void)
{
    /* 14 Hangul syllables (3 bytes each in UTF-8); 6 of them: 14^6 > 10^6. */
    const char *format = "alphabet=가나다라마바사아자차카타파하;pass=-";
    kc_tokenizer *t;
    char token[64], back[64];
    size_t n, m, pos;
    const char *value = "가나다-라마바";
    if (!tl_check_status(kc_tokenizer_new(&t, "ff1-lea-128", NULL, KEY, 16, format, 0), KC_OK, "hangul new"))
        return;
    tl_check_status(kc_tokenize(t, token, sizeof token, &n, value, strlen(value), NULL, 0, &pos), KC_OK, "hangul");
    TL_CHECK(n == strlen(value) && memcmp(token + 9, "-", 1) == 0, "hangul token %.*s", (int)n, token);
    tl_check_status(kc_detokenize(t, back, sizeof back, &m, token, n, NULL, 0, &pos), KC_OK, "hangul back");
    TL_CHECK(m == n && memcmp(back, value, n) == 0, "hangul round trip");
    tl_check_status(kc_tokenize(t, token, sizeof token, &n, "가나다-라마x", 17, NULL, 0, &pos), KC_ERR_FORMAT,
                    "hangul bad char");
    TL_CHECK(pos == 6, "bad char position %zu", pos);
    kc_tokenizer_free(t);
}

/* The batch equals one value at a time: mixed lengths, nulls, bad values,
 * per-row and shared contexts, raw tweaks; across threads. */
static void test_batch(void)
{
    enum { ROWS = 3000 };
    static const char *ciphers[] = { "ff1-aes-128", "ff3-1-aria-128", "fea1-128" };
    static char in[ROWS][32], out[ROWS][32], one[32];
    static kc_token_row rows[ROWS];
    static const char *contexts[] = { "a", "users.card", "orders.card_number" };
    kc_set_threads(2);
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        kc_tokenizer *t;
        if (!tl_check_status(kc_tokenizer_new(&t, ciphers[c], NULL, KEY, 16, "card", 0), KC_OK, "%s", ciphers[c]))
            continue;
        for (size_t k = 0; k < ROWS; k++) {
            size_t digits = 16 + tl_rand_below(4), n = 0;   /* 6..9 digits encrypted */
            for (size_t i = 0; i < digits; i++) {
                if (i && i % 4 == 0 && k % 3) in[k][n++] = '-';
                in[k][n++] = (char)('0' + tl_rand_below(10));
            }
            if (k % 97 == 5) in[k][n - 1] = 'x';           /* bad character */
            memset(&rows[k], 0, sizeof rows[k]);
            rows[k].in = k % 101 == 7 ? NULL : in[k];      /* null */
            rows[k].in_len = rows[k].in ? n : 0;
            if (k % 2) {                                    /* shared context, or one per row */
                const char *ctx = k % 4 == 1 ? contexts[1] : contexts[k % 3];
                rows[k].tweak = (const uint8_t *)ctx;
                rows[k].tweak_len = strlen(ctx);
            }
            rows[k].out = out[k];
            rows[k].out_cap = sizeof out[k];
        }
        size_t bad = 0;
        kc_status st = kc_tokenize_batch(t, rows, ROWS, &bad);
        TL_CHECK(st != KC_OK && bad == 5, "%s batch: first bad row %zu (%s)", ciphers[c], bad, kc_status_name(st));
        int same = 1;
        for (size_t k = 0; k < ROWS; k++) {
            size_t n = 0, pos = 0;
            if (!rows[k].in) { same &= rows[k].status == KC_OK && rows[k].out_len == 0; continue; }
            kc_status s1 = kc_tokenize(t, one, sizeof one, &n, rows[k].in, rows[k].in_len, rows[k].tweak,
                                       rows[k].tweak_len, &pos);
            same &= s1 == rows[k].status;
            if (s1 == KC_OK) same &= n == rows[k].out_len && memcmp(one, out[k], n) == 0;
            else same &= pos == rows[k].error_pos;
            if (!same) { tl_check(0, "%s row %zu: batch differs from single", ciphers[c], k); break; }
        }
        TL_CHECK(same, "%s: batch equals single values", ciphers[c]);
        kc_tokenizer_free(t);
    }
    kc_set_threads(0);
}

static void test_errors(void)
{
    kc_tokenizer *t;
    char out[64];
    size_t n = 77, pos = 0;
    static const char *bad_specs[] = { "alphabet=a", "keep=6", "check=luhn;alphabet=hex", "bogus=1", "cardx",
                                       "alphabet=aab", "len=0", "len=9-3", "pass=", "alphabet=digits;pass=5",
                                       "stop=ab" };
    for (size_t i = 0; i < sizeof bad_specs / sizeof bad_specs[0]; i++)
        tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, bad_specs[i], 0), KC_ERR_FORMAT_SPEC,
                        "spec %s", bad_specs[i]);
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 24, "card", 0), KC_ERR_KEY_LENGTH, "key");
    tl_check_status(kc_tokenizer_new(&t, "nope-128", NULL, KEY, 16, "card", 0), KC_ERR_UNKNOWN_CIPHER, "cipher");
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "card", 0), KC_OK, "card");
    memset(out, '#', sizeof out);
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "4111-1111-1111-111x", 19, NULL, 0, &pos), KC_ERR_FORMAT,
                    "bad char");
    TL_CHECK(pos == 18 && n == 0 && out[0] == '#', "bad char: pos %zu", pos);
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "3782 822463 10005", 17, NULL, 0, &pos),
                    KC_ERR_DOMAIN_TOO_SMALL, "15-digit card keeping 6 + 4");
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "4111-1111-111", 13, NULL, 0, &pos), KC_ERR_FORMAT,
                    "11 digits");
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "4111\xff" "1111", 9, NULL, 0, &pos), KC_ERR_FORMAT, "UTF-8");
    TL_CHECK(pos == 4, "UTF-8 position %zu", pos);
    tl_check_status(kc_tokenize(t, out, 18, &n, "4111-1111-1111-1111", 19, NULL, 0, &pos), KC_ERR_OUTPUT_TOO_SMALL,
                    "short output");
    TL_CHECK(out[0] == '#', "written on error");
    kc_tokenizer_free(t);
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "card", KC_FPE_ALLOW_SMALL_DOMAIN), KC_OK,
                    "card small");
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "3782 822463 10005", 17, NULL, 0, &pos), KC_OK,
                    "15-digit card with small domains allowed");
    kc_tokenizer_free(t);
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "card-luhn", 0), KC_OK, "luhn");
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "4111-1111-1111-1112", 19, NULL, 0, &pos),
                    KC_ERR_CHECK_DIGIT, "bad Luhn");
    TL_CHECK(pos == 18, "Luhn position %zu", pos);
    kc_tokenizer_free(t);
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "email", 0), KC_OK, "email");
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "abc@x.kr", 8, NULL, 0, &pos), KC_ERR_DOMAIN_TOO_SMALL,
                    "short local part");
    tl_check_status(kc_tokenize(t, out, sizeof out, &n, "abcdefgh", 8, NULL, 0, &pos), KC_ERR_FORMAT, "no @");
    kc_tokenizer_free(t);
}

/* Issue 22, defect 6: a character in two of alphabet, pass and stop is
 * refused with a reason naming it.  With stop=a inside alnum, a token could
 * hold an 'a' written by encryption, and detokenize stopped there. */
static void test_roles(void)
{
    static const struct { const char *spec, *ch, *roles; } overlaps[] = {
        { "alphabet=alnum;stop=a", "'a'", "alphabet and stop" },
        { "alphabet=0123456789abcdef@;pass=.;stop=@", "'@'", "alphabet and stop" },
        { "alphabet=digits;pass=- 7", "'7'", "alphabet and pass" },
        { "alphabet=lower;pass=.-;stop=-", "'-'", "pass and stop" },
        { "stop=5", "'5'", "alphabet and stop" },                 /* the default alphabet, digits */
        { "alphabet=가나다라;stop=다", "U+B2E4", "alphabet and stop" },
        { "alphabet=0123456789\t;stop=\t", "U+0009", "alphabet and stop" },
    };
    kc_tokenizer *t;
    char why[256];
    for (size_t i = 0; i < sizeof overlaps / sizeof overlaps[0]; i++) {
        tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, overlaps[i].spec, 0), KC_ERR_FORMAT_SPEC,
                        "overlap %s", overlaps[i].spec);
        memset(why, 0, sizeof why);
        tl_check_status(kc_format_check(overlaps[i].spec, why, sizeof why), KC_ERR_FORMAT_SPEC, "check %s",
                        overlaps[i].spec);
        TL_CHECK(strstr(why, overlaps[i].ch) && strstr(why, overlaps[i].roles) &&
                 strstr(why, "a character may be in only one of alphabet, pass and stop"),
                 "%s: reason \"%s\"", overlaps[i].spec, why);
    }
    TL_CHECK(strstr(kc_strerror(KC_ERR_FORMAT_SPEC), "a character may be in only one of alphabet, pass and stop"),
             "strerror: %s", kc_strerror(KC_ERR_FORMAT_SPEC));
    /* Every named format parses (none overlaps), with no reason given. */
    static const char *named[] = { "digits", "alnum", "hex", "card", "card-luhn", "kr-rrn", "kr-phone", "kr-brn",
                                   "email" };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        strcpy(why, "x");
        tl_check_status(kc_format_check(named[i], why, sizeof why), KC_OK, "named %s", named[i]);
        TL_CHECK(why[0] == 0, "named %s: reason \"%s\"", named[i], why);
    }
    tl_check_status(kc_format_check("bogus=1", why, sizeof why), KC_ERR_FORMAT_SPEC, "bogus");
    TL_CHECK(strstr(why, "bogus=1") != NULL, "bogus: reason \"%s\"", why);
    tl_check_status(kc_format_check("cardx", why, sizeof why), KC_ERR_FORMAT_SPEC, "cardx");
    TL_CHECK(strstr(why, "\"cardx\" is neither a format name") != NULL, "cardx: reason \"%s\"", why);
    tl_check_status(kc_format_check("bogus=1", NULL, 0), KC_ERR_FORMAT_SPEC, "no reason wanted");
    tl_check_status(kc_format_check(NULL, why, sizeof why), KC_ERR_NULL, "NULL spec");
    /* The query front ends use to refuse a TSV/CSV run the tokens could break. */
    if (tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "alphabet=0123456789\t,\";pass=-", 0),
                        KC_OK, "tab in alphabet")) {
        TL_CHECK(kc_tokenizer_may_output(t, '\t') && kc_tokenizer_may_output(t, ',') &&
                 kc_tokenizer_may_output(t, '"') && kc_tokenizer_may_output(t, '7'), "alphabet characters");
        TL_CHECK(!kc_tokenizer_may_output(t, '-') && !kc_tokenizer_may_output(t, '\n') &&
                 !kc_tokenizer_may_output(t, 'a'), "pass and other characters");
        kc_tokenizer_free(t);
    }
    if (tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "email", 0), KC_OK, "email")) {
        TL_CHECK(kc_tokenizer_may_output(t, 'Z') && !kc_tokenizer_may_output(t, '@') &&
                 !kc_tokenizer_may_output(t, '\t') && !kc_tokenizer_may_output(t, 0x10ffff), "email outputs");
        kc_tokenizer_free(t);
    }
    TL_CHECK(!kc_tokenizer_may_output(NULL, '1'), "NULL tokenizer");
}

/* Issue 22, defect 7: the empty value is the empty token, KC_OK, for every
 * format (also those with len=, keep=, check= or stop=), one at a time, in
 * a batch (a NULL stays a NULL, distinct from ""), and back. */
static void test_empty(void)
{
    static const char *formats[] = { "digits", "alnum", "hex", "card", "card-luhn", "kr-rrn", "kr-phone", "kr-brn",
                                     "email", "alphabet=가나다라마바사아자차카타파하" };
    static const char *ciphers[] = { "ff1-aes-128", "ff3-1-aria-128", "fea1-128" };
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++)
        for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
            kc_tokenizer *t;
            if (!tl_check_status(kc_tokenizer_new(&t, ciphers[c], NULL, KEY, 16, formats[f], 0), KC_OK, "%s %s",
                                 ciphers[c], formats[f]))
                continue;
            char out[32] = "#";
            size_t n = 99, pos = 99;
            tl_check_status(kc_tokenize(t, out, sizeof out, &n, "", 0, NULL, 0, &pos), KC_OK, "%s %s: tokenize \"\"",
                            ciphers[c], formats[f]);
            TL_CHECK(n == 0 && out[0] == '#', "%s %s: empty token (%zu bytes)", ciphers[c], formats[f], n);
            n = 99;
            tl_check_status(kc_detokenize(t, out, 0, &n, NULL, 0, (const uint8_t *)"ctx", 3, NULL), KC_OK,
                            "%s %s: detokenize \"\" (NULL, 0)", ciphers[c], formats[f]);
            TL_CHECK(n == 0, "%s %s: detokenized empty", ciphers[c], formats[f]);
            char o[3][32];
            kc_token_row rows[3] = {
                { .in = "", .in_len = 0, .out = o[0], .out_cap = sizeof o[0] },
                { .in = NULL, .out = o[1], .out_cap = sizeof o[1] },
                { .in = "", .in_len = 0, .tweak = (const uint8_t *)"t", .tweak_len = 1, .out = o[2], .out_cap = 0 },
            };
            for (int i = 0; i < 3; i++) { rows[i].out_len = 7; rows[i].status = KC_ERR_STATE; }
            size_t bad = 0;
            tl_check_status(kc_tokenize_batch(t, rows, 3, &bad), KC_OK, "%s %s: batch", ciphers[c], formats[f]);
            TL_CHECK(bad == SIZE_MAX, "%s %s: first bad %zu", ciphers[c], formats[f], bad);
            for (int i = 0; i < 3; i++)
                TL_CHECK(rows[i].status == KC_OK && rows[i].out_len == 0, "%s %s: row %d", ciphers[c], formats[f], i);
            tl_check_status(kc_detokenize_batch(t, rows, 3, &bad), KC_OK, "%s %s: batch back", ciphers[c], formats[f]);
            kc_tokenizer_free(t);
        }
}

/* Issue 24 item 4: embed-version= puts the key version in the first
 * encrypted character: the rest of the token is the plain format's, that
 * character is embed[(v - 1) * radix + digit]; exactly reversible; another
 * version's token, a version with no room, a format with no room refused. */
static void test_embed_version(void)
{
    static const char alnum[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static const char *cards[] = { "4111-1111-1111-1111", "5500000000000004", "3782 822463 10005 42" };
    kc_tokenizer *plain, *t[7];
    char tok[64], ref[64], back[64];
    size_t n, m, mb, pos;
    unsigned v;
    if (!tl_check_status(kc_tokenizer_new(&plain, "ff1-aes-256", NULL, KEY, 32, "card", 0), KC_OK, "card")) return;
    for (unsigned i = 1; i <= 6; i++) {
        tl_check_status(kc_tokenizer_new(&t[i], "ff1-aes-256", NULL, KEY, 32, "card;embed-version=alnum", 0), KC_OK,
                        "card;embed-version=alnum");
        tl_check_status(kc_tokenizer_set_version(t[i], i), KC_OK, "version %u fits", i);
    }
    for (size_t c = 0; c < sizeof cards / sizeof cards[0]; c++) {
        const char *x = cards[c];
        size_t len = strlen(x), at = 0;
        for (size_t seen = 0; seen < 6 || x[at] < '0' || x[at] > '9'; at++) seen += x[at] >= '0' && x[at] <= '9';
        tl_check_status(kc_tokenize(plain, ref, sizeof ref, &m, x, len, (const uint8_t *)"c", 1, NULL), KC_OK, "plain");
        for (unsigned i = 1; i <= 6; i++) {
            tl_check_status(kc_tokenize(t[i], tok, sizeof tok, &n, x, len, (const uint8_t *)"c", 1, NULL), KC_OK,
                            "v%u %s", i, x);
            int same = n == m && tok[at] == alnum[(i - 1) * 10 + (unsigned)(ref[at] - '0')];
            for (size_t k = 0; same && k < n; k++) same = k == at || tok[k] == ref[k];
            TL_CHECK(same, "v%u %s: %.*s is not %.*s with the version at %zu", i, x, (int)n, tok, (int)m, ref, at);
            v = 0;
            tl_check_status(kc_tokenizer_token_version(t[1], tok, n, &v, NULL), KC_OK, "version of %.*s", (int)n, tok);
            TL_CHECK(v == i, "version read %u, made %u", v, i);
            tl_check_status(kc_detokenize(t[i], back, sizeof back, &mb, tok, n, (const uint8_t *)"c", 1, NULL), KC_OK,
                            "v%u back", i);
            TL_CHECK(mb == len && !memcmp(back, x, len), "v%u round trip %s", i, x);
            unsigned o = i % 6 + 1;                            /* another version's key: refused, nothing out */
            memset(back, '#', sizeof back);
            pos = 0;
            tl_check_status(kc_detokenize(t[o], back, sizeof back, &mb, tok, n, (const uint8_t *)"c", 1, &pos),
                            KC_ERR_KEY_VERSION, "v%u token under v%u", i, o);
            TL_CHECK(pos == at && back[0] == '#', "v%u under v%u: pos %zu", i, o, pos);
        }
        /* an embed character anywhere else is no token */
        tl_check_status(kc_tokenize(t[3], tok, sizeof tok, &n, x, len, NULL, 0, NULL), KC_OK, "v3");
        tok[n - 1] = 'Q';
        tl_check_status(kc_detokenize(t[3], back, sizeof back, &mb, tok, n, NULL, 0, &pos), KC_ERR_FORMAT, "Q at end");
        TL_CHECK(pos == len - 1, "Q position %zu", pos);
    }
    /* versions with no room; no version set */
    kc_tokenizer *u;
    tl_check_status(kc_tokenizer_set_version(t[1], 7), KC_ERR_VERSION_ROOM, "v7 in digits/alnum");
    tl_check_status(kc_tokenizer_set_version(t[1], 0), KC_ERR_VERSION_ROOM, "v0");
    tl_check_status(kc_tokenizer_new(&u, "ff1-aes-256", NULL, KEY, 32, "digits;embed-version=alnum", 0), KC_OK, "u");
    tl_check_status(kc_tokenize(u, tok, sizeof tok, &n, "12345678", 8, NULL, 0, &pos), KC_ERR_KEY_VERSION, "no version");
    tl_check_status(kc_tokenizer_token_version(plain, "12345678", 8, &v, &pos), KC_ERR_VERSION_ROOM, "plain format");
    TL_CHECK(kc_tokenizer_may_output(u, 'z') && !kc_tokenizer_may_output(plain, 'z'), "may_output: embed characters");
    kc_tokenizer_free(u);
    /* alnum given a larger alphabet: hangul holds 180 versions of 62, and a token of another width */
    tl_check_status(kc_tokenizer_new(&u, "ff1-aes-256", NULL, KEY, 32, "alnum;embed-version=hangul", 0), KC_OK, "hangul");
    tl_check_status(kc_tokenizer_set_version(u, 181), KC_ERR_VERSION_ROOM, "v181");
    tl_check_status(kc_tokenizer_set_version(u, 180), KC_OK, "v180");
    tl_check_status(kc_tokenize(u, tok, sizeof tok, &n, "Kcipher2026", 11, NULL, 0, NULL), KC_OK, "alnum v180");
    TL_CHECK(n == 13 && (unsigned char)tok[0] >= 0xea, "a Hangul first character: %.*s", (int)n, tok);
    tl_check_status(kc_tokenizer_token_version(u, tok, n, &v, NULL), KC_OK, "hangul version");
    TL_CHECK(v == 180, "hangul version %u", v);
    tl_check_status(kc_detokenize(u, back, sizeof back, &mb, tok, n, NULL, 0, NULL), KC_OK, "hangul back");
    TL_CHECK(mb == 11 && !memcmp(back, "Kcipher2026", 11), "hangul round trip");
    kc_tokenizer_free(u);
    /* formats with no room, with the reason */
    static const struct { const char *spec; kc_status st; const char *why; } bad[] = {
        { "alnum;embed-version=alnum", KC_ERR_VERSION_ROOM, "no room" },
        { "digits;embed-version=U+0030-U+0042", KC_ERR_VERSION_ROOM, "no room" },
        { "email;embed-version=hangul", KC_ERR_VERSION_ROOM, "case=preserve" },
        { "kr-tel;embed-version=alnum", KC_ERR_VERSION_ROOM, "shape=" },
        { "mask;embed-version=alnum", KC_ERR_VERSION_ROOM, "mask=" },
        { "card;embed-version=U+0020-U+007E", KC_ERR_FORMAT_SPEC, "embed-version and pass" },
        { "card;embed-version=", KC_ERR_FORMAT_SPEC, "" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char why[200] = "";
        tl_check_status(kc_format_check(bad[i].spec, why, sizeof why), bad[i].st, "%s", bad[i].spec);
        TL_CHECK(strstr(why, bad[i].why) != NULL, "%s: why \"%s\"", bad[i].spec, why);
        tl_check_status(kc_tokenizer_new(&u, "ff1-aes-256", NULL, KEY, 32, bad[i].spec, 0), bad[i].st, "new %s",
                        bad[i].spec);
    }
    /* a batch of mixed versions under v2's key: v1's rows refused, v2's opened */
    kc_token_row rows[4];
    char toks[4][32], outs[4][32];
    for (int k = 0; k < 4; k++) {
        kc_tokenize(t[1 + k % 2], toks[k], sizeof toks[k], &n, cards[1], 16, NULL, 0, NULL);
        rows[k] = (kc_token_row){ .in = toks[k], .in_len = n, .out = outs[k], .out_cap = sizeof outs[k] };
    }
    size_t first = 9;
    tl_check_status(kc_detokenize_batch(t[2], rows, 4, &first), KC_ERR_KEY_VERSION, "mixed batch");
    TL_CHECK(first == 0 && rows[1].status == KC_OK && rows[3].status == KC_OK && rows[2].status == KC_ERR_KEY_VERSION &&
             !memcmp(outs[1], cards[1], 16), "mixed batch rows");
    for (unsigned i = 1; i <= 6; i++) kc_tokenizer_free(t[i]);
    kc_tokenizer_free(plain);
}

int main(void)
{
    tl_seed(0x746f6b);
    test_named_formats();
    test_matches_fpe();
    test_sha256();
    test_context_tweak();
    test_unicode();
    test_batch();
    test_errors();
    test_roles();
    test_empty();
    test_embed_version();
    return tl_finish("tokenize");
}
