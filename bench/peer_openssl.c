/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 through EVP: AES and ARIA in ECB, CBC and CTR. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include "bench_int.h"

typedef struct ossl {
    EVP_CIPHER *cipher;
    EVP_CIPHER_CTX *ctx;
} ossl;

static const char *ossl_version(void) { return OpenSSL_version(OPENSSL_VERSION); }

static void ossl_close(void *h)
{
    ossl *o = h;
    if (!o) return;
    EVP_CIPHER_CTX_free(o->ctx);
    EVP_CIPHER_free(o->cipher);
    free(o);
}

/* "aria-128" + "ctr" -> "ARIA-128-CTR". */
static void *ossl_open(const char *cipher, const char *mode, const uint8_t *key, size_t key_len,
                       const uint8_t *iv)
{
    if (strncmp(cipher, "aes-", 4) && strncmp(cipher, "aria-", 5)) return NULL;
    char name[32];
    snprintf(name, sizeof name, "%s-%s", cipher, mode);
    for (char *p = name; *p; p++) *p = (char)toupper((unsigned char)*p);
    ossl *o = calloc(1, sizeof *o);
    if (!o) return NULL;
    o->cipher = EVP_CIPHER_fetch(NULL, name, NULL);
    o->ctx = EVP_CIPHER_CTX_new();
    if (!o->cipher || !o->ctx || EVP_CIPHER_get_key_length(o->cipher) != (int)key_len
        || !EVP_EncryptInit_ex2(o->ctx, o->cipher, key, strcmp(mode, "ecb") ? iv : NULL, NULL)) {
        ossl_close(o);
        return NULL;
    }
    EVP_CIPHER_CTX_set_padding(o->ctx, 0);
    return o;
}

static void ossl_encrypt(void *h, uint8_t *out, const uint8_t *in, size_t len)
{
    ossl *o = h;
    int out_len;
    EVP_EncryptUpdate(o->ctx, out, &out_len, in, (int)len);
}

const bench_peer bench_peer_openssl = {
    "openssl", "EVP", ossl_version, ossl_open, ossl_encrypt, ossl_close
};
