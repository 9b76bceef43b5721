/* SPDX-License-Identifier: MIT */
/* Records of CSV (RFC 4180), TSV and JSON Lines, for `kcipher tokenize`:
 * finding the fields of named columns and writing a record back with some
 * of them replaced, every other byte as it was.  No crypto here.
 * Strict on purpose: a record that is not well formed is reported, never
 * guessed at, so that a sensitive value cannot slip into another column. */
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

/* What is wrong with a record or header. */
enum { TABLE_OK = 0, TABLE_MALFORMED = -1, TABLE_DUPLICATE = -2, TABLE_FIELD_COUNT = -3, TABLE_MISSING = -4 };
typedef struct table_error {
    int code;                 /* TABLE_* */
    size_t index;             /* DUPLICATE, MISSING: the name's index; FIELD_COUNT: fields found */
    const char *why;          /* MALFORMED: what, e.g. "unterminated quote" */
} table_error;

/* Length of the first record of buf[0..len) with its line terminator, or 0
 * when buf holds no complete record (at end of input, pass eof = 1: the rest
 * is the last record).  *lines counts the newlines it spans.  CSV: a quote
 * opens a quoted field only at the start of a field (RFC 4180), so a stray
 * quote (O"Brien) cannot join records. */
size_t table_record_length(table_kind kind, const char *buf, size_t len, int eof, unsigned long *lines);

/* 1 when the record is only a line terminator (or nothing). */
int table_blank(const char *rec, size_t len);

/* The fields of record rec[0..len) in the order of its columns (CSV/TSV:
 * position; JSONL: the values of the keys names[0..n)).  For CSV/TSV, col[i]
 * is the position of names[i] from the header, nfields the header's field
 * count (a record with another count is an error: its columns are not where
 * the header says).  JSONL: the record must be one valid JSON object, each
 * name at most once.  Returns TABLE_OK or a TABLE_* code with *err set. */
int table_fields(table_kind kind, const char *rec, size_t len, const size_t *col, size_t nfields,
                 const char *const *names, size_t n, field *out, table_error *err);
/* The header's column positions of names[0..n) (CSV/TSV) and its field
 * count; a name found twice or not at all is an error (err->index: which). */
int table_header(table_kind kind, const char *rec, size_t len, const char *const *names, size_t n, size_t *col,
                 size_t *nfields, table_error *err);

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
/* Room for n more bytes at buf + len; -1 (and failed set) when it cannot be had. */
int table_reserve(table_out *o, size_t n);
/* Writes the collected bytes to f and empties o; -1 on a write or earlier
 * allocation failure. */
int table_flush(table_out *o, FILE *f);
void table_out_free(table_out *o);

/* Appends value v as a field of the given kind (quoted or escaped as needed;
 * `quoted`: it was quoted before, keep it so).  null: CSV/TSV empty, JSON null.
 * TSV cannot hold a tab, CR or LF: returns -1 (nothing written) for such a
 * value; 0 otherwise. */
int table_write_value(table_kind kind, table_out *out, const char *v, size_t len, int quoted, int null);

#endif
