/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the record reader of `kcipher tokenize` (cli/table.c)
 * on any bytes as CSV, TSV or JSON Lines: records tile the input, fields
 * lie inside their record, an unquoted value is never longer than its
 * field (exact-size buffers, so ASan sees an overrun), and a value written
 * back reads back as itself (TSV refuses one with a tab, CR or LF: it has
 * no quoting).
 * Then the whole command (cli/tokenize.c) on the same bytes, the first name
 * tokenized as `digits`, under --on-error fail, null or skip-record: when it
 * exits 0, its output reads back as records (as many as went in, less those
 * skipped), no named value of 12 or more characters comes out in clear in
 * its record, and under fail detokenize gives the input back byte for byte.
 * Input: kind and policy, then up to three NUL-terminated column names, then
 * the data.  The command's messages are sent to /dev/null while it runs.
 * The command is built for this harness with small chunks and reads (8 rows,
 * 64 bytes: tests/fuzz/CMakeLists.txt): many of them, and fast runs. */
#define _POSIX_C_SOURCE 200809L   /* dup2, fileno, unsetenv */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Records after the header (and a BOM) of buf. */
static size_t count_records(table_kind kind, const char *buf, size_t len)
{
    size_t at = len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0, n = 0;
    int header = kind != TABLE_JSONL;
    while (at < len) {
        unsigned long lines;
        at += table_record_length(kind, buf + at, len - at, 1, &lines);
        if (header) header = 0;
        else n++;
    }
    return n;
}

/* The named values (unquoted; "" when absent, null or blank) of each data
 * record of buf, in *vals (malloc'd, n of them); -1 when a record does not parse. */
static int read_values(table_kind kind, const char *buf, size_t len, const char *name, char ***vals, size_t *n)
{
    size_t at = 0, col = 0, nfields = 0, cap = 0;
    int header = kind != TABLE_JSONL, rc = 0;
    const char *names[1] = { name };
    *vals = NULL;
    *n = 0;
    if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) at = 3;
    while (at < len && !rc) {
        unsigned long lines;
        size_t r = table_record_length(kind, buf + at, len - at, 1, &lines);
        table_error e;
        field f = { 0, 0, 0, 0, 0 };
        if (header) {
            rc = table_header(kind, buf + at, r, names, 1, &col, &nfields, &e) ? -1 : 0;
            header = 0;
        } else {
            if (!table_blank(buf + at, r) && table_fields(kind, buf + at, r, &col, nfields, names, 1, &f, &e)) {
                rc = -1;
                break;
            }
            char *v = malloc(f.end - f.start + 1);
            size_t vl = f.present && !f.null ? table_value(kind, buf + at, &f, v) : 0;
            if (vl == (size_t)-1) { free(v); rc = -1; break; }
            v[vl] = 0;
            if (*n == cap) *vals = realloc(*vals, (cap = cap * 2 + 16) * sizeof **vals);
            (*vals)[(*n)++] = v;
        }
        at += r;
    }
    return rc;
}

static void free_values(char **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++) free(v[i]);
    free(v);
}

static char path_in[64], path_out[64], path_sum[64];

/* cmd_tokenize on the bytes of in, its output into *out (malloc'd). */
static int run_command(const options *o, int encrypt, const char *in, size_t len, char **out, size_t *out_len)
{
    FILE *f = fopen(path_in, "wb");
    if (!f || fwrite(in, 1, len, f) != len || fclose(f)) abort();
    if (!freopen(path_in, "rb", stdin) || !freopen(path_out, "wb", stdout)) abort();
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    int rc = cmd_tokenize(o, encrypt);
    fflush(stdout);
    dup2(saved, 2);
    close(saved);
    close(null);
    f = fopen(path_out, "rb");
    if (!f) abort();
    fseek(f, 0, SEEK_END);
    *out_len = (size_t)ftell(f);
    rewind(f);
    *out = malloc(*out_len + 1);
    if (fread(*out, 1, *out_len, f) != *out_len) abort();
    fclose(f);
    return rc;
}

static unsigned long long summary_skipped(void)
{
    FILE *f = fopen(path_sum, "rb");
    char s[4096] = { 0 };
    if (!f) abort();
    if (fread(s, 1, sizeof s - 1, f) == 0) abort();
    fclose(f);
    const char *p = strstr(s, "\"records_skipped\": ");
    if (!p) abort();
    return strtoull(p + 19, NULL, 10);
}

static void oracle(table_kind kind, int policy, const char *name, const char *buf, size_t len)
{
    static const char *const pol[] = { "fail", "null", "skip-record" };
    static const char *const kinds[] = { "csv", "tsv", "jsonl" };
    char column[80];
    if (!*name || strchr(name, '=') || strlen(name) > 64) return;
    snprintf(column, sizeof column, "%s=digits", name);
    if (!*path_in) {
        snprintf(path_in, sizeof path_in, "/tmp/fuzz_cli_table.%d.in", (int)getpid());
        snprintf(path_out, sizeof path_out, "/tmp/fuzz_cli_table.%d.out", (int)getpid());
        snprintf(path_sum, sizeof path_sum, "/tmp/fuzz_cli_table.%d.json", (int)getpid());
        unsetenv("KCIPHER_KEY");
    }
    options o;
    memset(&o, 0, sizeof o);
    o.cipher = "ff1-aes-128";
    o.key = "000102030405060708090a0b0c0d0e0f";
    o.columns[0] = column;
    o.ncolumns = 1;
    o.input = kinds[kind];
    o.on_error = pol[policy];
    o.summary_json = path_sum;
    char *out, *back;
    size_t out_len, back_len;
    int rc = run_command(&o, 1, buf, len, &out, &out_len);
    if (rc == 0) {
        char **in_v, **out_v;
        size_t n_in, n_out, records = count_records(kind, buf, len);
        int in_ok = read_values(kind, buf, len, name, &in_v, &n_in) == 0;
        if (!in_ok && policy != 2) abort();                 /* only skip-record may pass a bad record */
        if (read_values(kind, out, out_len, name, &out_v, &n_out)) abort();   /* output always parses */
        size_t want = records - (policy == 2 ? summary_skipped() : 0);
        /* TSV cannot show a one-column record emptied at the end of input without a newline. */
        int tsv_lost = kind == TABLE_TSV && policy == 1 && n_out + 1 == want && out_len && out[out_len - 1] == '\n';
        if (n_out != want && !tsv_lost) abort();
        for (size_t i = 0; in_ok && policy != 2 && i < n_out; i++)   /* no long value in clear in its record */
            if (strlen(in_v[i]) >= 12 && strcmp(in_v[i], out_v[i]) == 0) abort();
        if (policy == 0) {                                  /* round trip */
            int rc2 = run_command(&o, 0, out, out_len, &back, &back_len);
            if (rc2 != 0 || back_len != len || memcmp(back, buf, len)) abort();
            free(back);
        }
        free_values(in_v, n_in);
        free_values(out_v, n_out);
    }
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static table_out sink;   /* grows once, reused */
    if (size < 1) return 0;
    table_kind kind = (table_kind)(data[0] % 3);
    int policy = data[0] / 3 % 3;
    size_t i = 1, n = 0;
    char names_buf[3][64];
    const char *names[3];
    while (n < 3 && i < size) {                       /* names up to NUL (at most 63 bytes) */
        size_t len = 0;
        while (i < size && data[i] && len < 63) names_buf[n][len++] = (char)data[i++];
        names_buf[n][len] = 0;
        names[n] = names_buf[n];
        n++;
        if (i < size && data[i] == 0) i++;
        else break;
    }
    const char *buf = (const char *)data + i;
    size_t len = size - i, at = 0, col[3] = { 0, 1, 2 }, nfields = 0;
    int header = kind != TABLE_JSONL, header_ok = 0;
    while (at < len) {
        unsigned long lines;
        size_t r = table_record_length(kind, buf + at, len - at, 1, &lines);
        if (r == 0 || r > len - at) abort();          /* at end of input every byte is in a record */
        char *rec = malloc(r);
        memcpy(rec, buf + at, r);
        table_error e;
        if (header) {
            header_ok = table_header(kind, rec, r, names, n, col, &nfields, &e) == 0;
            header = 0;
        } else if (header_ok || kind == TABLE_JSONL) {
            field f[3];
            if (table_fields(kind, rec, r, col, nfields, names, n, f, &e) == 0)
                for (size_t k = 0; k < n; k++) {
                    if (!f[k].present) continue;
                    if (f[k].start > f[k].end || f[k].end > r) abort();
                    size_t flen = f[k].end - f[k].start;
                    char *v = malloc(flen ? flen : 1);
                    size_t vl = table_value(kind, rec, &f[k], v);
                    if (vl != (size_t)-1) {
                        if (vl > flen) abort();
                        sink.len = 0;
                        if (table_write_value(kind, &sink, v, vl, f[k].quoted, 0)) {
                            /* refused only where TSV cannot write it (no quoting there) */
                            if (kind != TABLE_TSV || (!memchr(v, '\t', vl) && !memchr(v, '\n', vl) &&
                                                      !memchr(v, '\r', vl))) abort();
                        } else if (!sink.failed) {
                            if (sink.len < vl) abort();                    /* a value is never shortened */
                            if (sink.len) {   /* and reads back as itself (CSV quoted when needed, JSON always) */
                                int q = kind == TABLE_JSONL || (kind == TABLE_CSV && sink.buf[0] == '"');
                                field g = { 0, sink.len, 1, q, 0 };
                                char *w = malloc(sink.len);
                                size_t wl = table_value(kind, sink.buf, &g, w);
                                if (wl != vl || memcmp(w, v, vl)) abort();
                                free(w);
                            }
                        }
                    }
                    free(v);
                }
        }
        free(rec);
        at += r;
    }
    if (n) oracle(kind, policy, names[0], buf, len);
    return 0;
}
