/* SPDX-License-Identifier: MIT */
/* Names: the constructions over the cipher table, the parser every
 * constructor uses (core/names.h), and the public list of every name. */
#include <stdio.h>
#include <string.h>
#include "core/names.h"

/* FF1 and FF3-1 over the 128-bit block ciphers named by the standards we follow. */
static const char *const ff_ciphers[] = { "aes-", "aria-", "lea-", "seed-", NULL };
/* CTR_DRBG over the 128-bit block ciphers of SP 800-90A and KCMVP. */
static const char *const drbg_ciphers[] = { "aes-", "aria-", "lea-", "seed-", NULL };

static const kc_construction constructions[] = {
    { .name = "gcm", .id = KC_CONS_GCM, .kind = KC_NAME_AEAD, .blocks = KC_BLOCKS(16) },
    { .name = "ccm", .id = KC_CONS_CCM, .kind = KC_NAME_AEAD, .blocks = KC_BLOCKS(16) },
    { .name = "cmac", .id = KC_CONS_CMAC, .kind = KC_NAME_MAC, .blocks = KC_BLOCKS(8) | KC_BLOCKS(16) },
    { .name = "gmac", .id = KC_CONS_GMAC, .kind = KC_NAME_MAC, .blocks = KC_BLOCKS(16) },
    { .name = "ff1", .id = KC_CONS_FF1, .kind = KC_NAME_FPE, .prefix = 1, .blocks = KC_BLOCKS(16),
      .only = ff_ciphers },
    { .name = "ff3-1", .id = KC_CONS_FF3_1, .kind = KC_NAME_FPE, .prefix = 1, .blocks = KC_BLOCKS(16),
      .only = ff_ciphers },
    { .name = "xts", .id = KC_CONS_XTS, .kind = KC_NAME_XTS, .blocks = KC_BLOCKS(16), .keys = 2 },
    { .name = "ctr-drbg", .id = KC_CONS_CTR_DRBG, .kind = KC_NAME_DRBG, .prefix = 1, .blocks = KC_BLOCKS(16),
      .only = drbg_ciphers },
};
#define NCONS (sizeof constructions / sizeof constructions[0])

/* ---- the hash table: four families (the compression functions), their
 * rows by output length, and the spellings users also write ---- */
extern const kc_hash_backend *const kc_sha256_backends[];
extern const kc_hash_backend *const kc_sha512_backends[];
extern const kc_hash_backend *const kc_lsh256_backends[];
extern const kc_hash_backend *const kc_lsh512_backends[];
#define HASH_FAMILY(var, nm, list) \
    static const kc_family var = { nm, (kc_kind)0, (const void *const *)(list) }
HASH_FAMILY(fam_sha256, "sha256", kc_sha256_backends);
HASH_FAMILY(fam_sha512, "sha512", kc_sha512_backends);
HASH_FAMILY(fam_lsh256, "lsh256", kc_lsh256_backends);
HASH_FAMILY(fam_lsh512, "lsh512", kc_lsh512_backends);

static const kc_hash_entry hashes[] = {
    { "sha-224", &fam_sha256, 224, 28 },      { "sha-256", &fam_sha256, 256, 32 },
    { "sha-384", &fam_sha512, 384, 48 },      { "sha-512", &fam_sha512, 512, 64 },
    { "sha-512-224", &fam_sha512, 224, 28 },  { "sha-512-256", &fam_sha512, 256, 32 },
    { "lsh-256-224", &fam_lsh256, 224, 28 },  { "lsh-256-256", &fam_lsh256, 256, 32 },
    { "lsh-512-224", &fam_lsh512, 224, 28 },  { "lsh-512-256", &fam_lsh512, 256, 32 },
    { "lsh-512-384", &fam_lsh512, 384, 48 },  { "lsh-512-512", &fam_lsh512, 512, 64 },
};
#define NHASHES (sizeof hashes / sizeof hashes[0])

/* The standard's short names and the compact spellings (issue texts,
 * OpenSSL's "sha256"): accepted, never listed. */
static const struct { const char *alias, *name; } hash_aliases[] = {
    { "lsh-256", "lsh-256-256" }, { "lsh-512", "lsh-512-512" },
    { "sha224", "sha-224" }, { "sha256", "sha-256" }, { "sha384", "sha-384" }, { "sha512", "sha-512" },
    { "lsh256", "lsh-256-256" }, { "lsh512", "lsh-512-512" },
};

static const kc_construction hmac_cons = { .name = "hmac", .id = KC_CONS_HMAC, .kind = KC_NAME_MAC, .prefix = 1 };
/* HMAC_DRBG and Hash_DRBG over every hash of the table (SP 800-90A, KCMVP). */
static const kc_construction hash_drbgs[] = {
    { .name = "hmac-drbg", .id = KC_CONS_HMAC_DRBG, .kind = KC_NAME_DRBG, .prefix = 1 },
    { .name = "hash-drbg", .id = KC_CONS_HASH_DRBG, .kind = KC_NAME_DRBG, .prefix = 1 },
};

const kc_hash_entry *kc_name_hash(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; i < sizeof hash_aliases / sizeof hash_aliases[0]; i++)
        if (strcmp(name, hash_aliases[i].alias) == 0) name = hash_aliases[i].name;
    for (size_t i = 0; i < NHASHES; i++)
        if (strcmp(hashes[i].name, name) == 0) return &hashes[i];
    return NULL;
}

static int takes(const kc_construction *c, const kc_cipher_entry *e)
{
    if (!e || e->info.kind != KC_KIND_BLOCK || !(c->blocks & KC_BLOCKS(e->info.block_bytes))) return 0;
    if (!c->only) return 1;
    for (const char *const *p = c->only; *p; p++)
        if (strncmp(e->info.name, *p, strlen(*p)) == 0) return 1;
    return 0;
}

kc_status kc_name_parse(const char *name, kc_name *out)
{
    if (!name || !out) return KC_ERR_NULL;
    memset(out, 0, sizeof *out);
    size_t len = strlen(name);
    if ((out->cipher = kc_registry_cipher(name)) != NULL) {
        out->kind = (kc_name_kind)out->cipher->info.kind;
        return KC_OK;
    }
    if ((out->hash = kc_name_hash(name)) != NULL) {
        out->kind = KC_NAME_HASH;
        return KC_OK;
    }
    for (size_t i = 0; i < 2; i++)
        if (strncmp(name, hash_drbgs[i].name, 9) == 0 && name[9] == '-' && (out->hash = kc_name_hash(name + 10))) {
            out->cons = &hash_drbgs[i];
            out->kind = KC_NAME_DRBG;
            return KC_OK;
        }
    if (strncmp(name, "hmac-", 5) == 0 && (out->hash = kc_name_hash(name + 5)) != NULL) {
        out->cons = &hmac_cons;
        out->kind = KC_NAME_MAC;
        return KC_OK;
    }
    for (size_t i = 0; i < NCONS; i++) {
        const kc_construction *c = &constructions[i];
        size_t n = strlen(c->name);
        const kc_cipher_entry *e = NULL;
        if (len <= n + 1 || len - n - 1 >= KC_NAME_MAX) continue;
        if (c->prefix && strncmp(name, c->name, n) == 0 && name[n] == '-') {
            e = kc_registry_cipher(name + n + 1);
        } else if (!c->prefix && name[len - n - 1] == '-' && strcmp(name + len - n, c->name) == 0) {
            char base[KC_NAME_MAX];
            memcpy(base, name, len - n - 1);
            base[len - n - 1] = '\0';
            e = kc_registry_cipher(base);
        }
        if (e && takes(c, e)) {
            out->cipher = e;
            out->cons = c;
            out->kind = c->kind;
            return KC_OK;
        }
    }
    return KC_ERR_UNKNOWN_CIPHER;
}

kc_cons_id kc_name_cons(const char *name)
{
    kc_name n;
    return kc_name_parse(name, &n) == KC_OK && n.cons ? n.cons->id : KC_CONS_NONE;
}

kc_status kc_name_expect(const char *name, kc_name_kind kind, kc_name *out)
{
    kc_status st = kc_name_parse(name, out);
    return st != KC_OK ? st : out->kind != kind ? KC_ERR_WRONG_KIND : KC_OK;
}

kc_status kc_backend_split(const char *backend, char first[KC_NAME_MAX], const char **sub)
{
    *sub = NULL;
    first[0] = '\0';
    if (!backend) return KC_OK;
    const char *slash = strchr(backend, '/');
    size_t n = slash ? (size_t)(slash - backend) : strlen(backend);
    if (n >= KC_NAME_MAX) return KC_ERR_UNKNOWN_BACKEND;
    memcpy(first, backend, n);
    first[n] = '\0';
    if (slash && slash[1]) *sub = slash + 1;
    return KC_OK;
}

/* ---- public discovery: the cipher table, then each construction over
 * every cipher it takes ---- */

/* The i-th name as (cipher, construction) or (hash, NULL or HMAC); 0 past
 * the end. */
static int name_at(size_t i, const kc_cipher_entry **e, const kc_construction **c, const kc_hash_entry **h)
{
    const kc_cipher_info *info;
    *h = NULL;
    for (size_t k = 0; (info = kc_cipher_at(k)) != NULL; k++)
        if (i-- == 0) {
            *e = kc_registry_cipher(info->name);
            *c = NULL;
            return 1;
        }
    for (size_t j = 0; j < NCONS; j++)
        for (size_t k = 0; (info = kc_cipher_at(k)) != NULL; k++) {
            const kc_cipher_entry *x = kc_registry_cipher(info->name);
            if (takes(&constructions[j], x) && i-- == 0) {
                *e = x;
                *c = &constructions[j];
                return 1;
            }
        }
    *e = NULL;
    for (size_t k = 0; k < 4 * NHASHES; k++)   /* the hashes, HMAC, HMAC_DRBG, Hash_DRBG */
        if (i-- == 0) {
            *h = &hashes[k % NHASHES];
            *c = k < NHASHES ? NULL : k < 2 * NHASHES ? &hmac_cons : &hash_drbgs[k / NHASHES - 2];
            return 1;
        }
    return 0;
}

size_t kc_name_count(void)
{
    size_t n = 0;
    const kc_cipher_entry *e;
    const kc_construction *c;
    const kc_hash_entry *h;
    while (name_at(n, &e, &c, &h)) n++;
    return n;
}

static void fill(kc_name_info *info, const kc_cipher_entry *e, const kc_construction *c, const kc_hash_entry *h)
{
    memset(info, 0, sizeof *info);
    if (h) {   /* a hash (key_bytes 0), or HMAC over it: any key length; listed, the digest's
                * length (RFC 2104's advice) up to 32 bytes (256 bits: what every key here holds) */
        snprintf(info->name, sizeof info->name, "%s%s%s", c ? c->name : "", c ? "-" : "", h->name);
        info->kind = c ? c->kind : KC_NAME_HASH;
        info->cipher = h->name;
        info->construction = c ? c->name : "";
        info->key_bytes = c && c->kind == KC_NAME_MAC ? (h->digest_bytes < 32 ? h->digest_bytes : 32) : 0;
        return;
    }
    if (!c) snprintf(info->name, sizeof info->name, "%s", e->info.name);
    else if (c->prefix) snprintf(info->name, sizeof info->name, "%s-%s", c->name, e->info.name);
    else snprintf(info->name, sizeof info->name, "%s-%s", e->info.name, c->name);
    info->kind = c ? c->kind : (kc_name_kind)e->info.kind;
    info->cipher = e->info.name;
    info->construction = c ? c->name : "";
    info->key_bytes = e->info.key_bytes * (c && c->keys ? c->keys : 1);
}

kc_status kc_name_at(size_t i, kc_name_info *info)
{
    if (!info) return KC_ERR_NULL;
    const kc_cipher_entry *e;
    const kc_construction *c;
    const kc_hash_entry *h;
    if (!name_at(i, &e, &c, &h)) return KC_ERR_UNKNOWN_CIPHER;
    fill(info, e, c, h);
    return KC_OK;
}

kc_status kc_name_find(const char *name, kc_name_info *info)
{
    kc_name n;
    if (!info) return KC_ERR_NULL;
    kc_status st = kc_name_parse(name, &n);
    if (st == KC_OK) fill(info, n.cipher, n.cons, n.hash);
    return st;
}
