/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 through EVP: AES and ARIA ("aria-128" + CTR -> "ARIA-128-CTR"),
 * and SEED (ECB and CBC: OpenSSL has no SEED-CTR) from the legacy provider. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include "peer.h"

static const char *ossl_version(void) { return OpenSSL_version(OPENSSL_VERSION); }

static void ossl_close(void *h) { EVP_CIPHER_CTX_free(h); }

static void *ossl_open(const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key,
                       size_t key_len, const uint8_t *iv)
{
    int seed = strcmp(cipher, "seed-128") == 0;
    if (strncmp(cipher, "aes-", 4) && strncmp(cipher, "aria-", 5) && !seed) return NULL;
    if (seed && mode == KC_MODE_CTR) return NULL;
    if (seed) {   /* the legacy provider beside the default one, loaded once and kept */
        static OSSL_PROVIDER *legacy, *deflt;
        if (!legacy) {
            deflt = OSSL_PROVIDER_load(NULL, "default");
            legacy = OSSL_PROVIDER_load(NULL, "legacy");
        }
        if (!legacy || !deflt) return NULL;
    }
    char name[32];
    snprintf(name, sizeof name, "%s-%s", seed ? "seed" : cipher,
             mode == KC_MODE_ECB ? "ecb" : mode == KC_MODE_CBC ? "cbc" : "ctr");
    for (char *p = name; *p; p++) *p = (char)toupper((unsigned char)*p);
    EVP_CIPHER *alg = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = alg && ctx && EVP_CIPHER_get_key_length(alg) == (int)key_len
        && EVP_CipherInit_ex2(ctx, alg, key, mode == KC_MODE_ECB ? NULL : iv, encrypt, NULL)
        && EVP_CIPHER_CTX_set_padding(ctx, pad);
    EVP_CIPHER_free(alg);   /* the context keeps its own reference */
    if (ok) return ctx;
    EVP_CIPHER_CTX_free(ctx);
    return NULL;
}

static long ossl_update(void *h, uint8_t *out, const uint8_t *in, size_t len, int final)
{
    int n1 = 0, n2 = 0;
    if (EVP_CipherUpdate(h, out, &n1, in, (int)len) && (!final || EVP_CipherFinal_ex(h, out + n1, &n2)))
        return (long)n1 + n2;
    fprintf(stderr, "OpenSSL failed:\n");
    ERR_print_errors_fp(stderr);
    return -1;
}

const peer_lib peer_openssl = {
    "openssl", "OpenSSL", "EVP", ossl_version, ossl_open, ossl_update, ossl_close
};
