/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 GCM through EVP: AES and ARIA ("aria-128" -> "ARIA-128-GCM").
 * One context per direction, keyed once; each message re-inits the IV. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "peer.h"

typedef struct handle { EVP_CIPHER_CTX *ctx[2]; } handle;   /* [0] decrypt, [1] encrypt */

static void gcm_close(void *p)
{
    handle *h = p;
    if (!h) return;
    EVP_CIPHER_CTX_free(h->ctx[0]);
    EVP_CIPHER_CTX_free(h->ctx[1]);
    free(h);
}

static void *gcm_open(const char *cipher, const uint8_t *key, size_t key_len)
{
    if (strncmp(cipher, "aes-", 4) && strncmp(cipher, "aria-", 5)) return NULL;
    char name[32];
    snprintf(name, sizeof name, "%s-GCM", cipher);
    for (char *p = name; *p; p++) *p = (char)toupper((unsigned char)*p);
    EVP_CIPHER *alg = EVP_CIPHER_fetch(NULL, name, NULL);
    handle *h = calloc(1, sizeof *h);
    int ok = alg && h && EVP_CIPHER_get_key_length(alg) == (int)key_len;
    for (int e = 0; ok && e < 2; e++)
        ok = (h->ctx[e] = EVP_CIPHER_CTX_new()) != NULL && EVP_CipherInit_ex(h->ctx[e], alg, NULL, key, NULL, e);
    EVP_CIPHER_free(alg);
    if (ok) return h;
    gcm_close(h);
    return NULL;
}

/* Sets the IV for the next message; the key stays. */
static int start(EVP_CIPHER_CTX *ctx, int enc, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len)
{
    int n;
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, (int)iv_len, NULL) > 0
        && EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, enc)
        && (!ad_len || EVP_CipherUpdate(ctx, NULL, &n, ad, (int)ad_len));
}

static int gcm_seal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                    const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    EVP_CIPHER_CTX *ctx = ((handle *)p)->ctx[1];
    int n1 = 0, n2 = 0;
    if (!start(ctx, 1, iv, iv_len, ad, ad_len)) return 1;
    if ((len && !EVP_CipherUpdate(ctx, out, &n1, in, (int)len)) || !EVP_CipherFinal_ex(ctx, out + n1, &n2))
        return -1;
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, (int)tag_len, tag) > 0 ? 0 : 1;
}

static int gcm_unseal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                      const uint8_t *in, size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    EVP_CIPHER_CTX *ctx = ((handle *)p)->ctx[0];
    int n1 = 0, n2 = 0;
    if (!start(ctx, 0, iv, iv_len, ad, ad_len)) return 1;
    if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, (int)tag_len, (void *)tag) <= 0) return 1;
    if (len && !EVP_CipherUpdate(ctx, out, &n1, in, (int)len)) return -1;
    return EVP_CipherFinal_ex(ctx, out + n1, &n2) > 0 ? 0 : -1;
}

const peer_gcm peer_gcm_openssl = { "openssl", gcm_open, gcm_seal, gcm_unseal, gcm_close };
