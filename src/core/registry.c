/* SPDX-License-Identifier: MIT */
/* The cipher table (names -> family, key and block sizes) and the backend
 * look-up.  Families list their backends in src/<family>/backends.c. */
#include <string.h>
#include "core/names.h"
#include "core/registry.h"

extern const kc_block_backend *const kc_aria_backends[];
extern const kc_block_backend *const kc_lea_backends[];
extern const kc_block_backend *const kc_pipo_backends[];
extern const kc_block_backend *const kc_rc6_backends[];
extern const kc_block_backend *const kc_rijndael_backends[];
extern const kc_aead_backend *const kc_tinyjambu_backends[];
extern const kc_fea_backend *const kc_fea_backends[];
extern const kc_block_backend *const kc_hight_backends[];
extern const kc_block_backend *const kc_cham_backends[];
extern const kc_block_backend *const kc_seed_backends[];
extern const kc_family kc_ghash_family;   /* src/ghash/backends.c: no cipher, listed for discovery */

#define FAMILY(var, nm, kind, list) \
    static const kc_family var = { nm, kind, (const void *const *)(list) }
FAMILY(fam_aria, "aria", KC_KIND_BLOCK, kc_aria_backends);
FAMILY(fam_lea, "lea", KC_KIND_BLOCK, kc_lea_backends);
FAMILY(fam_pipo, "pipo", KC_KIND_BLOCK, kc_pipo_backends);
FAMILY(fam_rc6, "rc6", KC_KIND_BLOCK, kc_rc6_backends);
FAMILY(fam_rijndael, "rijndael", KC_KIND_BLOCK, kc_rijndael_backends);
FAMILY(fam_tinyjambu, "tinyjambu", KC_KIND_AEAD, kc_tinyjambu_backends);
FAMILY(fam_fea, "fea", KC_KIND_FEA, kc_fea_backends);
FAMILY(fam_hight, "hight", KC_KIND_BLOCK, kc_hight_backends);
FAMILY(fam_cham, "cham", KC_KIND_BLOCK, kc_cham_backends);
FAMILY(fam_seed, "seed", KC_KIND_BLOCK, kc_seed_backends);

static const kc_family *const families[] = {
    &fam_aria, &fam_lea, &fam_pipo, &fam_rc6, &fam_rijndael, &fam_tinyjambu, &fam_fea,
    &fam_hight, &fam_cham, &fam_seed
};

#define BLOCK(nm, fam, key, blk) { { nm, #fam, KC_KIND_BLOCK, key, blk, 0, 0 }, &fam_##fam, 0 }
#define AEAD(nm, key)            { { nm, "tinyjambu", KC_KIND_AEAD, key, 0, 12, 8 }, &fam_tinyjambu, 0 }
#define FEA(nm, v, key)          { { nm, "fea" #v, KC_KIND_FEA, key, 0, 0, 0 }, &fam_fea, v }

static const kc_cipher_entry ciphers[] = {
    BLOCK("aria-128", aria, 16, 16), BLOCK("aria-192", aria, 24, 16), BLOCK("aria-256", aria, 32, 16),
    BLOCK("lea-128", lea, 16, 16),   BLOCK("lea-192", lea, 24, 16),   BLOCK("lea-256", lea, 32, 16),
    BLOCK("pipo-64-128", pipo, 16, 8), BLOCK("pipo-64-256", pipo, 32, 8),
    BLOCK("rc6-128", rc6, 16, 16),   BLOCK("rc6-192", rc6, 24, 16),   BLOCK("rc6-256", rc6, 32, 16),
    BLOCK("aes-128", rijndael, 16, 16), BLOCK("aes-192", rijndael, 24, 16),
    BLOCK("aes-256", rijndael, 32, 16),
    BLOCK("rijndael-128-128", rijndael, 16, 16), BLOCK("rijndael-128-192", rijndael, 24, 16),
    BLOCK("rijndael-128-256", rijndael, 32, 16),
    BLOCK("rijndael-192-128", rijndael, 16, 24), BLOCK("rijndael-192-192", rijndael, 24, 24),
    BLOCK("rijndael-192-256", rijndael, 32, 24),
    BLOCK("rijndael-256-128", rijndael, 16, 32), BLOCK("rijndael-256-192", rijndael, 24, 32),
    BLOCK("rijndael-256-256", rijndael, 32, 32),
    AEAD("tinyjambu-128", 16), AEAD("tinyjambu-192", 24), AEAD("tinyjambu-256", 32),
    FEA("fea1-128", 1, 16), FEA("fea1-192", 1, 24), FEA("fea1-256", 1, 32),
    FEA("fea2-128", 2, 16), FEA("fea2-192", 2, 24), FEA("fea2-256", 2, 32),
    BLOCK("hight-64-128", hight, 16, 8),
    BLOCK("cham-64-128", cham, 16, 8), BLOCK("cham-128-128", cham, 16, 16), BLOCK("cham-128-256", cham, 32, 16),
    BLOCK("seed-128", seed, 16, 16),
};
#define NCIPHERS (sizeof ciphers / sizeof ciphers[0])

const kc_cipher_entry *kc_registry_cipher(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; i < NCIPHERS; i++)
        if (strcmp(ciphers[i].info.name, name) == 0) return &ciphers[i];
    return NULL;
}

const kc_family *kc_registry_family(const char *name)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (name && strcmp(families[i]->name, name) == 0) return families[i];
    return NULL;
}

size_t kc_family_backend_count(const kc_family *fam)
{
    size_t n = 0;
    while (fam->backends[n]) n++;
    return n;
}

/* Every descriptor kind begins with a kc_backend_head. */
const kc_backend_head *kc_family_backend(const kc_family *fam, size_t i)
{
    return i < kc_family_backend_count(fam) ? (const kc_backend_head *)fam->backends[i] : NULL;
}

static int runnable(const kc_backend_head *b)
{
    return (b->cpu & ~kc_cpu_detect()) == 0;
}

static const kc_backend_head *default_backend(const kc_family *fam)
{
    const kc_backend_head *b;
    for (size_t i = 0; (b = kc_family_backend(fam, i)) != NULL; i++)
        if (b->timing == KC_CONSTANT_TIME && runnable(b)) return b;
    return NULL;
}

kc_status kc_registry_backend(const kc_family *fam, const char *name, const void **out)
{
    const kc_backend_head *b = NULL;
    if (!name || !*name || strcmp(name, "default") == 0) {
        b = default_backend(fam);
    } else {
        for (size_t i = 0; (b = kc_family_backend(fam, i)) != NULL; i++)
            if (strcmp(b->name, name) == 0) break;
    }
    if (!b) return KC_ERR_UNKNOWN_BACKEND;
    if (!runnable(b)) return KC_ERR_BACKEND_UNAVAILABLE;
    *out = b;
    return KC_OK;
}

/* ---- public discovery API ---- */

size_t kc_cipher_count(void) { return NCIPHERS; }

const kc_cipher_info *kc_cipher_at(size_t i)
{
    return i < NCIPHERS ? &ciphers[i].info : NULL;
}

const kc_cipher_info *kc_cipher_find(const char *name)
{
    const kc_cipher_entry *e = kc_registry_cipher(name);
    return e ? &e->info : NULL;
}

/* The family of a cipher, of a hash (kc_name_hash), or GHASH's. */
static const kc_family *named_family(const char *name)
{
    const kc_cipher_entry *e = kc_registry_cipher(name);
    const kc_hash_entry *h = e ? NULL : kc_name_hash(name);
    if (!e && !h && strcmp(name, "ghash") == 0) return &kc_ghash_family;
    return e ? e->family : h ? h->family : NULL;
}

size_t kc_backend_count(const char *cipher_name)
{
    const kc_family *fam = named_family(cipher_name);
    return fam ? kc_family_backend_count(fam) : 0;
}

kc_status kc_backend_at(const char *cipher_name, size_t i, kc_backend_info *info)
{
    const kc_family *fam = named_family(cipher_name);
    if (!fam) return KC_ERR_UNKNOWN_CIPHER;
    if (!info) return KC_ERR_NULL;
    const kc_backend_head *b = kc_family_backend(fam, i);
    if (!b) return KC_ERR_UNKNOWN_BACKEND;
    info->name = b->name;
    info->summary = b->summary;
    kc_cpu_names(b->cpu, info->cpu_features, sizeof info->cpu_features);
    info->constant_time = b->timing == KC_CONSTANT_TIME;
    info->available = runnable(b);
    info->is_default = b == default_backend(fam);
    return KC_OK;
}
