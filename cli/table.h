/* SPDX-License-Identifier: MIT */
/* Records of CSV (RFC 4180), TSV and JSON Lines, for `kcipher tokenize`:
 * finding the fields of named columns and writing a record back with some
 * of them replaced, every other byte as it was.  No crypto here. */
#ifndef KC_CLI_TABLE_H
#define KC_CLI_TABLE_H
#include <stddef.h>
#include <stdio.h>

typedef enum table_kind { TABLE_CSV, TABLE_TSV, TABLE_JSONL } table_kind;

/* A field of a record: bytes [start, end) of the record, as written
 * (quotes and escapes included); missing when the record has no such field. */
typedef struct field {
    size_t start, end;
    int present;
    int quoted;               /* CSV "...", or a JSON string */
    int null;                 /* JSON null (CSV/TSV: never) */
} field;

/* Length of the first record of buf[0..len) with its line terminator, or 0
 * when buf holds no complete record (at end of input, pass eof = 1: the rest
 * is the last record).  *lines counts the newlines it spans. */
size_t table_record_length(table_kind kind, const char *buf, size_t len, int eof, unsigned long *lines);

/* The fields of record rec[0..len) in the order of its columns (CSV/TSV:
 * position; JSONL: the values of the keys names[0..n)).  For CSV/TSV, col[i]
 * is the position of names[i] from the header.  Returns -1 on a malformed
 * record (JSONL: not an object). */
int table_fields(table_kind kind, const char *rec, size_t len, const size_t *col, const char *const *names,
                 size_t n, field *out);
/* The header's column positions of names[0..n) (CSV/TSV); -1 and *missing
 * = the first name not found. */
int table_header(table_kind kind, const char *rec, size_t len, const char *const *names, size_t n, size_t *col,
                 size_t *missing);

/* The value of a field, unquoted / unescaped into out (room: field length);
 * returns its length, or (size_t)-1 when a JSON escape is malformed. */
size_t table_value(table_kind kind, const char *rec, const field *f, char *out);
/* Output collected in memory and written in large pieces (one fwrite a
 * chunk of records, not one a field).  A failed allocation sets failed and
 * drops the bytes. */
typedef struct table_out {
    char *buf;
    size_t len, cap;
    int failed;
} table_out;
void table_put(table_out *o, const void *p, size_t n);
/* Writes the collected bytes to f and empties o; -1 on a write or earlier
 * allocation failure. */
int table_flush(table_out *o, FILE *f);
void table_out_free(table_out *o);

/* Appends value v as a field of the given kind (quoted or escaped as needed;
 * `quoted`: it was quoted before, keep it so).  null: CSV/TSV empty, JSON null. */
void table_write_value(table_kind kind, table_out *out, const char *v, size_t len, int quoted, int null);

#endif
