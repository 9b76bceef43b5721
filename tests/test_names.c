/* SPDX-License-Identifier: MIT */
/* Discovery (kc_name_count/kc_name_at) against the constructors: every
 * listed name opens with the constructor of its kind and with no other,
 * and names the list does not give (constructions over every cipher of the
 * table, the wrong order, leftovers) open with none. */
#include <string.h>
#include "testlib.h"

static uint8_t key[64];   /* halves differ: XTS refuses equal ones */

/* DRBGs get their entropy here, not from the OS (bare metal has none). */
static int entropy(void *arg, uint8_t *out, size_t len)
{
    (void)arg;
    memset(out, 0x42, len);
    return 0;
}

/* Which constructors open name: bit k for kind k (FEA's kc_fea_new: bit 3;
 * kc_fpe_new: bit 5), each object freed again. */
static unsigned opens(const char *name, size_t key_len)
{
    unsigned got = 0;
    kc_cipher *c; kc_aead *a; kc_mac *m; kc_fea *f; kc_fpe *p; kc_hash *h; kc_xts *x; kc_drbg *d;
    if (kc_cipher_new(&c, name, NULL, key, key_len) == KC_OK) { got |= 1u << KC_NAME_BLOCK; kc_cipher_free(c); }
    if (kc_aead_new(&a, name, NULL, key, key_len) == KC_OK) { got |= 1u << KC_NAME_AEAD; kc_aead_free(a); }
    if (kc_mac_new(&m, name, NULL, key, key_len) == KC_OK) { got |= 1u << KC_NAME_MAC; kc_mac_free(m); }
    if (kc_fea_new(&f, name, NULL, key, key_len, 64) == KC_OK) { got |= 1u << KC_NAME_FEA; kc_fea_free(f); }
    if (kc_fpe_new(&p, name, NULL, key, key_len, 10, 16, 0) == KC_OK) { got |= 1u << KC_NAME_FPE; kc_fpe_free(p); }
    if (kc_hash_new(&h, name, NULL) == KC_OK) { got |= 1u << KC_NAME_HASH; kc_hash_free(h); }
    if (kc_xts_new(&x, name, NULL, key, key_len) == KC_OK) { got |= 1u << KC_NAME_XTS; kc_xts_free(x); }
    if (kc_drbg_new(&d, name, NULL, 0, entropy, NULL, NULL, 0, NULL, 0) == KC_OK) { got |= 1u << KC_NAME_DRBG; kc_drbg_free(d); }
    return got;
}

static int listed(const char *name)
{
    kc_name_info n;
    for (size_t i = 0; kc_name_at(i, &n) == KC_OK; i++)
        if (strcmp(n.name, name) == 0) return 1;
    return 0;
}

static void every_listed_name_opens(void)
{
    size_t count = kc_name_count(), per_kind[9] = { 0 };
    kc_name_info n, m;
    for (size_t i = 0; i < count; i++) {
        if (!TL_CHECK(kc_name_at(i, &n) == KC_OK, "kc_name_at(%zu) of %zu", i, count)) continue;
        unsigned want = 1u << n.kind;
        if (n.kind == KC_NAME_FEA) want |= 1u << KC_NAME_FPE;   /* FPE by cycle walking */
        unsigned got = opens(n.name, n.key_bytes);
        TL_CHECK(got == want, "%s (kind %d): opens as 0x%x, listed as 0x%x", n.name, (int)n.kind, got, want);
        TL_CHECK(!*n.construction || (strstr(n.name, n.construction) && strstr(n.name, n.cipher)),
                 "%s: built of %s and %s", n.name, n.cipher, n.construction);
        TL_CHECK(kc_name_find(n.name, &m) == KC_OK && !strcmp(m.name, n.name) && m.kind == n.kind &&
                 !strcmp(m.cipher, n.cipher) && !strcmp(m.construction, n.construction) && m.key_bytes == n.key_bytes,
                 "kc_name_find(%s) is not kc_name_at(%zu)", n.name, i);
        for (size_t j = 0; j < i; j++)
            if (kc_name_at(j, &m) == KC_OK && strcmp(m.name, n.name) == 0) TL_CHECK(0, "%s listed twice", n.name);
        if (n.kind < 9) per_kind[n.kind]++;
    }
    TL_CHECK(kc_name_at(count, &n) == KC_ERR_UNKNOWN_CIPHER, "kc_name_at past the end");
    TL_CHECK(kc_name_at(0, NULL) == KC_ERR_NULL, "kc_name_at(NULL)");
    for (size_t i = 0; i < kc_cipher_count(); i++)
        TL_CHECK(listed(kc_cipher_at(i)->name), "%s: in kc_cipher_at, not in kc_name_at", kc_cipher_at(i)->name);
    static const char *const must[] = {
        "aes-128-gcm", "aria-256-ccm", "lea-192-gcm", "rc6-128-ccm", "rijndael-128-256-gcm", "aria-128-cmac",
        "pipo-64-128-cmac", "lea-128-gmac", "ff1-aes-256", "ff3-1-lea-128", "ff1-aria-192", "tinyjambu-128",
        "fea1-128", "fea2-256", "sha-256", "sha-512-224", "lsh-256-224", "lsh-512-512", "hmac-sha-384",
        "hmac-lsh-512-256", "aes-128-xts", "aria-256-xts", "lea-192-xts", "ctr-drbg-aes-256", "ctr-drbg-aria-128",
        "ctr-drbg-lea-192",
    };
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++) TL_CHECK(listed(must[i]), "%s not listed", must[i]);
    printf("%zu names: %zu block, %zu AEAD, %zu MAC, %zu FEA, %zu FPE, %zu hash, %zu XTS, %zu DRBG\n", count, per_kind[KC_NAME_BLOCK],
           per_kind[KC_NAME_AEAD], per_kind[KC_NAME_MAC], per_kind[KC_NAME_FEA], per_kind[KC_NAME_FPE],
           per_kind[KC_NAME_HASH], per_kind[KC_NAME_XTS], per_kind[KC_NAME_DRBG]);
    /* The spellings accepted beside the listed names open as what they stand for. */
    static const char *const aliases[][2] = {
        { "lsh-256", "hash" }, { "lsh-512", "hash" }, { "sha256", "hash" }, { "lsh512", "hash" },
        { "hmac-sha256", "mac" }, { "hmac-lsh256", "mac" }, { "hmac-lsh-512", "mac" },
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
        unsigned want = aliases[i][1][0] == 'h' ? 1u << KC_NAME_HASH : 1u << KC_NAME_MAC;
        TL_CHECK(opens(aliases[i][0], 32) == want, "alias %s opens as a %s only", aliases[i][0], aliases[i][1]);
    }
}

static void unlisted_names_do_not_open(void)
{
    static const char *const cons[] = { "gcm", "ccm", "cmac", "gmac", "ff1", "ff3-1", "ecb", "ctr", "ff3", "xts", "ctr-drbg" };
    char name[96];
    size_t tried = 0;
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *c = kc_cipher_at(i);
        for (size_t k = 0; k < sizeof cons / sizeof cons[0]; k++)
            for (int prefix = 0; prefix < 2; prefix++) {
                if (prefix) snprintf(name, sizeof name, "%s-%s", cons[k], c->name);
                else snprintf(name, sizeof name, "%s-%s", c->name, cons[k]);
                if (listed(name)) continue;
                tried++;
                TL_CHECK(opens(name, c->key_bytes) == 0, "%s is not listed but opens", name);
            }
    }
    static const char *const odd[] = {
        "", "aes", "aes-", "-gcm", "gcm", "ff1", "ff1-", "ff3-1-", "aes-128-", "-aes-128", "aes-128-gcm-gcm",
        "ff1-ff1-aes-128", "ff1-aes-128-gcm", "aes-128-cmac-gcm", "AES-128-GCM", "aes-128-gcm ", "aes-128--gcm",
        "rijndael-128-128-ff1", "ff1-rijndael-128-128", "ff3-1-rc6-128", "fea1-128-cmac", "tinyjambu-128-gcm",
        "pipo-64-128-gcm", "pipo-64-256-gmac", "rijndael-256-256-cmac",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-gcm",
    };
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        kc_name_info n;
        TL_CHECK(!listed(odd[i]), "\"%s\" listed", odd[i]);
        TL_CHECK(kc_name_find(odd[i], &n) == KC_ERR_UNKNOWN_CIPHER, "kc_name_find(\"%s\")", odd[i]);
        TL_CHECK(opens(odd[i], 16) == 0 && opens(odd[i], 32) == 0, "\"%s\" is not listed but opens", odd[i]);
    }
    printf("%zu unlisted construction names and %zu others refused\n", tried, sizeof odd / sizeof odd[0]);
}

int main(void)
{
    for (int i = 0; i < 64; i++) key[i] = (uint8_t)i;
    every_listed_name_opens();
    unlisted_names_do_not_open();
    return tl_finish("names");
}
