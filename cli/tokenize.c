/* SPDX-License-Identifier: MIT */
/* kcipher tokenize|detokenize: named columns of a CSV, TSV or JSON Lines
 * stream, each in its format, every other byte unchanged.  The input goes
 * in chunks of whole records (found by the main thread); each thread takes
 * a share of a chunk's records and unquotes, tokenizes (one batch call per
 * column) and writes them back into its own buffer; the buffers go out in
 * order once all are done, so on a failure the output ends with the last
 * good row.
 *
 * Fails closed: a named column's value is tokenized, emptied (--on-error
 * null), kept as it is (--on-error keep, only for a value that parses but
 * does not fit its format, and counted), or its record is dropped (--on-error
 * skip-record, counted), or the run fails.  A record that cannot be parsed
 * fails the run under every policy but skip-record.  The summary goes to
 * stderr on every run (and to --summary-json FILE).
 *
 * retokenize is the third mode: each column's batch is detokenized under the
 * from key into a part's own buffer (clear), tokenized from there under the
 * to key, and the clear buffer wiped before the records are written.
 *
 * Which key version made a token: with a keyring key, a format with
 * embed-version= (--embed-version) writes it into the token and
 * --version-column NAME into a column; detokenize (and retokenize's --from)
 * reads it per row, under --key-name NAME every version the keyring still
 * opens, under NAME@V only V: a row of another, unknown or retired version
 * is refused like a malformed value. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "encoding.h"
#include "fpe/format.h"
#include "fpe/tokenizer.h"
#include "table.h"

/* Records a chunk, and the first read; the fuzz harness makes both small. */
#ifndef CHUNK_ROWS
#define CHUNK_ROWS 16384
#endif
#ifndef READ_SIZE
#define READ_SIZE ((size_t)1 << 22)
#endif
#define MAX_RECORD_DEFAULT ((size_t)1 << 20)
enum { ON_ERROR_FAIL, ON_ERROR_NULL, ON_ERROR_KEEP, ON_ERROR_SKIP };
enum { MODE_DETOKENIZE = 0, MODE_TOKENIZE = 1, MODE_RETOKENIZE = 2 };
static const char *const mode_names[] = { "detokenize", "tokenize", "retokenize" };
static const char *const done_names[] = { "detokenized", "tokenized", "retokenized" };
static const char *const policy_names[] = { "fail", "null", "keep", "skip-record" };

/* A value's problem found before encryption (the library's status comes after). */
enum { PROBLEM_NONE, PROBLEM_NOT_STRING, PROBLEM_TWEAK, PROBLEM_ENCODING,
       PROBLEM_NO_VERSION, PROBLEM_BAD_VERSION, PROBLEM_VERSION_CLASH, PROBLEM_UNKNOWN_VERSION,
       PROBLEM_WRONG_VERSION };
#define MAX_VERSIONS 64          /* of one key name, opened per row */
/* A record's problem found after it was written (stop_col). */
#define STOP_RECORD SIZE_MAX
#define STOP_TSV (SIZE_MAX - 1)
#define STOP_ENCODING (SIZE_MAX - 2)   /* a character outside the named columns: no --output-encoding equivalent */

typedef struct counts {
    unsigned long long tokenized, emptied, kept, refused;
    unsigned long long untweaked;   /* --on-error keep, no --tweak-column value: the empty tweak */
} counts;

typedef struct column {
    const char *name, *spec;
    kc_tokenizer *t, *t2;        /* retokenize: t the from key's, t2 the to key's */
    kc_tokenizer *tv[MAX_VERSIONS];   /* by version (job's vers): tv[0] is t */
    int embeds;                  /* the format has embed-version= */
    char *spec_buf;              /* the spec with --embed-version's item */
    unsigned *ver;               /* CHUNK_ROWS: each row's key version found (messages) */
    kc_token_row *rows, *rows2;  /* CHUNK_ROWS each; rows2: retokenize's second pass */
    field *fields;
    unsigned char *problem;      /* PROBLEM_* */
    counts n;                    /* of the whole run */
} column;

#define MAX_PARTS 64
#define PART_MIN_ROWS 512        /* fewer rows than this per thread: not worth a thread */

/* One thread's share of a chunk: records [first, first + n). */
typedef struct part {
    struct job *j;
    const char *buf;
    size_t first, n;
    char *values, *tokens;       /* its unquoted values, and room for their tokens */
    size_t values_cap, tokens_cap;
    char *clear;                 /* retokenize: the clear values, wiped after each chunk */
    size_t clear_cap, tused;     /* tused: bytes of tokens (and clear) in use */
    table_out out;               /* its records, written back */
    size_t stop;                 /* the record (from first) that ends the run, or n */
    size_t stop_col;             /* its column, or SIZE_MAX: the record itself */
    counts n_col[KC_CLI_MAX_COLUMNS];
    unsigned long long written, skipped;
    int oom;
    enc_conv *conv_out;          /* --output-encoding other than UTF-8: this thread's own */
    kc_token_row *vrows;         /* one version's rows of a column, and their indexes */
    size_t *vidx, *vslot;
    unsigned long long vused[MAX_VERSIONS];
    table_out scratch;           /* a record or token in the output encoding */
} part;

typedef struct job {
    table_kind kind;
    int policy, encrypt, tweak_context;   /* encrypt: MODE_* */
    column cols[KC_CLI_MAX_COLUMNS];
    size_t ncols;
    const char *names[KC_CLI_MAX_COLUMNS + 2];   /* the columns', then --tweak-column's, --version-column's */
    size_t nnames, pos[KC_CLI_MAX_COLUMNS + 2], nfields;
    size_t tidx, vidx;           /* --tweak-column's and --version-column's index in names, or SIZE_MAX */
    /* key versions: read (detokenize, retokenize's from) and written (tokenize, retokenize's to) */
    int versions;                /* embed-version or --version-column in use: rows go by version */
    int per_row;                 /* --key-name NAME (no @V): every version the keyring opens */
    int vadd;                    /* CSV/TSV header without the --version-column: appended as the last column */
    table_out hdr_out;           /* that header, written */
    unsigned vers[MAX_VERSIONS], version_out;
    size_t nvers;
    char vkcv[MAX_VERSIONS][2 * KC_KCV_BYTES + 1], key_base[KC_KEY_NAME_MAX + 1];
    unsigned long long vused[MAX_VERSIONS];
    unsigned row_ver[CHUNK_ROWS];   /* --version-column: 0 none, UINT_MAX not a version */
    field vfield[CHUNK_ROWS];
    size_t rec_start[CHUNK_ROWS], rec_len[CHUNK_ROWS];
    unsigned long rec_line[CHUNK_ROWS];
    table_error rec_err[CHUNK_ROWS];
    unsigned char blank[CHUNK_ROWS];
    unsigned char untweaked[CHUNK_ROWS];
    unsigned nparts;             /* threads */
    part parts[MAX_PARTS];
    size_t max_record;
    unsigned long line;          /* line number of the next record */
    unsigned long long read, written, skipped, rejected;
    /* --encoding / --output-encoding: records converted to UTF-8 into ubuf */
    int conv, in_enc, out_enc;
    enc_conv *in_conv;
    table_out ubuf;
    unsigned char bad_enc[CHUNK_ROWS];
    struct { char name[KC_KEY_NAME_MAX + 16], kcv[16], cipher[64]; } keys[2];   /* retokenize: from, to */
    /* progress on stderr */
    int progress, shown;
    long long size;              /* of the input when a regular file, else -1 */
    unsigned long long consumed; /* input bytes done */
    struct timespec t0;
    double last;
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

/* A record's length without its line terminator. */
static size_t line_end(const char *rec, size_t len)
{
    if (len && rec[len - 1] == '\n') len--;
    if (len && rec[len - 1] == '\r') len--;
    return len;
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
    if (j->encrypt == MODE_RETOKENIZE && grow(&p->clear, &p->clear_cap, bytes * 4 * j->ncols + 16)) return -1;
    if (j->versions && !p->vrows && (!(p->vrows = calloc(CHUNK_ROWS, sizeof *p->vrows)) ||
                                     !(p->vidx = calloc(CHUNK_ROWS, sizeof *p->vidx)) ||
                                     !(p->vslot = calloc(CHUNK_ROWS, sizeof *p->vslot)))) return -1;
    size_t used = 0, tused = 0;
    field f[KC_CLI_MAX_COLUMNS + 2];
    for (size_t k = p->first; k < p->first + p->n; k++) {
        const char *rec = p->buf + j->rec_start[k];
        table_error *e = &j->rec_err[k];
        for (size_t c = 0; c < j->ncols; c++) {
            memset(&j->cols[c].rows[k], 0, sizeof j->cols[c].rows[k]);   /* in NULL: nothing to send */
            j->cols[c].problem[k] = PROBLEM_NONE;
        }
        memset(e, 0, sizeof *e);
        if (j->bad_enc[k]) {                      /* not in the declared encoding: nothing of it goes on */
            static const char *const why[] = { "not valid UTF-8", "not valid CP949", "not valid EUC-KR" };
            j->blank[k] = 0;
            e->code = TABLE_MALFORMED;
            e->why = why[j->in_enc];
            continue;
        }
        j->blank[k] = table_blank(rec, j->rec_len[k]);
        j->untweaked[k] = 0;
        if (j->blank[k]) continue;                /* no data: written as it is */
        if (table_fields(j->kind, rec, j->rec_len[k], j->pos, j->nfields, j->names, j->nnames - (size_t)j->vadd, f, e))
            continue;
        if (j->vidx != SIZE_MAX) {                /* the version column: read, and where to write it */
            const field *v = &f[j->vidx];
            if (j->vadd) memset(&f[j->vidx], 0, sizeof f[j->vidx]);
            j->vfield[k] = *v;
            j->row_ver[k] = 0;
            if (v->present && !v->null) {
                size_t len = v->quoted ? table_value(j->kind, rec, v, p->values + used) : v->end - v->start;
                const char *s = v->quoted ? p->values + used : rec + v->start;
                unsigned long n = 0;
                for (size_t i = 0; len != (size_t)-1 && i < len && n <= UINT_MAX / 16; i++)
                    n = s[i] >= '0' && s[i] <= '9' ? n * 10 + (unsigned long)(s[i] - '0') : ULONG_MAX;
                j->row_ver[k] = len == 0 ? 0 : len == (size_t)-1 || !n || n > MAX_VERSIONS * 1000UL ? UINT_MAX
                              : (unsigned)n;
            }
            if (!v->present) {                    /* written, if at all, as a new last column or key */
                size_t at = line_end(rec, j->rec_len[k]);
                if (j->kind == TABLE_JSONL) while (at && rec[--at] != '}') {}   /* a valid object: it ends in } */
                j->vfield[k].start = j->vfield[k].end = at;
            }
        }
        const char *tweak = NULL;
        size_t tweak_len = 0;
        if (j->tidx != SIZE_MAX && f[j->tidx].present && !f[j->tidx].null) {
            tweak = p->values + used;
            tweak_len = table_value(j->kind, rec, &f[j->tidx], p->values + used);
            if (tweak_len == (size_t)-1) { e->code = TABLE_MALFORMED; e->why = "bad JSON escape"; continue; }
            used += tweak_len;
        }
        /* No tweak value: refused, except under keep, where the value still gets
         * tokenized (with the empty tweak, as detokenize will) and counted. */
        int no_tweak = j->tidx != SIZE_MAX && !tweak_len;
        j->untweaked[k] = (unsigned char)(no_tweak && j->policy == ON_ERROR_KEEP);
        if (j->untweaked[k]) no_tweak = 0;
        for (size_t c = 0; c < j->ncols; c++) {
            kc_token_row *r = &j->cols[c].rows[k];
            j->cols[c].fields[k] = f[c];
            if (!f[c].present || f[c].null) continue;            /* JSON: no such key, or null: left */
            if (j->kind == TABLE_JSONL && !f[c].quoted) {        /* a number, object...: its type would change */
                j->cols[c].problem[k] = PROBLEM_NOT_STRING;
                continue;
            }
            size_t len = table_value(j->kind, rec, &f[c], p->values + used);
            if (len == (size_t)-1) { e->code = TABLE_MALFORMED; e->why = "bad JSON escape"; break; }
            if (len == 0) continue;                              /* empty stays empty */
            if (no_tweak) { j->cols[c].problem[k] = PROBLEM_TWEAK; continue; }
            r->in = p->values + used;
            r->in_len = len;
            used += len;
            r->tweak = (const uint8_t *)(j->tweak_context ? j->cols[c].name : tweak);
            r->tweak_len = j->tweak_context ? strlen(j->cols[c].name) : tweak_len;
            r->out = p->tokens + tused;
            r->out_cap = 4 * len;
            tused += 4 * len;
        }
        if (e->code)                              /* nothing of a malformed record goes to the cipher */
            for (size_t c = 0; c < j->ncols; c++) memset(&j->cols[c].rows[k], 0, sizeof j->cols[c].rows[k]);
    }
    p->tused = tused;
    return 0;
}

static int value_bad(const job *j, size_t c, size_t k)
{
    const kc_token_row *r = &j->cols[c].rows[k];
    return j->cols[c].problem[k] != PROBLEM_NONE || (r->in && r->status != KC_OK);
}

static const char *value_message(const job *j, size_t c, size_t k, char *msg, size_t cap)
{
    const kc_token_row *r = &j->cols[c].rows[k];
    const char *name = j->cols[c].name;
    if (j->cols[c].problem[k] == PROBLEM_NOT_STRING) snprintf(msg, cap, "%s: not a JSON string", name);
    else if (j->cols[c].problem[k] == PROBLEM_ENCODING)
        snprintf(msg, cap, "%s: the token holds a character that %s cannot represent (--output-encoding utf-8 "
                 "writes it)", name, enc_name(j->out_enc));
    else if (j->cols[c].problem[k] == PROBLEM_TWEAK)
        snprintf(msg, cap, "%s: the --tweak-column %s is missing, null or empty", name, j->names[j->tidx]);
    else if (j->cols[c].problem[k] == PROBLEM_NO_VERSION)
        snprintf(msg, cap, "%s: no key version: the --version-column %s is empty or missing and the format embeds none",
                 name, j->names[j->vidx]);
    else if (j->cols[c].problem[k] == PROBLEM_BAD_VERSION)
        snprintf(msg, cap, "%s: the --version-column %s is not a key version", name, j->names[j->vidx]);
    else if (j->cols[c].problem[k] == PROBLEM_VERSION_CLASH)
        snprintf(msg, cap, "%s: the token embeds key version %u, the --version-column %s says %u", name,
                 j->cols[c].ver[k], j->names[j->vidx], j->row_ver[k]);
    else if (j->cols[c].problem[k] == PROBLEM_UNKNOWN_VERSION)
        snprintf(msg, cap, "%s: key %s version %u is unknown or retired (kcipher key list)", name, j->key_base,
                 j->cols[c].ver[k]);
    else if (j->cols[c].problem[k] == PROBLEM_WRONG_VERSION)
        snprintf(msg, cap, "%s: made under key %s@%u, not @%u (--key-name %s opens every version)", name, j->key_base,
                 j->cols[c].ver[k], j->vers[0], j->key_base);
    else if (r->status == KC_ERR_FORMAT || r->status == KC_ERR_CHECK_DIGIT)
        snprintf(msg, cap, "%s: character %zu: %s", name, r->error_pos + 1, kc_strerror(r->status));
    else if (r->status == KC_ERR_DOMAIN_TOO_SMALL && kc_tokenizer_format(j->cols[c].t)->hint)   /* what would do */
        snprintf(msg, cap, "%s: %s; %s", name, value_error(r->status), kc_tokenizer_format(j->cols[c].t)->hint);
    else snprintf(msg, cap, "%s: %s", name, value_error(r->status));
    return msg;
}

static const char *record_message(const job *j, const table_error *e, char *msg, size_t cap)
{
    if (e->code == TABLE_DUPLICATE) snprintf(msg, cap, "key %s appears twice in the record", j->names[e->index]);
    else if (e->code == TABLE_FIELD_COUNT)
        snprintf(msg, cap, "malformed record: %zu fields, the header has %zu", e->index, j->nfields);
    else snprintf(msg, cap, "malformed record: %s", e->why ? e->why : "?");
    return msg;
}

/* The field of act index c (j->ncols: the version column). */
static const field *act_field(const job *j, size_t c, size_t k)
{
    return c == j->ncols ? &j->vfield[k] : &j->cols[c].fields[k];
}

/* Record k with its named fields tokenized or emptied (act[c]: 1 token,
 * 2 empty; act[ncols]: the key version written); -1 (nothing written) when
 * a value cannot be written (TSV). */
static int write_record(job *j, table_out *out, const char *rec, size_t len, size_t k, const int *act)
{
    size_t order[KC_CLI_MAX_COLUMNS + 1], n = 0, mark = out->len;
    for (size_t c = 0; c <= j->ncols; c++) {
        if (!act[c]) continue;
        size_t i = n++;                           /* in order of position in the record */
        while (i && act_field(j, order[i - 1], k)->start > act_field(j, c, k)->start) {
            order[i] = order[i - 1];
            i--;
        }
        order[i] = c;
    }
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const field *f = act_field(j, order[i], k);
        table_put(out, rec + at, f->start - at);
        if (order[i] == j->ncols) {               /* the version: a JSON number unless it was a string */
            char v[16];
            int vl = snprintf(v, sizeof v, "%u", j->version_out);
            if (!f->present) {                    /* no such column or key: added at the end */
                size_t b = f->start;
                while (j->kind == TABLE_JSONL && b && (rec[b - 1] == ' ' || rec[b - 1] == '\t' ||
                                                       rec[b - 1] == '\r' || rec[b - 1] == '\n')) b--;
                if (j->kind != TABLE_JSONL) table_put(out, j->kind == TABLE_TSV ? "\t" : ",", 1);
                else if (b && rec[b - 1] != '{') table_put(out, ",", 1);   /* not {}: after the last member */
                if (j->kind == TABLE_JSONL) {
                    table_write_value(j->kind, out, j->names[j->vidx], strlen(j->names[j->vidx]), 1, 0);
                    table_put(out, ":", 1);
                }
                table_put(out, v, (size_t)vl);
                at = f->start;
                continue;
            }
            if (j->kind == TABLE_JSONL && !f->quoted) table_put(out, v, (size_t)vl);
            else table_write_value(j->kind, out, v, (size_t)vl, f->quoted, 0);
            at = f->end;
            continue;
        }
        const kc_token_row *r = &j->cols[order[i]].rows[k];
        /* A one-column CSV record emptied is written "": a bare empty last line would be no record. */
        int empty = act[order[i]] == 2, csv1 = empty && j->kind == TABLE_CSV && j->nfields == 1;
        if (table_write_value(j->kind, out, r->out, empty ? 0 : r->out_len, f->quoted || csv1, empty && !csv1)) {
            out->len = mark;
            return -1;
        }
        at = f->end;
    }
    table_put(out, rec + at, len - at);
    return 0;
}

/* Detokenizes a part's values of one column, each under the key version it
 * names (embedded, else the --version-column); a value with no usable
 * version is marked and not opened (fails closed). */
static void detokenize_versions(part *p, column *col)
{
    job *j = p->j;
    kc_token_row *r = col->rows + p->first;
    for (size_t i = 0; i < p->n; i++) {
        size_t k = p->first + i, pos = 0, s = 0;
        unsigned v = j->row_ver[k], e = 0;
        p->vslot[i] = SIZE_MAX;
        if (!r[i].in || col->problem[k]) continue;
        col->ver[k] = v;
        if (v == UINT_MAX) { col->problem[k] = PROBLEM_BAD_VERSION; continue; }
        if (col->embeds) {
            kc_status st = kc_tokenizer_token_version(col->t, r[i].in, r[i].in_len, &e, &pos);
            if (st != KC_OK) { r[i].status = st; r[i].error_pos = pos; continue; }
            col->ver[k] = e;
            if (v && v != e) { col->problem[k] = PROBLEM_VERSION_CLASH; continue; }
            v = e;
        }
        if (!v) { col->problem[k] = PROBLEM_NO_VERSION; continue; }
        while (s < j->nvers && j->vers[s] != v) s++;
        if (s == j->nvers) { col->problem[k] = j->per_row ? PROBLEM_UNKNOWN_VERSION : PROBLEM_WRONG_VERSION; continue; }
        p->vslot[i] = s;
    }
    for (size_t s = 0; s < j->nvers; s++) {      /* one batch a version */
        size_t n = 0;
        for (size_t i = 0; i < p->n; i++)
            if (p->vslot[i] == s) { p->vidx[n] = i; p->vrows[n++] = r[i]; }
        if (!n) continue;
        kc_detokenize_batch(col->tv[s], p->vrows, n, NULL);
        for (size_t i = 0; i < n; i++) r[p->vidx[i]] = p->vrows[i];
        p->vused[s] += n;
    }
}

static void detokenize_column(part *p, column *col)
{
    if (p->j->versions) detokenize_versions(p, col);
    else kc_detokenize_batch(col->t, col->rows + p->first, p->n, NULL);
}

/* retokenize, one column of a part: the tokens detokenized into p->clear,
 * the clear values tokenized into p->tokens (where the rows expect them);
 * a value that fails either step keeps that step's status. */
static void retokenize_column(part *p, column *col)
{
    kc_token_row *r = col->rows + p->first, *r2 = col->rows2 + p->first;
    for (size_t i = 0; i < p->n; i++)
        if (r[i].in) r[i].out = p->clear + (r[i].out - p->tokens);
    detokenize_column(p, col);
    for (size_t i = 0; i < p->n; i++) {
        memset(&r2[i], 0, sizeof r2[i]);
        if (!r[i].in || r[i].status != KC_OK || col->problem[p->first + i]) continue;
        r2[i].in = r[i].out;
        r2[i].in_len = r[i].out_len;
        r2[i].tweak = r[i].tweak;
        r2[i].tweak_len = r[i].tweak_len;
        r2[i].out = p->tokens + (r[i].out - p->clear);
        r2[i].out_cap = r[i].out_cap;
    }
    kc_tokenize_batch(col->t2, r2, p->n, NULL);
    for (size_t i = 0; i < p->n; i++) {
        if (!r2[i].in) continue;
        r[i].out = r2[i].out;
        r[i].out_len = r2[i].out_len;
        r[i].status = r2[i].status;
        r[i].error_pos = r2[i].error_pos;
        r2[i].in = NULL;
    }
}

/* A thread's share: unquote, tokenize each column in one batch, then each
 * record by the policy, up to the first that ends the run. */
static void *run_part(void *arg)
{
    part *p = arg;
    job *j = p->j;
    p->out.len = 0;
    p->stop = p->n;
    p->written = p->skipped = 0;
    memset(p->n_col, 0, sizeof p->n_col);
    memset(p->vused, 0, sizeof p->vused);
    if (prepare(p)) { p->oom = 1; return NULL; }
    for (size_t c = 0; c < j->ncols; c++) {
        if (j->encrypt == MODE_RETOKENIZE) retokenize_column(p, &j->cols[c]);
        else if (j->encrypt == MODE_TOKENIZE) kc_tokenize_batch(j->cols[c].t, j->cols[c].rows + p->first, p->n, NULL);
        else detokenize_column(p, &j->cols[c]);
    }
    if (p->clear) kc_wipe(p->clear, p->tused);   /* the clear values live no longer than this */
    for (size_t i = 0; i < p->n; i++) {
        size_t k = p->first + i;
        const char *rec = p->buf + j->rec_start[k];
        int act[KC_CLI_MAX_COLUMNS + 1] = { 0 }, any_bad = 0;
        if (j->rec_err[k].code) {
            if (j->policy == ON_ERROR_SKIP) { p->skipped++; continue; }
            p->stop = i;
            p->stop_col = STOP_RECORD;
            break;
        }
        size_t bad_col = 0;
        for (size_t c = 0; p->conv_out && c < j->ncols; c++) {   /* a token the output encoding cannot hold */
            kc_token_row *r = &j->cols[c].rows[k];
            if (!r->in || r->status != KC_OK || j->cols[c].problem[k]) continue;
            p->scratch.len = 0;
            if (enc_convert(p->conv_out, r->out, r->out_len, &p->scratch, NULL)) j->cols[c].problem[k] = PROBLEM_ENCODING;
        }
        for (size_t c = 0; !j->blank[k] && c < j->ncols; c++) {
            if (value_bad(j, c, k)) {
                if (!any_bad) bad_col = c;
                any_bad = 1;
                act[c] = j->policy == ON_ERROR_NULL ? 2 : 0;
            } else act[c] = j->cols[c].rows[k].in ? 1 : 0;
        }
        if (any_bad && j->policy == ON_ERROR_FAIL) { p->stop = i; p->stop_col = bad_col; break; }
        if (any_bad && j->policy == ON_ERROR_SKIP) { p->skipped++; continue; }
        act[j->ncols] = j->vidx != SIZE_MAX && j->encrypt != MODE_DETOKENIZE && j->version_out && !j->blank[k];   /* the version used */
        size_t mark = p->out.len;
        if (write_record(j, &p->out, rec, j->rec_len[k], k, act)) {   /* TSV: a token it cannot hold */
            p->stop = i;
            p->stop_col = STOP_TSV;
            break;
        }
        if (p->conv_out) {                        /* the record in the output encoding, or nothing */
            p->scratch.len = 0;
            int bad = enc_convert(p->conv_out, p->out.buf + mark, p->out.len - mark, &p->scratch, NULL);
            p->out.len = mark;
            if (bad) { p->stop = i; p->stop_col = STOP_ENCODING; break; }
            table_put(&p->out, p->scratch.buf, p->scratch.len);
        }
        p->written++;
        for (size_t c = 0; c < j->ncols; c++) {
            if (act[c] == 1) p->n_col[c].tokenized++, p->n_col[c].untweaked += j->untweaked[k];
            else if (act[c] == 2) p->n_col[c].emptied++;
            else if (!j->blank[k] && value_bad(j, c, k)) p->n_col[c].kept++;
        }
    }
    p->oom = p->out.failed || p->scratch.failed;
    return NULL;
}

/* UTF-8 was assumed and the record is not, but reads as CP949: say so. */
static const char *cp949_hint(const job *j, const char *rec, size_t len)
{
    return !j->conv && enc_looks_cp949(rec, len)
           ? "; the input is not UTF-8 but reads as CP949 (Korean Excel): try --encoding cp949" : "";
}

static double seconds(const job *j)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - j->t0.tv_sec) + (double)(now.tv_nsec - j->t0.tv_nsec) / 1e9;
}

/* One progress line on stderr, at most 4 times a second (and once at the end):
 * rows, rate, and with a known input size the percent and time left. */
static void progress(job *j, int last)
{
    if (!j->progress) return;
    double t = seconds(j);
    if (!last && t - j->last < 0.25) return;
    j->last = t;
    double dt = t > 1e-3 ? t : 1e-3, mbs = (double)j->consumed / 1e6 / dt;
    char line[160];
    int n = snprintf(line, sizeof line, "%llu rows, %.0f rows/s, %.1f MB/s", j->read, (double)j->read / dt, mbs);
    if (j->size > 0 && n > 0 && (size_t)n < sizeof line) {
        double done = (double)j->consumed / (double)j->size;
        if (done > 1) done = 1;
        double left = j->consumed ? t * (1 - done) / (done > 0 ? done : 1) : 0;
        snprintf(line + n, sizeof line - (size_t)n, ", %.0f s left", left);
        fprintf(stderr, "\rkcipher: %5.1f%%, %s ", 100 * done, line);
    } else fprintf(stderr, "\rkcipher: %s ", line);
    j->shown = 1;
}

static void progress_clear(job *j)
{
    if (j->shown) fprintf(stderr, "\r%*s\r", 100, "");
    j->shown = 0;
}

/* Tokenizes and writes records [0, n) of buf, the threads taking
 * contiguous shares; writes the records before one that ends the run and
 * reports it. */
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
        j->read += p->stop < p->n ? p->stop + 1 : p->n;
        j->written += p->written;
        j->skipped += p->skipped;
        for (size_t s = 0; s < j->nvers; s++) j->vused[s] += p->vused[s];
        for (size_t c = 0; c < j->ncols; c++) {
            j->cols[c].n.tokenized += p->n_col[c].tokenized;
            j->cols[c].n.emptied += p->n_col[c].emptied;
            j->cols[c].n.kept += p->n_col[c].kept;
            j->cols[c].n.untweaked += p->n_col[c].untweaked;
        }
        if (p->stop < p->n) {             /* the record that ends the run */
            size_t k = p->first + p->stop;
            char what[48], msg[300], full[400];
            progress_clear(j);                    /* the message on a line of its own */
            snprintf(what, sizeof what, "line %lu", j->rec_line[k]);
            if (fflush(stdout)) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
            if (p->stop_col == STOP_RECORD) record_message(j, &j->rec_err[k], msg, sizeof msg);
            else if (p->stop_col == STOP_TSV) snprintf(msg, sizeof msg, "a token holds a tab, CR or LF, which TSV cannot carry");
            else if (p->stop_col == STOP_ENCODING)
                snprintf(msg, sizeof msg, "a character outside the named columns that %s cannot represent",
                         enc_name(j->out_enc));
            else value_message(j, p->stop_col, k, msg, sizeof msg);
            if (p->stop_col < STOP_ENCODING) j->cols[p->stop_col].n.refused++;
            else j->rejected++;
            snprintf(full, sizeof full, "%s%s", msg, cp949_hint(j, buf + j->rec_start[k], j->rec_len[k]));
            return fail(EXIT_CRYPTO, what, full);
        }
    }
    if (ferror(stdout)) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
    return 0;
}

static int header_error(const job *j, const table_error *e, const char *rec, size_t len)
{
    char msg[300];
    const char *hint = cp949_hint(j, rec, len);
    if (e->code == TABLE_MISSING) snprintf(msg, sizeof msg, "no column named %.100s%s", j->names[e->index], hint);
    else if (e->code == TABLE_DUPLICATE) snprintf(msg, sizeof msg, "column %.100s appears twice", j->names[e->index]);
    else snprintf(msg, sizeof msg, "malformed: %s%s", e->why ? e->why : "?", hint);
    return fail(EXIT_USAGE, "header", msg);
}

/* Header bytes (UTF-8) out, in the output encoding. */
static int write_text(job *j, const char *s, size_t n)
{
    part *p = &j->parts[0];                       /* no thread runs now: its converter is free */
    if (p->conv_out) {
        p->scratch.len = 0;
        if (enc_convert(p->conv_out, s, n, &p->scratch, NULL))
            return fail(EXIT_USAGE, "header", p->scratch.failed ? "out of memory" : "a character the output encoding cannot represent");
        s = p->scratch.buf;
        n = p->scratch.len;
    }
    if (n && fwrite(s, 1, n, stdout) != n) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
    return 0;
}

static int stream(job *j)
{
    size_t cap = READ_SIZE, have = 0, start = 0;
    char *buf = malloc(cap);
    if (!buf) return fail(EXIT_CRYPTO, "tokenize", "out of memory");
    int eof = 0, rc = 0, header = j->kind != TABLE_JSONL, first = 1;
    unsigned long long total = 0;                 /* bytes read */
    table_out hdr = { 0 };
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
            total += got;
            if (got == 0) {
                if (ferror(stdin)) { rc = fail(EXIT_CRYPTO, "reading input", strerror(errno)); break; }
                eof = 1;
            }
        }
        if (first && (have >= 3 || eof)) {       /* a UTF-8 byte order mark: written back as it came */
            first = 0;
            if (j->in_enc == ENC_UTF8 && have >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) {
                if (j->out_enc == ENC_UTF8) fwrite(buf, 1, 3, stdout);
                start = 3;
            }
        }
        size_t n = 0;
        unsigned long lines;
        int too_long = 0;
        j->ubuf.len = 0;
        if (j->in_conv && table_reserve(&j->ubuf, 1)) { rc = fail(EXIT_CRYPTO, "tokenize", "out of memory"); break; }
        while (n < CHUNK_ROWS && start < have) {
            size_t len = table_record_length(j->kind, buf + start, have - start, eof, &lines);
            if (!len) { too_long = have - start > j->max_record; break; }
            if (len > j->max_record) { too_long = 1; break; }
            if (header) {                         /* CSV/TSV: the header names the columns */
                table_error e = { TABLE_MALFORMED, 0, NULL };
                const char *h = buf + start;
                size_t hl = len;
                if (j->in_conv) {                 /* the names are matched in UTF-8 */
                    if (enc_convert(j->in_conv, h, hl, &hdr, NULL)) {
                        e.why = j->in_enc == ENC_CP949 ? "not valid CP949" : j->in_enc == ENC_EUCKR
                                ? "not valid EUC-KR" : "not valid UTF-8";
                        rc = header_error(j, &e, h, hl);
                        break;
                    }
                    h = hdr.buf;
                    hl = hdr.len;
                }
                int bad = table_header(j->kind, h, hl, j->names, j->nnames, j->pos, &j->nfields, &e);
                if (bad == TABLE_MISSING && e.index == j->vidx && j->encrypt != MODE_DETOKENIZE) {
                    j->vadd = 1;                  /* a version to write and no such column: added last */
                    bad = table_header(j->kind, h, hl, j->names, j->nnames - 1, j->pos, &j->nfields, &e);
                }
                if (bad) {
                    rc = header_error(j, &e, h, hl);
                    break;
                }
                if (j->vadd) {                    /* the header with the new column's name */
                    size_t ce = line_end(h, hl);
                    table_out *x = &j->hdr_out;
                    x->len = 0;
                    table_put(x, h, ce);
                    table_put(x, j->kind == TABLE_TSV ? "\t" : ",", 1);
                    if (table_write_value(j->kind, x, j->names[j->vidx], strlen(j->names[j->vidx]), 0, 0)) {
                        rc = fail(EXIT_USAGE, "--version-column", "a TSV column name cannot hold a tab or line break");
                        break;
                    }
                    table_put(x, h + ce, hl - ce);
                    if (x->failed) { rc = fail(EXIT_CRYPTO, "tokenize", "out of memory"); break; }
                    h = x->buf;
                    hl = x->len;
                }
                if ((rc = j->conv ? write_text(j, h, hl) : (fwrite(h, 1, hl, stdout), 0))) break;
                header = 0;
            } else if (j->in_conv) {              /* the record in UTF-8, or marked malformed */
                size_t at = j->ubuf.len;
                j->bad_enc[n] = enc_convert(j->in_conv, buf + start, len, &j->ubuf, NULL) != 0;
                if (j->ubuf.failed) { rc = fail(EXIT_CRYPTO, "tokenize", "out of memory"); break; }
                j->rec_start[n] = at;
                j->rec_len[n] = j->ubuf.len - at;
                j->rec_line[n] = j->line;
                n++;
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
        if (n) rc = run_chunk(j, j->in_conv ? j->ubuf.buf : buf, n);
        j->consumed = total - (have - start);
        if (!rc) progress(j, 0);
        if (!rc && too_long) {
            char what[48], msg[120];
            snprintf(what, sizeof what, "line %lu", j->line);
            snprintf(msg, sizeof msg, "record longer than %zu bytes (--max-record-bytes)", j->max_record);
            j->rejected++;
            progress_clear(j);
            rc = fail(EXIT_CRYPTO, what, msg);
        }
        if (eof && start >= have) break;
    }
    if (!rc) progress(j, 1);
    progress_clear(j);
    free_wiped(hdr.buf, hdr.cap);
    free_wiped(buf, cap);
    return rc;
}

/* Under --key-name NAME (per row): the versions that opened values, with
 * their check values ("key cards@1 kcv 0a1b2c, cards@2 kcv ..."). */
static const char *versions_used(const job *j, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = 0;
    for (size_t s = 0; s < j->nvers && n < cap; s++)
        if (j->vused[s])
            n += (size_t)snprintf(buf + n, cap - n, "%s%s@%u kcv %s", n ? ", " : "", j->key_base, j->vers[s], j->vkcv[s]);
    if (!n) snprintf(buf, cap, "%s (no value opened)", j->key_base);
    return buf;
}

/* The summary: one line on stderr, and the same as JSON when asked. */
static int summary(const job *j, const char *json_path, int rc)
{
    char vbuf[2048];
    fprintf(stderr, "kcipher: %s summary: %llu rows read, %llu written, %llu skipped, %llu rejected (--on-error %s)",
            mode_names[j->encrypt], j->read, j->written, j->skipped, j->rejected,
            policy_names[j->policy]);
    for (size_t c = 0; c < j->ncols; c++) {
        const counts *n = &j->cols[c].n;
        fprintf(stderr, "; %s: %llu %s, %llu emptied, %llu kept, %llu refused", j->cols[c].name, n->tokenized,
                done_names[j->encrypt], n->emptied, n->kept, n->refused);
        if (n->untweaked) fprintf(stderr, " (%llu with no --tweak-column value)", n->untweaked);
    }
    if (j->encrypt == MODE_RETOKENIZE && j->per_row)
        fprintf(stderr, "; from key %s; to key %s kcv %s%s\n", versions_used(j, vbuf, sizeof vbuf), j->keys[1].name,
                j->keys[1].kcv, rc ? " (failed)" : "");
    else if (j->encrypt == MODE_RETOKENIZE)
        fprintf(stderr, "; from key %s kcv %s; to key %s kcv %s%s\n", j->keys[0].name, j->keys[0].kcv, j->keys[1].name,
                j->keys[1].kcv, rc ? " (failed)" : "");
    else if (j->per_row) fprintf(stderr, "; key %s%s\n", versions_used(j, vbuf, sizeof vbuf), rc ? " (failed)" : "");
    else fprintf(stderr, "; %s%s\n", key_used(NULL, NULL), rc ? " (failed)" : "");
    if (!json_path) return rc;
    FILE *f = fopen(json_path, "w");
    if (!f) return rc ? rc : fail(EXIT_CRYPTO, json_path, strerror(errno));
    fprintf(f, "{\"command\": \"%s\", \"exit\": %d, \"on_error\": \"%s\", \"rows_read\": %llu, \"rows_written\": %llu, "
            "\"records_skipped\": %llu, \"records_rejected\": %llu, \"columns\": {",
            mode_names[j->encrypt], rc, policy_names[j->policy], j->read, j->written, j->skipped,
            j->rejected);
    const char *key_name, *key_kcv;        /* [A-Za-z0-9._@-] or an option name: no JSON escaping needed */
    key_used(&key_name, &key_kcv);
    for (size_t c = 0; c < j->ncols; c++) {
        const counts *n = &j->cols[c].n;
        table_out name = { 0 };
        table_write_value(TABLE_JSONL, &name, j->cols[c].name, strlen(j->cols[c].name), 1, 0);
        fprintf(f, "%s%.*s: {\"tokenized\": %llu, \"emptied\": %llu, \"kept\": %llu, \"refused\": %llu, "
                "\"untweaked\": %llu}", c ? ", " : "", (int)name.len, name.buf ? name.buf : "\"\"", n->tokenized,
                n->emptied, n->kept, n->refused, n->untweaked);
        table_out_free(&name);
    }
    if (j->per_row) {                      /* the versions that opened values: {"1": {"kcv": ..., "values": N}} */
        fprintf(f, "}, \"%s\": \"%s\", \"%s\": \"\", \"versions\": {", j->encrypt == MODE_RETOKENIZE ? "from_key" : "key",
                j->key_base, j->encrypt == MODE_RETOKENIZE ? "from_kcv" : "kcv");
        for (size_t s = 0, n = 0; s < j->nvers; s++)
            if (j->vused[s])
                fprintf(f, "%s\"%u\": {\"kcv\": \"%s\", \"values\": %llu}", n++ ? ", " : "", j->vers[s], j->vkcv[s],
                        j->vused[s]);
        if (j->encrypt == MODE_RETOKENIZE) fprintf(f, "}, \"key\": \"%s\", \"kcv\": \"%s\"}\n", j->keys[1].name, j->keys[1].kcv);
        else fprintf(f, "}}\n");
    } else if (j->encrypt == MODE_RETOKENIZE)
        fprintf(f, "}, \"from_key\": \"%s\", \"from_kcv\": \"%s\", \"key\": \"%s\", \"kcv\": \"%s\"}\n", j->keys[0].name,
                j->keys[0].kcv, j->keys[1].name, j->keys[1].kcv);
    else fprintf(f, "}, \"key\": \"%s\", \"kcv\": \"%s\"}\n", key_name, key_kcv);
    if (fclose(f)) return rc ? rc : fail(EXIT_CRYPTO, json_path, "write error");
    return rc;
}

/* The options that must hold before any input is read. */
static int check_columns(job *j, const options *o, char names[][128])
{
    for (size_t c = 0; c < o->ncolumns; c++) {
        const char *spec = o->columns[c], *eq = strchr(spec, '=');
        if (!eq || eq == spec || (size_t)(eq - spec) >= 128)
            return fail(EXIT_USAGE, "--column", "expected NAME=FORMAT, e.g. card=card or rrn=kr-rrn");
        memcpy(names[c], spec, (size_t)(eq - spec));
        names[c][eq - spec] = 0;
        char what[200];
        snprintf(what, sizeof what, "--column %.150s", spec);
        for (size_t d = 0; d < c; d++)
            if (!strcmp(names[d], names[c])) return fail(EXIT_USAGE, what, "that column is named twice");
        if (o->tweak_column && !strcmp(o->tweak_column, names[c]))
            return fail(EXIT_USAGE, "--tweak-column",
                        "names a tokenized column: the tweak would differ between tokenize and detokenize");
        j->cols[c].name = j->names[c] = names[c];
        j->cols[c].spec = eq + 1;
    }
    return 0;
}

/* TSV cannot quote: a format whose alphabet holds a tab, CR or LF could
 * write a token that breaks the record. */
static int check_tsv(const char *spec, const char *what)
{
    kc_format f;
    if (kc_format_parse(&f, spec) != KC_OK) return 0;   /* the tokenizer reports it */
    int bad = 0;
    for (uint32_t i = 0; i < f.radix; i++)
        bad |= f.alphabet[i] == '\t' || f.alphabet[i] == '\n' || f.alphabet[i] == '\r';
    for (uint32_t i = 0; i < f.embed_radix; i++)
        bad |= f.embed[i] == '\t' || f.embed[i] == '\n' || f.embed[i] == '\r';
    kc_format_clear(&f);
    return bad ? fail(EXIT_USAGE, what, "the format's alphabet holds a tab, CR or LF, which TSV cannot carry "
                                        "(use --input csv or jsonl)") : 0;
}

/* retokenize's two keys, each as load_key takes one (--from NAME[@V] or
 * --from-key-file F, with --expect-from-kcv; the same for --to), and the
 * cipher each is for: --cipher, else the keyring's.  The same key twice is
 * refused: a run that changes nothing is a mistake. */
static int load_keys(job *j, const options *o, uint8_t *key[2], size_t len[2], const char *cipher[2])
{
    if (o->key || o->key_file || o->key_name || o->expect_kcv)
        return fail(EXIT_USAGE, "retokenize", "the keys are --from NAME[@V] / --from-key-file FILE and --to NAME[@V] / "
                    "--to-key-file FILE (--expect-from-kcv, --expect-to-kcv), not --key, --key-file, --key-name or --expect-kcv");
    const char *src[2][2] = { { o->from, o->from_key_file }, { o->to, o->to_key_file } };
    const char *expect[2] = { o->expect_from_kcv, o->expect_to_kcv }, *opt[2] = { "--from", "--to" };
    for (int i = 0; i < 2; i++) {
        if (!!src[i][0] + !!src[i][1] != 1) {
            char msg[120];
            snprintf(msg, sizeof msg, "give exactly one of %s NAME[@V] and %s-key-file FILE", opt[i], opt[i]);
            return fail(EXIT_USAGE, opt[i], msg);
        }
        if (src[i][1] && !o->cipher) return fail(EXIT_USAGE, "--cipher", "required with a key file");
        options one = *o;
        one.key_name = src[i][0];
        one.key_file = src[i][1];
        one.expect_kcv = expect[i];
        int rc = load_key(&one, &key[i], &len[i]);
        if (rc) return rc;
        const char *name, *kcv;
        key_used(&name, &kcv);
        snprintf(j->keys[i].name, sizeof j->keys[i].name, "%s", src[i][0] ? name : i ? "--to-key-file" : "--from-key-file");
        snprintf(j->keys[i].kcv, sizeof j->keys[i].kcv, "%s", kcv);
        snprintf(j->keys[i].cipher, sizeof j->keys[i].cipher, "%s", o->cipher ? o->cipher : key_used_cipher());
        cipher[i] = j->keys[i].cipher;
    }
    unsigned diff = len[0] != len[1] || strcmp(cipher[0], cipher[1]);
    for (size_t i = 0; !diff && i < len[0]; i++) diff |= key[0][i] ^ key[1][i];
    if (!diff && !j->per_row) return fail(EXIT_USAGE, "--to", "the same key as --from: nothing would change");
    return 0;
}

/* The version of "NAME@V" (0: none), and NAME into base. */
static unsigned ref_version(const char *ref, char *base, size_t cap)
{
    const char *at = ref ? strrchr(ref, '@') : NULL;
    if (base) snprintf(base, cap, "%.*s", at ? (int)(at - ref) : (int)strlen(ref ? ref : ""), ref ? ref : "");
    return at ? (unsigned)strtoul(at + 1, NULL, 10) : 0;
}

/* --key-name NAME (or --from NAME) with versions to read: every version of
 * NAME the keyring still opens (not retired), each key into vkey[]. */
static int load_versions(job *j, const options *o, const char *name, uint8_t **vkey, size_t *vlen,
                         char (*vcipher)[48])
{
    const char *path = o->keyring ? o->keyring : getenv("KCIPHER_KEYRING"), *kek = o->kek ? o->kek : getenv("KCIPHER_KEK");
    if (!path || !*path) return fail(EXIT_USAGE, "--key-name", "needs --keyring PATH or KCIPHER_KEYRING");
    kc_keyring *kr;
    char why[600], ref[KC_KEY_NAME_MAX + 16];
    kc_status st = kc_keyring_open(&kr, path, 0, why, sizeof why);
    if (st != KC_OK) return fail_keyring(st, why);
    if (kek && *kek) st = kc_keyring_set_kek(kr, kek);
    kc_key_info info;
    for (size_t i = 0; st == KC_OK && kc_keyring_list(kr, i, &info) == KC_OK; i++)
        if (!strcmp(info.name, name) && info.state != KC_KEY_RETIRED) {
            if (j->nvers == MAX_VERSIONS) {
                kc_keyring_close(kr);
                return fail(EXIT_USAGE, "--key-name", "more than 64 versions not retired: retire old ones, or name NAME@V");
            }
            j->vers[j->nvers++] = info.version;
        }
    for (size_t s = 0; st == KC_OK && s < j->nvers; s++) {
        snprintf(ref, sizeof ref, "%s@%u", name, j->vers[s]);
        if (!(vkey[s] = malloc(64))) st = KC_ERR_NO_MEMORY;
        else st = kc_keyring_get(kr, ref, vkey[s], 64, &vlen[s], &info);
        if (st != KC_OK) break;
        snprintf(j->vkcv[s], sizeof j->vkcv[s], "%s", info.kcv);
        snprintf(vcipher[s], sizeof vcipher[s], "%s", info.cipher);
        if (o->cipher && strcmp(o->cipher, info.cipher)) {
            char msg[300];
            snprintf(msg, sizeof msg, "key %.70s is a %.47s key, not --cipher %.60s", ref, info.cipher, o->cipher);
            kc_keyring_close(kr);
            return fail(EXIT_USAGE, "--key-name", msg);
        }
    }
    int rc = st == KC_OK ? 0 : fail_keyring(st, kc_keyring_error(kr));
    kc_keyring_close(kr);
    if (!rc && !j->nvers) {
        snprintf(why, sizeof why, "no version of key %.70s that is not retired (kcipher key list)", name);
        rc = fail(EXIT_USAGE, "--key-name", why);
    }
    return rc;
}

int cmd_tokenize(const options *o, int encrypt)
{
    int rc = encrypt == MODE_RETOKENIZE ? check_options(o, FOR_TOKENIZE | FOR_RETOKENIZE, "retokenize")
                                        : check_options(o, FOR_TOKENIZE, mode_names[encrypt]);
    if (rc) return rc;
    if (!o->ncolumns) return fail(EXIT_USAGE, "--column", "required: --column NAME=FORMAT (one or more)");
    if (o->tweak_column && o->tweak_context)
        return fail(EXIT_USAGE, "--tweak-column", "give --tweak-column or --tweak-context, not both");
    job *j = calloc(1, sizeof *j);
    if (!j) return fail(EXIT_CRYPTO, "tokenize", "out of memory");
    j->encrypt = encrypt;
    j->tweak_context = !!o->tweak_context;
    j->max_record = MAX_RECORD_DEFAULT;
    const char *in = o->input ? o->input : "csv", *pol = o->on_error ? o->on_error : "fail";
    j->kind = !strcmp(in, "csv") ? TABLE_CSV : !strcmp(in, "tsv") ? TABLE_TSV : TABLE_JSONL;
    j->policy = !strcmp(pol, "fail") ? ON_ERROR_FAIL : !strcmp(pol, "null") ? ON_ERROR_NULL
              : !strcmp(pol, "keep") ? ON_ERROR_KEEP : ON_ERROR_SKIP;
    if (strcmp(in, "csv") && strcmp(in, "tsv") && strcmp(in, "jsonl"))
        rc = fail(EXIT_USAGE, "--input", "expected csv, tsv or jsonl");
    else if (strcmp(pol, "fail") && strcmp(pol, "null") && strcmp(pol, "keep") && strcmp(pol, "skip-record"))
        rc = fail(EXIT_USAGE, "--on-error", "expected fail, null, keep or skip-record");
    unsigned long max_record = MAX_RECORD_DEFAULT;
    if (!rc && o->max_record_bytes)
        rc = parse_uint(o->max_record_bytes, 64, 1UL << 30, &max_record, "--max-record-bytes");
    j->max_record = max_record;
    j->in_enc = j->out_enc = ENC_UTF8;
    if (!rc && o->encoding && (j->in_enc = enc_parse(o->encoding)) < 0)
        rc = fail(EXIT_USAGE, "--encoding", "expected utf-8, cp949 (also ms949, uhc) or euc-kr");
    j->out_enc = j->in_enc;
    if (!rc && o->output_encoding && (j->out_enc = enc_parse(o->output_encoding)) < 0)
        rc = fail(EXIT_USAGE, "--output-encoding", "expected utf-8, cp949 (also ms949, uhc) or euc-kr");
    if (!rc && o->progress && o->no_progress)
        rc = fail(EXIT_USAGE, "--progress", "give --progress or --no-progress, not both");
    j->conv = o->encoding || o->output_encoding;
    if (!rc && j->conv && !(j->in_conv = enc_open(ENC_UTF8, j->in_enc)))
        rc = fail(EXIT_USAGE, "--encoding", "this system's iconv cannot convert it");
    /* On a terminal unless told otherwise: never in a pipe or a test's capture. */
    j->progress = o->no_progress ? 0 : o->progress ? 1 : isatty(2);
    struct stat st;
    j->size = fstat(0, &st) == 0 && S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
    clock_gettime(CLOCK_MONOTONIC, &j->t0);
    char names[KC_CLI_MAX_COLUMNS][128];
    if (!rc) rc = check_columns(j, o, names);
    /* --embed-version: each encrypting column's format gets embed-version=alnum (unless it names one). */
    for (size_t c = 0; !rc && c < o->ncolumns; c++) {
        column *col = &j->cols[c];
        char what[200], why[300];
        snprintf(what, sizeof what, "--column %.150s", o->columns[c]);
        if (o->embed_version && kc_format_is_mask(col->spec) == 0 && !strstr(col->spec, "embed-version=")) {
            size_t n = strlen(col->spec) + sizeof ";embed-version=alnum";
            if (!(col->spec_buf = malloc(n))) { rc = fail(EXIT_CRYPTO, "tokenize", "out of memory"); break; }
            snprintf(col->spec_buf, n, "%s;embed-version=alnum", col->spec);
            col->spec = col->spec_buf;
        }
        kc_format f;
        if (kc_format_check(col->spec, why, sizeof why) == KC_ERR_VERSION_ROOM) { rc = fail(EXIT_USAGE, what, why); break; }
        if (kc_format_parse(&f, col->spec) == KC_OK) {
            col->embeds = f.embed != NULL;
            kc_format_clear(&f);
        }
        j->versions |= col->embeds;
        if (o->version_column && (!strcmp(o->version_column, names[c]) ||
                                  (o->tweak_column && !strcmp(o->version_column, o->tweak_column))))
            rc = fail(EXIT_USAGE, "--version-column", "names a tokenized column or the --tweak-column");
    }
    j->versions |= o->version_column != NULL;
    const char *ref = encrypt == MODE_RETOKENIZE ? o->from : o->key_name;
    j->per_row = j->versions && encrypt != MODE_TOKENIZE && ref && !strchr(ref, '@');
    if (!rc && j->per_row && (encrypt == MODE_RETOKENIZE ? o->expect_from_kcv : o->expect_kcv))
        rc = fail(EXIT_USAGE, encrypt == MODE_RETOKENIZE ? "--expect-from-kcv" : "--expect-kcv",
                  "names one key: give NAME@V, or leave it out to open each row's version");
    uint8_t *vkey[MAX_VERSIONS] = { NULL };
    size_t vlen[MAX_VERSIONS] = { 0 };
    char vcipher[MAX_VERSIONS][48];
    const char *env_key = getenv("KCIPHER_KEY");
    if (!rc && j->per_row && encrypt == MODE_DETOKENIZE && (o->key || o->key_file || (env_key && *env_key)))
        rc = fail(EXIT_USAGE, "more than one key", "give only one of --key-name, --key-file, KCIPHER_KEY and --key");
    if (!rc && j->per_row) {
        ref_version(ref, j->key_base, sizeof j->key_base);
        rc = load_versions(j, o, j->key_base, vkey, vlen, vcipher);
    }
    /* Mask columns need no cipher or key, and cannot be detokenized. */
    int encrypted = 0;
    for (size_t c = 0; !rc && c < o->ncolumns; c++) {
        int mask = kc_format_is_mask(j->cols[c].spec) == 1;
        encrypted |= !mask;
        if (mask && encrypt != MODE_TOKENIZE) {
            char what[200];
            snprintf(what, sizeof what, "--column %.150s", o->columns[c]);
            rc = fail(EXIT_USAGE, what, "a masked column cannot be detokenized (masking is irreversible): "
                                        "leave it out of the --column list");
        }
    }
    if (!rc && encrypted && !o->cipher && encrypt != MODE_RETOKENIZE && !o->key_name && !j->per_row)
        rc = fail(EXIT_USAGE, "--cipher", "required (ff1-aes-256, ff3-1-aria-128, fea2-128, ...)");
    uint8_t *keys[2] = { NULL, NULL }, *key = NULL;
    size_t lens[2] = { 0, 0 }, key_len = 0;
    const char *ciphers[2] = { o->cipher, o->cipher };
    if (!rc) rc = check_same_file();
    if (!rc && encrypted && encrypt == MODE_RETOKENIZE) rc = load_keys(j, o, keys, lens, ciphers);
    else if (!rc && encrypted && !j->per_row) rc = load_key(o, &keys[0], &lens[0]);
    if (!rc && encrypted && j->per_row && encrypt != MODE_RETOKENIZE) ciphers[0] = vcipher[0];
    else if (!rc && encrypted && !o->cipher && encrypt != MODE_RETOKENIZE) {   /* --key-name: the version's own cipher */
        kc_name_info ni;
        ciphers[0] = key_used_cipher();
        if (kc_name_find(ciphers[0], &ni) != KC_OK || (ni.kind != KC_NAME_FPE && ni.kind != KC_NAME_FEA)) {
            char msg[200];
            snprintf(msg, sizeof msg, "required: the key is for %.60s, not an FPE cipher (ff1-aes-256, fea2-128, ...)",
                     ciphers[0]);
            rc = fail(EXIT_USAGE, "--cipher", msg);
        }
    }
    key = keys[0];
    key_len = lens[0];
    if (!rc && encrypted && j->versions) {        /* the versions read and written, from the keyring's names */
        const char *in_name = encrypt == MODE_RETOKENIZE ? j->keys[0].name : NULL, *out_name = j->keys[1].name;
        if (encrypt != MODE_RETOKENIZE) key_used(&in_name, NULL);
        if (encrypt == MODE_TOKENIZE) out_name = in_name;
        if (encrypt == MODE_RETOKENIZE || encrypt == MODE_TOKENIZE) j->version_out = ref_version(out_name, NULL, 0);
        if (!j->per_row && encrypt != MODE_TOKENIZE) {
            j->vers[0] = ref_version(in_name, j->key_base, sizeof j->key_base);
            j->nvers = 1;
        }
        if ((encrypt != MODE_DETOKENIZE && !j->version_out) || (!j->per_row && encrypt != MODE_TOKENIZE && !j->vers[0]))
            rc = fail(EXIT_USAGE, o->version_column ? "--version-column" : "--embed-version",
                      "needs keyring keys (--key-name NAME[@V]; retokenize: --from and --to NAME[@V]): "
                      "the keyring's version is what it records");
    }
    for (size_t c = 0; !rc && c < o->ncolumns; c++) {
        column *col = &j->cols[j->ncols++];
        char what[200];
        snprintf(what, sizeof what, "--column %.150s", o->columns[c]);
        unsigned flags = o->allow_small ? KC_FPE_ALLOW_SMALL_DOMAIN : 0;
        kc_status st = KC_OK;
        for (size_t s = 0; j->per_row && s < j->nvers && st == KC_OK; s++) {   /* one tokenizer a version */
            st = kc_tokenizer_new(&col->tv[s], vcipher[s], o->backend, vkey[s], vlen[s], col->spec, flags);
            if (st != KC_OK) rc = fail_setup(st, vcipher[s], vlen[s], what);
            else kc_tokenizer_set_version(col->tv[s], j->vers[s]);   /* above the format's room: no token has it */
        }
        if (j->per_row) col->t = col->tv[0];
        if (rc) break;
        if (!j->per_row) st = kc_tokenizer_new(&col->t, ciphers[0], o->backend, key, key_len, col->spec, flags);
        if (st != KC_OK) { rc = fail_setup(st, ciphers[0], key_len, what); break; }
        if (!j->per_row && j->versions) {
            col->tv[0] = col->t;
            kc_status vs = kc_tokenizer_set_version(col->t, encrypt == MODE_TOKENIZE ? j->version_out : j->vers[0]);
            if (encrypt == MODE_TOKENIZE) st = vs;   /* reading: a version with no room is in no token */
        }
        if (st == KC_OK && encrypt == MODE_RETOKENIZE) {
            st = kc_tokenizer_new(&col->t2, ciphers[1], o->backend, keys[1], lens[1], col->spec, flags);
            if (st != KC_OK) { rc = fail_setup(st, ciphers[1], lens[1], what); break; }
            if (j->versions) st = kc_tokenizer_set_version(col->t2, j->version_out);
            if (!(col->rows2 = calloc(CHUNK_ROWS, sizeof *col->rows2))) { rc = fail(EXIT_CRYPTO, "retokenize", "out of memory"); break; }
        }
        if (st == KC_ERR_VERSION_ROOM) {
            char msg[300];
            snprintf(msg, sizeof msg, "key version %u does not fit: embed-version's alphabet holds versions 1 to %u "
                     "(a larger alphabet: embed-version=CHARS in the format)", j->version_out,
                     kc_tokenizer_format(col->t)->embed_versions);
            rc = fail(EXIT_USAGE, what, msg);
            break;
        }
        if (j->kind == TABLE_TSV && (rc = check_tsv(col->spec, what))) break;
        col->ver = calloc(CHUNK_ROWS, sizeof *col->ver);
        col->rows = calloc(CHUNK_ROWS, sizeof *col->rows);
        col->fields = calloc(CHUNK_ROWS, sizeof *col->fields);
        col->problem = calloc(CHUNK_ROWS, 1);
        if (!col->rows || !col->fields || !col->problem || !col->ver) rc = fail(EXIT_CRYPTO, "tokenize", "out of memory");
    }
    j->nnames = j->ncols;
    j->tidx = j->vidx = SIZE_MAX;
    if (!rc && o->tweak_column) j->names[j->tidx = j->nnames++] = o->tweak_column;
    if (!rc && o->version_column) j->names[j->vidx = j->nnames++] = o->version_column;
    /* The threads are ours: each runs the library on its own share. */
    j->nparts = kc_threads() < MAX_PARTS ? kc_threads() : MAX_PARTS;
    if (!j->nparts) j->nparts = 1;
    if (!rc && kc_set_threads(1) != KC_OK) rc = fail(EXIT_CRYPTO, "tokenize", "cannot set the library's threads");
    for (unsigned i = 0; !rc && j->out_enc != ENC_UTF8 && i < j->nparts; i++)
        if (!(j->parts[i].conv_out = enc_open(j->out_enc, ENC_UTF8)))
            rc = fail(EXIT_USAGE, "--output-encoding", "this system's iconv cannot convert it");
    if (!rc) rc = summary(j, o->summary_json, stream(j));
    for (size_t c = 0; c < KC_CLI_MAX_COLUMNS; c++) {
        for (size_t s = 1; j->per_row && s < j->nvers; s++) kc_tokenizer_free(j->cols[c].tv[s]);
        free(j->cols[c].spec_buf);
        free(j->cols[c].ver);
    }
    for (size_t s = 0; s < MAX_VERSIONS; s++) free_wiped(vkey[s], 64);
    for (size_t c = 0; c < j->ncols; c++) {
        kc_tokenizer_free(j->cols[c].t);
        kc_tokenizer_free(j->cols[c].t2);
        free(j->cols[c].rows);
        free(j->cols[c].rows2);
        free(j->cols[c].fields);
        free(j->cols[c].problem);
    }
    for (unsigned i = 0; i < MAX_PARTS; i++) {
        part *p = &j->parts[i];
        free_wiped(p->out.buf, p->out.cap);
        free_wiped(p->values, p->values_cap);
        free_wiped(p->tokens, p->tokens_cap);
        free_wiped(p->clear, p->clear_cap);
        free_wiped(p->scratch.buf, p->scratch.cap);
        free(p->vrows);
        free(p->vidx);
        free(p->vslot);
        enc_close(p->conv_out);
    }
    free_wiped(j->ubuf.buf, j->ubuf.cap);
    table_out_free(&j->hdr_out);
    enc_close(j->in_conv);
    free_wiped(keys[0], lens[0]);
    free_wiped(keys[1], lens[1]);
    free(j);
    return rc;
}
