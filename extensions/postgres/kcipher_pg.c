/* SPDX-License-Identifier: MIT */
/* kcipher in PostgreSQL: kc_tokenize / kc_detokenize / kc_retokenize
 * (formatted FPE) and kc_encrypt / kc_decrypt (AEAD).  Keys are never SQL
 * values: key_name is "NAME" (the active version) or "NAME@V" of the
 * keyring of the kcipher.keyring setting (README: Keys), or else names a
 * file in the directory of kcipher.key_dir, read as the CLI's --key-file.
 * PostgreSQL calls row by row, so each backend keeps the keyed objects it
 * made, per (keyring or key_dir, key_name, format, cipher): a keyring
 * entry is checked against its key file at most once a second (a rotation
 * or retirement is seen), a key_dir file changed on disk by new sessions. */
#include "postgres.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "kcipher.h"
#include "kc_keyfile.h"

PG_MODULE_MAGIC;

static char *key_dir = NULL, *keyring = NULL, *kek = NULL;

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
    DefineCustomStringVariable("kcipher.keyring",
                               "Keyring directory whose names (NAME or NAME@V) key_name arguments give.",
                               "Made with kcipher key new/rotate; a name it does not hold is looked for in "
                               "kcipher.key_dir.",
                               &keyring, "", PGC_SIGHUP, 0, NULL, NULL, NULL);
    DefineCustomStringVariable("kcipher.kek",
                               "Key-encryption key source for the keyring's wrapped versions (file:, env:, "
                               "cmd:, pkcs11:); empty: each version's recorded source.",
                               NULL, &kek, "", PGC_SIGHUP, GUC_SUPERUSER_ONLY, NULL, NULL, NULL);
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

/* The keyring's file for key_name ("NAME" or "NAME@V"): 1 and its path
 * when kcipher.keyring is set and holds that name. */
static int keyring_file(const char *name, char path[MAXPGPATH], struct stat *st)
{
    size_t n = strcspn(name, "@");
    if (keyring == NULL || keyring[0] == 0 || !kc_keyfile_name_ok(name, n)) return 0;
    if (snprintf(path, MAXPGPATH, "%s/%.*s.key", keyring, (int)n, name) >= MAXPGPATH) return 0;
    return stat(path, st) == 0;
}

/* Reads the key of name (keyring first, then key_dir) into key, the
 * keyring version's cipher into ring_cipher ("" for a key_dir file) and
 * its version into *version (0 for a key_dir file); raises the SQL error
 * on any failure. */
static void read_key(const char *name, uint8_t key[KC_KEYFILE_MAX], size_t *len, char ring_cipher[KC_NAME_MAX],
                     unsigned *version)
{
    char path[MAXPGPATH], why[300];
    struct stat sb;
    ring_cipher[0] = 0;
    *version = 0;
    if (keyring_file(name, path, &sb)) {
        kc_key_info info;
        kc_status st = kc_ext_keyring_read(keyring, name, kek, key, len, &info, why, sizeof why);
        if (st != KC_OK)
            ereport(ERROR, (errcode(st == KC_ERR_KEY_NOT_FOUND ? ERRCODE_UNDEFINED_OBJECT : ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("kcipher: key \"%s\": %s%s%s", name, kc_strerror(st), why[0] ? ": " : "", why)));
        snprintf(ring_cipher, KC_NAME_MAX, "%s", info.cipher);
        *version = info.version;
        return;
    }
    if (key_dir == NULL || key_dir[0] == 0)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("kcipher: no key \"%s\": kcipher.keyring does not hold it and kcipher.key_dir is not set", name),
                        errhint("Set kcipher.keyring (a keyring directory) or kcipher.key_dir (a directory of key "
                                "files) in postgresql.conf.")));
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
    char *dir, *name, *format, *cipher;   /* format NULL: an AEAD; dir: the keyring's or key_dir */
    int from_ring;                         /* the key came from the keyring's file: */
    unsigned version;                      /* the keyring version (0: key_dir) */
    struct timespec mtime;                 /* its modification time */
    time_t checked;                        /* when it was last compared */
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

/* A keyring entry whose key file changed (rotated, retired) since it was
 * made: 1.  Compared at most once a second. */
static int stale(entry *e)
{
    char path[MAXPGPATH];
    struct stat sb;
    time_t now = time(NULL);
    if (!e->from_ring || e->checked == now) return 0;
    e->checked = now;
    if (!keyring_file(e->name, path, &sb)) return 1;
    return sb.st_mtim.tv_sec != e->mtime.tv_sec || sb.st_mtim.tv_nsec != e->mtime.tv_nsec;
}

/* The entry for these arguments, made on first use (most recent first; the
 * least recently used one goes past CACHE_MAX). */
static entry *lookup(const char *name, const char *format, const char *cipher)
{
    entry **pp = &cache, *e;
    int n = 0;
    const char *ring_dir = keyring ? keyring : "", *file_dir = key_dir ? key_dir : "";
    for (; (e = *pp) != NULL; pp = &e->next, n++)
        if (!strcmp(e->name, name) && !strcmp(e->dir, e->from_ring ? ring_dir : file_dir) && same(e->format, format) &&
            !strcmp(e->cipher, cipher)) {
            *pp = e->next;
            if (stale(e)) {                /* made again below */
                entry_free(e);
                n--;
                break;
            }
            e->next = cache;               /* move to front */
            cache = e;
            return e;
        }

    char path[MAXPGPATH];
    struct stat sb;
    int ring = keyring_file(name, path, &sb);
    const char *dir = ring ? ring_dir : file_dir;
    uint8_t key[KC_KEYFILE_MAX];
    size_t key_len;
    char def[32], ring_cipher[KC_NAME_MAX];
    kc_name_info ni;
    unsigned version;
    read_key(name, key, &key_len, ring_cipher, &version);
    const char *use = cipher;
    if (!*cipher && format && ring_cipher[0] && kc_name_find(ring_cipher, &ni) == KC_OK &&
        (ni.kind == KC_NAME_FPE || ni.kind == KC_NAME_FEA)) {
        use = ring_cipher;                 /* default: the keyring version's own FPE cipher */
    } else if (!*cipher && format) {       /* else FF1 over AES of the key's length */
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
    if (st == KC_OK && tok && version && (st = kc_tokenizer_set_version(tok, version)) != KC_OK) {
        kc_tokenizer_free(tok);            /* embed-version= with no room for this version */
        char what[160];
        snprintf(what, sizeof what, "key \"%s\" (version %u) in format \"%s\"", name, version, format);
        kc_fail(st, what, 0, 0);
    }
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
    if (ring) {                            /* the file as it was when the key was read */
        e->from_ring = 1;
        e->mtime = sb.st_mtim;
        e->checked = time(NULL);
    }
    e->tok = tok;
    e->aead = aead;
    e->version = version;
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

/* The tokenizer that opens token: under a keyring name without @V, with a
 * format that embeds the key version (embed-version=), the version the
 * token names (NAME@V, loaded once; retired or unknown: the SQL error);
 * else e's own (a token of another version is then refused). */
static kc_tokenizer *version_tok(entry *e, const char *token, size_t len, const char *format, const char *cipher)
{
    unsigned v;
    char ref[KC_KEY_NAME_MAX + 16];
    if (!e->version || strchr(e->name, '@') ||
        kc_tokenizer_token_version(e->tok, token, len, &v, NULL) != KC_OK || v == e->version)
        return e->tok;                     /* a token whose version cannot be read fails in kc_detokenize */
    snprintf(ref, sizeof ref, "%s@%u", e->name, v);
    return lookup(ref, format, cipher)->tok;
}

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
    kc_tokenizer *tok = encrypt ? e->tok : version_tok(e, VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value), format, cipher);

    size_t in_len = VARSIZE_ANY_EXHDR(value), out_len = 0, pos = 0;
    size_t cap = 4 * in_len + 4;           /* a character is at most 4 bytes of UTF-8 */
    text *out = palloc(VARHDRSZ + cap);
    kc_status st = (encrypt ? kc_tokenize : kc_detokenize)(
        tok, VARDATA(out), cap, &out_len, VARDATA_ANY(value), in_len,
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

/* kc_retokenize(value text, format text, from_key text, to_key text, cipher text, tweak text):
 * the token under from_key becomes the token under to_key; the clear value
 * exists only in a buffer wiped before returning (or raising). */
PG_FUNCTION_INFO_V1(kc_retokenize_pg);
Datum kc_retokenize_pg(PG_FUNCTION_ARGS)
{
    text *value = PG_GETARG_TEXT_PP(0);
    char *format = text_to_cstring(PG_GETARG_TEXT_PP(1));
    char *from = text_to_cstring(PG_GETARG_TEXT_PP(2));
    char *to = text_to_cstring(PG_GETARG_TEXT_PP(3));
    char *cipher = PG_NARGS() > 4 ? text_to_cstring(PG_GETARG_TEXT_PP(4)) : pstrdup("");
    text *tweak = PG_NARGS() > 5 ? PG_GETARG_TEXT_PP(5) : NULL;
    entry *ef = lookup(from, format, cipher);
    kc_tokenizer *tf = ef->tok;
    kc_tokenizer *tt = lookup(to, format, cipher)->tok;   /* ef stays: it is second of at least two */
    tf = version_tok(ef, VARDATA_ANY(value), VARSIZE_ANY_EXHDR(value), format, cipher);   /* from NAME: by version */

    size_t in_len = VARSIZE_ANY_EXHDR(value), mid_len = 0, out_len = 0, pos = 0;
    size_t cap = 4 * in_len + 4;
    const uint8_t *tw = tweak ? (const uint8_t *)VARDATA_ANY(tweak) : NULL;
    size_t tw_len = tweak ? VARSIZE_ANY_EXHDR(tweak) : 0;
    char *mid = palloc(cap);
    text *out = palloc(VARHDRSZ + cap);
    kc_status st = kc_detokenize(tf, mid, cap, &mid_len, VARDATA_ANY(value), in_len, tw, tw_len, &pos);
    if (st == KC_OK) st = kc_tokenize(tt, VARDATA(out), cap, &out_len, mid, mid_len, tw, tw_len, &pos);
    kc_wipe(mid, cap);
    pfree(mid);
    if (st != KC_OK) {
        char what[160];
        snprintf(what, sizeof what, "value does not retokenize in format \"%s\"", format);
        kc_fail(st, what, pos, st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT);
    }
    SET_VARSIZE(out, VARHDRSZ + out_len);
    PG_RETURN_TEXT_P(out);
}

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
    /* A random nonce per message (kc_random: the library's DRBG, reseeded in each
     * forked backend): safe for up to about 2^32 messages per key. */
    if (kc_random(p, nlen) != KC_OK)
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
