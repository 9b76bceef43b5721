/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 EVP as a peer: "aes-128-ecb", "aria-256-ctr", ... one shot. */
#include <stdio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include "peer_harness.h"

long peer_openssl(const peer_job *j, const uint8_t *in, size_t len, uint8_t *out)
{
    char name[48];
    int n1 = 0, n2 = 0;
    snprintf(name, sizeof name, "%s-%s", j->name,
             j->mode == KC_MODE_ECB ? "ecb" : j->mode == KC_MODE_CBC ? "cbc" : "ctr");
    EVP_CIPHER *alg = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = alg && ctx
        && EVP_CipherInit_ex2(ctx, alg, j->key, j->mode == KC_MODE_ECB ? NULL : j->iv, j->encrypt, NULL)
        && EVP_CIPHER_CTX_set_padding(ctx, j->pad)
        && EVP_CipherUpdate(ctx, out, &n1, in, (int)len)
        && EVP_CipherFinal_ex(ctx, out + n1, &n2);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(alg);
    if (ok) return (long)n1 + n2;
    fprintf(stderr, "OpenSSL %s %s failed:\n", name, j->encrypt ? "encrypt" : "decrypt");
    ERR_print_errors_fp(stderr);
    return -1;
}
