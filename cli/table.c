/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "table.h"
#include "fpe/format.h"

/* CSV record boundaries: a state machine over RFC 4180.  A quote opens a
 * quoted field only as the field's first byte; inside, "" is a quote and a
 * lone " closes it.  Anything else after a closing quote makes the record
 * malformed (table_fields says so) but does not reopen quoting. */
enum { CSV_START, CSV_UNQUOTED, CSV_QUOTED, CSV_CLOSED };

size_t table_record_length(table_kind kind, const char *buf, size_t len, int eof, unsigned long *lines)
{
    int st = CSV_START;
    *lines = 0;
    for (size_t i = 0; i < len; i++) {
        char c = buf[i];
        if (c == '\n') ++*lines;
        if (kind != TABLE_CSV) {
            if (c == '\n') return i + 1;
            continue;
        }
        switch (st) {
        case CSV_QUOTED:
            if (c == '"') st = CSV_CLOSED;
            break;
        case CSV_CLOSED:
            if (c == '"') { st = CSV_QUOTED; break; }   /* "" inside quotes */
            /* fall through */
        default:
            if (c == '\n') return i + 1;
            st = c == ',' ? CSV_START : c == '"' && st == CSV_START ? CSV_QUOTED : CSV_UNQUOTED;
        }
    }
    return eof ? len : 0;
}

static size_t content_end(const char *rec, size_t len)
{
    if (len && rec[len - 1] == '\n') len--;
    if (len && rec[len - 1] == '\r') len--;
    return len;
}

int table_blank(const char *rec, size_t len)
{
    return content_end(rec, len) == 0;
}

static int malformed(table_error *err, const char *why)
{
    err->code = TABLE_MALFORMED;
    err->why = why;
    return TABLE_MALFORMED;
}

/* ---- CSV and TSV ---- */

/* Splits a CSV/TSV record: fields[k] gets the field at position col[k];
 * *count the number of fields. */
static int split(table_kind kind, const char *rec, size_t len, field *fields, const size_t *col, size_t ncol,
                 size_t *count, table_error *err)
{
    char sep = kind == TABLE_TSV ? '\t' : ',';
    size_t end = content_end(rec, len), i = 0, index = 0;
    for (size_t k = 0; k < ncol; k++) fields[k].present = 0;
    for (;;) {
        field f = { i, i, 1, 0, 0 };
        if (kind == TABLE_CSV && i < end && rec[i] == '"') {
            f.quoted = 1;
            for (i++;; i++) {
                if (i >= end) return malformed(err, "unterminated quoted field");
                if (rec[i] == '"') {
                    if (i + 1 < end && rec[i + 1] == '"') i++;
                    else break;
                }
            }
            i++;
            if (i < end && rec[i] != sep) return malformed(err, "text after a closing quote");
        } else {
            for (; i < end && rec[i] != sep; i++)
                if (kind == TABLE_CSV && rec[i] == '"') return malformed(err, "quote inside an unquoted field");
        }
        f.end = i;
        for (size_t k = 0; k < ncol; k++)
            if (col[k] == index) fields[k] = f;
        index++;
        if (i >= end) { *count = index; return TABLE_OK; }
        i++;                                                 /* the separator */
    }
}

int table_header(table_kind kind, const char *rec, size_t len, const char *const *names, size_t n, size_t *col,
                 size_t *nfields, table_error *err)
{
    char value[4096];
    size_t count;
    field f;
    size_t none = (size_t)-1;
    memset(err, 0, sizeof *err);
    if (split(kind, rec, len, &f, &none, 1, &count, err)) return err->code;
    *nfields = count;
    for (size_t k = 0; k < n; k++) {
        col[k] = (size_t)-1;
        for (size_t index = 0; index < count; index++) {
            size_t one = index;
            split(kind, rec, len, &f, &one, 1, &count, err);
            if (f.end - f.start >= sizeof value) continue;
            size_t vl = table_value(kind, rec, &f, value);
            if (vl != strlen(names[k]) || memcmp(value, names[k], vl)) continue;
            if (col[k] != (size_t)-1) { err->code = TABLE_DUPLICATE; err->index = k; return err->code; }
            col[k] = index;
        }
        if (col[k] == (size_t)-1) { err->code = TABLE_MISSING; err->index = k; return err->code; }
    }
    return TABLE_OK;
}

/* ---- JSON Lines: a validating parser (RFC 8259), values found by key ---- */

#define JSON_MAX_DEPTH 128

static size_t skip_ws(const char *s, size_t i, size_t end)
{
    while (i < end && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
    return i;
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

/* End of the JSON string at s[i] == '"' (past its closing quote), or 0:
 * no raw control character, only valid escapes, surrogates in pairs. */
static size_t string_end(const char *s, size_t i, size_t end)
{
    for (i++; i < end; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"') return i + 1;
        if (c < 0x20) return 0;
        if (c != '\\') continue;
        if (++i >= end) return 0;
        if (strchr("\"\\/bfnrt", s[i]) && s[i]) continue;
        if (s[i] != 'u' || i + 4 >= end) return 0;
        long u = hex4(s + i + 1);
        i += 4;
        if (u < 0 || (u >= 0xdc00 && u <= 0xdfff)) return 0;
        if (u >= 0xd800 && u <= 0xdbff) {
            long lo = i + 6 < end && s[i + 1] == '\\' && s[i + 2] == 'u' ? hex4(s + i + 3) : -1;
            if (lo < 0xdc00 || lo > 0xdfff) return 0;
            i += 6;
        }
    }
    return 0;
}

static size_t digits_end(const char *s, size_t i, size_t end)
{
    while (i < end && s[i] >= '0' && s[i] <= '9') i++;
    return i;
}

static size_t number_end(const char *s, size_t i, size_t end)
{
    if (i < end && s[i] == '-') i++;
    if (i < end && s[i] == '0') i++;
    else if (i < end && s[i] >= '1' && s[i] <= '9') i = digits_end(s, i, end);
    else return 0;
    if (i < end && s[i] == '.') {
        size_t d = digits_end(s, i + 1, end);
        if (d == i + 1) return 0;
        i = d;
    }
    if (i < end && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < end && (s[i] == '+' || s[i] == '-')) i++;
        size_t d = digits_end(s, i, end);
        if (d == i) return 0;
        i = d;
    }
    return i;
}

/* End of the JSON value at s[i], or 0. */
static size_t value_end(const char *s, size_t i, size_t end, int depth)
{
    if (i >= end) return 0;
    char c = s[i];
    if (c == '"') return string_end(s, i, end);
    if (c == '-' || (c >= '0' && c <= '9')) return number_end(s, i, end);
    static const char *const lit[] = { "true", "false", "null" };
    for (int k = 0; k < 3; k++) {
        size_t l = strlen(lit[k]);
        if (c == lit[k][0]) return end - i >= l && memcmp(s + i, lit[k], l) == 0 ? i + l : 0;
    }
    if ((c != '{' && c != '[') || depth >= JSON_MAX_DEPTH) return 0;
    char close = c == '{' ? '}' : ']';
    i = skip_ws(s, i + 1, end);
    if (i < end && s[i] == close) return i + 1;
    for (;;) {
        if (c == '{') {
            size_t k = i < end && s[i] == '"' ? string_end(s, i, end) : 0;
            if (!k) return 0;
            i = skip_ws(s, k, end);
            if (i >= end || s[i] != ':') return 0;
            i = skip_ws(s, i + 1, end);
        }
        size_t v = value_end(s, i, end, depth + 1);
        if (!v) return 0;
        i = skip_ws(s, v, end);
        if (i < end && s[i] == close) return i + 1;
        if (i >= end || s[i] != ',') return 0;
        i = skip_ws(s, i + 1, end);
    }
}

static int json_fields(const char *rec, size_t len, const char *const *names, size_t n, field *out,
                       table_error *err)
{
    size_t end = content_end(rec, len), i = skip_ws(rec, 0, end);
    for (size_t k = 0; k < n; k++) out[k].present = 0;
    if (i >= end || rec[i] != '{') return malformed(err, "not a JSON object");
    size_t all = value_end(rec, i, end, 0);
    if (!all) return malformed(err, "not valid JSON");
    if (skip_ws(rec, all, end) != end) return malformed(err, "text after the JSON object");
    /* Valid: now the top-level keys, without further checks. */
    i = skip_ws(rec, i + 1, end);
    if (rec[i] == '}') return TABLE_OK;
    char key[256];
    for (;;) {
        size_t ke = string_end(rec, i, end);
        field kf = { i, ke, 1, 1, 0 };
        size_t kl = ke - i - 2 < sizeof key ? table_value(TABLE_JSONL, rec, &kf, key) : (size_t)-1;
        i = skip_ws(rec, skip_ws(rec, ke, end) + 1, end);   /* past ':' */
        size_t ve = value_end(rec, i, end, 1);
        for (size_t k = 0; k < n; k++)
            if (kl == strlen(names[k]) && memcmp(key, names[k], kl) == 0) {
                if (out[k].present) { err->code = TABLE_DUPLICATE; err->index = k; return err->code; }
                out[k] = (field){ i, ve, 1, rec[i] == '"', rec[i] == 'n' };
            }
        i = skip_ws(rec, ve, end);
        if (rec[i] == '}') return TABLE_OK;
        i = skip_ws(rec, i + 1, end);                       /* past ',' */
    }
}

int table_fields(table_kind kind, const char *rec, size_t len, const size_t *col, size_t nfields,
                 const char *const *names, size_t n, field *out, table_error *err)
{
    memset(err, 0, sizeof *err);
    if (kind == TABLE_JSONL) return json_fields(rec, len, names, n, out, err);
    size_t count = 0;
    if (split(kind, rec, len, out, col, n, &count, err)) return err->code;
    if (count != nfields) { err->code = TABLE_FIELD_COUNT; err->index = count; return err->code; }
    return TABLE_OK;
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

int table_reserve(table_out *o, size_t n)
{
    if (o->failed) return -1;
    if (o->len + n > o->cap) {
        size_t cap = o->cap ? o->cap : 1 << 16;
        while (cap < o->len + n) cap *= 2;
        char *b = realloc(o->buf, cap);
        if (!b) { o->failed = 1; return -1; }
        o->buf = b;
        o->cap = cap;
    }
    return 0;
}

void table_put(table_out *o, const void *p, size_t n)
{
    if (o->failed || !n) return;   /* n == 0: p may be NULL */
    if (table_reserve(o, n)) return;
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

int table_write_value(table_kind kind, table_out *out, const char *v, size_t len, int quoted, int null)
{
    if (null) {
        if (kind == TABLE_JSONL) table_put(out, "null", 4);
        return 0;
    }
    if (kind == TABLE_TSV) {                     /* no quoting in TSV: such a value cannot be written */
        for (size_t i = 0; i < len; i++)
            if (v[i] == '\t' || v[i] == '\n' || v[i] == '\r') return -1;
        table_put(out, v, len);
        return 0;
    }
    if (kind == TABLE_CSV) {
        int needs = quoted;
        for (size_t i = 0; i < len && !needs; i++) needs = v[i] == ',' || v[i] == '"' || v[i] == '\n' || v[i] == '\r';
        if (!needs) { table_put(out, v, len); return 0; }
        put_char(out, '"');
        for (size_t i = 0; i < len; i++) {
            if (v[i] == '"') put_char(out, '"');
            put_char(out, v[i]);
        }
        put_char(out, '"');
        return 0;
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
    return 0;
}
