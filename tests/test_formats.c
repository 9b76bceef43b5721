/* SPDX-License-Identifier: MIT */
/* The formats of issue 24, over random values: card tokens that fail (or
 * pass) Luhn with the last 4 kept, Korean identifiers (RRN variants, FRN,
 * passport, driver's licence, CRN, account, phone, name), Hangul and U+
 * range alphabets, e-mail case classes, masks; each checked for its shape,
 * kept characters, check digits, round trip and domain errors, through
 * kc_tokenize and the batch call. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "fpe/format.h"

static const uint8_t KEY[32] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };
static const char *const ciphers[] = { "ff1-aes-128", "ff3-1-aria-256", "fea2-128" };
#define NCIPHERS (sizeof ciphers / sizeof ciphers[0])
#define ROUNDS 60

static size_t key_len(const char *cipher) { return strstr(cipher, "256") ? 32 : 16; }

static int luhn_ok(const char *s)
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

static int crn_ok(const char *s)
{
    int d[13], n = 0, sum = 0;
    for (; *s; s++)
        if (*s >= '0' && *s <= '9' && n < 13) d[n++] = *s - '0';
    for (int i = 0; i < 12; i++) sum += d[i] * (1 + i % 2);
    return n == 13 && (10 - sum % 10) % 10 == d[12];
}

static void digits(char *out, size_t n)
{
    for (size_t i = 0; i < n; i++) out[i] = (char)('0' + tl_rand_below(10));
    out[n] = 0;
}

/* A random Luhn-valid card of n digits. */
static void card(char *out, size_t n)
{
    digits(out, n);
    out[0] = (char)('3' + tl_rand_below(3));
    for (char c = '0'; c <= '9'; c++) {
        out[n - 1] = c;
        if (luhn_ok(out)) return;
    }
}

static kc_tokenizer *make(const char *cipher, const char *format, unsigned flags)
{
    kc_tokenizer *t = NULL;
    tl_check_status(kc_tokenizer_new(&t, cipher, NULL, KEY, key_len(cipher), format, flags), KC_OK, "%s %s new",
                    cipher, format);
    return t;
}

/* Tokenizes value (NUL-terminated) into token; checks the round trip and,
 * where the token keeps positions, the byte length.  Returns the status. */
static kc_status round_trip(kc_tokenizer *t, const char *what, const char *value, char *token)
{
    char back[512];
    size_t n = 0, m = 0, pos;
    const uint8_t ctx[] = "customers.csv";
    kc_status st = kc_tokenize(t, token, 511, &n, value, strlen(value), ctx, sizeof ctx - 1, &pos);
    token[st == KC_OK ? n : 0] = 0;
    if (st != KC_OK) return st;
    tl_check_status(kc_detokenize(t, back, sizeof back, &m, token, n, ctx, sizeof ctx - 1, &pos), KC_OK,
                    "%s: detokenize %s", what, token);
    TL_CHECK(m == strlen(value) && !memcmp(back, value, m), "%s: %s -> %s -> %.*s", what, value, token, (int)m, back);
    return st;
}

/* Characters [from, to) of a and b are equal. */
static int same(const char *a, const char *b, size_t from, size_t to) { return !memcmp(a + from, b + from, to - from); }

static void test_card_token(void)
{
    char v[40], tok[512];
    for (size_t c = 0; c < NCIPHERS; c++) {
        kc_tokenizer *t = make(ciphers[c], "card-token", 0), *bin = make(ciphers[c], "card-token-bin", 0),
                     *inner = make(ciphers[c], "card-luhn-last4", 0);
        kc_tokenizer *bin_small = make(ciphers[c], "card-token-bin", KC_FPE_ALLOW_SMALL_DOMAIN);
        if (!t || !bin || !inner || !bin_small) return;
        unsigned changed = 0;
        for (int r = 0; r < ROUNDS; r++) {
            size_t n = 12 + (size_t)r % 8;                  /* 12 to 19 digits, Amex's 15 among them */
            card(v, n);
            TL_CHECK(round_trip(t, "card-token", v, tok) == KC_OK, "card-token %s", v);
            TL_CHECK(strlen(tok) == n && same(tok, v, n - 4, n) && !luhn_ok(tok), "card-token %s -> %s", v, tok);
            changed += !same(tok, v, 0, n - 5);
            TL_CHECK(round_trip(inner, "card-luhn-last4", v, tok) == KC_OK && luhn_ok(tok) && same(tok, v, n - 4, n),
                     "card-luhn-last4 %s -> %s", v, tok);
            kc_status st = round_trip(bin, "card-token-bin", v, tok);
            if (n >= 17) TL_CHECK(st == KC_OK && same(tok, v, 0, 6) && same(tok, v, n - 4, n) && !luhn_ok(tok),
                                  "card-token-bin %s -> %s", v, tok);
            else TL_CHECK(st == KC_ERR_DOMAIN_TOO_SMALL, "card-token-bin %zu digits: %s", n, kc_status_name(st));
            if (n >= 14) TL_CHECK(round_trip(bin_small, "card-token-bin small", v, tok) == KC_OK && !luhn_ok(tok) &&
                                  same(tok, v, 0, 6) && same(tok, v, n - 4, n), "card-token-bin allowed %s", v);
        }
        TL_CHECK(changed > ROUNDS - 3, "card-token: tokens equal their values too often (%u)", changed);
        /* Separators in place; a Luhn-invalid value refused; a Luhn-valid string is no token. */
        TL_CHECK(round_trip(t, "dashes", "4111-1111-1111-1111", tok) == KC_OK && tok[4] == '-' && tok[9] == '-' &&
                 tok[14] == '-' && !strcmp(tok + 15, "1111"), "card-token dashes: %s", tok);
        TL_CHECK(round_trip(t, "amex", "3782 822463 10005", tok) == KC_OK && tok[4] == ' ' && tok[11] == ' ' &&
                 !luhn_ok(tok), "card-token amex: %s", tok);
        size_t len, pos;
        tl_check_status(kc_tokenize(t, tok, 64, &len, "4111111111111112", 16, NULL, 0, &pos), KC_ERR_CHECK_DIGIT,
                        "card-token: a value failing Luhn");
        tl_check_status(kc_detokenize(t, tok, 64, &len, "4111111111111111", 16, NULL, 0, &pos), KC_ERR_CHECK_DIGIT,
                        "card-token: a card number is no token");
        TL_CHECK(pos == 11, "card-token: the adjusted digit is at fault (%zu)", pos);
        kc_tokenizer_free(t);
        kc_tokenizer_free(bin);
        kc_tokenizer_free(inner);
        kc_tokenizer_free(bin_small);
    }
}

static void test_korean_ids(void)
{
    char v[64], tok[512];
    for (size_t c = 0; c < NCIPHERS; c++) {
        const char *cn = ciphers[c];
        kc_tokenizer *rrn = make(cn, "kr-rrn-gender", 0), *frn = make(cn, "kr-frn", 0), *crn = make(cn, "kr-crn", 0),
                     *pass = make(cn, "kr-passport", 0), *drv = make(cn, "kr-driver", 0),
                     *acct = make(cn, "kr-account", 0);
        if (!rrn || !frn || !crn || !pass || !drv || !acct) return;
        for (int r = 0; r < ROUNDS; r++) {
            /* RRN, gender digit kept (1-4 citizens), FRN (5-8) */
            snprintf(v, sizeof v, "%02d%02d%02d-%d", (int)tl_rand_below(100), 1 + (int)tl_rand_below(12),
                     1 + (int)tl_rand_below(28), 1 + (int)tl_rand_below(4));
            digits(v + 8, 6);
            TL_CHECK(round_trip(rrn, "kr-rrn-gender", v, tok) == KC_OK && strlen(tok) == 14 && same(tok, v, 0, 8),
                     "kr-rrn-gender %s -> %s", v, tok);
            v[7] = (char)('5' + tl_rand_below(4));
            TL_CHECK(round_trip(frn, "kr-frn", v, tok) == KC_OK && same(tok, v, 0, 8) && tok[7] >= '5' && tok[7] <= '8',
                     "kr-frn %s -> %s", v, tok);
            memmove(v + 6, v + 7, 8);              /* no dash */
            TL_CHECK(round_trip(frn, "kr-frn", v, tok) == KC_OK && same(tok, v, 0, 7), "kr-frn %s -> %s", v, tok);
            /* CRN: check digit recomputed */
            digits(v, 13);
            for (char d = '0'; d <= '9' && !crn_ok(v); d++) v[12] = d;
            TL_CHECK(round_trip(crn, "kr-crn", v, tok) == KC_OK && crn_ok(tok) && same(tok, v, 0, 6),
                     "kr-crn %s -> %s", v, tok);
            /* passports, old and new */
            v[0] = (char)('A' + tl_rand_below(26));
            digits(v + 1, 8);
            TL_CHECK(round_trip(pass, "kr-passport", v, tok) == KC_OK && tok[0] == v[0] && strlen(tok) == 9,
                     "kr-passport %s -> %s", v, tok);
            v[4] = (char)('A' + tl_rand_below(26));
            TL_CHECK(round_trip(pass, "kr-passport", v, tok) == KC_OK && tok[0] == v[0] && tok[4] == v[4],
                     "kr-passport %s -> %s", v, tok);
            /* driver's licence: region kept */
            snprintf(v, sizeof v, "%02d-", 11 + (int)tl_rand_below(18));
            digits(v + 3, 2);
            v[5] = '-';
            digits(v + 6, 6);
            v[12] = '-';
            digits(v + 13, 2);
            TL_CHECK(round_trip(drv, "kr-driver", v, tok) == KC_OK && same(tok, v, 0, 3) && tok[5] == '-' &&
                     tok[12] == '-', "kr-driver %s -> %s", v, tok);
            /* accounts: any dash layout */
            size_t n = 10 + tl_rand_below(5);
            digits(v, n);
            for (size_t i = 2; i + 2 < n; i += 3 + tl_rand_below(4)) {   /* dashes inserted anywhere */
                memmove(v + i + 1, v + i, n - i + 1);
                v[i] = '-';
                n++;
            }
            TL_CHECK(round_trip(acct, "kr-account", v, tok) == KC_OK && strlen(tok) == n, "kr-account %s", v);
            for (size_t i = 0; i < n; i++) TL_CHECK((v[i] == '-') == (tok[i] == '-'), "kr-account %s -> %s", v, tok);
        }
        size_t len, pos;
        tl_check_status(kc_tokenize(frn, tok, 64, &len, "900101-1234567", 14, NULL, 0, &pos), KC_ERR_FORMAT,
                        "kr-frn: a citizen's gender digit");
        TL_CHECK(pos == 7, "kr-frn: position %zu", pos);
        tl_check_status(kc_tokenize(frn, tok, 64, &len, "9001-015234567", 14, NULL, 0, &pos), KC_ERR_FORMAT,
                        "kr-frn: dash misplaced");
        tl_check_status(kc_tokenize(crn, tok, 64, &len, "110111-1234560", 14, NULL, 0, &pos),
                        crn_ok("110111-1234560") ? KC_OK : KC_ERR_CHECK_DIGIT, "kr-crn check");
        static const char *bad_passports[] = { "123456789", "M1234567", "MM2345678", "M12A45678", "M123A456B" };
        for (size_t i = 0; i < 5; i++)
            tl_check_status(kc_tokenize(pass, tok, 64, &len, bad_passports[i], strlen(bad_passports[i]), NULL, 0,
                                        &pos), KC_ERR_FORMAT, "kr-passport %s", bad_passports[i]);
        tl_check_status(kc_tokenize(drv, tok, 64, &len, "11-22-333333-4-4", 16, NULL, 0, &pos), KC_ERR_FORMAT,
                        "kr-driver layout");
        kc_tokenizer_free(rrn);
        kc_tokenizer_free(frn);
        kc_tokenizer_free(crn);
        kc_tokenizer_free(pass);
        kc_tokenizer_free(drv);
        kc_tokenizer_free(acct);
    }
}

static void test_phones(void)
{
    static const struct { const char *value; size_t area; } ok[] = {
        { "02-123-4567", 2 }, { "02-1234-5678", 2 }, { "0212345678", 2 }, { "031-123-4567", 3 },
        { "031-1234-5678", 3 }, { "010-1234-5678", 3 }, { "01012345678", 3 }, { "064 712 3456", 3 },
        { "070-1234-5678", 3 }, { "011-123-4567", 3 },
    };
    static const char *const bad[] = { "010-123-4567", "034-123-4567", "02-12-34567", "0101234-5678", "12-345-6789",
                                       "02-1234-56789", "090-1234-5678" };
    char tok[512];
    for (size_t c = 0; c < NCIPHERS; c++) {
        kc_tokenizer *t = make(ciphers[c], "kr-tel", 0);
        if (!t) return;
        for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
            const char *v = ok[i].value;
            TL_CHECK(round_trip(t, "kr-tel", v, tok) == KC_OK && strlen(tok) == strlen(v) &&
                     same(tok, v, 0, ok[i].area), "kr-tel %s -> %s", v, tok);
            for (size_t k = 0; v[k]; k++) TL_CHECK((v[k] < '0') == (tok[k] < '0'), "kr-tel %s -> %s", v, tok);
        }
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            size_t len, pos;
            tl_check_status(kc_tokenize(t, tok, 64, &len, bad[i], strlen(bad[i]), NULL, 0, &pos), KC_ERR_FORMAT,
                            "kr-tel %s", bad[i]);
        }
        static const char *const areas[] = { "02", "010", "011", "016", "019", "031", "033", "042", "055", "061",
                                             "064", "070", "080" };
        for (int r = 0; r < ROUNDS; r++) {         /* random numbers: area, 3 or 4 digits, 4 digits */
            char v[32], mid[8], last[8];
            const char *area = areas[tl_rand_below(sizeof areas / sizeof areas[0])];
            size_t m = !strcmp(area, "010") ? 4 : 3 + tl_rand_below(2);
            digits(mid, m);
            digits(last, 4);
            const char *sep = r % 3 == 0 ? "" : r % 3 == 1 ? "-" : " ";
            snprintf(v, sizeof v, "%s%s%s%s%s", area, sep, mid, sep, last);
            TL_CHECK(round_trip(t, "kr-tel", v, tok) == KC_OK && strlen(tok) == strlen(v) &&
                     same(tok, v, 0, strlen(area) + strlen(sep)), "kr-tel %s -> %s", v, tok);
            TL_CHECK(!*sep || (tok[strlen(area)] == *sep && tok[strlen(v) - 5] == *sep), "kr-tel %s -> %s", v, tok);
        }
        kc_tokenizer_free(t);
    }
}

/* Code point of the UTF-8 syllable at s (3 bytes). */
static uint32_t syllable(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    return (uint32_t)(u[0] & 0x0f) << 12 | (uint32_t)(u[1] & 0x3f) << 6 | (u[2] & 0x3f);
}

static void random_name(char *out, size_t syllables)
{
    for (size_t i = 0; i < syllables; i++) kc_utf8_encode(0xac00 + (uint32_t)tl_rand_below(11172), out + 3 * i);
    out[3 * syllables] = 0;
}

static void test_hangul(void)
{
    char v[64], tok[512], tok2[512];
    kc_format f;
    tl_check_status(kc_format_parse(&f, "alphabet=hangul"), KC_OK, "hangul");
    TL_CHECK(f.radix == 11172 && f.alphabet[0] == 0xac00 && f.alphabet[11171] == 0xd7a3 && f.nruns == 1, "hangul");
    kc_format_clear(&f);
    tl_check_status(kc_format_parse(&f, "alphabet=0123456789U+AC00-U+AC0FxU+00E9"), KC_OK, "mixed range spec");
    TL_CHECK(f.radix == 28 && f.alphabet[10] == 0xac00 && f.alphabet[26] == 'x' && f.alphabet[27] == 0xe9,
             "mixed range: radix %u", f.radix);
    kc_format_clear(&f);
    static const char *const bad[] = { "alphabet=U+D7A3-U+AC00", "alphabet=U+D700-U+E000", "alphabet=U+AC00-",
                                       "alphabet=U+AC00-U+AC05U+AC01", "alphabet=U+0000-U+FFFFF",
                                       "alphabet=U+110000" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        tl_check_status(kc_format_check(bad[i], NULL, 0), KC_ERR_FORMAT_SPEC, "%s", bad[i]);
    /* a literal alphabet far above 1 KB: all 11172 syllables as text (33 KB) */
    char *big = malloc(11172 * 3 + 16);
    strcpy(big, "alphabet=");
    for (uint32_t i = 0; i < 11172; i++) kc_utf8_encode(0xac00 + i, big + 9 + 3 * i);
    big[9 + 3 * 11172] = 0;
    for (size_t c = 0; c < NCIPHERS; c++) {
        kc_tokenizer *h = make(ciphers[c], "alphabet=hangul", 0), *r = make(ciphers[c], "alphabet=U+AC00-U+D7A3", 0),
                     *lit = make(ciphers[c], big, 0), *name = make(ciphers[c], "kr-name", 0);
        if (!h || !r || !lit || !name) break;
        for (int k = 0; k < ROUNDS; k++) {
            size_t n = 2 + (size_t)k % 4;
            random_name(v, n);
            TL_CHECK(round_trip(h, "hangul", v, tok) == KC_OK && strlen(tok) == 3 * n, "hangul %s", v);
            TL_CHECK(round_trip(r, "range", v, tok2) == KC_OK && !strcmp(tok, tok2), "range %s: %s %s", v, tok, tok2);
            TL_CHECK(round_trip(lit, "literal", v, tok2) == KC_OK && !strcmp(tok, tok2), "literal %s", v);
            TL_CHECK(round_trip(name, "kr-name", v, tok) == KC_OK && strlen(tok) == 3 * n, "kr-name %s", v);
            for (size_t i = 0; i < n; i++) {
                uint32_t s = syllable(tok + 3 * i);
                TL_CHECK(s >= 0xac00 && s <= 0xd7a3, "kr-name %s -> %s: not Hangul", v, tok);
            }
            if (n >= 3) TL_CHECK(same(tok, v, 0, 3) && !same(tok, v, 3, 3 * n), "kr-name %s -> %s", v, tok);
            else TL_CHECK(!same(tok, v, 0, 6), "kr-name two syllables %s -> %s", v, tok);
        }
        size_t len, pos;
        tl_check_status(kc_tokenize(name, tok, 64, &len, "김", 3, NULL, 0, &pos), KC_ERR_DOMAIN_TOO_SMALL,
                        "kr-name: one syllable");
        tl_check_status(kc_tokenize(name, tok, 64, &len, "John", 4, NULL, 0, &pos), KC_ERR_FORMAT, "kr-name: Latin");
        TL_CHECK(round_trip(name, "kr-name", "남궁민수", tok) == KC_OK && same(tok, "남궁민수", 0, 3),
                 "kr-name 남궁민수 -> %s", tok);
        kc_tokenizer_free(h);
        kc_tokenizer_free(r);
        kc_tokenizer_free(lit);
        kc_tokenizer_free(name);
    }
    free(big);
}

static int has(const char *s, const char *end, char lo, char hi)
{
    for (; s < end; s++)
        if (*s >= lo && *s <= hi) return 1;
    return 0;
}

static void random_local(char *out, size_t n, const char *chars)
{
    size_t k = strlen(chars);
    for (size_t i = 0; i < n; i++) out[i] = chars[tl_rand_below(k)];
    if (n > 3) out[n / 2] = '.';
    strcpy(out + n, "@Example.co.kr");
}

static void test_email_case(void)
{
    static const char *const sets[] = { "abcdefghijklmnopqrstuvwxyz0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
                                        "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "0123456789" };
    char v[64], tok[512];
    for (size_t c = 0; c < NCIPHERS; c++) {
        kc_tokenizer *t = make(ciphers[c], "email", 0);
        if (!t) return;
        for (int r = 0; r < 4 * ROUNDS; r++) {
            int kind = r % 4;
            size_t n = 6 + tl_rand_below(10);
            random_local(v, n, sets[kind]);
            if (kind == 1 && !has(v, v + n, 'A', 'Z')) v[0] = 'Q';
            if (kind == 2) { v[0] = 'a'; v[1] = 'B'; }       /* mixed for sure */
            TL_CHECK(round_trip(t, "email", v, tok) == KC_OK && !strcmp(tok + n, v + n), "email %s -> %s", v, tok);
            const char *at = tok + n;
            int up = has(tok, at, 'A', 'Z'), lo = has(tok, at, 'a', 'z');
            if (kind == 0 || kind == 3) TL_CHECK(!up, "email lower %s -> %s", v, tok);
            if (kind == 1) TL_CHECK(up && !lo, "email upper %s -> %s", v, tok);
            if (kind == 2) TL_CHECK(up && lo, "email mixed %s -> %s", v, tok);
        }
        size_t len, pos;
        tl_check_status(kc_tokenize(t, tok, 64, &len, "ab1@x.kr", 8, NULL, 0, &pos), KC_ERR_DOMAIN_TOO_SMALL,
                        "email: 36^3 is below 10^6");
        /* the batch path, classes and lengths mixed, gives what one call gives */
        enum { N = 300 };
        static char vals[N][64], toks[N][64], one[64];
        static kc_token_row rows[N];
        for (size_t i = 0; i < N; i++) {
            random_local(vals[i], 5 + tl_rand_below(8), sets[i % 3]);
            rows[i] = (kc_token_row){ .in = vals[i], .in_len = strlen(vals[i]), .tweak = (const uint8_t *)"e",
                                      .tweak_len = 1, .out = toks[i], .out_cap = 64 };
        }
        tl_check_status(kc_tokenize_batch(t, rows, N, NULL), KC_OK, "email batch");
        for (size_t i = 0; i < N; i++) {
            size_t len;
            kc_tokenize(t, one, sizeof one, &len, vals[i], strlen(vals[i]), (const uint8_t *)"e", 1, NULL);
            TL_CHECK(len == rows[i].out_len && !memcmp(one, toks[i], len), "email batch row %zu", i);
            rows[i].in = toks[i];
            rows[i].in_len = rows[i].out_len;
            rows[i].out = vals[i] + 32;
            rows[i].out_cap = 32;
        }
        tl_check_status(kc_detokenize_batch(t, rows, N, NULL), KC_OK, "email batch back");
        for (size_t i = 0; i < N; i++)
            TL_CHECK(rows[i].status == KC_OK && rows[i].out_len == strlen(vals[i]) &&
                     !memcmp(vals[i] + 32, vals[i], rows[i].out_len),
                     "email batch round trip %zu: %s -> %.*s -> %.*s (%s)", i, vals[i], (int)rows[i].in_len, rows[i].in, (int)rows[i].out_len, vals[i] + 32,
                     kc_status_name(rows[i].status));
        kc_tokenizer_free(t);
    }
}

static void test_masks(void)
{
    static const struct { const char *format, *value, *masked; } v[] = {
        { "mask", "4111-1111-1111-1111", "****-****-****-1111" },
        { "mask-card", "4111 1111 1111 1111", "4111 11** **** 1111" },
        { "mask-email", "john.doe@example.com", "j*******@example.com" },
        { "mask-name", "김민수", "김**" },
        { "mask=#;keep=2,1;pass=/", "ab/cd/ef", "ab/##/#f" },
    };
    char out[64];
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        kc_tokenizer *t;
        size_t len, pos;
        TL_CHECK(kc_format_is_mask(v[i].format) == 1, "%s is a mask", v[i].format);
        if (!tl_check_status(kc_tokenizer_new(&t, NULL, NULL, NULL, 0, v[i].format, 0), KC_OK, "%s: no key",
                             v[i].format)) continue;
        tl_check_status(kc_tokenize(t, out, sizeof out, &len, v[i].value, strlen(v[i].value), NULL, 0, &pos), KC_OK,
                        "mask %s", v[i].value);
        TL_CHECK(len == strlen(v[i].masked) && !memcmp(out, v[i].masked, len), "%s: %s -> %.*s", v[i].format,
                 v[i].value, (int)len, out);
        tl_check_status(kc_detokenize(t, out, sizeof out, &len, v[i].masked, strlen(v[i].masked), NULL, 0, &pos),
                        KC_ERR_WRONG_KIND, "mask: no detokenize");
        TL_CHECK(kc_tokenizer_may_output(t, v[i].masked[strlen(v[i].masked) - 1] == '*' ? '*' : '#') ||
                 strchr(v[i].masked, '*'), "may_output");
        kc_tokenizer_free(t);
    }
    kc_tokenizer *t;
    size_t len, pos;
    if (tl_check_status(kc_tokenizer_new(&t, NULL, NULL, NULL, 0, "mask", 0), KC_OK, "mask")) {
        tl_check_status(kc_tokenize(t, out, sizeof out, &len, "1234", 4, NULL, 0, &pos), KC_ERR_FORMAT,
                        "mask: nothing left to mask");
        /* Irreversible whatever the input: the empty value and a malformed one are refused alike. */
        tl_check_status(kc_detokenize(t, out, sizeof out, &len, "", 0, NULL, 0, &pos), KC_ERR_WRONG_KIND,
                        "mask: no detokenize of the empty value");
        tl_check_status(kc_detokenize(t, out, sizeof out, &len, "\xff", 1, NULL, 0, &pos), KC_ERR_WRONG_KIND,
                        "mask: no detokenize of malformed UTF-8");
        kc_token_row rows[2] = { { .in = "", .in_len = 0, .out = out, .out_cap = sizeof out },
                                 { .in = "****1111", .in_len = 8, .out = out + 32, .out_cap = 32 } };
        size_t bad;
        tl_check_status(kc_detokenize_batch(t, rows, 2, &bad), KC_ERR_WRONG_KIND, "mask: no batch detokenize");
        TL_CHECK(bad == 0 && rows[0].status == KC_ERR_WRONG_KIND && rows[1].status == KC_ERR_WRONG_KIND &&
                 rows[1].out_len == 0, "mask batch: every row refused");
        kc_tokenizer_free(t);
    }
    TL_CHECK(kc_format_is_mask("card") == 0 && kc_format_is_mask("nonsense") == -1, "is_mask");
    tl_check_status(kc_format_check("mask=*;alphabet=digits", NULL, 0), KC_ERR_FORMAT_SPEC, "mask with alphabet");
    tl_check_status(kc_format_check("mask=*;check=luhn", NULL, 0), KC_ERR_FORMAT_SPEC, "mask with check");
    tl_check_status(kc_format_check("alphabet=digits;case=preserve", NULL, 0), KC_ERR_FORMAT_SPEC, "case digits");
    tl_check_status(kc_format_check("alphabet=alnum;case=preserve;keep=1,0", NULL, 0), KC_ERR_FORMAT_SPEC, "case keep");
    tl_check_status(kc_format_check("shape=nope", NULL, 0), KC_ERR_FORMAT_SPEC, "unknown shape");
    tl_check_status(kc_tokenizer_new(&t, NULL, NULL, KEY, 16, "card", 0), KC_ERR_NULL, "FPE format needs a cipher");
}

/* Every named format parses, its spec is what the name means, and names are unique. */
static void test_named(void)
{
    const char *name, *spec, *desc, *other;
    size_t n = 0;
    for (; kc_format_at(n, &name, &spec, &desc) == KC_OK; n++) {
        tl_check_status(kc_format_check(name, NULL, 0), KC_OK, "named %s", name);
        tl_check_status(kc_format_check(spec, NULL, 0), KC_OK, "spec of %s", name);
        TL_CHECK(*desc != 0, "%s has a description", name);
        for (size_t i = 0; i < n; i++) {
            kc_format_at(i, &other, NULL, NULL);
            TL_CHECK(strcmp(other, name), "%s twice", name);
        }
    }
    TL_CHECK(n >= 25, "named formats: %zu", n);
    char tok[512], tok2[512];
    kc_tokenizer *a = make("ff1-aes-128", "card-token", 0),
                 *b = make("ff1-aes-128", "alphabet=digits;pass=- ;keep=0,4;check=luhn-fail;len=12-19", 0);
    if (a && b) {
        round_trip(a, "name", "4111-1111-1111-1111", tok);
        round_trip(b, "spec", "4111-1111-1111-1111", tok2);
        TL_CHECK(!strcmp(tok, tok2), "card-token by name and by spec: %s %s", tok, tok2);
    }
    kc_tokenizer_free(a);
    kc_tokenizer_free(b);
}

int main(void)
{
    /* KC_TEST_SEED picks other random values */
    test_card_token();
    test_korean_ids();
    test_phones();
    test_hangul();
    test_email_case();
    test_masks();
    test_named();
    return tl_finish("formats");
}
