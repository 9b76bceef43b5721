/* SPDX-License-Identifier: MIT */
/* kc_tokenize_arrow on hand-built Arrow arrays: a sliced column with nulls
 * and bad values, a tweak column, 32- and 64-bit offsets, a Unicode
 * alphabet of mixed UTF-8 widths, every on_error policy, each row equal to
 * kc_tokenize of the same value, and the errors. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "kcipher_arrow.h"

static const uint8_t KEY[16] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6 };

/* A column of n strings (NULL = null) as an Arrow array; wide: 64-bit offsets. */
typedef struct column {
    struct ArrowSchema schema;
    struct ArrowArray array;
    const void *buffers[3];
    uint8_t validity[64];
    int32_t off32[512];
    int64_t off64[512];
    char data[8192];
} column;

static void build(column *c, const char *const *v, size_t n, int wide, int binary, int64_t offset)
{
    memset(c, 0, sizeof *c);
    int64_t pos = 0, nulls = 0;
    for (size_t k = 0; k < n; k++) {
        c->off32[k] = (int32_t)pos;
        c->off64[k] = pos;
        if (v[k]) {
            memcpy(c->data + pos, v[k], strlen(v[k]));
            pos += (int64_t)strlen(v[k]);
            c->validity[k / 8] |= (uint8_t)(1u << (k % 8));
        } else {
            nulls++;
        }
    }
    c->off32[n] = (int32_t)pos;
    c->off64[n] = pos;
    c->schema.format = binary ? (wide ? "Z" : "z") : (wide ? "U" : "u");
    c->buffers[0] = c->validity;
    c->buffers[1] = wide ? (const void *)c->off64 : (const void *)c->off32;
    c->buffers[2] = c->data;
    c->array.length = (int64_t)n - offset;
    c->array.offset = offset;
    c->array.null_count = nulls;
    c->array.n_buffers = 3;
    c->array.buffers = c->buffers;
}

/* Row k of an output array, or NULL for a null. */
static const char *row(const struct ArrowSchema *s, const struct ArrowArray *a, int64_t k, size_t *len)
{
    const uint8_t *valid = a->buffers[0];
    if (valid && !(valid[k / 8] >> (k % 8) & 1)) return NULL;
    int64_t b, e;
    if (!strcmp(s->format, "U")) { b = ((const int64_t *)a->buffers[1])[k]; e = ((const int64_t *)a->buffers[1])[k + 1]; }
    else { b = ((const int32_t *)a->buffers[1])[k]; e = ((const int32_t *)a->buffers[1])[k + 1]; }
    *len = (size_t)(e - b);
    return (const char *)a->buffers[2] + b;
}

static void check_column(const char *format, const char *const *values, const char *const *tweaks, size_t n,
                         int wide, int64_t offset)
{
    kc_tokenizer *t;
    if (!tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, format, 0), KC_OK, "%s", format)) return;
    static column in, tw;
    build(&in, values, n, wide, 0, offset);
    if (tweaks) build(&tw, tweaks, n, wide, 1, offset);
    for (int policy = KC_ON_ERROR_FAIL; policy <= KC_ON_ERROR_KEEP; policy++) {
        struct ArrowSchema os;
        struct ArrowArray oa;
        int64_t bad = 99;
        kc_status st = kc_tokenize_arrow(t, 1, &in.schema, &in.array, tweaks ? &tw.schema : NULL,
                                         tweaks ? &tw.array : NULL, (kc_on_error)policy, &os, &oa, &bad);
        /* The expected rows, one kc_tokenize each. */
        int64_t want_bad = -1;
        for (size_t k = (size_t)offset; k < n && want_bad < 0; k++) {
            char tok[256];
            size_t len;
            if (values[k] && kc_tokenize(t, tok, sizeof tok, &len, values[k], strlen(values[k]),
                                         (const uint8_t *)(tweaks && tweaks[k] ? tweaks[k] : ""),
                                         tweaks && tweaks[k] ? strlen(tweaks[k]) : 0, NULL) != KC_OK)
                want_bad = (int64_t)(k - (size_t)offset);
        }
        TL_CHECK(bad == want_bad, "%s policy %d: first bad %lld, want %lld", format, policy, (long long)bad,
                 (long long)want_bad);
        if (policy == KC_ON_ERROR_FAIL && want_bad >= 0) {
            TL_CHECK(st != KC_OK, "%s: FAIL policy with a bad row succeeded", format);
            continue;
        }
        if (!tl_check_status(st, KC_OK, "%s policy %d", format, policy)) continue;
        TL_CHECK(oa.length == (int64_t)n - offset && oa.release && os.release, "%s: output shape", format);
        for (size_t k = (size_t)offset; k < n; k++) {
            size_t len = 0, got_len = 0;
            char tok[256];
            const char *got = row(&os, &oa, (int64_t)(k - (size_t)offset), &got_len);
            kc_status s1 = values[k] ? kc_tokenize(t, tok, sizeof tok, &len, values[k], strlen(values[k]),
                                                   (const uint8_t *)(tweaks && tweaks[k] ? tweaks[k] : ""),
                                                   tweaks && tweaks[k] ? strlen(tweaks[k]) : 0, NULL)
                                     : KC_OK;
            if (!values[k] || (s1 != KC_OK && policy == KC_ON_ERROR_NULL)) {
                TL_CHECK(got == NULL, "%s row %zu: want null", format, k);
            } else if (s1 != KC_OK) {
                TL_CHECK(got && got_len == strlen(values[k]) && !memcmp(got, values[k], got_len),
                         "%s row %zu: KEEP", format, k);
            } else {
                TL_CHECK(got && got_len == len && !memcmp(got, tok, len), "%s row %zu: %.*s want %.*s", format, k,
                         (int)got_len, got ? got : "", (int)len, tok);
            }
        }
        /* And back. */
        struct ArrowSchema bs;
        struct ArrowArray ba;
        if (policy == KC_ON_ERROR_NULL &&
            tl_check_status(kc_tokenize_arrow(t, 0, &os, &oa, tweaks ? &tw.schema : NULL, tweaks ? &tw.array : NULL,
                                              KC_ON_ERROR_FAIL, &bs, &ba, &bad), KC_OK, "%s detokenize", format)) {
            for (size_t k = (size_t)offset; k < n; k++) {
                size_t len;
                const char *got = row(&bs, &ba, (int64_t)(k - (size_t)offset), &len);
                if (got) TL_CHECK(values[k] && len == strlen(values[k]) && !memcmp(got, values[k], len),
                                  "%s row %zu: detokenized %.*s", format, k, (int)len, got);
            }
            ba.release(&ba);
            bs.release(&bs);
            TL_CHECK(ba.release == NULL, "released");
        }
        oa.release(&oa);
        os.release(&os);
    }
    kc_tokenizer_free(t);
}

static void test_columns(void)
{
    static const char *cards[] = { "4111-1111-1111-1111", NULL, "5500 0000 0000 0004", "4111111111111111",
                                   "4111-1111-1111-111x", "", NULL, "4000 1234 5678 9010 123",
                                   "6011000990139424", "3530111333300000" };
    static const char *ctx[] = { "a", "b", NULL, "users.card", "", "x", "y", "z", "a", "a" };
    size_t n = sizeof cards / sizeof cards[0];
    check_column("card", cards, NULL, n, 0, 0);
    check_column("card", cards, ctx, n, 1, 0);
    check_column("card", cards, ctx, n, 0, 3);   /* a slice */
    /* UTF-8 widths 1 and 3: tokens change byte length; 8^7 > 10^6, "abc" is too short */
    static const char *mixed[] = { "a가b나cd다라", "가가가가가가가", NULL, "abcd-abcd", "abc", "dddddddd" };
    check_column("alphabet=abcd가나다라;pass=-", mixed, NULL, 6, 0, 0);
}

static void test_errors(void)
{
    kc_tokenizer *t;
    struct ArrowSchema os;
    struct ArrowArray oa;
    static column in, tw;
    static const char *v[] = { "4111111111111111", "4111111111111112" };
    tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "card", 0), KC_OK, "new");
    build(&in, v, 2, 0, 0, 0);
    build(&tw, v, 1, 0, 1, 0);
    tl_check_status(kc_tokenize_arrow(t, 1, &in.schema, &in.array, &tw.schema, &tw.array, KC_ON_ERROR_FAIL, &os,
                                      &oa, NULL), KC_ERR_LENGTH_MISMATCH, "tweak column length");
    in.schema.format = "i";
    tl_check_status(kc_tokenize_arrow(t, 1, &in.schema, &in.array, NULL, NULL, KC_ON_ERROR_FAIL, &os, &oa, NULL),
                    KC_ERR_WRONG_KIND, "int column");
    in.schema.format = "z";
    tl_check_status(kc_tokenize_arrow(t, 1, &in.schema, &in.array, NULL, NULL, KC_ON_ERROR_FAIL, &os, &oa, NULL),
                    KC_ERR_WRONG_KIND, "binary values");
    in.schema.format = "u";
    tl_check_status(kc_tokenize_arrow(t, 1, &in.schema, &in.array, NULL, NULL, (kc_on_error)7, &os, &oa, NULL),
                    KC_ERR_BAD_MODE, "policy 7");
    tl_check_status(kc_tokenize_arrow(t, 1, &in.schema, &in.array, NULL, NULL, KC_ON_ERROR_FAIL, NULL, &oa, NULL),
                    KC_ERR_NULL, "no output schema");
    kc_tokenizer_free(t);
}

/* Issue 22: an empty string stays an empty string (not null, not an
 * error), a null stays null, under the FAIL policy, both ways. */
static void test_empty(void)
{
    kc_tokenizer *t;
    static column in;
    static const char *v[] = { "", NULL, "4111-1111-1111-1111", "" };
    if (!tl_check_status(kc_tokenizer_new(&t, "ff1-aes-128", NULL, KEY, 16, "card", 0), KC_OK, "new")) return;
    build(&in, v, 4, 0, 0, 0);
    struct ArrowSchema os, bs;
    struct ArrowArray oa, ba;
    int64_t bad = 99;
    if (tl_check_status(kc_tokenize_arrow(t, 1, &in.schema, &in.array, NULL, NULL, KC_ON_ERROR_FAIL, &os, &oa, &bad),
                        KC_OK, "empty values") &&
        tl_check_status(kc_tokenize_arrow(t, 0, &os, &oa, NULL, NULL, KC_ON_ERROR_FAIL, &bs, &ba, &bad), KC_OK,
                        "empty values back")) {
        size_t len = 9;
        TL_CHECK(bad == -1 && oa.null_count == 1, "first bad %lld, nulls %lld", (long long)bad,
                 (long long)oa.null_count);
        for (int64_t k = 0; k < 4; k++) {
            const char *got = row(&os, &oa, k, &len), *back = row(&bs, &ba, k, &len);
            if (!v[k]) TL_CHECK(!got && !back, "row %lld: null", (long long)k);
            else if (!*v[k]) TL_CHECK(got && back && len == 0, "row %lld: empty", (long long)k);
            else TL_CHECK(got && back && len == strlen(v[k]) && !memcmp(back, v[k], len), "row %lld", (long long)k);
        }
        ba.release(&ba);
        bs.release(&bs);
        oa.release(&oa);
        os.release(&os);
    }
    kc_tokenizer_free(t);
}

int main(void)
{
    test_columns();
    test_errors();
    test_empty();
    return tl_finish("arrow");
}
