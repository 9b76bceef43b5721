/* SPDX-License-Identifier: MIT */
/* Shared by the provider's files: algorithm descriptors and tables. */
#ifndef KCP_PROV_H
#define KCP_PROV_H

#include <stddef.h>
#include <openssl/core.h>
#include "kcipher.h"

#define KCP_PROPS "provider=kcipher"
/* A dispatch-table entry's function pointer. */
#define KCP_FN(f) ((void (*)(void))(f))

typedef struct kcp_alg {
    const char *kc_name;    /* "lea-128" (block) or "aria-128-gcm" (AEAD) */
    const char *ossl_name;  /* first OpenSSL name, for the trace */
    kc_mode mode;           /* block modes */
    unsigned evp_mode;      /* EVP_CIPH_*_MODE */
    size_t key_len, block_len, iv_len;
} kcp_alg;

/* cipher_common.c: the fixed parameters every cipher answers (OSSL_FUNC_CIPHER_GET_PARAMS), with its
 * block size (1 for a stream or AEAD mode) and whether it is an AEAD, and their list. */
int kcp_cipher_get_params(const kcp_alg *alg, OSSL_PARAM params[], size_t block_size, int aead);
const OSSL_PARAM *kcp_cipher_gettable_params(void *provctx);

/* One algorithm of a kind P (blk, aead): its descriptor, constructor and dispatch table id##_fns.  P
 * provides P_newctx(provctx, alg), P_get_params(alg, params), P_freectx, P_einit, P_dinit, P_update,
 * P_final, P_cipher, P_get_ctx_params, P_set_ctx_params, P_gettable_ctx_params, P_settable_ctx_params. */
#define KCP_CIPHER(P, id, ...)                                                                 \
    static const kcp_alg alg_##id = { __VA_ARGS__ };                                           \
    static void *id##_new(void *provctx) { return P##_newctx(provctx, &alg_##id); }           \
    static int id##_gp(OSSL_PARAM pr[]) { return P##_get_params(&alg_##id, pr); }              \
    static const OSSL_DISPATCH id##_fns[] = {                                                  \
        { OSSL_FUNC_CIPHER_NEWCTX, KCP_FN(id##_new) },                                         \
        { OSSL_FUNC_CIPHER_GET_PARAMS, KCP_FN(id##_gp) },                                      \
        { OSSL_FUNC_CIPHER_FREECTX, KCP_FN(P##_freectx) },                                     \
        { OSSL_FUNC_CIPHER_ENCRYPT_INIT, KCP_FN(P##_einit) },                                  \
        { OSSL_FUNC_CIPHER_DECRYPT_INIT, KCP_FN(P##_dinit) },                                  \
        { OSSL_FUNC_CIPHER_UPDATE, KCP_FN(P##_update) },                                       \
        { OSSL_FUNC_CIPHER_FINAL, KCP_FN(P##_final) },                                         \
        { OSSL_FUNC_CIPHER_CIPHER, KCP_FN(P##_cipher) },                                       \
        { OSSL_FUNC_CIPHER_GET_CTX_PARAMS, KCP_FN(P##_get_ctx_params) },                       \
        { OSSL_FUNC_CIPHER_SET_CTX_PARAMS, KCP_FN(P##_set_ctx_params) },                       \
        { OSSL_FUNC_CIPHER_GETTABLE_PARAMS, KCP_FN(kcp_cipher_gettable_params) },                     \
        { OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, KCP_FN(P##_gettable_ctx_params) },             \
        { OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, KCP_FN(P##_settable_ctx_params) },             \
        { 0, NULL } };

/* An entry of the provider's algorithm list: names ("NAME:OID"), and the table KCP_CIPHER made. */
#define KCP_ALG(names, id) { names, KCP_PROPS, id##_fns, NULL }

extern const OSSL_ALGORITHM kcp_block_algs[];
extern const OSSL_ALGORITHM kcp_aead_algs[];
extern const OSSL_ALGORITHM kcp_digest_algs[];   /* digest.c: LSH */

/* Appends a line to $KCIPHER_PROVIDER_TRACE (when set): proof in tests that
 * this provider did the work. */
void kcp_trace(const char *event, const kcp_alg *alg);

#endif
