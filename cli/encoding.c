/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "encoding.h"

struct enc_conv { iconv_t cd; };

int enc_parse(const char *name)
{
    static const struct { const char *name; int enc; } names[] = {
        { "utf-8", ENC_UTF8 }, { "utf8", ENC_UTF8 }, { "cp949", ENC_CP949 }, { "ms949", ENC_CP949 },
        { "uhc", ENC_CP949 }, { "euc-kr", ENC_EUCKR }, { "euckr", ENC_EUCKR },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcasecmp(name, names[i].name)) return names[i].enc;
    return -1;
}

const char *enc_name(int enc)
{
    return enc == ENC_CP949 ? "CP949" : enc == ENC_EUCKR ? "EUC-KR" : "UTF-8";
}

enc_conv *enc_open(int to, int from)
{
    enc_conv *c = malloc(sizeof *c);
    if (!c) return NULL;
    c->cd = iconv_open(enc_name(to), enc_name(from));   /* no //TRANSLIT: never a substitute */
    if (c->cd == (iconv_t)-1) { free(c); return NULL; }
    return c;
}

void enc_close(enc_conv *c)
{
    if (!c) return;
    iconv_close(c->cd);
    free(c);
}

int enc_convert(enc_conv *c, const char *src, size_t n, table_out *out, size_t *bad)
{
    size_t mark = out->len, left = n;
    char *in = (char *)src;
    iconv(c->cd, NULL, NULL, NULL, NULL);                  /* initial state */
    while (left) {
        if (table_reserve(out, 2 * left + 16)) { out->len = mark; return -1; }
        char *o = out->buf + out->len;
        size_t ol = out->cap - out->len;
        size_t r = iconv(c->cd, &in, &left, &o, &ol);
        out->len = (size_t)(o - out->buf);
        if (r == (size_t)-1 && errno != E2BIG) {           /* EILSEQ, EINVAL: malformed, incomplete */
            if (bad) *bad = (size_t)(in - src);
            out->len = mark;
            return -1;
        }
        if (r != (size_t)-1 && r > 0) {                    /* irreversible conversions: a substitute */
            if (bad) *bad = 0;
            out->len = mark;
            return -1;
        }
    }
    return 0;
}

int enc_utf8_valid(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        if (c < 0x80) { i++; continue; }
        size_t k = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
        if (!k || n - i <= k) return 0;                    /* a bad lead byte, or cut short */
        unsigned lo = 0x80, hi = 0xbf;
        if (c == 0xe0) lo = 0xa0;                          /* no overlong forms */
        else if (c == 0xed) hi = 0x9f;                     /* no surrogates */
        else if (c == 0xf0) lo = 0x90;
        else if (c == 0xf4) hi = 0x8f;                     /* nothing above U+10FFFF */
        if (p[i + 1] < lo || p[i + 1] > hi) return 0;
        for (size_t j = 2; j <= k; j++)
            if ((p[i + j] & 0xc0) != 0x80) return 0;
        i += k + 1;
    }
    return 1;
}

int enc_looks_cp949(const char *s, size_t n)
{
    if (enc_utf8_valid(s, n)) return 0;
    enc_conv *c = enc_open(ENC_UTF8, ENC_CP949);
    if (!c) return 0;
    table_out t = { 0 };
    int ok = enc_convert(c, s, n, &t, NULL) == 0;
    table_out_free(&t);
    enc_close(c);
    return ok;
}
