/* SPDX-License-Identifier: MIT */
/* Tokenization of formatted text: the format (format.c) picks out the
 * characters to encrypt, an FPE cipher of kc_fpe encrypts them as one
 * numeral string, the format puts them back.  One kc_fpe per number of
 * encrypted characters, made on first use and kept. */
#include <stdlib.h>
#include <string.h>
#include "fpe/format.h"
#include "fpe/tokenizer.h"
#include "core/names.h"
#include "core/sha256.h"
#include "parallel/pool.h"
#if defined(KC_HAVE_PTHREADS)
#include <pthread.h>
#endif

struct kc_tokenizer {
    kc_format fmt;
    char cipher[KC_NAME_MAX], backend[2 * KC_NAME_MAX];   /* as core/names.h: "<backend>/<sub>" */
    kc_cons_id cons;         /* the cipher's construction: FF1, FF3-1, or none (FEA) */
    int has_backend;
    uint8_t key[32];
    size_t key_len;
    unsigned flags;
    unsigned version;        /* kc_tokenizer_set_version; 0: none */
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_t lock;    /* guards by_len */
#endif
    kc_fpe *by_len[KC_CASE_CLASSES][KC_FORMAT_MAX_CHARS + 1];   /* by case class (case=preserve), length */
};

/* The cipher for values of n encrypted characters of case class cls (made once). */
static kc_status fpe_for(kc_tokenizer *t, int cls, size_t n, kc_fpe **out)
{
    kc_status st = KC_OK;
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_lock(&t->lock);
#endif
    if (!t->by_len[cls][n])
        st = kc_fpe_new(&t->by_len[cls][n], t->cipher, t->has_backend ? t->backend : NULL, t->key, t->key_len,
                        kc_format_radix(&t->fmt, cls), n, t->flags & KC_FPE_ALLOW_SMALL_DOMAIN);
    *out = t->by_len[cls][n];
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_unlock(&t->lock);
#endif
    return st;
}

kc_status kc_tokenizer_new(kc_tokenizer **out, const char *cipher, const char *backend,
                           const uint8_t *key, size_t key_len, const char *format, unsigned flags)
{
    if (!out || !format || (!key && key_len)) return KC_ERR_NULL;
    *out = NULL;
    kc_tokenizer *t = calloc(1, sizeof *t);
    if (!t) return KC_ERR_NO_MEMORY;
    kc_status st = kc_format_parse(&t->fmt, format);
    if (st != KC_OK) { free(t); return st; }
    if (t->fmt.mask) {                     /* masking: no cipher, no key */
#if defined(KC_HAVE_PTHREADS)
        pthread_mutex_init(&t->lock, NULL);
#endif
        *out = t;
        return KC_OK;
    }
    st = !cipher ? KC_ERR_NULL : strlen(cipher) >= sizeof t->cipher ? KC_ERR_UNKNOWN_CIPHER
       : backend && strlen(backend) >= sizeof t->backend ? KC_ERR_UNKNOWN_BACKEND
       : key_len > sizeof t->key ? KC_ERR_KEY_LENGTH : KC_OK;
    if (st != KC_OK) { kc_format_clear(&t->fmt); free(t); return st; }
    strcpy(t->cipher, cipher);
    t->cons = kc_name_cons(cipher);
    if (backend) { strcpy(t->backend, backend); t->has_backend = 1; }
    if (key_len) memcpy(t->key, key, key_len);
    t->key_len = key_len;
    t->flags = flags;
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_init(&t->lock, NULL);
#endif
    /* Name, backend and key are checked now, on the smallest safe length. */
    size_t n = 1;
    for (uint64_t d = t->fmt.radix; d < KC_FPE_MIN_DOMAIN; d *= t->fmt.radix) n++;
    kc_fpe *probe;
    st = fpe_for(t, 0, n < 2 ? 2 : n, &probe);
    if (st != KC_OK) { kc_tokenizer_free(t); return st; }
    *out = t;
    return KC_OK;
}

void kc_tokenizer_free(kc_tokenizer *t)
{
    if (!t) return;
    for (size_t i = 0; i <= KC_FORMAT_MAX_CHARS; i++)
        for (int c = 0; c < KC_CASE_CLASSES; c++) kc_fpe_free(t->by_len[c][i]);
    kc_format_clear(&t->fmt);
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_destroy(&t->lock);
#endif
    kc_wipe(t, sizeof *t);
    free(t);
}

/* The cipher's tweak for a context, as kcipher.h says.  FF1 gets 8 bytes:
 * its PRF stays one block per round for halves of up to 7 bytes. */
static size_t derived_tweak_len(const kc_tokenizer *t, const kc_fpe *p)
{
    return t->cons == KC_CONS_FF1 ? 8 : kc_fpe_tweak_size(p);   /* FF3-1: 7; FEA: by n */
}

static size_t derive_tweak(const kc_tokenizer *t, const kc_fpe *p, const uint8_t *context, size_t len,
                           uint8_t out[32])
{
    static const char label[] = "kcipher tokenization tweak";
    uint8_t buf[sizeof label + 256];
    if (len > 256) {            /* long contexts: hashed first */
        kc_sha256(buf + sizeof label, context, len);
        len = 32;
    } else {
        memcpy(buf + sizeof label, context, len);
    }
    memcpy(buf, label, sizeof label);   /* the label's NUL separates it from the context */
    kc_sha256(out, buf, sizeof label + len);
    kc_wipe(buf, sizeof buf);
    size_t size = derived_tweak_len(t, p);
    unsigned bits = 128 - kc_fpe_bits(p);
    if (t->cons == KC_CONS_NONE && size < 16 && size * 8 > bits)   /* FEA-1: a (128 - n)-bit integer */
        out[0] &= (uint8_t)(0xff >> (size * 8 - bits));
    return size;
}

/* ---- many values: rows split, grouped by encrypted length, encrypted
 * together (so kc_fpe batches them), joined back ---- */

#define ROW_CHUNK 256

typedef struct rows_job {
    kc_tokenizer *t;
    int encrypt;
    kc_token_row *rows;
} rows_job;

typedef struct worker {
    kc_split split;
    kc_fpe *fpe[KC_CASE_CLASSES][KC_FORMAT_MAX_CHARS + 1];   /* this worker's view of the cache: no lock after
                                                               the first use */
    size_t nenc[ROW_CHUNK], at[ROW_CHUNK], group[ROW_CHUNK], again[ROW_CHUNK];
    uint8_t cls[ROW_CHUNK];                  /* case class (case=preserve) */
    uint8_t done[ROW_CHUNK];
    uint8_t bytewise[ROW_CHUNK];             /* ASCII in and out, no check digit: joined in place */
    uint16_t *digits, *gathered;             /* a chunk's encrypted characters */
    uint16_t *pos;                           /* and their positions in their values */
    size_t cap;
} worker;

static kc_status grow(worker *w, size_t digits)
{
    if (digits <= w->cap) return KC_OK;
    size_t cap = digits * 2;
    uint16_t *d = realloc(w->digits, cap * sizeof *d), *g, *p;
    if (d) w->digits = d;
    g = d ? realloc(w->gathered, cap * sizeof *g) : NULL;
    if (g) w->gathered = g;
    p = g ? realloc(w->pos, cap * sizeof *p) : NULL;
    if (p) w->pos = p;
    if (!d || !g || !p) return KC_ERR_NO_MEMORY;
    w->cap = cap;
    return KC_OK;
}

/* The effective tweak of a row: derived, raw, or none. */
static size_t row_tweak(const kc_tokenizer *t, const kc_fpe *p, const kc_token_row *r, uint8_t out[32],
                        const uint8_t **tw)
{
    if (!r->tweak_len) { *tw = NULL; return 0; }
    if (t->flags & KC_TOKENIZER_RAW_TWEAK) { *tw = r->tweak; return r->tweak_len; }
    *tw = out;
    return derive_tweak(t, p, r->tweak, r->tweak_len, out);
}

static size_t effective_tweak_len(const kc_tokenizer *t, const kc_fpe *p, const kc_token_row *r)
{
    if (!r->tweak_len) return 0;
    if (t->flags & KC_TOKENIZER_RAW_TWEAK) return r->tweak_len;
    return derived_tweak_len(t, p);
}

/* Encrypts rows idx[0..n) (all of case class cls with `len` encrypted characters and tweaks of tlen bytes). */
static void crypt_once(rows_job *job, worker *w, const size_t *idx, size_t n, int cls, size_t len, size_t tlen)
{
    kc_token_row *rows = job->rows;
    kc_fpe *p = w->fpe[cls][len];
    uint8_t one[32];
    const uint8_t *tw;
    int shared = 1;          /* one tweak for all (e.g. a column's context): kc_fpe's plain batch */
    for (size_t j = 1; j < n && shared; j++)
        shared = rows[idx[j]].tweak == rows[idx[0]].tweak && rows[idx[j]].tweak_len == rows[idx[0]].tweak_len;
    uint8_t *tweaks = NULL;
    if (!shared && tlen && !(tweaks = malloc(n * tlen))) {
        for (size_t j = 0; j < n; j++) rows[idx[j]].status = KC_ERR_NO_MEMORY;
        return;
    }
    for (size_t j = 0; j < n; j++) {
        if (len) memcpy(w->gathered + j * len, w->digits + w->at[idx[j] % ROW_CHUNK], len * sizeof *w->gathered);
        if (!shared && tlen) {
            if (row_tweak(job->t, p, &rows[idx[j]], one, &tw) == tlen && tw) memcpy(tweaks + j * tlen, tw, tlen);
        }
    }
    kc_status st;
    if (shared) {
        row_tweak(job->t, p, &rows[idx[0]], one, &tw);
        st = (job->encrypt ? kc_fpe_encrypt_batch : kc_fpe_decrypt_batch)(p, w->gathered, w->gathered, n, tw, tlen);
    } else {
        st = (job->encrypt ? kc_fpe_encrypt_tweaks : kc_fpe_decrypt_tweaks)(p, w->gathered, w->gathered, n,
                                                                            tweaks, tlen);
    }
    for (size_t j = 0; j < n; j++) {
        if (st != KC_OK) rows[idx[j]].status = st;
        else if (len) memcpy(w->digits + w->at[idx[j] % ROW_CHUNK], w->gathered + j * len, len * sizeof *w->gathered);
    }
    if (tweaks) kc_wipe(tweaks, n * tlen);
    free(tweaks);
    kc_wipe(one, sizeof one);
}

/* As crypt_once, then (case=preserve) cycle walking: the rows whose result
 * left their case class are encrypted again until it is back in it; both
 * directions walk alike, so the walk is a permutation of the class. */
static void crypt_group(rows_job *job, worker *w, const size_t *idx, size_t n, int cls, size_t len, size_t tlen)
{
    crypt_once(job, w, idx, n, cls, len, tlen);
    if (!job->t->fmt.case_preserve || cls == KC_CASE_LOWER) return;
    for (;;) {
        size_t left = 0;
        for (size_t j = 0; j < n; j++)
            if (job->rows[idx[j]].status == KC_OK &&
                !kc_format_in_class(cls, w->digits + w->at[idx[j] % ROW_CHUNK], len))
                w->again[left++] = idx[j];
        if (!left) return;
        crypt_once(job, w, w->again, left, cls, len, tlen);
        idx = w->group;                          /* the next pass looks at the rows just walked */
        memcpy(w->group, w->again, left * sizeof *w->again);
        n = left;
    }
}

static void crypt_chunk(rows_job *job, worker *w, size_t first, size_t n)
{
    kc_tokenizer *t = job->t;
    kc_token_row *rows = job->rows;
    kc_split *s = &w->split;
    size_t used = 0;
    /* Split every row; its encrypted characters go to w->digits. */
    for (size_t k = first; k < first + n; k++) {
        kc_token_row *r = &rows[k];
        r->out_len = 0;
        r->error_pos = 0;
        r->status = KC_OK;
        w->nenc[k % ROW_CHUNK] = SIZE_MAX;
        w->done[k % ROW_CHUNK] = 0;
        if (!r->in || !r->in_len) continue;              /* a null stays null, the empty value empty */
        r->status = kc_format_split_dir(&t->fmt, s, r->in, r->in_len, !job->encrypt, &r->error_pos);
        if (r->status == KC_OK && t->fmt.embed && (!t->version || (!job->encrypt && s->version != t->version))) {
            r->status = KC_ERR_KEY_VERSION;              /* made under another version: not this key's to open */
            r->error_pos = s->enc[0];
            continue;
        }
        if (t->fmt.mask) {                               /* masked by the split; no cipher */
            if (r->status == KC_OK) r->status = kc_format_join_dir(&t->fmt, s, 0, r->out, r->out_cap, &r->out_len);
            if (r->status != KC_OK && r->status != KC_ERR_FORMAT) r->error_pos = s->n;
            continue;
        }
        int cls = s->cls;
        if (r->status == KC_OK && !w->fpe[cls][s->nenc]) r->status = fpe_for(t, cls, s->nenc, &w->fpe[cls][s->nenc]);
        if (r->status == KC_OK && (r->status = grow(w, used + s->nenc)) == KC_OK) {
            for (size_t i = 0; i < s->nenc; i++) {
                w->digits[used + i] = (uint16_t)s->digit[s->enc[i]];
                w->pos[used + i] = s->enc[i];
            }
            w->bytewise[k % ROW_CHUNK] = s->ascii && t->fmt.ascii_alphabet && !t->fmt.check && !t->fmt.case_preserve &&
                                         !t->fmt.embed;
            w->nenc[k % ROW_CHUNK] = s->nenc;
            w->cls[k % ROW_CHUNK] = (uint8_t)cls;
            w->at[k % ROW_CHUNK] = used;
            used += s->nenc;
        } else if (r->status != KC_ERR_FORMAT && r->status != KC_ERR_CHECK_DIGIT) {
            r->error_pos = s->n;                         /* the length is at fault */
        }
    }
    /* Encrypt by groups of one length and one tweak length. */
    for (size_t k = first; k < first + n; k++) {
        size_t len = w->nenc[k % ROW_CHUNK];
        if (len == SIZE_MAX || w->done[k % ROW_CHUNK]) continue;
        int cls = w->cls[k % ROW_CHUNK];
        kc_fpe *p = w->fpe[cls][len];
        size_t tlen = effective_tweak_len(t, p, &rows[k]), count = 0;
        for (size_t j = k; j < first + n; j++)
            if (w->nenc[j % ROW_CHUNK] == len && w->cls[j % ROW_CHUNK] == cls && !w->done[j % ROW_CHUNK] &&
                effective_tweak_len(t, p, &rows[j]) == tlen) {
                w->group[count++] = j;
                w->done[j % ROW_CHUNK] = 1;
            }
        crypt_group(job, w, w->group, count, cls, len, tlen);
    }
    /* Join: the value with its encrypted characters replaced (one byte
     * each), or split again, put them in and encode. */
    for (size_t k = first; k < first + n; k++) {
        kc_token_row *r = &rows[k];
        if (!r->in || !r->in_len || r->status != KC_OK || w->nenc[k % ROW_CHUNK] == SIZE_MAX) continue;
        size_t at = w->at[k % ROW_CHUNK];
        if (w->bytewise[k % ROW_CHUNK]) {
            if (r->in_len > r->out_cap) { r->status = KC_ERR_OUTPUT_TOO_SMALL; continue; }
            memcpy(r->out, r->in, r->in_len);
            for (size_t i = 0; i < w->nenc[k % ROW_CHUNK]; i++)
                r->out[w->pos[at + i]] = (char)t->fmt.alphabet[w->digits[at + i]];
            r->out_len = r->in_len;
            continue;
        }
        size_t pos;
        kc_format_split_dir(&t->fmt, s, r->in, r->in_len, !job->encrypt, &pos);
        for (size_t i = 0; i < s->nenc; i++) s->digit[s->enc[i]] = w->digits[w->at[k % ROW_CHUNK] + i];
        s->version = t->version;                         /* embed-version: written into a token */
        r->status = kc_format_join_dir(&t->fmt, s, !job->encrypt, r->out, r->out_cap, &r->out_len);
    }
    kc_wipe(w->digits, used * sizeof *w->digits);
}

static void rows_share(void *arg, size_t first, size_t n)
{
    rows_job *job = arg;
    worker *w = calloc(1, sizeof *w);
    if (!w || grow(w, 64) != KC_OK || !w->digits || !w->pos) {   /* a card's worth of room from the start */
        for (size_t k = first; k < first + n; k++) job->rows[k].status = KC_ERR_NO_MEMORY;
        if (w) {
            free(w->digits);
            free(w->gathered);
            free(w->pos);
        }
        free(w);
        return;
    }
    for (size_t done = 0; done < n; done += ROW_CHUNK)
        crypt_chunk(job, w, first + done, n - done < ROW_CHUNK ? n - done : ROW_CHUNK);
    kc_wipe(&w->split, sizeof w->split);
    if (w->gathered) kc_wipe(w->gathered, w->cap * sizeof *w->gathered);
    free(w->digits);
    free(w->gathered);
    free(w->pos);
    free(w);
}

static kc_status crypt_rows(const kc_tokenizer *t, int encrypt, kc_token_row *rows, size_t count, size_t *first_bad)
{
    size_t ignored;
    if (!first_bad) first_bad = &ignored;
    *first_bad = SIZE_MAX;
    if (!t || (!rows && count)) return KC_ERR_NULL;
    size_t bytes = 0;
    for (size_t k = 0; k < count; k++) {
        const kc_token_row *r = &rows[k];
        if ((!r->in && r->in_len) || (!r->tweak && r->tweak_len) || (!r->out && r->out_cap)) return KC_ERR_NULL;
        bytes += r->in_len;
    }
    if (t->fmt.mask && !encrypt) {               /* a mask is irreversible: refused whatever the rows hold */
        for (size_t k = 0; k < count; k++) {
            rows[k].status = KC_ERR_WRONG_KIND;
            rows[k].out_len = rows[k].error_pos = 0;
        }
        if (count) *first_bad = 0;
        return KC_ERR_WRONG_KIND;
    }
    rows_job job = { (kc_tokenizer *)t, encrypt, rows };   /* only the cache changes, under its lock */
    kc_parallel_shares(count, bytes * 64, rows_share, &job);   /* ~64 cipher bytes per value byte */
    for (size_t k = 0; k < count; k++)
        if (rows[k].status != KC_OK) {
            *first_bad = k;
            return rows[k].status;
        }
    return KC_OK;
}

kc_status kc_tokenize_batch(const kc_tokenizer *t, kc_token_row *rows, size_t count, size_t *first_bad)
{
    return crypt_rows(t, 1, rows, count, first_bad);
}

kc_status kc_detokenize_batch(const kc_tokenizer *t, kc_token_row *rows, size_t count, size_t *first_bad)
{
    return crypt_rows(t, 0, rows, count, first_bad);
}

static kc_status crypt_one(const kc_tokenizer *t, int encrypt, char *out, size_t out_cap, size_t *out_len,
                           const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len, size_t *error_pos)
{
    if (!out_len || (!in && in_len)) return KC_ERR_NULL;
    static const char empty[1];
    kc_token_row r = { .in = in ? in : empty, .in_len = in_len, .tweak = tweak, .tweak_len = tweak_len,
                       .out = out, .out_cap = out_cap };
    kc_status st = crypt_rows(t, encrypt, &r, 1, NULL);
    *out_len = st == KC_OK ? r.out_len : 0;
    if (error_pos) *error_pos = r.error_pos;
    return st;
}

kc_status kc_tokenize(const kc_tokenizer *t, char *out, size_t out_cap, size_t *out_len,
                      const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len, size_t *error_pos)
{
    return crypt_one(t, 1, out, out_cap, out_len, in, in_len, tweak, tweak_len, error_pos);
}

kc_status kc_detokenize(const kc_tokenizer *t, char *out, size_t out_cap, size_t *out_len,
                        const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len, size_t *error_pos)
{
    return crypt_one(t, 0, out, out_cap, out_len, in, in_len, tweak, tweak_len, error_pos);
}

const kc_format *kc_tokenizer_format(const kc_tokenizer *t) { return &t->fmt; }

kc_status kc_format_check(const char *format, char *why, size_t why_cap)
{
    kc_format f;
    kc_status st = kc_format_parse_why(&f, format, why, why_cap);
    if (st == KC_OK) kc_format_clear(&f);
    return st;
}

int kc_tokenizer_may_output(const kc_tokenizer *t, uint32_t c)
{
    if (!t) return 0;
    if (t->fmt.mask) return c == t->fmt.mask;
    for (uint32_t d = 0; d < t->fmt.radix; d++)
        if (t->fmt.alphabet[d] == c) return 1;
    for (uint32_t d = 0; d < t->fmt.embed_radix; d++)
        if (t->fmt.embed[d] == c) return 1;
    return 0;
}

kc_status kc_tokenizer_set_version(kc_tokenizer *t, unsigned version)
{
    if (!t) return KC_ERR_NULL;
    if (t->fmt.embed && (!version || version > t->fmt.embed_versions)) return KC_ERR_VERSION_ROOM;
    t->version = version;
    return KC_OK;
}

kc_status kc_tokenizer_token_version(const kc_tokenizer *t, const char *token, size_t token_len, unsigned *version,
                                     size_t *error_pos)
{
    size_t ignored;
    if (!error_pos) error_pos = &ignored;
    *error_pos = 0;
    if (!t || !version || (!token && token_len)) return KC_ERR_NULL;
    if (!t->fmt.embed) return KC_ERR_VERSION_ROOM;
    kc_split *s = malloc(sizeof *s);              /* ~12 KB: not on a caller's thread stack */
    if (!s) return KC_ERR_NO_MEMORY;
    kc_status st = kc_format_split_dir(&t->fmt, s, token ? token : "", token_len, 1, error_pos);
    if (st == KC_OK) *version = s->version;
    kc_wipe(s, sizeof *s);
    free(s);
    return st;
}
