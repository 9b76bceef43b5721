/* SPDX-License-Identifier: MIT */
/* OpenSSL 3 provider "kcipher": entry point, algorithm query (ciphers, LSH digests), parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include "prov.h"

#define KCP_MAX_ALGS 128
static OSSL_ALGORITHM all_ciphers[KCP_MAX_ALGS];

void kcp_trace(const char *event, const kcp_alg *alg)
{
    const char *path = getenv("KCIPHER_PROVIDER_TRACE");
    if (!path || !*path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "%s %s\n", event, alg->ossl_name);
    fclose(f);
}

/* One table of both families, built once; the entries are constants so a
 * second build (another library context) writes the same values. */
static void build_table(void)
{
    size_t n = 0;
    for (const OSSL_ALGORITHM *a = kcp_block_algs; a->algorithm_names && n < KCP_MAX_ALGS - 1; a++)
        all_ciphers[n++] = *a;
    for (const OSSL_ALGORITHM *a = kcp_aead_algs; a->algorithm_names && n < KCP_MAX_ALGS - 1; a++)
        all_ciphers[n++] = *a;
    memset(&all_ciphers[n], 0, sizeof all_ciphers[n]);
}

static const OSSL_ALGORITHM *kcp_query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    return operation_id == OSSL_OP_CIPHER ? all_ciphers : operation_id == OSSL_OP_DIGEST ? kcp_digest_algs : NULL;
}

static const OSSL_PARAM kcp_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *kcp_gettable_params(void *provctx)
{
    (void)provctx;
    return kcp_param_types;
}

static int kcp_get_params(void *provctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    (void)provctx;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) &&
        !OSSL_PARAM_set_utf8_ptr(p, "kcipher: Korean and lightweight ciphers"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) &&
        !OSSL_PARAM_set_utf8_ptr(p, KC_VERSION_STRING))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) &&
        !OSSL_PARAM_set_utf8_ptr(p, kc_cpu_features()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, 1))
        return 0;
    return 1;
}

static void kcp_teardown(void *provctx)
{
    (void)provctx;
}

static const OSSL_DISPATCH kcp_dispatch[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, KCP_FN(kcp_teardown) },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, KCP_FN(kcp_gettable_params) },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, KCP_FN(kcp_get_params) },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, KCP_FN(kcp_query) },
    { 0, NULL }
};

/* The provider context is unused: every cipher context is self-contained.
 * The only exported symbol (the module builds with hidden visibility). */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    (void)in;
    build_table();
    *out = kcp_dispatch;
    *provctx = (void *)handle;
    return 1;
}
