/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 CFB128, OFB and CCM through EVP, CMAC through EVP_MAC: AES and ARIA. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include "peer.h"

/* "aria-128" + "cfb" -> the fetched "ARIA-128-CFB", or NULL. */
static EVP_CIPHER *fetch(const char *cipher, const char *mode, size_t key_len)
{
    char name[32];
    if (strncmp(cipher, "aes-", 4) && strncmp(cipher, "aria-", 5)) return NULL;
    snprintf(name, sizeof name, "%s-%s", cipher, mode);
    for (char *p = name; *p; p++) *p = (char)toupper((unsigned char)*p);
    EVP_CIPHER *alg = EVP_CIPHER_fetch(NULL, name, NULL);
    if (alg && EVP_CIPHER_get_key_length(alg) != (int)key_len) { EVP_CIPHER_free(alg); alg = NULL; }
    return alg;
}

static int ossl_stream(const char *cipher, kc_mode mode, int encrypt, const uint8_t *key, size_t key_len,
                       const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER *alg = fetch(cipher, mode == KC_MODE_CFB ? "cfb" : "ofb", key_len);
    if (!alg) return 1;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0;
    int ok = ctx && EVP_CipherInit_ex2(ctx, alg, key, iv, encrypt, NULL)
          && EVP_CipherUpdate(ctx, out, &n1, in, (int)len) && EVP_CipherFinal_ex(ctx, out + n1, &n2)
          && (size_t)(n1 + n2) == len;
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(alg);
    return ok ? 0 : -1;
}

static int ossl_cmac(const char *cipher, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len,
                     uint8_t *tag)
{
    EVP_CIPHER *alg = fetch(cipher, "cbc", key_len);
    if (!alg) return 1;
    char name[32];
    snprintf(name, sizeof name, "%s", EVP_CIPHER_get0_name(alg));
    EVP_CIPHER_free(alg);
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, name, 0), OSSL_PARAM_construct_end() };
    size_t n = 0;
    int ok = ctx && EVP_MAC_init(ctx, key, key_len, params) && EVP_MAC_update(ctx, msg, len)
          && EVP_MAC_final(ctx, tag, &n, 16) && n == 16;
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(mac);
    return ok ? 0 : -1;
}

static int ossl_ccm(const char *cipher, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *nonce,
                    size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len,
                    size_t tag_len, uint8_t *out)
{
    EVP_CIPHER *alg = fetch(cipher, "ccm", key_len);
    if (!alg) return 1;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    uint8_t dummy[1] = { 0 };
    int n = 0;
    /* CCM's order: lengths and the tag first, then key and nonce, the total length, AD, data. */
    int ok = ctx && EVP_CipherInit_ex2(ctx, alg, NULL, NULL, encrypt, NULL)
          && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL)
          && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, encrypt ? NULL : (void *)(in + len))
          && EVP_CipherInit_ex2(ctx, NULL, key, nonce, encrypt, NULL)
          && EVP_CipherUpdate(ctx, NULL, &n, NULL, (int)len)
          && (!ad_len || EVP_CipherUpdate(ctx, NULL, &n, ad, (int)ad_len));
    int verified = ok && EVP_CipherUpdate(ctx, len ? out : dummy, &n, len ? in : dummy, (int)len);
    if (ok && verified && encrypt)
        ok = EVP_CipherFinal_ex(ctx, out + len, &n) && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, out + len);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(alg);
    return ok && verified ? 0 : -1;
}

const peer_modes peer_modes_openssl = { "openssl", ossl_stream, ossl_cmac, ossl_ccm };
