/* SPDX-License-Identifier: MIT */
/* The DRBGs' part of the constant-time check (included by ct_check.c): the
 * entropy input, the nonce and the personalization are secret, so every
 * value of the state (CTR_DRBG's Key and V, Hash_DRBG's V and C, HMAC_DRBG's
 * K and V) is too; instantiate, reseed and generate (requests past the SIMD
 * kernels' batches, with additional input) must not branch on them or index
 * by them.  CTR_DRBG on every constant-time backend of its cipher. */
#include "kcipher.h"

static int ct_entropy(void *arg, uint8_t *out, size_t len)
{
    fill(out, len, (unsigned)(uintptr_t)arg);
    SECRET(out, len);
    return 0;
}

static void check_drbg_one(const char *name, const char *backend, unsigned flags)
{
    static uint8_t nonce[16], pers[32], add[32], out[3000];
    kc_drbg *d;
    fill(nonce, sizeof nonce, 70); fill(pers, sizeof pers, 71); fill(add, sizeof add, 72);
    SECRET(nonce, sizeof nonce);
    SECRET(pers, sizeof pers);
    printf("checking %s %s%s\n", name, backend ? backend : "", flags & KC_DRBG_NO_DF ? " (no df)" : "");
    if (kc_drbg_new(&d, name, backend, flags, ct_entropy, (void *)(uintptr_t)73, flags & KC_DRBG_NO_DF ? NULL : nonce,
                    flags & KC_DRBG_NO_DF ? 0 : sizeof nonce, pers, sizeof pers) != KC_OK)
        fail("kc_drbg_new failed", name, backend ? backend : "");
    for (size_t len = 1; len <= sizeof out; len += 1499) {     /* 1, 1500, 2999 bytes */
        if (kc_drbg_generate(d, out, len, add, sizeof add) != KC_OK) fail("generate failed", name, "");
        PUBLIC(out, len);    /* the output is what the caller gets */
    }
    if (kc_drbg_reseed(d, add, sizeof add) != KC_OK) fail("reseed failed", name, "");
    if (kc_drbg_generate(d, out, 100, NULL, 0) != KC_OK) fail("generate failed", name, "");
    kc_drbg_free(d);
    checked++;
}

static void check_drbg_all(void)
{
    static const char *const ciphers[] = { "aria-128", "lea-256", "seed-128", "aes-192" };
    char name[48];
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        const kc_cipher_entry *e = kc_registry_cipher(ciphers[c]);
        const kc_backend_head *b;
        snprintf(name, sizeof name, "ctr-drbg-%s", ciphers[c]);
        for (size_t i = 0; (b = kc_family_backend(e->family, i)) != NULL; i++) {
            if (!ct_runnable(b)) continue;
            check_drbg_one(name, b->name, 0);
            check_drbg_one(name, b->name, KC_DRBG_NO_DF);
        }
    }
    for (size_t i = 0; i < kc_name_count(); i++) {   /* Hash_DRBG, HMAC_DRBG: every hash, its default backend */
        kc_name_info info;
        if (kc_name_at(i, &info) == KC_OK && info.kind == KC_NAME_DRBG && strncmp(info.name, "ctr-drbg-", 9) != 0)
            check_drbg_one(info.name, NULL, 0);
    }
}
