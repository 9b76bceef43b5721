/* SPDX-License-Identifier: MIT */
/* Formats and tokenization on any input: a format spec (named, or any bytes
 * as a spec) is accepted or refused with KC_ERR_FORMAT_SPEC; any value
 * (malformed UTF-8 included) is tokenized or refused with a format code and
 * a position inside it, writing nothing; a token detokenizes to its value,
 * keeps its character count, and the batch agrees with the single call.
 * Input: format choice, cipher choice, flags, tweak length, tweak, then
 * (custom formats) a NUL-terminated spec, then the value.
 *
 * Format choices NFORMATS..NFORMATS+31 build a spec from parts (an
 * alphabet, pass and stop characters, keep), so that roles may overlap.
 * Flag 4 builds the value from the format itself (issue 22): each byte
 * picks an alphabet, pass or stop character, so any spec the parser accepts
 * is tried on values it must take.  Then:
 *  - round trip: detokenize(tokenize(x)) == x for every accepted value (a
 *    stop or pass character that is also in the alphabet fails here);
 *  - nothing in clear: when the value is alphabet characters only (up to
 *    the stop), the token keeps the keep=L,T characters and, among the
 *    encrypted ones, has no run equal to the value long enough to be
 *    chance (radix^run >= 2^64). */
#include "fuzz_common.h"
#include "fpe/format.h"
#include "fpe/tokenizer.h"

static const char *const formats[] = { "digits", "alnum", "hex", "card", "card-luhn", "kr-rrn", "kr-phone",
                                       "kr-brn", "email", "alphabet=가나다라마바사아자차카타파하;pass=- " };
static const char *const ciphers[] = { "ff1-aes-128", "ff3-1-aria-128", "fea2-128", "ff1-lea-256" };
#define NFORMATS (sizeof formats / sizeof formats[0])

static size_t utf8_chars(const uint8_t *p, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += (p[i] & 0xc0) != 0x80;
    return c;
}

#define GEN_MAX 300   /* characters of a built value */

/* A value over format f from bytes b: code points to cp, UTF-8 to out;
 * *plain is set when only alphabet characters come before the stop. */
static size_t gen_value(const kc_format *f, const uint8_t *b, size_t nb, uint32_t *cp, size_t *ncp, char *out,
                        int *plain)
{
    size_t n = 0, k = 0;
    int stopped = 0;
    *plain = 1;
    for (size_t i = 0; i < nb && k < GEN_MAX - 1; i++) {
        unsigned x = b[i];
        uint32_t c;
        if (stopped) c = 0x20 + x % 95;                       /* after the stop: anything (ASCII here) */
        else if (x >= 0xf0 && f->stop) { c = f->stop; stopped = 1; }
        else if (x >= 0xc0 && f->npass) { c = f->pass[x % f->npass]; *plain = 0; }
        else c = f->alphabet[x % f->radix];
        cp[k++] = c;
        n += kc_utf8_encode(c, out + n);
    }
    if (f->stop && !stopped) { cp[k++] = f->stop; n += kc_utf8_encode(f->stop, out + n); }
    *ncp = k;
    return n;
}

static size_t decode(const uint8_t *p, size_t n, uint32_t *cp, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < cap; k++) {
        unsigned b = p[i], len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        uint32_t c = len == 1 ? b : b & (0x7f >> len);
        for (unsigned j = 1; j < len && i + j < n; j++) c = c << 6 | (p[i + j] & 0x3f);
        cp[k] = c;
        i += len;
    }
    return k;
}

/* The "nothing in clear" oracle on a value of alphabet characters (up to the stop). */
static void check_not_clear(const kc_format *f, const uint32_t *cp, size_t ncp, const uint8_t *tok, size_t tok_len)
{
    static uint32_t got[GEN_MAX];
    size_t m = 0;
    while (m < ncp && !(f->stop && cp[m] == f->stop)) m++;
    FZ_CHECK(decode(tok, tok_len, got, GEN_MAX) == ncp);
    size_t check = f->check ? 1 : 0;
    if (m < f->keep_lead + f->keep_trail + check) return;
    size_t lo = f->keep_lead, hi = m - f->keep_trail - check;
    for (size_t i = 0; i < ncp; i++)                          /* kept characters are kept */
        if (i < lo || i >= hi + check) FZ_CHECK(got[i] == cp[i]);
    size_t run_max = 0;                                       /* radix^run_max >= 2^64 */
    for (double d = 1; d < 18446744073709551616.0; d *= f->radix) run_max++;
    for (size_t i = lo, run = 0; i < hi; i++) {
        run = got[i] == cp[i] ? run + 1 : 0;
        if (run >= run_max) {
            fprintf(stderr, "characters %zu..%zu of the value are in clear in its token\n", i + 1 - run, i);
            FZ_CHECK(run < run_max);
        }
    }
}

/* Printable ASCII but ';' (the item separator). */
static char spec_char(fz_in *in)
{
    char c = (char)(0x20 + fz_byte(in) % 95);
    return c == ';' ? ':' : c;
}

/* alphabet (a name or 2..21 characters), pass (0..3), stop (or none), keep. */
static void build_spec(fz_in *in, char *spec, size_t cap)
{
    static const char *const names[] = { "digits", "hex", "HEX", "lower", "upper", "alpha", "alnum" };
    char alpha[32], pass[8], stop[8] = "", keep[16] = "";
    unsigned a = fz_byte(in), np = fz_byte(in) % 4, st = fz_byte(in), k = fz_byte(in);
    if (a < 7 * 16) {
        strcpy(alpha, names[a % 7]);
    } else {
        size_t n = 2 + a % 20;
        for (size_t i = 0; i < n; i++) alpha[i] = spec_char(in);
        alpha[n] = 0;
    }
    for (unsigned i = 0; i < np; i++) pass[i] = spec_char(in);
    pass[np] = 0;
    if (st & 1) snprintf(stop, sizeof stop, ";stop=%c", spec_char(in));
    if (k & 1) snprintf(keep, sizeof keep, ";keep=%u,%u", k >> 1 & 3, k >> 3 & 3);
    snprintf(spec, cap, "alphabet=%s%s%s%s%s", alpha, np ? ";pass=" : "", pass, stop, keep);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    unsigned fchoice = fz_byte(&in), cchoice = fz_byte(&in) % 4, mode = fz_byte(&in), flags = mode & 3;
    size_t tlen;
    const uint8_t *tweak = fz_slice(&in, fz_byte(&in) % 40, &tlen);
    char spec[256];
    const char *format;
    if (fchoice < NFORMATS) {
        format = formats[fchoice];
    } else if (fchoice < NFORMATS + 32) {        /* a spec built from parts: roles that may overlap */
        build_spec(&in, spec, sizeof spec);
        format = spec;
    } else {                                     /* the spec parser on arbitrary bytes */
        size_t n = 0;
        while (n < sizeof spec - 1 && in.n && *in.p) spec[n++] = (char)fz_byte(&in);
        fz_byte(&in);
        spec[n] = 0;
        format = spec;
    }
    const char *cipher = ciphers[cchoice];
    size_t klen = strstr(cipher, "256") ? 32 : 16;
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 };
    if ((flags & KC_TOKENIZER_RAW_TWEAK) && strncmp(cipher, "ff1", 3)) flags &= ~KC_TOKENIZER_RAW_TWEAK;
    kc_tokenizer *t;
    kc_status st = kc_tokenizer_new(&t, cipher, NULL, key, klen, format, flags);
    if (fchoice < NFORMATS) FZ_STATUS(st, KC_OK);
    else if (st != KC_OK) { FZ_STATUS(st, KC_ERR_FORMAT_SPEC); return 0; }

    size_t vlen;
    const uint8_t *v = fz_slice(&in, 1200, &vlen);
    static uint32_t cp[GEN_MAX];
    static char built[GEN_MAX * 4];
    size_t ncp = 0;
    int plain = 0, gen = mode & 4;
    if (gen) {
        vlen = gen_value(kc_tokenizer_format(t), v, vlen, cp, &ncp, built, &plain);
        v = (const uint8_t *)built;
    }
    uint8_t *value = fz_dup(v, vlen);
    size_t cap = vlen * 4, n = 0, m = 0, pos = 0;
    uint8_t *tok = fz_out(cap), *back = fz_out(cap);
    st = kc_tokenize(t, (char *)tok, cap, &n, (const char *)value, vlen, tweak, tlen, &pos);
    if (st != KC_OK) {
        FZ_CHECK(st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT || st == KC_ERR_DOMAIN_TOO_SMALL ||
                 st == KC_ERR_DOMAIN_TOO_LARGE || st == KC_ERR_TWEAK_LENGTH);
        FZ_CHECK(fz_untouched(tok, cap) && n == 0 && pos <= vlen);
    } else {
        FZ_CHECK(utf8_chars(tok, n) == utf8_chars(value, vlen));
        if (kc_tokenizer_format(t)->mask) {      /* a mask (mask=C) is irreversible */
            FZ_STATUS(kc_detokenize(t, (char *)back, cap, &m, (const char *)tok, n, tweak, tlen, &pos),
                      KC_ERR_WRONG_KIND);
        } else {
            FZ_STATUS(kc_detokenize(t, (char *)back, cap, &m, (const char *)tok, n, tweak, tlen, &pos), KC_OK);
            FZ_CHECK(m == vlen && memcmp(back, value, vlen) == 0);
            if (gen && plain) check_not_clear(kc_tokenizer_format(t), cp, ncp, tok, n);
        }
    }
    /* The batch of the same value twice agrees with the single call. */
    uint8_t *out2 = fz_out(2 * cap);
    kc_token_row rows[2];
    memset(rows, 0, sizeof rows);
    for (int i = 0; i < 2; i++) {
        rows[i].in = (const char *)value;
        rows[i].in_len = vlen;
        rows[i].tweak = tweak;
        rows[i].tweak_len = tlen;
        rows[i].out = (char *)out2 + i * cap;
        rows[i].out_cap = cap;
    }
    size_t bad;
    kc_status bst = kc_tokenize_batch(t, rows, 2, &bad);
    FZ_STATUS(bst, st);
    for (int i = 0; i < 2 && st == KC_OK; i++)
        FZ_CHECK(rows[i].out_len == n && memcmp(rows[i].out, tok, n) == 0);
    free(out2);
    free(tok);
    free(back);
    free(value);
    kc_tokenizer_free(t);
    return 0;
}
