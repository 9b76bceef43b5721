/* SPDX-License-Identifier: MIT */
/* kc_tokenize_arrow: an Arrow string column in, a new one out, through
 * kc_tokenize_batch.  Tokens are written where their values sit in the
 * input's data buffer (scaled by 4 when the alphabet mixes UTF-8 widths,
 * then packed), so the output is built in one pass with no per-row
 * allocation. */
#include <stdlib.h>
#include <string.h>
#include "kcipher_arrow.h"
#include "fpe/format.h"
#include "fpe/tokenizer.h"

#define ARROW_CHUNK 16384   /* rows per batch call: kc_tokenize_batch still spreads each across threads */

typedef struct column {
    int64_t length, offset;
    const uint8_t *validity;
    const int32_t *off32;
    const int64_t *off64;
    const char *data;
} column;

static kc_status read_column(const struct ArrowSchema *schema, const struct ArrowArray *a, int binary_ok, column *c)
{
    if (!schema || !a || !schema->format || !a->buffers) return KC_ERR_NULL;
    const char *f = schema->format;
    int wide = !strcmp(f, "U") || (binary_ok && !strcmp(f, "Z"));
    if (!wide && strcmp(f, "u") && !(binary_ok && !strcmp(f, "z"))) return KC_ERR_WRONG_KIND;
    if (a->n_buffers != 3 || a->length < 0 || a->offset < 0) return KC_ERR_WRONG_KIND;
    c->length = a->length;
    c->offset = a->offset;
    c->validity = a->null_count ? a->buffers[0] : NULL;
    c->off32 = wide ? NULL : a->buffers[1];
    c->off64 = wide ? a->buffers[1] : NULL;
    c->data = a->buffers[2];
    if ((!c->off32 && !c->off64) || (!c->data && a->length)) return KC_ERR_NULL;
    return KC_OK;
}

static int64_t at(const column *c, int64_t k)
{
    return c->off64 ? c->off64[c->offset + k] : c->off32[c->offset + k];
}

/* Row k: NULL for a null. */
static const char *value(const column *c, int64_t k, size_t *len)
{
    int64_t i = c->offset + k;
    if (c->validity && !(c->validity[i / 8] >> (i % 8) & 1)) { *len = 0; return NULL; }
    *len = (size_t)(at(c, k + 1) - at(c, k));
    return c->data + at(c, k);
}

typedef struct output {
    const void *buffers[3];
    uint8_t *validity;
    void *offsets;
    char *data;
} output;

static void release_array(struct ArrowArray *a)
{
    output *o = a->private_data;
    free(o->validity);
    free(o->offsets);
    free(o->data);
    free(o);
    a->release = NULL;
}

static void release_schema(struct ArrowSchema *s) { s->release = NULL; }

kc_status kc_tokenize_arrow(const kc_tokenizer *t, int encrypt,
                            const struct ArrowSchema *schema, const struct ArrowArray *values,
                            const struct ArrowSchema *tweak_schema, const struct ArrowArray *tweaks,
                            kc_on_error on_error, struct ArrowSchema *out_schema, struct ArrowArray *out,
                            int64_t *first_bad)
{
    int64_t ignored;
    if (!first_bad) first_bad = &ignored;
    *first_bad = -1;
    if (!t || !out_schema || !out) return KC_ERR_NULL;
    if ((unsigned)on_error > KC_ON_ERROR_KEEP) return KC_ERR_BAD_MODE;
    column in, tw = { 0 };
    kc_status st = read_column(schema, values, 0, &in);
    if (st == KC_OK && tweaks) st = read_column(tweak_schema, tweaks, 1, &tw);
    if (st == KC_OK && tweaks && tw.length != in.length) st = KC_ERR_LENGTH_MISMATCH;
    if (st != KC_OK) return st;

    size_t n = (size_t)in.length, scale = kc_tokenizer_format(t)->uniform_width ? 1 : 4;
    int64_t base = n ? at(&in, 0) : 0, bytes = n ? at(&in, in.length) - base : 0;
    size_t chunk = n < ARROW_CHUNK ? n : ARROW_CHUNK;   /* rows reused: no page faults for a row per value */
    kc_token_row *rows = malloc((chunk ? chunk : 1) * sizeof *rows);   /* pointers and lengths: nothing to wipe */
    output *o = calloc(1, sizeof *o);
    if (o) {
        o->data = malloc(bytes ? (size_t)bytes * scale : 1);
        o->validity = calloc(n / 8 + 1, 1);
    }
    int64_t *starts = malloc((n + 1) * sizeof *starts);
    if (!rows || !o || !o->data || !o->validity || !starts) st = KC_ERR_NO_MEMORY;
    int64_t total = 0, nulls = 0;
    for (size_t first = 0; st == KC_OK && first < n; first += chunk) {
        size_t m = n - first < chunk ? n - first : chunk;
        for (size_t i = 0; i < m; i++) {
            kc_token_row *r = &rows[i];
            int64_t k = (int64_t)(first + i);
            *r = (kc_token_row){ .out = o->data + (size_t)(at(&in, k) - base) * scale };
            r->in = value(&in, k, &r->in_len);
            if (tweaks) r->tweak = (const uint8_t *)value(&tw, k, &r->tweak_len);
            r->out_cap = r->in_len * scale;
        }
        size_t bad = SIZE_MAX;
        st = (encrypt ? kc_tokenize_batch : kc_detokenize_batch)(t, rows, m, &bad);
        if (st != KC_OK && st != KC_ERR_NO_MEMORY && bad != SIZE_MAX) {
            if (*first_bad < 0) *first_bad = (int64_t)(first + bad);
            if (on_error != KC_ON_ERROR_FAIL) st = KC_OK;
        }
        /* Pack the rows (never forward of where they were written), mark nulls. */
        for (size_t i = 0; st == KC_OK && i < m; i++) {
            kc_token_row *r = &rows[i];
            size_t k = first + i;
            int failed = r->in && r->status != KC_OK;
            int null = !r->in || (failed && on_error == KC_ON_ERROR_NULL);
            size_t len = null ? 0 : failed ? r->in_len : r->out_len;
            if (!null) memmove(o->data + total, failed ? r->in : r->out, len);   /* KEEP: the value itself */
            starts[k] = total;
            total += (int64_t)len;
            nulls += null;
            if (null) o->validity[k / 8] &= (uint8_t)~(1u << (k % 8));
            else o->validity[k / 8] |= (uint8_t)(1u << (k % 8));
        }
    }
    int wide = schema && !strcmp(schema->format, "U");
    if (st == KC_OK) {
        starts[n] = total;
        wide |= total > INT32_MAX;
        if (wide) {
            o->offsets = starts;
            starts = NULL;
        } else if ((o->offsets = malloc((n + 1) * sizeof(int32_t)))) {
            for (size_t k = 0; k <= n; k++) ((int32_t *)o->offsets)[k] = (int32_t)starts[k];
        } else {
            st = KC_ERR_NO_MEMORY;
        }
    }
    free(starts);
    free(rows);
    if (st != KC_OK) {
        if (o) {
            if (o->data) kc_wipe(o->data, bytes ? (size_t)bytes * scale : 1);
            free(o->data);
            free(o->validity);
            free(o->offsets);
            free(o);
        }
        return st;
    }
    if (!nulls) {
        free(o->validity);
        o->validity = NULL;
    }
    o->buffers[0] = o->validity;
    o->buffers[1] = o->offsets;
    o->buffers[2] = o->data;
    memset(out, 0, sizeof *out);
    out->length = (int64_t)n;
    out->null_count = nulls;
    out->n_buffers = 3;
    out->buffers = o->buffers;
    out->release = release_array;
    out->private_data = o;
    memset(out_schema, 0, sizeof *out_schema);
    out_schema->format = wide ? "U" : "u";
    out_schema->name = "";
    out_schema->flags = ARROW_FLAG_NULLABLE;
    out_schema->release = release_schema;
    return KC_OK;
}
