/* SPDX-License-Identifier: MIT */
/* Format specs and the split of a value into kept and encrypted characters.
 *
 * A spec is items separated by ';':
 *   alphabet=NAME|CHARS  digits, hex, HEX, lower, upper, alpha, alnum, or the
 *                        characters themselves in digit order (UTF-8)
 *   pass=CHARS           characters passed through in place (e.g. "- ")
 *   keep=L,T             the first L and last T alphabet characters stay in clear
 *   len=N or len=N-M     alphabet characters a value must have
 *   check=luhn|brn       the last alphabet character is a check digit,
 *                        recomputed after encryption (alphabet digits only)
 *   stop=C               from character C on (e.g. "@"), the value stays in clear
 * A character may be in only one of alphabet, pass and stop: a token must
 * read back with every character in the role it had in the value.
 * Named formats are specs with a name (the table below). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fpe/format.h"

static const struct { const char *name, *spec; } named[] = {
    { "digits", "alphabet=digits" },
    { "alnum", "alphabet=alnum" },
    { "hex", "alphabet=hex" },
    { "card", "alphabet=digits;pass=- ;keep=6,4;len=12-19" },
    { "card-luhn", "alphabet=digits;pass=- ;keep=6,0;check=luhn;len=12-19" },
    { "kr-rrn", "alphabet=digits;pass=-;keep=6,0;len=13" },
    { "kr-phone", "alphabet=digits;pass=- ;keep=3,0;len=10-11" },
    { "kr-brn", "alphabet=digits;pass=-;check=brn;len=10" },
    { "email", "alphabet=alnum;pass=.-_+;stop=@" },
};

static const struct { const char *name, *chars; } alphabets[] = {
    { "digits", "0123456789" },
    { "hex", "0123456789abcdef" },
    { "HEX", "0123456789ABCDEF" },
    { "lower", "abcdefghijklmnopqrstuvwxyz" },
    { "upper", "ABCDEFGHIJKLMNOPQRSTUVWXYZ" },
    { "alpha", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" },
    { "alnum", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" },
};

/* One UTF-8 character of s[0..len); returns its length, 0 if malformed
 * (overlong, surrogate, above U+10FFFF, truncated). */
static size_t utf8_decode(const unsigned char *s, size_t len, uint32_t *cp)
{
    if (!len) return 0;
    if (s[0] < 0x80) { *cp = s[0]; return 1; }
    size_t n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (!n || n > len || s[0] > 0xf4) return 0;
    uint32_t c = s[0] & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (c < least[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    *cp = c;
    return n;
}

size_t kc_utf8_encode(uint32_t c, char *out)
{
    if (c < 0x80) { out[0] = (char)c; return 1; }
    if (c < 0x800) { out[0] = (char)(0xc0 | c >> 6); out[1] = (char)(0x80 | (c & 0x3f)); return 2; }
    if (c < 0x10000) {
        out[0] = (char)(0xe0 | c >> 12); out[1] = (char)(0x80 | (c >> 6 & 0x3f)); out[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | c >> 18); out[1] = (char)(0x80 | (c >> 12 & 0x3f));
    out[2] = (char)(0x80 | (c >> 6 & 0x3f)); out[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

/* Decodes exactly len bytes of UTF-8 into at most cap code points; -1 if malformed or longer. */
static long utf8_all(const char *s, size_t len, uint32_t *cps, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < len; n++) {
        size_t k = utf8_decode((const unsigned char *)s + i, len - i, n < cap ? &cps[n] : &cps[0]);
        if (!k || n >= cap) return -1;
        i += k;
    }
    return (long)n;
}

static int parse_size(const char *s, size_t len, size_t *v)
{
    if (!len || len > 6) return 0;
    *v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        *v = *v * 10 + (size_t)(s[i] - '0');
    }
    return 1;
}

static kc_status set_alphabet(kc_format *f, const char *v, size_t len)
{
    for (size_t i = 0; i < sizeof alphabets / sizeof alphabets[0]; i++)
        if (strlen(alphabets[i].name) == len && !memcmp(alphabets[i].name, v, len)) {
            v = alphabets[i].chars;
            len = strlen(v);
            f->digits_alphabet = i == 0;
            break;
        }
    uint32_t *a = malloc((len + 1) * sizeof *a);
    if (!a) return KC_ERR_NO_MEMORY;
    long n = utf8_all(v, len, a, len + 1);
    int ok = n >= 2 && n <= 65536;
    for (long i = 0; ok && i < n; i++)          /* no duplicates (quadratic: specs are short) */
        for (long j = 0; ok && j < i; j++) ok = a[i] != a[j];
    if (!ok) { free(a); return KC_ERR_FORMAT_SPEC; }
    free(f->alphabet);
    f->alphabet = a;
    f->radix = (uint32_t)n;
    char buf[4];
    f->uniform_width = 1;
    for (long i = 1; i < n; i++) f->uniform_width &= kc_utf8_encode(a[i], buf) == kc_utf8_encode(a[0], buf);
    return KC_OK;
}

static kc_status parse_item(kc_format *f, const char *item, size_t len)
{
    const char *eq = memchr(item, '=', len);
    if (!eq) return KC_ERR_FORMAT_SPEC;
    size_t klen = (size_t)(eq - item), vlen = len - klen - 1;
    const char *v = eq + 1;
#define KEY(k) (klen == sizeof(k) - 1 && !memcmp(item, k, klen))
    if (KEY("alphabet")) return set_alphabet(f, v, vlen);
    if (KEY("pass")) {
        long n = utf8_all(v, vlen, f->pass, KC_FORMAT_MAX_PASS);
        if (n < 1) return KC_ERR_FORMAT_SPEC;
        f->npass = (size_t)n;
        return KC_OK;
    }
    if (KEY("keep") || KEY("len")) {
        const char *sep = memchr(v, KEY("keep") ? ',' : '-', vlen);
        size_t a, b;
        if (!parse_size(v, sep ? (size_t)(sep - v) : vlen, &a)) return KC_ERR_FORMAT_SPEC;
        if (sep && !parse_size(sep + 1, vlen - (size_t)(sep - v) - 1, &b)) return KC_ERR_FORMAT_SPEC;
        if (KEY("keep")) {
            if (!sep) return KC_ERR_FORMAT_SPEC;
            f->keep_lead = a;
            f->keep_trail = b;
        } else {
            f->min_chars = a;
            f->max_chars = sep ? b : a;
            if (f->max_chars < a || !a) return KC_ERR_FORMAT_SPEC;
        }
        return KC_OK;
    }
    if (KEY("check")) {
        if (vlen == 4 && !memcmp(v, "luhn", 4)) f->check = KC_CHECK_LUHN;
        else if (vlen == 3 && !memcmp(v, "brn", 3)) f->check = KC_CHECK_BRN;
        else return KC_ERR_FORMAT_SPEC;
        return KC_OK;
    }
    if (KEY("stop")) {
        uint32_t c;
        if (utf8_all(v, vlen, &c, 1) != 1) return KC_ERR_FORMAT_SPEC;
        f->stop = c;
        return KC_OK;
    }
#undef KEY
    return KC_ERR_FORMAT_SPEC;
}

void kc_format_clear(kc_format *f)
{
    free(f->alphabet);
    memset(f, 0, sizeof *f);
}

/* The reason for a refusal, when the caller wants one. */
static void say(char *why, size_t cap, const char *fmt, ...)
{
    if (!why || !cap) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
}

static kc_status overlap(char *why, size_t cap, uint32_t c, const char *a, const char *b)
{
    char u[5] = { 0 };
    if (c >= 0x20 && c != 0x7f) kc_utf8_encode(c, u);
    if (u[0]) say(why, cap, "format spec: '%s' (U+%04X) is in both %s and %s: a character may be in only one "
                  "of alphabet, pass and stop", u, (unsigned)c, a, b);
    else say(why, cap, "format spec: U+%04X is in both %s and %s: a character may be in only one of "
             "alphabet, pass and stop", (unsigned)c, a, b);
    return KC_ERR_FORMAT_SPEC;
}

kc_status kc_format_parse(kc_format *f, const char *spec) { return kc_format_parse_why(f, spec, NULL, 0); }

kc_status kc_format_parse_why(kc_format *f, const char *spec, char *why, size_t why_cap)
{
    memset(f, 0, sizeof *f);
    say(why, why_cap, "%s", "");
    if (!spec) return KC_ERR_NULL;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (!strcmp(spec, named[i].name)) spec = named[i].spec;
    kc_status st = KC_OK;
    const char *bad = "";
    size_t bad_len = 0;
    for (const char *p = spec; st == KC_OK;) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        st = parse_item(f, p, len);
        bad = p;
        bad_len = len;
        if (!end) break;
        p = end + 1;
    }
    int shown = (int)(bad_len < 64 ? bad_len : 64);
    while (shown > 0 && (bad[shown] & 0xc0) == 0x80) shown--;    /* not inside a character */
    if (st == KC_ERR_FORMAT_SPEC && !memchr(bad, '=', bad_len))
        say(why, why_cap, "\"%.*s\" is neither a format name nor a spec item (key=value)", shown, bad);
    else if (st == KC_ERR_FORMAT_SPEC)
        say(why, why_cap, "format spec: item \"%.*s\" not understood", shown, bad);
    if (st == KC_OK && !f->alphabet) st = set_alphabet(f, "digits", 6);   /* the default */
    /* A character has one role: a pass or stop character inside the
     * alphabet could be written by encryption and read back as another role
     * (e.g. stop=a in alnum ends the value early on detokenize). */
    for (size_t i = 0; st == KC_OK && i <= f->npass; i++) {
        uint32_t c = i < f->npass ? f->pass[i] : f->stop;
        const char *role = i < f->npass ? "pass" : "stop";
        if (!c) continue;
        for (uint32_t d = 0; st == KC_OK && d < f->radix; d++)
            if (c == f->alphabet[d]) st = overlap(why, why_cap, c, "alphabet", role);
        if (st == KC_OK && i < f->npass && c == f->stop) st = overlap(why, why_cap, c, "pass", "stop");
    }
    if (st == KC_OK && f->check && !f->digits_alphabet) {
        st = KC_ERR_FORMAT_SPEC;
        say(why, why_cap, "format spec: check= needs alphabet=digits");
    }
    if (st != KC_OK) {
        kc_format_clear(f);
        return st;
    }
    for (uint32_t c = 0; c < 128; c++) f->ascii_digit[c] = KC_FORMAT_CLEAR;
    f->ascii_alphabet = 1;
    for (uint32_t d = 0; d < f->radix; d++) {
        if (f->alphabet[d] < 128) f->ascii_digit[f->alphabet[d]] = d;
        else f->ascii_alphabet = 0;
    }
    for (size_t i = 0; i < f->npass; i++)
        if (f->pass[i] < 128) f->ascii_pass[f->pass[i]] = 1;
    return KC_OK;
}

static uint32_t digit_of(const kc_format *f, uint32_t c)
{
    if (c < 128) return f->ascii_digit[c];
    for (uint32_t d = 0; d < f->radix; d++)
        if (f->alphabet[d] == c) return d;
    return KC_FORMAT_CLEAR;
}

static int passes(const kc_format *f, uint32_t c)
{
    if (c < 128) return f->ascii_pass[c];
    for (size_t i = 0; i < f->npass; i++)
        if (f->pass[i] == c) return 1;
    return 0;
}

/* The check digit the alphabet characters before s->check_at call for. */
static uint32_t check_digit(kc_check kind, const kc_split *s)
{
    uint32_t sum = 0, seen = 0;
    if (kind == KC_CHECK_LUHN) {                  /* from the right, the first is doubled */
        for (size_t i = s->check_at; i-- > 0;) {
            uint32_t d = s->digit[i];
            if (d == KC_FORMAT_CLEAR) continue;
            if (seen++ % 2 == 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
            sum += d;
        }
        return (10 - sum % 10) % 10;
    }
    static const uint8_t w[9] = { 1, 3, 7, 1, 3, 7, 1, 3, 5 };   /* business registration number */
    for (size_t i = 0; i < s->check_at && seen < 9; i++) {
        uint32_t d = s->digit[i];
        if (d == KC_FORMAT_CLEAR) continue;
        sum += d * w[seen];
        if (seen++ == 8) sum += d * 5 / 10;
    }
    return (10 - sum % 10) % 10;
}

kc_status kc_format_split(const kc_format *f, kc_split *s, const char *in, size_t in_len, size_t *error_pos)
{
    /* Locals, not s->...: stores through s could alias in (a char pointer),
     * and the compiler would reload every field for every character. */
    uint32_t *cp = s->cp, *digit = s->digit, stop = f->stop;
    size_t n = 0, alpha = 0, stopped = 0;
    int ascii = 1;
    *error_pos = 0;
    s->n = 0;
    s->nenc = 0;
    s->check_at = SIZE_MAX;
    for (size_t i = 0; i < in_len; n++) {
        if (n == KC_FORMAT_MAX_CHARS) { *error_pos = n; return KC_ERR_FORMAT; }
        unsigned char b = (unsigned char)in[i];
        size_t k = 1;
        if (b < 0x80) cp[n] = b;
        else if ((k = utf8_decode((const unsigned char *)in + i, in_len - i, &cp[n])) != 0) ascii = 0;
        else { *error_pos = n; return KC_ERR_FORMAT; }
        i += k;
        uint32_t c = cp[n];
        if (stop && c == stop) stopped = 1;
        uint32_t d = stopped ? KC_FORMAT_CLEAR : digit_of(f, c);
        digit[n] = d;
        if (d != KC_FORMAT_CLEAR) alpha++;
        else if (!stopped && !passes(f, c)) { *error_pos = n; return KC_ERR_FORMAT; }
    }
    s->n = n;
    s->ascii = ascii;
    if (stop && !stopped) { *error_pos = n; return KC_ERR_FORMAT; }   /* e.g. no '@' */
    if ((f->min_chars && alpha < f->min_chars) || (f->max_chars && alpha > f->max_chars)) {
        *error_pos = n;
        return KC_ERR_FORMAT;
    }
    size_t check = f->check ? 1 : 0;
    if (alpha < f->keep_lead + f->keep_trail + check + 1) { *error_pos = n; return KC_ERR_DOMAIN_TOO_SMALL; }
    size_t seen = 0, nenc = 0, first = f->keep_lead, last = alpha - f->keep_trail - check;
    uint16_t *enc = s->enc;
    for (size_t i = 0; i < n; i++) {
        if (digit[i] == KC_FORMAT_CLEAR) continue;
        if (check && seen == alpha - 1) s->check_at = i;
        else if (seen >= first && seen < last) enc[nenc++] = (uint16_t)i;
        seen++;
    }
    s->nenc = nenc;
    if (check && check_digit(f->check, s) != digit[s->check_at]) {
        *error_pos = s->check_at;
        return KC_ERR_CHECK_DIGIT;
    }
    return KC_OK;
}

kc_status kc_format_join(const kc_format *f, kc_split *s, char *out, size_t out_cap, size_t *out_len)
{
    if (f->check) s->digit[s->check_at] = check_digit(f->check, s);
    if (s->ascii && f->ascii_alphabet) {          /* one byte a character, in and out */
        size_t n = s->n;
        const uint32_t *cp = s->cp, *digit = s->digit, *alphabet = f->alphabet;
        if (n > out_cap) return KC_ERR_OUTPUT_TOO_SMALL;
        for (size_t i = 0; i < n; i++) out[i] = (char)(digit[i] == KC_FORMAT_CLEAR ? cp[i] : alphabet[digit[i]]);
        *out_len = n;
        return KC_OK;
    }
    size_t len = 0;
    char buf[4];
    for (int write = 0; write < 2; write++) {     /* measure, then write: all or nothing */
        len = 0;
        for (size_t i = 0; i < s->n; i++) {
            uint32_t c = s->digit[i] == KC_FORMAT_CLEAR ? s->cp[i] : f->alphabet[s->digit[i]];
            size_t k = kc_utf8_encode(c, buf);
            if (write) memcpy(out + len, buf, k);
            len += k;
        }
        if (len > out_cap) return KC_ERR_OUTPUT_TOO_SMALL;
    }
    *out_len = len;
    return KC_OK;
}
