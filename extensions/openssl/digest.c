/* SPDX-License-Identifier: MIT */
/* LSH (KS X 3262) as EVP digests over kc_hash.  dupctx (kc_hash_dup) is
 * what lets OpenSSL's HMAC run over them: it keeps the keyed inner and
 * outer states and copies them for every message. */
#include <stdlib.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include "prov.h"

typedef struct md_alg {
    const char *kc_name;
    size_t size, block;
} md_alg;

typedef struct md_ctx {
    const md_alg *alg;
    kc_hash *h;
} md_ctx;

static void *md_newctx(const md_alg *alg)
{
    md_ctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->alg = alg;
    if (kc_hash_new(&c->h, alg->kc_name, NULL) != KC_OK) {
        free(c);
        return NULL;
    }
    return c;
}

static void md_freectx(void *vctx)
{
    md_ctx *c = vctx;
    if (!c) return;
    kc_hash_free(c->h);
    free(c);
}

static void *md_dupctx(void *vctx)
{
    const md_ctx *c = vctx;
    md_ctx *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->alg = c->alg;
    if (kc_hash_dup(&d->h, c->h) != KC_OK) {
        free(d);
        return NULL;
    }
    return d;
}

static int md_init(void *vctx, const OSSL_PARAM params[])
{
    (void)params;   /* no settable parameters */
    md_ctx *c = vctx;
    return kc_hash_reset(c->h) == KC_OK;
}

static int md_update(void *vctx, const unsigned char *in, size_t inl)
{
    md_ctx *c = vctx;
    return kc_hash_update(c->h, in, inl) == KC_OK;
}

static int md_final(void *vctx, unsigned char *out, size_t *outl, size_t outsz)
{
    md_ctx *c = vctx;
    kc_status st = kc_hash_final(c->h, out, outsz);
    if (st != KC_OK) {
        ERR_raise_data(ERR_LIB_PROV, st == KC_ERR_OUTPUT_TOO_SMALL ? PROV_R_OUTPUT_BUFFER_TOO_SMALL
                                                                   : PROV_R_FAILED_DURING_DERIVATION,
                       "%s", kc_strerror(st));
        return 0;
    }
    *outl = c->alg->size;
    return 1;
}

static int md_get_params(const md_alg *alg, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, alg->block))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) && !OSSL_PARAM_set_size_t(p, alg->size))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) && !OSSL_PARAM_set_int(p, 0)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) && !OSSL_PARAM_set_int(p, 0))
        return 0;
    return 1;
}

static const OSSL_PARAM md_param_types[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *md_gettable_params(void *provctx)
{
    (void)provctx;
    return md_param_types;
}

/* One digest: its descriptor and dispatch table id##_fns. */
#define MD(id, kc, size, block)                                                        \
    static const md_alg alg_##id = { kc, size, block };                               \
    static void *id##_new(void *provctx) { (void)provctx; return md_newctx(&alg_##id); } \
    static int id##_gp(OSSL_PARAM p[]) { return md_get_params(&alg_##id, p); }        \
    static const OSSL_DISPATCH id##_fns[] = {                                         \
        { OSSL_FUNC_DIGEST_NEWCTX, KCP_FN(id##_new) },                                \
        { OSSL_FUNC_DIGEST_INIT, KCP_FN(md_init) },                                   \
        { OSSL_FUNC_DIGEST_UPDATE, KCP_FN(md_update) },                               \
        { OSSL_FUNC_DIGEST_FINAL, KCP_FN(md_final) },                                 \
        { OSSL_FUNC_DIGEST_FREECTX, KCP_FN(md_freectx) },                             \
        { OSSL_FUNC_DIGEST_DUPCTX, KCP_FN(md_dupctx) },                               \
        { OSSL_FUNC_DIGEST_GET_PARAMS, KCP_FN(id##_gp) },                             \
        { OSSL_FUNC_DIGEST_GETTABLE_PARAMS, KCP_FN(md_gettable_params) },             \
        { 0, NULL } };

MD(lsh256_224, "lsh-256-224", 28, 128)
MD(lsh256_256, "lsh-256-256", 32, 128)
MD(lsh512_224, "lsh-512-224", 28, 256)
MD(lsh512_256, "lsh-512-256", 32, 256)
MD(lsh512_384, "lsh-512-384", 48, 256)
MD(lsh512_512, "lsh-512-512", 64, 256)

/* KS X 3262's names first; "LSH256" etc. make `openssl dgst -lsh256` work.
 * No OIDs: none could be confirmed from a primary source. */
const OSSL_ALGORITHM kcp_digest_algs[] = {
    KCP_ALG("LSH-256-224:LSH256-224", lsh256_224),
    KCP_ALG("LSH-256:LSH256:LSH-256-256", lsh256_256),
    KCP_ALG("LSH-512-224:LSH512-224", lsh512_224),
    KCP_ALG("LSH-512-256:LSH512-256", lsh512_256),
    KCP_ALG("LSH-512-384:LSH512-384", lsh512_384),
    KCP_ALG("LSH-512:LSH512:LSH-512-512", lsh512_512),
    { NULL, NULL, NULL, NULL }
};
