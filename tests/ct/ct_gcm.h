/* SPDX-License-Identifier: MIT */
/* GCM part of the constant-time check (included by ct_check.c): the key and
 * plaintext are secret, through kc_aead on every constant-time block
 * backend x GHASH backend this CPU (as valgrind shows it) runs, one-shot,
 * streaming (held and released) and a forged tag; only the tag's verdict is
 * declassified.  The message (64 blocks and a part) holds two batches of
 * every stitched kernel valgrind can run (8 blocks for AES, 16 for LEA and
 * RC6 on avx2, 32 for ARIA). */
#include "kcipher.h"

static void check_gcm_one(const char *cipher, const char *backend)
{
    static uint8_t key[32], iv[20], ad[21], pt[64 * 16 + 13], ct[sizeof pt + 16], back[sizeof pt], rel[sizeof pt];
    char name[40];
    size_t n, m;
    kc_aead *a;
    kc_aead_stream *s;
    snprintf(name, sizeof name, "%s-gcm", cipher);
    size_t key_len = kc_cipher_find(cipher)->key_bytes;
    fill(key, sizeof key, 50); fill(iv, sizeof iv, 51); fill(ad, sizeof ad, 52); fill(pt, sizeof pt, 53);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    if (kc_aead_new(&a, name, backend, key, key_len) != KC_OK) { printf("%s %s: new failed\n", name, backend); exit(1); }
    for (size_t iv_len = 12; iv_len <= 20; iv_len += 8) {       /* J0 direct, and through GHASH */
        kc_aead_encrypt(a, ct, sizeof ct, &n, iv, iv_len, ad, sizeof ad, pt, sizeof pt);
        PUBLIC(ct, sizeof ct);
        kc_status st = kc_aead_decrypt(a, back, sizeof back, &m, iv, iv_len, ad, sizeof ad, ct, n);
        ct[n - 1] ^= 1;
        kc_status bad = kc_aead_decrypt(a, back, sizeof back, &m, iv, iv_len, ad, sizeof ad, ct, n);
        ct[n - 1] ^= 1;
        kc_aead_stream_new(&s, a, 0, 0, iv, iv_len);
        kc_aead_stream_ad(s, ad, sizeof ad);
        kc_aead_stream_update(s, back, sizeof back, &m, ct, 30);
        kc_aead_stream_update(s, back, sizeof back, &m, ct + 30, sizeof pt - 30);
        kc_status sst = kc_aead_stream_verify(s, back, sizeof back, &m, ct + sizeof pt, 16);
        kc_aead_stream_free(s);
        size_t r = 0;   /* released: the whole ciphertext in one update (the kernel's decryption) */
        kc_aead_stream_new(&s, a, 0, KC_AEAD_RELEASE_UNVERIFIED, iv, iv_len);
        kc_aead_stream_ad(s, ad, sizeof ad);
        kc_aead_stream_update(s, rel, sizeof rel, &r, ct, sizeof pt);
        kc_status rst = kc_aead_stream_verify(s, rel + r, sizeof rel - r, &m, ct + sizeof pt, 16);
        kc_aead_stream_free(s);
        PUBLIC(back, sizeof back);
        PUBLIC(rel, sizeof rel);
        PUBLIC(pt, sizeof pt);
        if (st != KC_OK || bad != KC_ERR_AUTH || sst != KC_OK || rst != KC_OK || memcmp(back, pt, sizeof pt) != 0 ||
            memcmp(rel, pt, sizeof pt) != 0) {
            printf("%s %s: GCM round trip failed\n", name, backend);
            exit(1);
        }
        SECRET(pt, sizeof pt);
    }
    kc_aead_free(a);
    checked++;
}

static void check_gcm_all(void)
{
    static const char *const ciphers[] = { "aes-128", "aria-128", "lea-128", "rc6-128" };
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        const kc_cipher_entry *e = kc_registry_cipher(ciphers[c]);
        const kc_backend_head *b;
        for (size_t i = 0; (b = kc_family_backend(e->family, i)) != NULL; i++) {
            if (b->timing != KC_CONSTANT_TIME || (b->cpu & ~kc_cpu_detect())) continue;
            for (size_t j = 0; kc_ghash_backends[j]; j++) {
                const kc_ghash_backend *g = kc_ghash_backends[j];
                if (g->head.timing != KC_CONSTANT_TIME || (g->head.cpu & ~kc_cpu_detect())) continue;
                char backend[80];
                snprintf(backend, sizeof backend, "%s/%s", b->name, g->head.name);
                printf("checking %s-gcm %s\n", ciphers[c], backend);
                check_gcm_one(ciphers[c], backend);
            }
        }
    }
}
