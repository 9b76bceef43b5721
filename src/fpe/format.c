/* SPDX-License-Identifier: MIT */
/* Format specs and the split of a value into kept and encrypted characters.
 *
 * A spec is items separated by ';':
 *   alphabet=NAME|CHARS  digits, hex, HEX, lower, upper, alpha, alnum, hangul, or
 *                        the characters themselves in digit order (UTF-8), where
 *                        U+XXXX is one code point and U+XXXX-U+YYYY a range
 *   pass=CHARS           characters passed through in place (e.g. "- ")
 *   keep=L,T             the first L and last T alphabet characters stay in clear
 *   len=N or len=N-M     alphabet characters a value must have
 *   check=luhn|brn|crn   the last alphabet character is a check digit,
 *                        recomputed after encryption (alphabet digits only)
 *   check=luhn-fail|luhn-inner  the value passes Luhn; the last alphabet
 *                        character before the kept trailing ones is set so
 *                        that the token fails Luhn (luhn-fail) or passes it
 *   stop=C               from character C on (e.g. "@"), the value stays in clear
 *   shape=NAME           a layout check (formats_kr.c: kr-frn, kr-passport, ...)
 *   case=preserve        alphabet alnum, encrypted within the value's case class
 *   mask=C               irreversible: every character but pass and stop ones
 *                        and the kept ones is replaced by C (no key)
 *   embed-version=NAME|CHARS  the key version in the first encrypted character
 *                        (an alphabet of at least twice the format's: kcipher.h)
 * A character may be in only one of alphabet, pass and stop: a token must
 * read back with every character in the role it had in the value.
 * Named formats are specs with a name (the table below); a name may be
 * followed by more items ("digits;embed-version=alnum"). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fpe/format.h"

#define CARD_HINT "card-token-bin needs 17 digits or more (it keeps 10 and sets one to break Luhn): " \
                  "use card-token (keeps the last 4 only), or allow small domains"
static const kc_named_format named[] = {
    { "digits", "alphabet=digits", "all digits encrypted", NULL },
    { "alnum", "alphabet=alnum", "all of 0-9A-Za-z encrypted", NULL },
    { "hex", "alphabet=hex", "all of 0-9a-f encrypted", NULL },
    { "card", "alphabet=digits;pass=- ;keep=6,4;len=12-19",
      "card number: first 6 and last 4 kept; the token passes Luhn only by chance (1 in 10)", NULL },
    { "card-luhn", "alphabet=digits;pass=- ;keep=6,0;check=luhn;len=12-19",
      "card number: first 6 kept, Luhn check digit recomputed (the last 4 change)", NULL },
    { "card-token", "alphabet=digits;pass=- ;keep=0,4;check=luhn-fail;len=12-19",
      "card number: last 4 kept; the token always fails Luhn (never a card number)", NULL },
    { "card-token-bin", "alphabet=digits;pass=- ;keep=6,4;check=luhn-fail;len=12-19",
      "card number: first 6 and last 4 kept; the token always fails Luhn (17 digits or more by default)", CARD_HINT },
    { "card-luhn-last4", "alphabet=digits;pass=- ;keep=0,4;check=luhn-inner;len=12-19",
      "card number: last 4 kept; the token passes Luhn (the digit before the last 4 is adjusted)", NULL },
    { "kr-rrn", "alphabet=digits;pass=-;keep=6,0;len=13",
      "resident registration number: birth date kept; gender digit encrypted (tokens may hold any digit there)", NULL },
    { "kr-rrn-gender", "alphabet=digits;pass=-;keep=7,0;len=13",
      "resident registration number: birth date and gender/century digit kept, the last 6 digits encrypted", NULL },
    { "kr-frn", "alphabet=digits;pass=-;keep=7,0;len=13;shape=kr-frn",
      "foreigner registration number: birth date and gender digit (5-8) kept, the last 6 encrypted", NULL },
    { "kr-passport", "alphabet=digits;pass=ABCDEFGHIJKLMNOPQRSTUVWXYZ;len=7-8;shape=kr-passport",
      "passport number M12345678 or M123A4567: letters kept, digits encrypted", NULL },
    { "kr-driver", "alphabet=digits;pass=-;keep=2,0;len=12;shape=kr-driver",
      "driver's licence RR-YY-NNNNNN-NN: region kept, the other 10 digits encrypted", NULL },
    { "kr-crn", "alphabet=digits;pass=-;keep=6,0;check=crn;len=13",
      "corporate registration number: office and kind (6 digits) kept, check digit recomputed", NULL },
    { "kr-brn", "alphabet=digits;pass=-;check=brn;len=10",
      "business registration number: check digit recomputed", NULL },
    { "kr-account", "alphabet=digits;pass=-;len=8-16", "bank account number: dashes kept where they are", NULL },
    { "kr-phone", "alphabet=digits;pass=- ;keep=3,0;len=10-11", "mobile number: the first 3 digits kept", NULL },
    { "kr-tel", "alphabet=digits;pass=- ;len=9-11;shape=kr-tel",
      "mobile or landline number (010-1234-5678, 02-123-4567, 031-1234-5678): prefix or area code kept", NULL },
    { "kr-name", "alphabet=hangul;len=1-10;shape=kr-name",
      "Korean name in Hangul: first syllable (surname) kept; a two-syllable name is encrypted whole",
      "a one-syllable value leaves 11172 possibilities: allow small domains (FEA only: FF1 and FF3-1 need "
      "2 characters), or leave it out" },
    { "email", "alphabet=alnum;pass=.-_+;stop=@;case=preserve",
      "e-mail: domain kept; the local part encrypted within its case (lower stays lower, upper upper)", NULL },
    { "email-alnum", "alphabet=alnum;pass=.-_+;stop=@",
      "e-mail as before 'email' kept case: local part over 0-9A-Za-z (for tokens made that way)", NULL },
    { "mask", "mask=*;pass=- ;keep=0,4", "masked (irreversible): all but the last 4 characters become *", NULL },
    { "mask-card", "mask=*;pass=- ;keep=6,4", "masked (irreversible): first 6 and last 4 characters kept", NULL },
    { "mask-email", "mask=*;keep=1,0;stop=@", "masked (irreversible): first character and the domain kept", NULL },
    { "mask-name", "mask=*;keep=1,0", "masked (irreversible): first character (surname) kept", NULL },
};

const kc_named_format *kc_format_named(size_t i) { return i < sizeof named / sizeof named[0] ? &named[i] : NULL; }

kc_status kc_format_at(size_t i, const char **name, const char **spec, const char **description)
{
    const kc_named_format *f = kc_format_named(i);
    if (!f) return KC_ERR_FORMAT_SPEC;
    if (name) *name = f->name;
    if (spec) *spec = f->spec;
    if (description) *description = f->description;
    return KC_OK;
}

int kc_format_is_mask(const char *format)
{
    kc_format f;
    if (kc_format_parse(&f, format) != KC_OK) return -1;
    int mask = f.mask != 0;
    kc_format_clear(&f);
    return mask;
}

static const struct { const char *name, *chars; } alphabets[] = {
    { "digits", "0123456789" },
    { "hex", "0123456789abcdef" },
    { "HEX", "0123456789ABCDEF" },
    { "lower", "abcdefghijklmnopqrstuvwxyz" },
    { "upper", "ABCDEFGHIJKLMNOPQRSTUVWXYZ" },
    { "alpha", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" },
    { "alnum", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" },
    { "hangul", "U+AC00-U+D7A3" },   /* the 11172 precomposed syllables */
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

/* "U+XXXX" (4 to 6 hex digits) at s[0..len): its length, 0 if none. */
static size_t code_point(const char *s, size_t len, uint32_t *cp)
{
    size_t i = 2;
    if (len < 6 || s[0] != 'U' || s[1] != '+') return 0;
    for (*cp = 0; i < len && i < 8; i++) {
        char c = s[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
              : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (v < 0) break;
        *cp = *cp << 4 | (uint32_t)v;
    }
    return i >= 6 ? i : 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

#define MAX_RADIX 65536

/* Characters and U+ ranges into a (NULL: only counted; at most MAX_RADIX);
 * -1 if malformed or too many. */
static long alphabet_chars(const char *v, size_t len, uint32_t *a)
{
    long n = 0;
    for (size_t i = 0; i < len;) {
        uint32_t lo, hi, c;
        size_t k = code_point(v + i, len - i, &lo);
        if (k) {
            hi = lo;
            if (i + k < len && v[i + k] == '-') {
                size_t k2 = code_point(v + i + k + 1, len - i - k - 1, &hi);
                if (!k2) return -1;
                k += k2 + 1;
            }
            if (hi < lo || hi > 0x10ffff || (lo <= 0xdfff && hi >= 0xd800) || hi - lo >= (uint32_t)(MAX_RADIX - n))
                return -1;
            for (c = lo; a && c <= hi; c++) a[n + (long)(c - lo)] = c;
            n += (long)(hi - lo) + 1;
            i += k;
            continue;
        }
        if (n == MAX_RADIX || !(k = utf8_decode((const unsigned char *)v + i, len - i, a ? &a[n] : &c))) return -1;
        n++;
        i += k;
    }
    return n;
}

static kc_status set_alphabet(kc_format *f, const char *v, size_t len)
{
    f->digits_alphabet = 0;
    for (size_t i = 0; i < sizeof alphabets / sizeof alphabets[0]; i++)
        if (strlen(alphabets[i].name) == len && !memcmp(alphabets[i].name, v, len)) {
            v = alphabets[i].chars;
            len = strlen(v);
            f->digits_alphabet = i == 0;
            break;
        }
    long n = alphabet_chars(v, len, NULL);
    if (n < 2) return KC_ERR_FORMAT_SPEC;
    /* calloc: clang's analyzer cannot see alphabet_chars fill all n */
    uint32_t *a = calloc((size_t)n, sizeof *a), *sorted = malloc((size_t)n * sizeof *a);
    int ok = a && sorted && alphabet_chars(v, len, a) == n;
    int sorted_ok = sorted != NULL;
    if (ok) {                                   /* no duplicates */
        memcpy(sorted, a, (size_t)n * sizeof *a);
        qsort(sorted, (size_t)n, sizeof *sorted, cmp_u32);
        for (long i = 1; ok && i < n; i++) ok = sorted[i] != sorted[i - 1];
    }
    free(sorted);
    size_t nruns = 0;
    for (long i = 0; ok && i < n; i++) nruns += !i || a[i] != a[i - 1] + 1;
    struct kc_run *runs = ok ? malloc(nruns * sizeof *runs) : NULL;
    if (!ok || !runs) {
        int oom = !a || !sorted_ok;
        free(a);
        free(runs);
        return oom || ok ? KC_ERR_NO_MEMORY : KC_ERR_FORMAT_SPEC;
    }
    nruns = 0;
    for (long i = 0; i < n; i++) {
        if (!i || a[i] != a[i - 1] + 1) runs[nruns++] = (struct kc_run){ a[i], 0, (uint32_t)i };
        runs[nruns - 1].len++;
    }
    free(f->alphabet);
    free(f->runs);
    f->alphabet = a;
    f->runs = runs;
    f->nruns = nruns;
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
    if (KEY("alphabet")) {
        f->alphabet_given = 1;
        return set_alphabet(f, v, vlen);
    }
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
        else if (vlen == 3 && !memcmp(v, "crn", 3)) f->check = KC_CHECK_CRN;
        else if (vlen == 9 && !memcmp(v, "luhn-fail", 9)) f->check = KC_CHECK_LUHN_FAIL;
        else if (vlen == 10 && !memcmp(v, "luhn-inner", 10)) f->check = KC_CHECK_LUHN_INNER;
        else return KC_ERR_FORMAT_SPEC;
        return KC_OK;
    }
    if (KEY("shape")) return (f->shape = kc_shape_find(v, vlen)) ? KC_OK : KC_ERR_FORMAT_SPEC;
    if (KEY("case")) {
        if (vlen != 8 || memcmp(v, "preserve", 8)) return KC_ERR_FORMAT_SPEC;
        f->case_preserve = 1;
        return KC_OK;
    }
    if (KEY("mask")) {
        uint32_t c;
        if (utf8_all(v, vlen, &c, 1) != 1 || c < 0x20) return KC_ERR_FORMAT_SPEC;
        f->mask = c;
        return KC_OK;
    }
    if (KEY("stop")) {
        uint32_t c;
        if (utf8_all(v, vlen, &c, 1) != 1) return KC_ERR_FORMAT_SPEC;
        f->stop = c;
        return KC_OK;
    }
    if (KEY("embed-version")) {               /* parsed as an alphabet, then moved to embed */
        kc_format a;
        memset(&a, 0, sizeof a);
        kc_status st = set_alphabet(&a, v, vlen);
        if (st != KC_OK) return st;
        free(a.runs);
        free(f->embed);
        f->embed = a.alphabet;
        f->embed_radix = a.radix;
        return KC_OK;
    }
#undef KEY
    return KC_ERR_FORMAT_SPEC;
}

void kc_format_clear(kc_format *f)
{
    free(f->alphabet);
    free(f->runs);
    free(f->embed);
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

static int is_alnum(const kc_format *f)
{
    const char *a = alphabets[6].chars;
    if (f->radix != 62) return 0;
    for (uint32_t d = 0; d < 62; d++)
        if (f->alphabet[d] != (uint32_t)a[d]) return 0;
    return 1;
}

/* embed-version=: room for a second version, and each character in one role. */
static kc_status check_embed(kc_format *f, char *why, size_t cap)
{
    const char *with = f->mask ? "mask= (no key, no version)" : f->case_preserve
                     ? "case=preserve (the case class is read from every encrypted character)"
                     : f->shape ? "shape= (the layout check reads the characters as they are)" : NULL;
    if (with) {
        say(why, cap, "format spec: embed-version= cannot go with %s", with);
        return KC_ERR_VERSION_ROOM;
    }
    if (f->embed_radix / f->radix < 2) {
        say(why, cap, "format spec: embed-version= has %u characters, the alphabet %u: no room for a key version "
            "(at least %u, twice the alphabet, hold versions 1 and 2)", (unsigned)f->embed_radix, (unsigned)f->radix,
            2 * (unsigned)f->radix);
        return KC_ERR_VERSION_ROOM;
    }
    for (uint32_t d = 0; d < f->embed_radix; d++) {
        uint32_t c = f->embed[d];
        for (size_t i = 0; i < f->npass; i++)
            if (c == f->pass[i]) return overlap(why, cap, c, "embed-version", "pass");
        if (c == f->stop) return overlap(why, cap, c, "embed-version", "stop");
    }
    f->embed_versions = f->embed_radix / f->radix;
    return KC_OK;
}

kc_status kc_format_parse(kc_format *f, const char *spec) { return kc_format_parse_why(f, spec, NULL, 0); }

kc_status kc_format_parse_why(kc_format *f, const char *spec, char *why, size_t why_cap)
{
    memset(f, 0, sizeof *f);
    say(why, why_cap, "%s", "");
    if (!spec) return KC_ERR_NULL;
    /* A name, alone or followed by items: its spec first, then the rest. */
    const char *more = NULL, *semi = strchr(spec, ';');
    size_t first = semi ? (size_t)(semi - spec) : strlen(spec);
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strlen(named[i].name) == first && !memcmp(spec, named[i].name, first)) {
            more = semi ? semi + 1 : NULL;
            spec = named[i].spec;
            f->hint = named[i].hint;
        }
    kc_status st = KC_OK;
    const char *bad = "";
    size_t bad_len = 0;
    for (const char *p = spec; st == KC_OK;) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        st = parse_item(f, p, len);
        bad = p;
        bad_len = len;
        if (!end && more) { end = more - 1; more = NULL; }   /* on to the items after the name */
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
    for (size_t i = 0; st == KC_OK && !f->mask && i <= f->npass; i++) {
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
    if (st == KC_OK && f->mask && (f->alphabet_given || f->check || f->case_preserve || f->shape)) {
        st = KC_ERR_FORMAT_SPEC;   /* a mask hides every character but pass, stop and kept ones */
        say(why, why_cap, "format spec: mask= takes only pass=, keep=, len= and stop=");
    }
    if (st == KC_OK && f->case_preserve &&
        (!is_alnum(f) || f->keep_lead || f->keep_trail || f->check)) {
        st = KC_ERR_FORMAT_SPEC;   /* the class is read from every encrypted character */
        say(why, why_cap, "format spec: case=preserve needs alphabet=alnum and no keep= or check=");
    }
    if (st == KC_OK && f->embed) st = check_embed(f, why, why_cap);
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
    if (f->mask >= 0x80) f->uniform_width = 0;   /* a wide mask character lengthens ASCII values */
    char b1[4], b2[4];
    f->embed_ascii = 1;
    for (uint32_t d = 0; d < f->embed_radix; d++) {
        f->embed_ascii &= f->embed[d] < 128;
        f->uniform_width &= kc_utf8_encode(f->embed[d], b1) == kc_utf8_encode(f->alphabet[0], b2);
    }
    return KC_OK;
}

/* The digit of c, or KC_FORMAT_CLEAR: every run is looked at (no exit on
 * the character found). */
static uint32_t digit_of(const kc_format *f, uint32_t c)
{
    if (c < 128) return f->ascii_digit[c];
    uint32_t d = KC_FORMAT_CLEAR;
    for (size_t r = 0; r < f->nruns; r++) {
        uint32_t off = c - f->runs[r].lo, in = 0u - (uint32_t)(off < f->runs[r].len);
        d = (d & ~in) | ((f->runs[r].digit + off) & in);
    }
    return d;
}

/* The index of c in the embed alphabet, or KC_FORMAT_CLEAR (every entry looked at). */
static uint32_t embed_of(const kc_format *f, uint32_t c)
{
    uint32_t e = KC_FORMAT_CLEAR;
    for (uint32_t d = 0; d < f->embed_radix; d++) {
        uint32_t in = 0u - (uint32_t)(f->embed[d] == c);
        e = (e & ~in) | (d & in);
    }
    return e;
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
    if (kind == KC_CHECK_CRN) {                   /* corporate registration number: weights 1,2,1,2,... */
        for (size_t i = 0; i < s->check_at; i++)
            if (s->digit[i] != KC_FORMAT_CLEAR) sum += s->digit[i] * (1 + (seen++ & 1));
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

/* The digit at position `at` that makes the whole value pass Luhn (no
 * branch on a digit: doubling is 2d - 9 (d >= 5), undoubling c/2 or (c+9)/2). */
static uint32_t luhn_at(const kc_split *s, size_t at)
{
    uint32_t sum = 0, j = 0, doubled = 0;
    for (size_t i = s->n; i-- > 0;) {
        uint32_t d = s->digit[i];
        if (d == KC_FORMAT_CLEAR) continue;
        uint32_t odd = j++ & 1;
        if (i == at) { doubled = odd; continue; }
        sum += odd ? 2 * d - 9 * (d >= 5) : d;
    }
    uint32_t c = (10 - sum % 10) % 10;
    return doubled ? (c + 9 * (c & 1)) / 2 : c;
}

/* The digit the check position of a token (decrypt) or value holds. */
static uint32_t expected_check(const kc_format *f, const kc_split *s, int token)
{
    if (f->check == KC_CHECK_LUHN_FAIL) return (luhn_at(s, s->check_at) + (token ? 5 : 0)) % 10;
    if (f->check == KC_CHECK_LUHN_INNER) return luhn_at(s, s->check_at);
    return check_digit(f->check, s);
}

uint32_t kc_format_radix(const kc_format *f, int cls) { return f->case_preserve && cls ? 36 : f->radix; }

int kc_format_in_class(int cls, const uint16_t *d, size_t n)
{
    unsigned upper = 0, lower = 0;        /* alnum digits: 10-35 upper case, 36-61 lower case */
    for (size_t i = 0; i < n; i++) {
        upper |= d[i] >= 10 && d[i] < 36;
        lower |= d[i] >= 36;
    }
    if (cls == KC_CASE_UPPER) return (int)upper;   /* radix 36, 10-35: the letters */
    if (cls == KC_CASE_MIXED) return (int)(upper & lower);
    return 1;
}

kc_status kc_format_split(const kc_format *f, kc_split *s, const char *in, size_t in_len, size_t *error_pos)
{
    return kc_format_split_dir(f, s, in, in_len, 0, error_pos);
}

kc_status kc_format_split_dir(const kc_format *f, kc_split *s, const char *in, size_t in_len, int decrypt,
                              size_t *error_pos)
{
    /* Locals, not s->...: stores through s could alias in (a char pointer),
     * and the compiler would reload every field for every character. */
    uint32_t *cp = s->cp, *digit = s->digit, stop = f->stop, mask = f->mask;
    size_t n = 0, alpha = 0, stopped = 0;
    int ascii = 1;
    *error_pos = 0;
    s->n = 0;
    s->nenc = 0;
    s->check_at = SIZE_MAX;
    s->cls = 0;
    s->version = 0;
    int embed = decrypt && f->embed && !mask;     /* a token's first encrypted character may be an embed one */
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
        uint32_t d = stopped ? KC_FORMAT_CLEAR : mask ? (passes(f, c) ? KC_FORMAT_CLEAR : 0) : digit_of(f, c);
        if (embed && d == KC_FORMAT_CLEAR && !stopped && embed_of(f, c) != KC_FORMAT_CLEAR) d = KC_FORMAT_EMBED;
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
    size_t keep_lead = f->keep_lead;
    if (f->shape) {
        kc_status st = f->shape(f, s, alpha, &keep_lead, error_pos);
        if (st != KC_OK) return st;
    }
    size_t check = f->check ? 1 : 0;
    if (alpha < keep_lead + f->keep_trail + check + 1) {
        *error_pos = n;
        return mask ? KC_ERR_FORMAT : KC_ERR_DOMAIN_TOO_SMALL;   /* a mask hides at least one character */
    }
    size_t seen = 0, nenc = 0, first = keep_lead, last = alpha - f->keep_trail - check;
    size_t check_seen = f->check >= KC_CHECK_LUHN_FAIL ? last : alpha - 1;
    uint16_t *enc = s->enc;
    for (size_t i = 0; i < n; i++) {
        if (digit[i] == KC_FORMAT_CLEAR) continue;
        if (check && seen == check_seen) s->check_at = i;
        else if (seen >= first && seen < last) enc[nenc++] = (uint16_t)i;
        seen++;
    }
    if (mask) {                                   /* masked now; join writes it */
        s->ascii = ascii && mask < 0x80;
        for (size_t i = 0; i < nenc; i++) cp[enc[i]] = mask;
        for (size_t i = 0; i < n; i++) digit[i] = KC_FORMAT_CLEAR;
        return KC_OK;
    }
    s->nenc = nenc;
    if (embed) {                                  /* the version and digit of the first encrypted character */
        for (size_t i = 0; i < n; i++)
            if (digit[i] == KC_FORMAT_EMBED && i != enc[0]) { *error_pos = i; return KC_ERR_FORMAT; }
        uint32_t e = embed_of(f, cp[enc[0]]);
        if (e == KC_FORMAT_CLEAR || e / f->radix >= f->embed_versions) { *error_pos = enc[0]; return KC_ERR_FORMAT; }
        s->version = e / f->radix + 1;
        digit[enc[0]] = e % f->radix;
    }
    if (check && expected_check(f, s, decrypt) != digit[s->check_at]) {
        *error_pos = s->check_at;
        return KC_ERR_CHECK_DIGIT;
    }
    if (f->case_preserve) {                       /* the class, and LOWER renumbered 0-9a-z */
        unsigned upper = 0, lower = 0;
        for (size_t i = 0; i < nenc; i++) {
            upper |= digit[enc[i]] >= 10 && digit[enc[i]] < 36;
            lower |= digit[enc[i]] >= 36;
        }
        s->cls = upper && lower ? KC_CASE_MIXED : upper ? KC_CASE_UPPER : KC_CASE_LOWER;
        if (s->cls == KC_CASE_LOWER)
            for (size_t i = 0; i < nenc; i++) digit[enc[i]] -= 26 * (digit[enc[i]] >= 36);
    }
    return KC_OK;
}

kc_status kc_format_join(const kc_format *f, kc_split *s, char *out, size_t out_cap, size_t *out_len)
{
    return kc_format_join_dir(f, s, 0, out, out_cap, out_len);
}

kc_status kc_format_join_dir(const kc_format *f, kc_split *s, int decrypt, char *out, size_t out_cap,
                             size_t *out_len)
{
    if (f->check) s->digit[s->check_at] = expected_check(f, s, !decrypt);
    if (f->case_preserve && s->cls == KC_CASE_LOWER)
        for (size_t i = 0; i < s->nenc; i++) s->digit[s->enc[i]] += 26 * (s->digit[s->enc[i]] >= 10);
    /* A token (encrypt) with embed-version: its first encrypted character from embed. */
    size_t at = !decrypt && f->embed && s->nenc ? s->enc[0] : SIZE_MAX;
    if (at != SIZE_MAX && (s->version < 1 || s->version > f->embed_versions)) return KC_ERR_VERSION_ROOM;
    uint32_t at_c = at != SIZE_MAX ? f->embed[(s->version - 1) * f->radix + s->digit[at]] : 0;
    if (s->ascii && f->ascii_alphabet && at_c < 128) {   /* one byte a character, in and out */
        size_t n = s->n;
        const uint32_t *cp = s->cp, *digit = s->digit, *alphabet = f->alphabet;
        if (n > out_cap) return KC_ERR_OUTPUT_TOO_SMALL;
        for (size_t i = 0; i < n; i++) out[i] = (char)(digit[i] == KC_FORMAT_CLEAR ? cp[i] : alphabet[digit[i]]);
        if (at != SIZE_MAX) out[at] = (char)at_c;
        *out_len = n;
        return KC_OK;
    }
    size_t len = 0;
    char buf[4];
    for (int write = 0; write < 2; write++) {     /* measure, then write: all or nothing */
        len = 0;
        for (size_t i = 0; i < s->n; i++) {
            uint32_t c = i == at ? at_c : s->digit[i] == KC_FORMAT_CLEAR ? s->cp[i] : f->alphabet[s->digit[i]];
            size_t k = kc_utf8_encode(c, buf);
            if (write) memcpy(out + len, buf, k);
            len += k;
        }
        if (len > out_cap) return KC_ERR_OUTPUT_TOO_SMALL;
    }
    *out_len = len;
    return KC_OK;
}
