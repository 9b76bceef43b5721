/* SPDX-License-Identifier: MIT */
/* kcipher tokenize|detokenize: named columns of a CSV, TSV or JSON Lines
 * stream, each in its format, every other byte unchanged.  The input goes
 * in chunks of whole records (found by the main thread); each thread takes
 * a share of a chunk's records and unquotes, tokenizes (one batch call per
 * column) and writes them back into its own buffer; the buffers go out in
 * order once all are done, so on a bad value (--on-error fail) the output
 * ends with the last good row. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
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

#define MAX_PARTS 64
#define PART_MIN_ROWS 512        /* fewer rows than this per thread: not worth a thread */

/* One thread's share of a chunk: records [first, first + n). */
typedef struct part {
    struct job *j;
    const char *buf;
    size_t first, n;
    char *values, *tokens;       /* its unquoted values, and room for their tokens */
    size_t values_cap, tokens_cap;
    table_out out;               /* its records, written back */
    size_t done;                 /* records in out */
    int oom;
} part;

typedef struct job {
    table_kind kind;
    int policy, encrypt, tweak_context;
    column cols[KC_CLI_MAX_COLUMNS];
    size_t ncols;
    const char *names[KC_CLI_MAX_COLUMNS + 1];   /* the columns', then --tweak-column's */
    size_t nnames, pos[KC_CLI_MAX_COLUMNS + 1];
    size_t rec_start[CHUNK_ROWS], rec_len[CHUNK_ROWS];
    unsigned long rec_line[CHUNK_ROWS];
    unsigned nparts;             /* threads */
    part parts[MAX_PARTS];
    unsigned long line;          /* line number of the next record */
    unsigned long long rows;
    time_t progress;
} job;

static int grow(char **p, size_t *cap, size_t need)
{
    if (need <= *cap) return 0;
    char *q = malloc(need);
    if (!q) return -1;
    free_wiped(*p, *cap);
    *p = q;
    *cap = need;
    return 0;
}

/* Fields and batch rows of a part's records: values unquoted into
 * p->values, tokens to go to p->tokens. */
static int prepare(part *p)
{
    job *j = p->j;
    size_t bytes = 0;
    for (size_t k = p->first; k < p->first + p->n; k++) bytes += j->rec_len[k];
    if (grow(&p->values, &p->values_cap, bytes * (j->ncols + 1) + 16) ||
        grow(&p->tokens, &p->tokens_cap, bytes * 4 * j->ncols + 16)) return -1;
    size_t used = 0, tused = 0;
    field f[KC_CLI_MAX_COLUMNS + 1];
    for (size_t k = p->first; k < p->first + p->n; k++) {
        const char *rec = p->buf + j->rec_start[k];
        int bad = table_fields(j->kind, rec, j->rec_len[k], j->pos, j->names, j->nnames, f);
        const char *tweak = NULL;
        size_t tweak_len = 0;
        if (!bad && j->nnames > j->ncols && f[j->ncols].present && !f[j->ncols].null) {
            tweak = p->values + used;
            tweak_len = table_value(j->kind, rec, &f[j->ncols], p->values + used);
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
            size_t len = table_value(j->kind, rec, &f[c], p->values + used);
            if (len == (size_t)-1) { j->cols[c].problem[k] = PROBLEM_MALFORMED; continue; }
            r->in = p->values + used;
            r->in_len = len;
            used += len;
            r->tweak = (const uint8_t *)(j->tweak_context ? j->cols[c].name : tweak);
            r->tweak_len = j->tweak_context ? strlen(j->cols[c].name) : tweak_len;
            r->out = p->tokens + tused;
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
static void write_record(job *j, table_out *out, const char *rec, size_t len, size_t k)
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
        table_put(out, rec + at, f->start - at);
        table_write_value(j->kind, out, r->out, r->out_len, f->quoted,
                          r->status != KC_OK || j->cols[order[i]].problem[k] != PROBLEM_NONE);
        at = f->end;
    }
    table_put(out, rec + at, len - at);
}

/* The first record of a part with a bad value, and what is wrong with it:
 * n when there is none (or the policy is not fail). */
static size_t first_bad(const part *p, size_t *col)
{
    const job *j = p->j;
    for (size_t k = p->first; j->policy == ON_ERROR_FAIL && k < p->first + p->n; k++)
        for (size_t c = 0; c < j->ncols; c++)
            if (j->cols[c].rows[k].status != KC_OK || j->cols[c].problem[k]) {
                *col = c;
                return k - p->first;
            }
    return p->n;
}

/* A thread's share: unquote, tokenize each column in one batch, write the
 * records back up to the first bad one. */
static void *run_part(void *arg)
{
    part *p = arg;
    job *j = p->j;
    p->done = 0;
    p->out.len = 0;
    if (prepare(p)) { p->oom = 1; return NULL; }
    for (size_t c = 0; c < j->ncols; c++)
        (j->encrypt ? kc_tokenize_batch : kc_detokenize_batch)(j->cols[c].t, j->cols[c].rows + p->first, p->n, NULL);
    size_t col = 0, stop = first_bad(p, &col);
    for (size_t k = p->first; k < p->first + stop; k++)
        write_record(j, &p->out, p->buf + j->rec_start[k], j->rec_len[k], k);
    p->done = stop;
    p->oom = p->out.failed;
    return NULL;
}

/* Tokenizes and writes records [0, n) of buf, the threads taking
 * contiguous shares; on a bad value under --on-error fail, writes the rows
 * before it and reports it. */
static int run_chunk(job *j, const char *buf, size_t n)
{
    unsigned parts = j->nparts;
    if (parts > n / PART_MIN_ROWS) parts = (unsigned)(n / PART_MIN_ROWS);
    if (!parts) parts = 1;
    size_t per = (n + parts - 1) / parts;
    pthread_t tid[MAX_PARTS];
    int started[MAX_PARTS] = { 0 };
    for (unsigned i = 0; i < parts; i++) {
        part *p = &j->parts[i];
        p->j = j;
        p->buf = buf;
        p->first = i * per < n ? i * per : n;
        p->n = n - p->first < per ? n - p->first : per;
        if (i) started[i] = pthread_create(&tid[i], NULL, run_part, p) == 0;
    }
    run_part(&j->parts[0]);
    for (unsigned i = 1; i < parts; i++) {
        if (started[i]) pthread_join(tid[i], NULL);
        else run_part(&j->parts[i]);      /* no thread to be had: here, then */
    }
    for (unsigned i = 0; i < parts; i++) {
        part *p = &j->parts[i];
        if (p->oom) return fail(EXIT_CRYPTO, "tokenize", "out of memory");
        if (table_flush(&p->out, stdout)) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
        j->rows += p->done;
        if (p->done < p->n) {             /* a bad value under --on-error fail */
            size_t col = 0, k = p->first + first_bad(p, &col);
            char what[48], msg[200];
            snprintf(what, sizeof what, "line %lu", j->rec_line[k]);
            if (fflush(stdout)) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
            return fail(EXIT_CRYPTO, what, row_error(&j->cols[col].rows[k], j->cols[col].problem[k], msg, sizeof msg,
                                                     j->cols[col].name));
        }
    }
    if (ferror(stdout)) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
    if (isatty(2) && time(NULL) != j->progress) {
        j->progress = time(NULL);
        fprintf(stderr, "\rkcipher: %llu rows", j->rows);
    }
    return 0;
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
        size_t n = 0;
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
            }
            j->line += lines;
            start += len;
        }
        if (rc) break;
        if (n) rc = run_chunk(j, buf, n);
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
    /* The threads are ours: each runs the library on its own share. */
    j->nparts = kc_threads() < MAX_PARTS ? kc_threads() : MAX_PARTS;
    if (!j->nparts) j->nparts = 1;
    if (!rc && kc_set_threads(1) != KC_OK) rc = fail(EXIT_CRYPTO, "tokenize", "cannot set the library's threads");
    if (!rc) rc = stream(j);
    for (size_t c = 0; c < j->ncols; c++) {
        kc_tokenizer_free(j->cols[c].t);
        free(j->cols[c].rows);
        free(j->cols[c].fields);
        free(j->cols[c].problem);
    }
    for (unsigned i = 0; i < MAX_PARTS; i++) {
        part *p = &j->parts[i];
        free_wiped(p->out.buf, p->out.cap);
        free_wiped(p->values, p->values_cap);
        free_wiped(p->tokens, p->tokens_cap);
    }
    free_wiped(key, key_len);
    free(j);
    return rc;
}
