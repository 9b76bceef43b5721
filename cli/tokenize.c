/* SPDX-License-Identifier: MIT */
/* kcipher tokenize|detokenize: named columns of a CSV, TSV or JSON Lines
 * stream, each in its format, every other byte unchanged.  The input goes
 * in chunks of whole records; each column of a chunk is one batch call
 * (threads inside the library); a chunk is written once it is done, so on
 * a bad value (--on-error fail) the output ends with the last good row. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "table.h"

#define CHUNK_ROWS 16384
#define READ_SIZE ((size_t)1 << 22)
enum { ON_ERROR_FAIL, ON_ERROR_NULL, ON_ERROR_KEEP };

typedef struct column {
    const char *name;
    kc_tokenizer *t;
    kc_token_row *rows;          /* CHUNK_ROWS each */
    field *fields;
    unsigned char *problem;      /* PROBLEM_* found before encryption */
} column;

enum { PROBLEM_NONE, PROBLEM_MISSING, PROBLEM_MALFORMED, PROBLEM_NOT_STRING };

typedef struct job {
    table_kind kind;
    int policy, encrypt, tweak_context;
    column cols[KC_CLI_MAX_COLUMNS];
    size_t ncols;
    const char *names[KC_CLI_MAX_COLUMNS + 1];   /* the columns', then --tweak-column's */
    size_t nnames, pos[KC_CLI_MAX_COLUMNS + 1];
    field *tweak_fields;
    size_t rec_start[CHUNK_ROWS], rec_len[CHUNK_ROWS];
    unsigned long rec_line[CHUNK_ROWS];
    char *values, *tokens;       /* a chunk's unquoted values, and room for their tokens */
    size_t values_cap, tokens_cap;
    unsigned long line;          /* line number of the next record */
    unsigned long long rows;
    time_t progress;
    table_out out;               /* the chunk's output, written at its end */
} job;

static int grow(char **p, size_t *cap, size_t need)
{
    if (need <= *cap) return 0;
    char *q = malloc(need);
    if (!q) return fail(EXIT_CRYPTO, "tokenize", "out of memory");
    free_wiped(*p, *cap);
    *p = q;
    *cap = need;
    return 0;
}

/* Fields and batch rows of records [0, n) of buf: values unquoted into
 * j->values, tokens to go to j->tokens. */
static int prepare(job *j, const char *buf, size_t n, size_t bytes)
{
    if (grow(&j->values, &j->values_cap, bytes * (j->ncols + 1) + 16) ||
        grow(&j->tokens, &j->tokens_cap, bytes * 4 * j->ncols + 16)) return EXIT_CRYPTO;
    size_t used = 0, tused = 0;
    field f[KC_CLI_MAX_COLUMNS + 1];
    for (size_t k = 0; k < n; k++) {
        const char *rec = buf + j->rec_start[k];
        int bad = table_fields(j->kind, rec, j->rec_len[k], j->pos, j->names, j->nnames, f);
        const char *tweak = NULL;
        size_t tweak_len = 0;
        if (!bad && j->nnames > j->ncols && f[j->ncols].present && !f[j->ncols].null) {
            tweak = j->values + used;
            tweak_len = table_value(j->kind, rec, &f[j->ncols], j->values + used);
            if (tweak_len == (size_t)-1) bad = 1;
            else used += tweak_len;
        }
        for (size_t c = 0; c < j->ncols; c++) {
            kc_token_row *r = &j->cols[c].rows[k];
            memset(r, 0, sizeof *r);             /* in NULL: nothing to send */
            j->cols[c].fields[k] = f[c];
            /* A JSON object may lack a key (left as it is); a CSV/TSV row may not lack a column. */
            j->cols[c].problem[k] = bad ? PROBLEM_MALFORMED
                                  : !f[c].present && j->kind != TABLE_JSONL ? PROBLEM_MISSING : PROBLEM_NONE;
            if (bad || !f[c].present || f[c].null || f[c].end == f[c].start) continue;   /* null, empty: kept */
            if (j->kind == TABLE_JSONL && !f[c].quoted) {    /* a number, object...: its type would change */
                j->cols[c].problem[k] = PROBLEM_NOT_STRING;
                continue;
            }
            size_t len = table_value(j->kind, rec, &f[c], j->values + used);
            if (len == (size_t)-1) { j->cols[c].problem[k] = PROBLEM_MALFORMED; continue; }
            r->in = j->values + used;
            r->in_len = len;
            used += len;
            r->tweak = (const uint8_t *)(j->tweak_context ? j->cols[c].name : tweak);
            r->tweak_len = j->tweak_context ? strlen(j->cols[c].name) : tweak_len;
            r->out = j->tokens + tused;
            r->out_cap = 4 * len;
            tused += 4 * len;
        }
    }
    return 0;
}

static const char *row_error(const kc_token_row *r, int problem, char *msg, size_t cap, const char *name)
{
    if (problem == PROBLEM_MISSING) snprintf(msg, cap, "no field %s", name);
    else if (problem == PROBLEM_MALFORMED) snprintf(msg, cap, "malformed record");
    else if (problem == PROBLEM_NOT_STRING) snprintf(msg, cap, "%s: not a JSON string", name);
    else if (r->status == KC_ERR_FORMAT || r->status == KC_ERR_CHECK_DIGIT)
        snprintf(msg, cap, "%s: character %zu: %s", name, r->error_pos + 1, kc_strerror(r->status));
    else snprintf(msg, cap, "%s: %s", name, kc_strerror(r->status));
    return msg;
}

/* Record k with its tokenized fields in place. */
static void write_record(job *j, const char *rec, size_t len, size_t k)
{
    size_t order[KC_CLI_MAX_COLUMNS], n = 0;
    for (size_t c = 0; c < j->ncols; c++) {
        const kc_token_row *r = &j->cols[c].rows[k];
        int nullify = j->policy == ON_ERROR_NULL && j->cols[c].problem[k] == PROBLEM_NOT_STRING;
        if (!nullify && (!r->in || !r->in_len || (r->status != KC_OK && j->policy == ON_ERROR_KEEP))) continue;
        size_t i = n++;                           /* in order of position in the record */
        while (i && j->cols[order[i - 1]].fields[k].start > j->cols[c].fields[k].start) {
            order[i] = order[i - 1];
            i--;
        }
        order[i] = c;
    }
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const field *f = &j->cols[order[i]].fields[k];
        const kc_token_row *r = &j->cols[order[i]].rows[k];
        table_put(&j->out, rec + at, f->start - at);
        table_write_value(j->kind, &j->out, r->out, r->out_len, f->quoted,
                          r->status != KC_OK || j->cols[order[i]].problem[k] != PROBLEM_NONE);
        at = f->end;
    }
    table_put(&j->out, rec + at, len - at);
}

/* Tokenizes and writes records [0, n) of buf; on a bad value under
 * --on-error fail, writes the rows before it and reports it. */
static int run_chunk(job *j, const char *buf, size_t n, size_t bytes)
{
    int rc = prepare(j, buf, n, bytes);
    for (size_t c = 0; !rc && c < j->ncols; c++) {
        column *col = &j->cols[c];
        (j->encrypt ? kc_tokenize_batch : kc_detokenize_batch)(col->t, col->rows, n, NULL);
    }
    for (size_t k = 0; !rc && k < n; k++) {
        for (size_t c = 0; c < j->ncols; c++) {
            const kc_token_row *r = &j->cols[c].rows[k];
            int problem = j->cols[c].problem[k];
            if ((r->status == KC_OK && !problem) || j->policy != ON_ERROR_FAIL) continue;
            char what[48], msg[200];
            snprintf(what, sizeof what, "line %lu", j->rec_line[k]);
            if (table_flush(&j->out, stdout) || fflush(stdout))   /* the good rows before it */
                return fail(EXIT_CRYPTO, "writing output", strerror(errno));
            return fail(EXIT_CRYPTO, what, row_error(r, problem, msg, sizeof msg, j->cols[c].name));
        }
        write_record(j, buf + j->rec_start[k], j->rec_len[k], k);
        j->rows++;
    }
    if (!rc && (table_flush(&j->out, stdout) || ferror(stdout)))
        rc = fail(EXIT_CRYPTO, "writing output", j->out.failed ? "out of memory" : strerror(errno));
    if (!rc && isatty(2) && time(NULL) != j->progress) {
        j->progress = time(NULL);
        fprintf(stderr, "\rkcipher: %llu rows", j->rows);
    }
    return rc;
}

static int stream(job *j)
{
    size_t cap = READ_SIZE, have = 0, start = 0;
    char *buf = malloc(cap);
    if (!buf) return fail(EXIT_CRYPTO, "tokenize", "out of memory");
    int eof = 0, rc = 0, header = j->kind != TABLE_JSONL;
    j->line = 1;
    while (!rc) {
        if (!eof) {                               /* keep what is left, read more */
            memmove(buf, buf + start, have - start);
            have -= start;
            start = 0;
            if (have == cap) {
                char *b = realloc(buf, cap * 2);
                if (!b) { rc = fail(EXIT_CRYPTO, "tokenize", "out of memory"); break; }
                buf = b;
                cap *= 2;
            }
            size_t got = fread(buf + have, 1, cap - have, stdin);
            have += got;
            if (got == 0) {
                if (ferror(stdin)) { rc = fail(EXIT_CRYPTO, "reading input", strerror(errno)); break; }
                eof = 1;
            }
        }
        size_t n = 0, bytes = 0;
        unsigned long lines;
        while (n < CHUNK_ROWS && start < have) {
            size_t len = table_record_length(j->kind, buf + start, have - start, eof, &lines);
            if (!len) break;
            if (header) {                         /* CSV/TSV: the header names the columns */
                size_t missing;
                missing = SIZE_MAX;
                if (table_header(j->kind, buf + start, len, j->names, j->nnames, j->pos, &missing)) {
                    char msg[160];
                    snprintf(msg, sizeof msg, "no column named %.100s", missing < j->nnames ? j->names[missing] : "?");
                    rc = fail(EXIT_USAGE, "header", missing < j->nnames ? msg : "malformed");
                    break;
                }
                fwrite(buf + start, 1, len, stdout);
                header = 0;
            } else {
                j->rec_start[n] = start;
                j->rec_len[n] = len;
                j->rec_line[n] = j->line;
                n++;
                bytes += len;
            }
            j->line += lines;
            start += len;
        }
        if (rc) break;
        if (n) rc = run_chunk(j, buf, n, bytes);
        if (eof && start >= have) break;
        if (eof && !n && start < have) { rc = fail(EXIT_CRYPTO, "reading input", "incomplete record"); break; }
    }
    if (isatty(2) && j->rows) fprintf(stderr, "\rkcipher: %llu rows\n", j->rows);
    free_wiped(buf, cap);
    return rc;
}

int cmd_tokenize(const options *o, int encrypt)
{
    int rc = check_options(o, FOR_TOKENIZE, "tokenize");
    if (rc) return rc;
    if (!o->cipher) return fail(EXIT_USAGE, "--cipher", "required (ff1-aes-256, ff3-1-aria-128, fea2-128, ...)");
    if (!o->ncolumns) return fail(EXIT_USAGE, "--column", "required: --column NAME=FORMAT (one or more)");
    if (o->tweak_column && o->tweak_context)
        return fail(EXIT_USAGE, "--tweak-column", "give --tweak-column or --tweak-context, not both");
    job *j = calloc(1, sizeof *j);
    if (!j) return fail(EXIT_CRYPTO, "tokenize", "out of memory");
    j->encrypt = encrypt;
    j->tweak_context = !!o->tweak_context;
    const char *in = o->input ? o->input : "csv", *pol = o->on_error ? o->on_error : "fail";
    j->kind = !strcmp(in, "csv") ? TABLE_CSV : !strcmp(in, "tsv") ? TABLE_TSV : TABLE_JSONL;
    j->policy = !strcmp(pol, "fail") ? ON_ERROR_FAIL : !strcmp(pol, "null") ? ON_ERROR_NULL : ON_ERROR_KEEP;
    if (strcmp(in, "csv") && strcmp(in, "tsv") && strcmp(in, "jsonl"))
        rc = fail(EXIT_USAGE, "--input", "expected csv, tsv or jsonl");
    else if (strcmp(pol, "fail") && strcmp(pol, "null") && strcmp(pol, "keep"))
        rc = fail(EXIT_USAGE, "--on-error", "expected fail, null or keep");
    uint8_t *key = NULL;
    size_t key_len = 0;
    if (!rc) rc = check_same_file();
    if (!rc) rc = load_key(o, &key, &key_len);
    char names[KC_CLI_MAX_COLUMNS][128];
    for (size_t c = 0; !rc && c < o->ncolumns; c++) {
        const char *spec = o->columns[c], *eq = strchr(spec, '=');
        if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof names[c]) {
            rc = fail(EXIT_USAGE, "--column", "expected NAME=FORMAT, e.g. card=card or rrn=kr-rrn");
            break;
        }
        memcpy(names[c], spec, (size_t)(eq - spec));
        names[c][eq - spec] = 0;
        column *col = &j->cols[j->ncols++];
        col->name = j->names[c] = names[c];
        kc_status st = kc_tokenizer_new(&col->t, o->cipher, o->backend, key, key_len, eq + 1,
                                        o->allow_small ? KC_FPE_ALLOW_SMALL_DOMAIN : 0);
        if (st != KC_OK) {
            char what[160];
            snprintf(what, sizeof what, "--column %s", spec);
            rc = fail_status(st, what);
            break;
        }
        col->rows = calloc(CHUNK_ROWS, sizeof *col->rows);
        col->fields = calloc(CHUNK_ROWS, sizeof *col->fields);
        col->problem = calloc(CHUNK_ROWS, 1);
        if (!col->rows || !col->fields || !col->problem) rc = fail(EXIT_CRYPTO, "tokenize", "out of memory");
    }
    j->nnames = j->ncols;
    if (!rc && o->tweak_column) j->names[j->nnames++] = o->tweak_column;
    if (!rc) rc = stream(j);
    for (size_t c = 0; c < j->ncols; c++) {
        kc_tokenizer_free(j->cols[c].t);
        free(j->cols[c].rows);
        free(j->cols[c].fields);
        free(j->cols[c].problem);
    }
    free_wiped(j->out.buf, j->out.cap);
    free_wiped(j->values, j->values_cap);
    free_wiped(j->tokens, j->tokens_cap);
    free_wiped(key, key_len);
    free(j);
    return rc;
}
