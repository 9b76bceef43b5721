/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 as a hash peer of bench/hash.c: EVP_Digest* on a fetched
 * EVP_MD and a reused EVP_MD_CTX; HMAC through EVP_MAC, keyed once (an
 * init without a key reuses the key's padded states). */
#include <string.h>
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include "hash_peers.h"

typedef struct ossl {
    EVP_MD *md;
    EVP_MD_CTX *ctx;
    EVP_MAC *mac;
    EVP_MAC_CTX *mctx;
} ossl;

static const char *md_name(const char *name)
{
    if (strncmp(name, "hmac-", 5) == 0) name += 5;
    return strcmp(name, "sha-256") == 0 ? "SHA2-256" : strcmp(name, "sha-512") == 0 ? "SHA2-512" : NULL;
}

static void ossl_close(void *h)
{
    ossl *o = h;
    if (!o) return;
    EVP_MD_CTX_free(o->ctx);
    EVP_MD_free(o->md);
    EVP_MAC_CTX_free(o->mctx);
    EVP_MAC_free(o->mac);
    OPENSSL_free(o);
}

static void *ossl_open(const char *name, const uint8_t *key, size_t key_len)
{
    const char *md = md_name(name);
    if (!md) return NULL;
    ossl *o = OPENSSL_zalloc(sizeof *o);
    if (!o) return NULL;
    if (strncmp(name, "hmac-", 5) == 0) {
        OSSL_PARAM params[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)md, 0),
                                OSSL_PARAM_construct_end() };
        if (!(o->mac = EVP_MAC_fetch(NULL, "HMAC", NULL)) || !(o->mctx = EVP_MAC_CTX_new(o->mac))
            || !EVP_MAC_init(o->mctx, key, key_len, params)) { ossl_close(o); return NULL; }
    } else if (!(o->md = EVP_MD_fetch(NULL, md, NULL)) || !(o->ctx = EVP_MD_CTX_new())) {
        ossl_close(o);
        return NULL;
    }
    return o;
}

static void ossl_run(void *h, const uint8_t *in, size_t len, uint8_t *out)
{
    ossl *o = h;
    if (o->mctx) {
        size_t n;
        EVP_MAC_init(o->mctx, NULL, 0, NULL);
        EVP_MAC_update(o->mctx, in, len);
        EVP_MAC_final(o->mctx, out, &n, 64);
    } else {
        EVP_DigestInit_ex(o->ctx, o->md, NULL);
        EVP_DigestUpdate(o->ctx, in, len);
        EVP_DigestFinal_ex(o->ctx, out, NULL);
    }
}

const bench_hash_peer bench_hash_openssl = { "openssl", "EVP", ossl_open, ossl_run, ossl_close };
