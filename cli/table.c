/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "table.h"
#include "fpe/format.h"

size_t table_record_length(table_kind kind, const char *buf, size_t len, int eof, unsigned long *lines)
{
    int in_quotes = 0;
    *lines = 0;
    for (size_t i = 0; i < len; i++) {
        char c = buf[i];
        if (kind == TABLE_CSV && c == '"') in_quotes = !in_quotes;   /* "" toggles twice */
        if (c == '\n') {
            ++*lines;
            if (!in_quotes) return i + 1;
        }
    }
    return eof ? len : 0;
}

/* ---- CSV and TSV ---- */

static size_t content_end(const char *rec, size_t len)
{
    if (len && rec[len - 1] == '\n') len--;
    if (len && rec[len - 1] == '\r') len--;
    return len;
}

/* Calls back for each field of a CSV/TSV record: index, start, end, quoted. */
static int split(table_kind kind, const char *rec, size_t len, field *fields, size_t nfields, const size_t *col,
                 size_t ncol)
{
    char sep = kind == TABLE_TSV ? '\t' : ',';
    size_t end = content_end(rec, len), i = 0, index = 0;
    for (size_t k = 0; k < ncol; k++) fields[k].present = 0;
    (void)nfields;
    for (;;) {
        field f = { i, i, 1, 0, 0 };
        if (kind == TABLE_CSV && i < end && rec[i] == '"') {
            f.quoted = 1;
            for (i++;; i++) {
                if (i >= end) return -1;                     /* unterminated quote */
                if (rec[i] == '"') {
                    if (i + 1 < end && rec[i + 1] == '"') i++;
                    else break;
                }
            }
            i++;
            if (i < end && rec[i] != sep) return -1;         /* text after the closing quote */
        } else {
            while (i < end && rec[i] != sep) i++;
        }
        f.end = i;
        for (size_t k = 0; k < ncol; k++)
            if (col[k] == index) fields[k] = f;
        if (i >= end) return 0;
        i++;                                                 /* the separator */
        index++;
    }
}

int table_header(table_kind kind, const char *rec, size_t len, const char *const *names, size_t n, size_t *col,
                 size_t *missing)
{
    char value[4096];
    for (size_t k = 0; k < n; k++) {
        col[k] = (size_t)-1;
        for (size_t index = 0;; index++) {
            field f;
            size_t one = index;
            if (split(kind, rec, len, &f, 1, &one, 1)) return -1;
            if (!f.present) break;
            if (f.end - f.start < sizeof value) {
                size_t vl = table_value(kind, rec, &f, value);
                if (vl == strlen(names[k]) && memcmp(value, names[k], vl) == 0) { col[k] = index; break; }
            }
        }
        if (col[k] == (size_t)-1) { *missing = k; return -1; }
    }
    return 0;
}

/* ---- JSON Lines ---- */

static size_t skip_ws(const char *s, size_t i, size_t end)
{
    while (i < end && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
    return i;
}

/* End of the JSON string starting at s[i] == '"' (just past its closing quote), or 0. */
static size_t string_end(const char *s, size_t i, size_t end)
{
    for (i++; i < end; i++) {
        if (s[i] == '\\') i++;
        else if (s[i] == '"') return i + 1;
    }
    return 0;
}

/* End of any JSON value at s[i], or 0 (depth-counted; strings skipped). */
static size_t value_end(const char *s, size_t i, size_t end)
{
    if (i >= end) return 0;
    if (s[i] == '"') return string_end(s, i, end);
    int depth = 0;
    for (; i < end; i++) {
        char c = s[i];
        if (c == '"') {
            size_t e = string_end(s, i, end);
            if (!e) return 0;
            i = e - 1;
        } else if (c == '{' || c == '[') {
            depth++;
        } else if (c == '}' || c == ']') {
            if (depth == 0) return i;
            if (--depth == 0) return i + 1;
        } else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
            return i;
        }
    }
    return depth ? 0 : i;
}

static int json_fields(const char *rec, size_t len, const char *const *names, size_t n, field *out)
{
    size_t end = content_end(rec, len), i = skip_ws(rec, 0, end);
    for (size_t k = 0; k < n; k++) out[k].present = 0;
    if (i >= end || rec[i] != '{') return -1;
    i = skip_ws(rec, i + 1, end);
    if (i < end && rec[i] == '}') return 0;
    char key[256];
    for (;;) {
        if (i >= end || rec[i] != '"') return -1;
        size_t ke = string_end(rec, i, end);
        if (!ke) return -1;
        field kf = { i, ke, 1, 1, 0 };
        size_t kl = ke - i - 2 < sizeof key ? table_value(TABLE_JSONL, rec, &kf, key) : (size_t)-1;
        i = skip_ws(rec, ke, end);
        if (i >= end || rec[i] != ':') return -1;
        i = skip_ws(rec, i + 1, end);
        size_t ve = value_end(rec, i, end);
        if (!ve || ve == i) return -1;
        for (size_t k = 0; k < n; k++)
            if (kl == strlen(names[k]) && memcmp(key, names[k], kl) == 0) {
                out[k] = (field){ i, ve, 1, rec[i] == '"', ve - i == 4 && memcmp(rec + i, "null", 4) == 0 };
            }
        i = skip_ws(rec, ve, end);
        if (i < end && rec[i] == ',') { i = skip_ws(rec, i + 1, end); continue; }
        if (i < end && rec[i] == '}') return skip_ws(rec, i + 1, end) == end ? 0 : -1;
        return -1;
    }
}

int table_fields(table_kind kind, const char *rec, size_t len, const size_t *col, const char *const *names,
                 size_t n, field *out)
{
    if (kind == TABLE_JSONL) return json_fields(rec, len, names, n, out);
    return split(kind, rec, len, out, n, col, n);
}

static int hexdigit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static long hex4(const char *s)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hexdigit(s[i]);
        if (d < 0) return -1;
        v = v << 4 | d;
    }
    return v;
}

size_t table_value(table_kind kind, const char *rec, const field *f, char *out)
{
    const char *s = rec + f->start;
    size_t n = f->end - f->start, o = 0;
    if (!f->quoted) { memcpy(out, s, n); return n; }
    if (kind == TABLE_CSV) {                     /* "a""b" -> a"b */
        for (size_t i = 1; i + 1 < n; i++) {
            out[o++] = s[i];
            if (s[i] == '"') i++;
        }
        return o;
    }
    for (size_t i = 1; i + 1 < n; i++) {         /* a JSON string */
        if (s[i] != '\\') { out[o++] = s[i]; continue; }
        if (++i + 1 >= n + 0) return (size_t)-1;
        switch (s[i]) {
        case '"': case '\\': case '/': out[o++] = s[i]; break;
        case 'b': out[o++] = '\b'; break;
        case 'f': out[o++] = '\f'; break;
        case 'n': out[o++] = '\n'; break;
        case 'r': out[o++] = '\r'; break;
        case 't': out[o++] = '\t'; break;
        case 'u': {
            if (i + 4 >= n) return (size_t)-1;
            long c = hex4(s + i + 1);
            i += 4;
            if (c < 0 || (c >= 0xdc00 && c <= 0xdfff)) return (size_t)-1;
            if (c >= 0xd800 && c <= 0xdbff) {    /* a surrogate pair */
                long lo = i + 6 < n && s[i + 1] == '\\' && s[i + 2] == 'u' ? hex4(s + i + 3) : -1;
                if (lo < 0xdc00 || lo > 0xdfff) return (size_t)-1;
                c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
                i += 6;
            }
            o += kc_utf8_encode((uint32_t)c, out + o);   /* never longer than its escape */
            break;
        }
        default: return (size_t)-1;
        }
    }
    return o;
}

void table_put(table_out *o, const void *p, size_t n)
{
    if (o->failed || !n) return;   /* n == 0: p may be NULL */
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 1 << 16;
        while (cap < o->len + n) cap *= 2;
        char *b = realloc(o->buf, cap);
        if (!b) { o->failed = 1; return; }
        o->buf = b;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, p, n);
    o->len += n;
}

int table_flush(table_out *o, FILE *f)
{
    int bad = o->failed || (o->len && fwrite(o->buf, 1, o->len, f) != o->len);
    o->len = 0;
    return bad ? -1 : 0;
}

void table_out_free(table_out *o)
{
    free(o->buf);
    memset(o, 0, sizeof *o);
}

static void put_char(table_out *o, char c) { table_put(o, &c, 1); }

void table_write_value(table_kind kind, table_out *out, const char *v, size_t len, int quoted, int null)
{
    if (null) {
        if (kind == TABLE_JSONL) table_put(out, "null", 4);
        return;
    }
    if (kind == TABLE_TSV) { table_put(out, v, len); return; }
    if (kind == TABLE_CSV) {
        int needs = quoted;
        for (size_t i = 0; i < len && !needs; i++) needs = v[i] == ',' || v[i] == '"' || v[i] == '\n' || v[i] == '\r';
        if (!needs) { table_put(out, v, len); return; }
        put_char(out, '"');
        for (size_t i = 0; i < len; i++) {
            if (v[i] == '"') put_char(out, '"');
            put_char(out, v[i]);
        }
        put_char(out, '"');
        return;
    }
    put_char(out, '"');                          /* JSON: escape what must be */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)v[i];
        if (c == '"' || c == '\\') { put_char(out, '\\'); put_char(out, (char)c); }
        else if (c < 0x20) {
            char esc[8];
            snprintf(esc, sizeof esc, "\\u%04x", c);
            table_put(out, esc, 6);
        } else put_char(out, (char)c);
    }
    put_char(out, '"');
}
