/* SPDX-License-Identifier: MIT */
/* kcipher in DuckDB, on the C extension API (stable v1.2.0 function table):
 *   kc_tokenize(value, format, key_path [, cipher [, tweak]])
 *   kc_detokenize(value, format, key_path [, cipher [, tweak]])
 *   kc_retokenize(value, format, from_key_path, to_key_path [, cipher [, tweak]])
 *     (a token under one key into the token under another: detokenized into
 *     a buffer wiped before the call returns, tokenized from there)
 * key_path is a key file, or keyring:DIR/NAME[@V] for a keyring's version
 * (README: Keys; wrapped versions unwrap under KCIPHER_KEK if set, else
 * under their recorded source).
 * DuckDB hands over whole vectors (up to 2048 rows); each run of rows that
 * share format, key file and cipher goes to kc_tokenize_batch in one call.
 * The key is read from key_path (as the CLI's --key-file) for every vector,
 * so it is never a literal in the query and a replaced file is seen at once.
 * cipher '' or absent: FF1 over AES of the key's length.  A value '' gives
 * '' and NULL gives NULL; a value that does not fit fails the query with
 * the character position (values are never echoed in messages). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DUCKDB_EXTENSION_NAME kcipher
#include "duckdb_extension.h"
#include "kcipher.h"
#include "kc_keyfile.h"

DUCKDB_EXTENSION_EXTERN

#define MAX_ARGS 6

typedef struct str { const char *p; uint32_t len; } str;

typedef struct chunk {
    idx_t n, nargs;
    duckdb_string_t *col[MAX_ARGS];
    uint64_t *valid[MAX_ARGS];       /* NULL: every row valid */
} chunk;

static int row_valid(const chunk *c, idx_t arg, idx_t row)
{
    return !c->valid[arg] || duckdb_validity_row_is_valid(c->valid[arg], row);
}

static str arg(const chunk *c, idx_t a, idx_t row)
{
    str s = { "", 0 };
    if (a < c->nargs) {
        s.len = duckdb_string_t_length(c->col[a][row]);
        s.p = duckdb_string_t_data(&c->col[a][row]);
    }
    return s;
}

static int str_eq(str a, str b) { return a.len == b.len && !memcmp(a.p, b.p, a.len); }

static char *cstr(str s)
{
    char *p = malloc(s.len + 1u);
    if (p) { memcpy(p, s.p, s.len); p[s.len] = 0; }
    return p;
}

/* The tokenizer for one (format, key_path, cipher); NULL with msg set on error. */
static kc_tokenizer *make_tokenizer(str format, str path, str cipher, char *msg, size_t cap)
{
    char *f = cstr(format), *p = cstr(path), *c = cstr(cipher);
    kc_tokenizer *t = NULL;
    uint8_t key[KC_KEYFILE_MAX];
    size_t key_len = 0;
    char def[KC_NAME_MAX];
    if (!f || !p || !c) { snprintf(msg, cap, "kcipher: out of memory"); goto done; }
    char ring_buf[1024], why[300];
    const char *ring, *ref;
    kc_key_info info;
    kc_name_info ni;
    info.cipher[0] = 0;
    info.version = 0;
    if (kc_ext_keyring_path(p, ring_buf, sizeof ring_buf, &ring, &ref)) {
        kc_status ks = kc_ext_keyring_read(ring, ref, getenv("KCIPHER_KEK"), key, &key_len, &info, why, sizeof why);
        if (ks != KC_OK) {
            snprintf(msg, cap, "kcipher: key '%s': %s%s%s", p, kc_strerror(ks), why[0] ? ": " : "", why);
            goto done;
        }
    } else if (!strncmp(p, "keyring:", 8)) {
        snprintf(msg, cap, "kcipher: key '%s': a keyring key is keyring:DIR/NAME or keyring:DIR/NAME@V", p);
        goto done;
    } else {
        kc_keyfile_status ks = kc_keyfile_read(p, key, &key_len);
        if (ks != KC_KEYFILE_OK) {
            snprintf(msg, cap, "kcipher: key file '%s': %s", p,
                     ks == KC_KEYFILE_ERRNO ? strerror(errno) : kc_keyfile_strerror(ks));
            goto done;
        }
    }
    if (!*c && info.cipher[0] && kc_name_find(info.cipher, &ni) == KC_OK &&
        (ni.kind == KC_NAME_FPE || ni.kind == KC_NAME_FEA)) {
        snprintf(def, sizeof def, "%s", info.cipher);   /* default: the keyring version's own FPE cipher */
    } else if (!*c) {                      /* else FF1 over AES of the key's length */
        if (key_len != 16 && key_len != 24 && key_len != 32) {
            snprintf(msg, cap, "kcipher: key file '%s': %s", p, kc_strerror(KC_ERR_KEY_LENGTH));
            goto done;
        }
        snprintf(def, sizeof def, "ff1-aes-%zu", key_len * 8);
    }
    kc_status st = kc_tokenizer_new(&t, *c ? c : def, NULL, key, key_len, f, 0);
    if (st == KC_OK && info.version) kc_tokenizer_set_version(t, info.version);   /* embed-version= formats */
    why[0] = 0;
    if (st != KC_OK) {
        t = NULL;
        if (st == KC_ERR_FORMAT_SPEC && kc_format_check(f, why, sizeof why) == KC_ERR_FORMAT_SPEC && why[0])
            snprintf(msg, cap, "kcipher: format '%s': %s", f, why);
        else
            snprintf(msg, cap, "kcipher: format '%s', cipher '%s': %s", f, *c ? c : def, kc_strerror(st));
    }
done:
    kc_wipe(key, sizeof key);
    free(f); free(p); free(c);
    return t;
}

/* Rows [lo, hi) share their parameters: one batch call. */
static int run(const chunk *c, int encrypt, idx_t lo, idx_t hi, duckdb_vector out, uint64_t *out_valid,
               char *msg, size_t cap)
{
    kc_tokenizer *t = make_tokenizer(arg(c, 1, lo), arg(c, 2, lo), arg(c, 3, lo), msg, cap);
    if (!t) return -1;
    size_t n = hi - lo, bytes = 0;
    for (idx_t r = lo; r < hi; r++)
        if (row_valid(c, 0, r)) bytes += 4u * duckdb_string_t_length(c->col[0][r]);  /* 4 bytes per character at most */
    kc_token_row *rows = calloc(n, sizeof *rows);
    char *buf = malloc(bytes + 1);
    int rc = 0;
    if (!rows || !buf) { snprintf(msg, cap, "kcipher: out of memory"); rc = -1; goto done; }
    size_t used = 0;
    for (size_t k = 0; k < n; k++) {
        idx_t r = lo + k;
        if (!row_valid(c, 0, r)) continue;     /* in NULL: left null */
        str v = arg(c, 0, r), tw = arg(c, 4, r);
        rows[k] = (kc_token_row){ .in = v.p, .in_len = v.len, .tweak = (const uint8_t *)tw.p,
                                  .tweak_len = tw.len, .out = buf + used, .out_cap = 4u * v.len };
        used += 4u * v.len;
    }
    size_t bad = 0;
    kc_status st = (encrypt ? kc_tokenize_batch : kc_detokenize_batch)(t, rows, n, &bad);
    if (st != KC_OK) {
        if (st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT)
            snprintf(msg, cap, "kcipher: %s: a value does not fit format '%.*s': %s at character %zu",
                     encrypt ? "kc_tokenize" : "kc_detokenize", (int)arg(c, 1, lo).len, arg(c, 1, lo).p,
                     kc_strerror(st), rows[bad].error_pos + 1);
        else
            snprintf(msg, cap, "kcipher: %s: %s", encrypt ? "kc_tokenize" : "kc_detokenize", kc_strerror(st));
        rc = -1;
        goto done;
    }
    for (size_t k = 0; k < n; k++) {
        if (!rows[k].in) duckdb_validity_set_row_invalid(out_valid, lo + k);
        else duckdb_vector_assign_string_element_len(out, lo + k, rows[k].out, rows[k].out_len);
    }
done:
    free(rows);
    free(buf);
    kc_tokenizer_free(t);
    return rc;
}

/* kc_retokenize, rows [lo, hi): detokenized under from_key into clear (wiped
 * before returning), tokenized under to_key from there. */
static int run_retokenize(const chunk *c, idx_t lo, idx_t hi, duckdb_vector out, uint64_t *out_valid,
                          char *msg, size_t cap)
{
    kc_tokenizer *from = make_tokenizer(arg(c, 1, lo), arg(c, 2, lo), arg(c, 4, lo), msg, cap);
    kc_tokenizer *to = from ? make_tokenizer(arg(c, 1, lo), arg(c, 3, lo), arg(c, 4, lo), msg, cap) : NULL;
    size_t n = hi - lo, bytes = 0;
    for (idx_t r = lo; r < hi; r++)
        if (row_valid(c, 0, r)) bytes += 4u * duckdb_string_t_length(c->col[0][r]);
    kc_token_row *rows = calloc(n, sizeof *rows), *rows2 = calloc(n, sizeof *rows2);
    char *clear = malloc(bytes + 1), *buf = malloc(bytes + 1);
    int rc = -1;
    if (!to) goto done;
    if (!rows || !rows2 || !clear || !buf) { snprintf(msg, cap, "kcipher: out of memory"); goto done; }
    size_t used = 0;
    for (size_t k = 0; k < n; k++) {
        idx_t r = lo + k;
        if (!row_valid(c, 0, r)) continue;
        str v = arg(c, 0, r), tw = arg(c, 5, r);
        rows[k] = (kc_token_row){ .in = v.p, .in_len = v.len, .tweak = (const uint8_t *)tw.p,
                                  .tweak_len = tw.len, .out = clear + used, .out_cap = 4u * v.len };
        rows2[k] = (kc_token_row){ .in = clear + used, .tweak = (const uint8_t *)tw.p, .tweak_len = tw.len,
                                   .out = buf + used, .out_cap = 4u * v.len };
        used += 4u * v.len;
    }
    size_t bad = 0;
    kc_status st = kc_detokenize_batch(from, rows, n, &bad);
    const kc_token_row *r = rows;                /* the step that failed */
    if (st == KC_OK) {
        for (size_t k = 0; k < n; k++) rows2[k].in_len = rows[k].out_len;
        st = kc_tokenize_batch(to, rows2, n, &bad);
        r = rows2;
    }
    const char *step = r == rows ? "from_key" : "to_key";
    if (st != KC_OK) {
        if (st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT)
            snprintf(msg, cap, "kcipher: kc_retokenize (%s): a value does not fit format '%.*s': %s at character %zu",
                     step, (int)arg(c, 1, lo).len, arg(c, 1, lo).p, kc_strerror(st), r[bad].error_pos + 1);
        else snprintf(msg, cap, "kcipher: kc_retokenize (%s): %s", step, kc_strerror(st));
        goto done;
    }
    for (size_t k = 0; k < n; k++) {
        if (!rows[k].in) duckdb_validity_set_row_invalid(out_valid, lo + k);
        else duckdb_vector_assign_string_element_len(out, lo + k, rows2[k].out, rows2[k].out_len);
    }
    rc = 0;
done:
    if (clear) kc_wipe(clear, bytes + 1);
    free(clear);
    free(buf);
    free(rows);
    free(rows2);
    kc_tokenizer_free(from);
    kc_tokenizer_free(to);
    return rc;
}

static void tokenize_vectors(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector out)
{
    const int encrypt = *(const int *)duckdb_scalar_function_get_extra_info(info);
    chunk c;
    char msg[512];
    c.n = duckdb_data_chunk_get_size(input);
    c.nargs = duckdb_data_chunk_get_column_count(input);
    for (idx_t a = 0; a < c.nargs && a < MAX_ARGS; a++) {
        duckdb_vector v = duckdb_data_chunk_get_vector(input, a);
        c.col[a] = (duckdb_string_t *)duckdb_vector_get_data(v);
        c.valid[a] = duckdb_vector_get_validity(v);
    }
    duckdb_vector_ensure_validity_writable(out);
    uint64_t *out_valid = duckdb_vector_get_validity(out);
    for (idx_t lo = 0, hi; lo < c.n; lo = hi) {
        int params_ok = 1;
        for (idx_t a = 1; a < c.nargs; a++) params_ok &= row_valid(&c, a, lo);
        if (!params_ok) {                  /* a null parameter: a null result */
            duckdb_validity_set_row_invalid(out_valid, lo);
            hi = lo + 1;
            continue;
        }
        for (hi = lo + 1; hi < c.n; hi++) {
            int same = 1;
            for (idx_t a = 1; a < c.nargs && same; a++)
                same = row_valid(&c, a, hi) && str_eq(arg(&c, a, lo), arg(&c, a, hi));
            if (!same) break;
        }
        if (encrypt == 2 ? run_retokenize(&c, lo, hi, out, out_valid, msg, sizeof msg)
                         : run(&c, encrypt, lo, hi, out, out_valid, msg, sizeof msg)) {
            duckdb_scalar_function_set_error(info, msg);
            return;
        }
    }
}

static const int ENCRYPT = 1, DECRYPT = 0, RETOKENIZE = 2;

static int add_set(duckdb_connection con, const char *name, const int *encrypt)
{
    duckdb_scalar_function_set set = duckdb_create_scalar_function_set(name);
    duckdb_logical_type varchar = duckdb_create_logical_type(DUCKDB_TYPE_VARCHAR);
    int ok = 1;
    for (int nargs = *encrypt == RETOKENIZE ? 4 : 3; nargs <= (*encrypt == RETOKENIZE ? 6 : 5); nargs++) {
        duckdb_scalar_function f = duckdb_create_scalar_function();
        duckdb_scalar_function_set_name(f, name);
        for (int a = 0; a < nargs; a++) duckdb_scalar_function_add_parameter(f, varchar);
        duckdb_scalar_function_set_return_type(f, varchar);
        duckdb_scalar_function_set_function(f, tokenize_vectors);
        duckdb_scalar_function_set_extra_info(f, (void *)encrypt, NULL);
        ok &= duckdb_add_scalar_function_to_set(set, f) == DuckDBSuccess;
        duckdb_destroy_scalar_function(&f);
    }
    ok &= duckdb_register_scalar_function_set(con, set) == DuckDBSuccess;
    duckdb_destroy_logical_type(&varchar);
    duckdb_destroy_scalar_function_set(&set);
    return ok;
}

DUCKDB_EXTENSION_ENTRYPOINT(duckdb_connection connection, duckdb_extension_info info,
                            struct duckdb_extension_access *access)
{
    /* DuckDB already runs the function on each of its threads: the
     * library's own pool (in this copy of the library only) stays off. */
    kc_set_threads(1);
    if (!add_set(connection, "kc_tokenize", &ENCRYPT) || !add_set(connection, "kc_detokenize", &DECRYPT) ||
        !add_set(connection, "kc_retokenize", &RETOKENIZE)) {
        access->set_error(info, "kcipher: could not register the functions");
        return false;
    }
    return true;
}
