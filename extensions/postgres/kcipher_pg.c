/* SPDX-License-Identifier: MIT */
/* kcipher in PostgreSQL: kc_tokenize / kc_detokenize (formatted FPE) and
 * kc_encrypt / kc_decrypt (AEAD).  Keys are never SQL values: key_name
 * names a file in the directory of the kcipher.key_dir setting, read as the
 * CLI's --key-file.  PostgreSQL calls row by row, so each backend keeps the
 * keyed objects it made, per (key_dir, key_name, format, cipher), for the
 * session: a key file changed on disk is seen by new sessions. */
#include "postgres.h"

#include <errno.h>
#include <string.h>

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "kcipher.h"
#include "kc_keyfile.h"

PG_MODULE_MAGIC;

static char *key_dir = NULL;

void _PG_init(void);
void _PG_init(void)
{
    /* SIGHUP: only postgresql.conf (or ALTER SYSTEM) sets it, no session can
     * point it elsewhere. */
    DefineCustomStringVariable("kcipher.key_dir",
                               "Directory of the key files that key_name arguments name.",
                               "Files there hold a key as kcipher --key-file reads it (raw or hex); "
                               "keep it readable by the server's user only.",
                               &key_dir, "", PGC_SIGHUP, 0, NULL, NULL, NULL);
    MarkGUCPrefixReserved("kcipher");
    /* A backend calls row by row on its own thread: no library threads in a
     * PostgreSQL process (and a one-row call through the pool costs ~10x). */
    kc_set_threads(1);
}

/* ---- errors ---------------------------------------------------------------- */

static int sqlstate_for(kc_status st)
{
    switch (st) {
    case KC_ERR_NO_MEMORY: return ERRCODE_OUT_OF_MEMORY;
    case KC_ERR_AUTH: case KC_ERR_INPUT_TOO_SHORT: return ERRCODE_DATA_EXCEPTION;
    default: return ERRCODE_INVALID_PARAMETER_VALUE;   /* a bad value, cipher, format or key */
    }
}

static void kc_fail(kc_status st, const char *what, size_t pos, int has_pos) pg_attribute_noreturn();
static void kc_fail(kc_status st, const char *what, size_t pos, int has_pos)
{
    if (has_pos)
        ereport(ERROR, (errcode(sqlstate_for(st)),
                        errmsg("kcipher: %s: %s at character %zu", what, kc_strerror(st), pos + 1)));
    ereport(ERROR, (errcode(sqlstate_for(st)), errmsg("kcipher: %s: %s", what, kc_strerror(st))));
}

/* ---- keys ---------------------------------------------------------------- */

/* Reads key_dir/name into key; raises the SQL error on any failure. */
static void read_key(const char *name, uint8_t key[KC_KEYFILE_MAX], size_t *len)
{
    char path[MAXPGPATH];
    if (key_dir == NULL || key_dir[0] == 0)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("kcipher: kcipher.key_dir is not set"),
                        errhint("Set kcipher.key_dir in postgresql.conf to the directory of the key files.")));
    if (!kc_keyfile_name_ok(name, strlen(name)))
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("kcipher: key name \"%s\" is not a plain file name", name)));
    if (snprintf(path, sizeof path, "%s/%s", key_dir, name) >= (int)sizeof path)
        ereport(ERROR, (errcode(ERRCODE_NAME_TOO_LONG), errmsg("kcipher: key path too long")));
    kc_keyfile_status st = kc_keyfile_read(path, key, len);
    if (st == KC_KEYFILE_ERRNO)
        ereport(ERROR, (errcode_for_file_access(),
                        errmsg("kcipher: could not read key \"%s\": %m", name)));
    if (st != KC_KEYFILE_OK)
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                        errmsg("kcipher: key \"%s\": %s", name, kc_keyfile_strerror(st))));
}

/* ---- the per-backend cache of keyed objects --------------------------------- */

#define CACHE_MAX 16

typedef struct entry {
    char *dir, *name, *format, *cipher;   /* format NULL: an AEAD */
    kc_tokenizer *tok;
    kc_aead *aead;
    struct entry *next;
} entry;

static entry *cache;

static int same(const char *a, const char *b) { return (a == NULL) == (b == NULL) && (!a || !strcmp(a, b)); }

static void entry_free(entry *e)
{
    kc_tokenizer_free(e->tok);
    kc_aead_free(e->aead);
    pfree(e->dir); pfree(e->name); pfree(e->cipher);
    if (e->format) pfree(e->format);
    pfree(e);
}

/* The entry for these arguments, made on first use (most recent first; the
 * least recently used one goes past CACHE_MAX). */
static entry *lookup(const char *name, const char *format, const char *cipher)
{
    entry **pp = &cache, *e;
    int n = 0;
    const char *dir = key_dir ? key_dir : "";
    for (; (e = *pp) != NULL; pp = &e->next, n++)
        if (!strcmp(e->name, name) && !strcmp(e->dir, dir) && same(e->format, format) && !strcmp(e->cipher, cipher)) {
            *pp = e->next;                 /* move to front */
            e->next = cache;
            cache = e;
            return e;
        }

    uint8_t key[KC_KEYFILE_MAX];
    size_t key_len;
    char def[32];
    read_key(name, key, &key_len);
    const char *use = cipher;
    if (!*cipher && format) {              /* default: FF1 over AES of the key's length */
        if (key_len != 16 && key_len != 24 && key_len != 32) {
            kc_wipe(key, sizeof key);
            kc_fail(KC_ERR_KEY_LENGTH, name, 0, 0);
        }
        snprintf(def, sizeof def, "ff1-aes-%zu", key_len * 8);
        use = def;
    }
    kc_tokenizer *tok = NULL;
    kc_aead *aead = NULL;
    kc_status st = format ? kc_tokenizer_new(&tok, use, NULL, key, key_len, format, 0)
                          : kc_aead_new(&aead, use, NULL, key, key_len);
    kc_wipe(key, sizeof key);
    char why[256];
    if (st == KC_ERR_FORMAT_SPEC && kc_format_check(format, why, sizeof why) == KC_ERR_FORMAT_SPEC && why[0])
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("kcipher: format \"%s\": %s", format, why)));
    if (st != KC_OK) {
        char what[160];
        snprintf(what, sizeof what, "%s \"%s\"%s%s", format ? "format" : "cipher", format ? format : use,
                 format ? " with cipher " : "", format ? use : "");
        kc_fail(st, what, 0, 0);
    }

    MemoryContext old = MemoryContextSwitchTo(TopMemoryContext);
    e = palloc0(sizeof *e);
    e->dir = pstrdup(dir);
    e->name = pstrdup(name);
    e->format = format ? pstrdup(format) : NULL;
    e->cipher = pstrdup(cipher);
    MemoryContextSwitchTo(old);
    e->tok = tok;
    e->aead = aead;
    e->next = cache;
    cache = e;
    if (n >= CACHE_MAX) {                  /* drop the last */
        entry *p = cache;
        while (p->next->next) p = p->next;
        entry_free(p->next);
        p->next = NULL;
    }
    return e;
}

/* ---- tokenization ---------------------------------------------------------- */

/* kc_(de)tokenize(value text, format text, key_name text, cipher text, tweak text).
 * '' gives '' (the library's empty token); NULL gives NULL (STRICT). */
static Datum tokenize(FunctionCallInfo fcinfo, int encrypt)
{
    text *value = PG_GETARG_TEXT_PP(0);
    char *format = text_to_cstring(PG_GETARG_TEXT_PP(1));
    char *name = text_to_cstring(PG_GETARG_TEXT_PP(2));
    char *cipher = PG_NARGS() > 3 ? text_to_cstring(PG_GETARG_TEXT_PP(3)) : pstrdup("");
    text *tweak = PG_NARGS() > 4 ? PG_GETARG_TEXT_PP(4) : NULL;
    entry *e = lookup(name, format, cipher);

    size_t in_len = VARSIZE_ANY_EXHDR(value), out_len = 0, pos = 0;
    size_t cap = 4 * in_len + 4;           /* a character is at most 4 bytes of UTF-8 */
    text *out = palloc(VARHDRSZ + cap);
    kc_status st = (encrypt ? kc_tokenize : kc_detokenize)(
        e->tok, VARDATA(out), cap, &out_len, VARDATA_ANY(value), in_len,
        tweak ? (const uint8_t *)VARDATA_ANY(tweak) : NULL, tweak ? VARSIZE_ANY_EXHDR(tweak) : 0, &pos);
    if (st != KC_OK) {
        char what[160];
        snprintf(what, sizeof what, "value does not %s in format \"%s\"", encrypt ? "tokenize" : "detokenize", format);
        kc_fail(st, what, pos, st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT);
    }
    SET_VARSIZE(out, VARHDRSZ + out_len);
    PG_RETURN_TEXT_P(out);
}

PG_FUNCTION_INFO_V1(kc_tokenize_pg);
Datum kc_tokenize_pg(PG_FUNCTION_ARGS) { return tokenize(fcinfo, 1); }

PG_FUNCTION_INFO_V1(kc_detokenize_pg);
Datum kc_detokenize_pg(PG_FUNCTION_ARGS) { return tokenize(fcinfo, 0); }

/* ---- AEAD: nonce || ciphertext || tag ------------------------------------------ */

/* kc_encrypt(data bytea, cipher text, key_name text, ad bytea) */
PG_FUNCTION_INFO_V1(kc_encrypt_pg);
Datum kc_encrypt_pg(PG_FUNCTION_ARGS)
{
    bytea *data = PG_GETARG_BYTEA_PP(0);
    char *cipher = text_to_cstring(PG_GETARG_TEXT_PP(1));
    char *name = text_to_cstring(PG_GETARG_TEXT_PP(2));
    bytea *ad = PG_NARGS() > 3 ? PG_GETARG_BYTEA_PP(3) : NULL;
    entry *e = lookup(name, NULL, cipher);
    size_t nlen = kc_aead_nonce_size(e->aead), tlen = kc_aead_tag_size(e->aead);
    size_t in_len = VARSIZE_ANY_EXHDR(data), out_len = 0;
    size_t cap = nlen + in_len + tlen;
    bytea *out = palloc(VARHDRSZ + cap);
    uint8_t *p = (uint8_t *)VARDATA(out);
    /* A random nonce per message: safe for up to about 2^32 messages per key. */
    if (!pg_strong_random(p, nlen))
        ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("kcipher: could not generate a random nonce")));
    kc_status st = kc_aead_encrypt(e->aead, p + nlen, cap - nlen, &out_len, p, nlen,
                                   ad ? (const uint8_t *)VARDATA_ANY(ad) : NULL, ad ? VARSIZE_ANY_EXHDR(ad) : 0,
                                   (const uint8_t *)VARDATA_ANY(data), in_len);
    if (st != KC_OK) kc_fail(st, cipher, 0, 0);
    SET_VARSIZE(out, VARHDRSZ + nlen + out_len);
    PG_RETURN_BYTEA_P(out);
}

/* kc_decrypt(data bytea, cipher text, key_name text, ad bytea) */
PG_FUNCTION_INFO_V1(kc_decrypt_pg);
Datum kc_decrypt_pg(PG_FUNCTION_ARGS)
{
    bytea *data = PG_GETARG_BYTEA_PP(0);
    char *cipher = text_to_cstring(PG_GETARG_TEXT_PP(1));
    char *name = text_to_cstring(PG_GETARG_TEXT_PP(2));
    bytea *ad = PG_NARGS() > 3 ? PG_GETARG_BYTEA_PP(3) : NULL;
    entry *e = lookup(name, NULL, cipher);
    size_t nlen = kc_aead_nonce_size(e->aead), tlen = kc_aead_tag_size(e->aead);
    size_t in_len = VARSIZE_ANY_EXHDR(data), out_len = 0;
    const uint8_t *p = (const uint8_t *)VARDATA_ANY(data);
    if (in_len < nlen + tlen) kc_fail(KC_ERR_INPUT_TOO_SHORT, cipher, 0, 0);
    bytea *out = palloc(VARHDRSZ + in_len - nlen - tlen + 1);
    kc_status st = kc_aead_decrypt(e->aead, (uint8_t *)VARDATA(out), in_len - nlen - tlen + 1, &out_len, p, nlen,
                                   ad ? (const uint8_t *)VARDATA_ANY(ad) : NULL, ad ? VARSIZE_ANY_EXHDR(ad) : 0,
                                   p + nlen, in_len - nlen);
    if (st != KC_OK) kc_fail(st, cipher, 0, 0);
    SET_VARSIZE(out, VARHDRSZ + out_len);
    PG_RETURN_BYTEA_P(out);
}
