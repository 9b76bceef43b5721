/* SPDX-License-Identifier: MIT */
/* ECB, CBC, CTR, CFB (full-block feedback) and OFB over kc_cipher / kc_stream. */
#include <stdlib.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include "prov.h"

typedef struct blk_ctx {
    const kcp_alg *alg;
    kc_cipher *cipher;
    kc_stream *stream;      /* the message under way, made at its first update */
    int enc, pad;
    uint8_t iv[16];
} blk_ctx;

static int padded(const kcp_alg *alg)
{
    return alg->mode == KC_MODE_ECB || alg->mode == KC_MODE_CBC;
}

/* EVP's block size: the cipher's for ECB/CBC, 1 for the stream-like modes. */
static size_t evp_block(const kcp_alg *alg)
{
    return padded(alg) ? alg->block_len : 1;
}

static void *blk_newctx(void *provctx, const kcp_alg *alg)
{
    (void)provctx;
    blk_ctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->alg = alg;
    c->pad = 1;
    return c;
}

static void blk_freectx(void *vctx)
{
    blk_ctx *c = vctx;
    if (!c) return;
    kc_stream_free(c->stream);
    kc_cipher_free(c->cipher);
    kc_wipe(c, sizeof *c);
    free(c);
}

static int blk_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    blk_ctx *c = vctx;
    const OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING))) {
        unsigned pad;
        if (!OSSL_PARAM_get_uint(p, &pad)) return 0;
        c->pad = pad != 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        size_t len;
        if (!OSSL_PARAM_get_size_t(p, &len)) return 0;
        if (len != c->alg->key_len) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY_LENGTH);
            return 0;
        }
    }
    return 1;
}

static int blk_init(void *vctx, const unsigned char *key, size_t keylen,
                    const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[], int enc)
{
    blk_ctx *c = vctx;
    c->enc = enc;
    kc_stream_free(c->stream);
    c->stream = NULL;
    if (iv && c->alg->iv_len) {
        if (ivlen != c->alg->iv_len) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_IV_LENGTH);
            return 0;
        }
        memcpy(c->iv, iv, ivlen);
    }
    if (key) {
        if (keylen != c->alg->key_len) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY_LENGTH);
            return 0;
        }
        kc_cipher *k;
        if (kc_cipher_new(&k, c->alg->kc_name, NULL, key, keylen) != KC_OK) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY);
            return 0;
        }
        kc_cipher_free(c->cipher);
        c->cipher = k;
    }
    return blk_set_ctx_params(c, params);
}

static int blk_einit(void *vctx, const unsigned char *key, size_t keylen,
                     const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
    return blk_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int blk_dinit(void *vctx, const unsigned char *key, size_t keylen,
                     const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
    return blk_init(vctx, key, keylen, iv, ivlen, params, 0);
}

static int ensure_stream(blk_ctx *c)
{
    if (c->stream) return 1;
    if (!c->cipher) {
        ERR_raise(ERR_LIB_PROV, PROV_R_NO_KEY_SET);
        return 0;
    }
    unsigned flags = padded(c->alg) && c->pad ? KC_PAD_PKCS7 : 0;
    const kcp_alg *a = c->alg;
    if (kc_stream_new(&c->stream, c->cipher, a->mode, flags, c->enc,
                      a->iv_len ? c->iv : NULL, a->iv_len) != KC_OK) {
        c->stream = NULL;
        ERR_raise(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED);
        return 0;
    }
    return 1;
}

static int blk_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    blk_ctx *c = vctx;
    *outl = 0;
    if (!ensure_stream(c)) return 0;
    kc_status st = kc_stream_update(c->stream, out, outsize, outl, in, inl);
    if (st != KC_OK) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED, "%s", kc_strerror(st));
        return 0;
    }
    return 1;
}

static int blk_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    blk_ctx *c = vctx;
    *outl = 0;
    if (!ensure_stream(c)) return 0;
    kc_status st = kc_stream_final(c->stream, out, outsize, outl);
    kc_stream_free(c->stream);
    c->stream = NULL;
    if (st == KC_ERR_BAD_PADDING) {
        ERR_raise(ERR_LIB_PROV, PROV_R_BAD_DECRYPT);
        return 0;
    }
    if (st == KC_ERR_NOT_BLOCK_MULTIPLE) {
        ERR_raise(ERR_LIB_PROV, PROV_R_WRONG_FINAL_BLOCK_LENGTH);
        return 0;
    }
    if (st != KC_OK) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED, "%s", kc_strerror(st));
        return 0;
    }
    return 1;
}

/* EVP_Cipher(): whole blocks, no padding. */
static int blk_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    blk_ctx *c = vctx;
    if (padded(c->alg) && inl % c->alg->block_len) {
        ERR_raise(ERR_LIB_PROV, PROV_R_WRONG_FINAL_BLOCK_LENGTH);
        return 0;
    }
    int pad = c->pad;
    c->pad = 0;
    int ok = blk_update(c, out, outl, outsize, in, inl);
    c->pad = pad;
    return ok;
}

static int blk_get_params(const kcp_alg *alg, OSSL_PARAM params[])
{
    return kcp_cipher_get_params(alg, params, evp_block(alg), 0);
}

static int blk_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    blk_ctx *c = vctx;
    OSSL_PARAM *p;
    if (!blk_get_params(c->alg, params)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_PADDING)) && !OSSL_PARAM_set_uint(p, (unsigned)c->pad))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_NUM)) && !OSSL_PARAM_set_uint(p, 0)) return 0;
    /* The IV given at init (kc_stream keeps the chaining value to itself). */
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) &&
        !OSSL_PARAM_set_octet_string(p, c->iv, c->alg->iv_len))
        return 0;
    return 1;
}

static const OSSL_PARAM blk_ctx_param_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM blk_settable_types[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *blk_gettable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx; (void)provctx;
    return blk_ctx_param_types;
}

static const OSSL_PARAM *blk_settable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx; (void)provctx;
    return blk_settable_types;
}

/* One algorithm: its descriptor, constructor, parameters and dispatch table. */
#define BLK(id, kc, NAME, mode, evpmode, keylen, bs, ivlen) \
    KCP_CIPHER(blk, id, kc, NAME, mode, evpmode, keylen, bs, ivlen)

/* The five modes of one cipher and key length. */
#define FAMILY(id, kc, NAME, keylen, blk)                                                 \
    BLK(id##_ecb, kc, NAME "-ECB", KC_MODE_ECB, EVP_CIPH_ECB_MODE, keylen, blk, 0)       \
    BLK(id##_cbc, kc, NAME "-CBC", KC_MODE_CBC, EVP_CIPH_CBC_MODE, keylen, blk, blk)     \
    BLK(id##_ctr, kc, NAME "-CTR", KC_MODE_CTR, EVP_CIPH_CTR_MODE, keylen, blk, blk)     \
    BLK(id##_cfb, kc, NAME "-CFB", KC_MODE_CFB, EVP_CIPH_CFB_MODE, keylen, blk, blk)     \
    BLK(id##_ofb, kc, NAME "-OFB", KC_MODE_OFB, EVP_CIPH_OFB_MODE, keylen, blk, blk)

FAMILY(aria128, "aria-128", "ARIA-128", 16, 16)
FAMILY(aria192, "aria-192", "ARIA-192", 24, 16)
FAMILY(aria256, "aria-256", "ARIA-256", 32, 16)
FAMILY(lea128, "lea-128", "LEA-128", 16, 16)
FAMILY(lea192, "lea-192", "LEA-192", 24, 16)
FAMILY(lea256, "lea-256", "LEA-256", 32, 16)
FAMILY(rc6128, "rc6-128", "RC6-128", 16, 16)
FAMILY(rc6192, "rc6-192", "RC6-192", 24, 16)
FAMILY(rc6256, "rc6-256", "RC6-256", 32, 16)
FAMILY(pipo128, "pipo-64-128", "PIPO-64-128", 16, 8)
FAMILY(pipo256, "pipo-64-256", "PIPO-64-256", 32, 8)
FAMILY(seed128, "seed-128", "SEED", 16, 16)
FAMILY(hight, "hight-64-128", "HIGHT-64-128", 16, 8)
FAMILY(cham64128, "cham-64-128", "CHAM-64-128", 16, 8)
FAMILY(cham128128, "cham-128-128", "CHAM-128-128", 16, 16)
FAMILY(cham128256, "cham-128-256", "CHAM-128-256", 32, 16)

#define ALG KCP_ALG
/* ARIA: OpenSSL's names and the OIDs of [RFC5794] / OpenSSL's objects; the
 * others have no OIDs registered here (see docs/openssl.md). */
#define ARIA_ALGS(id, N, o1, o2, o3, o4, o5)                                                   \
    ALG(N "-ECB:1.2.410.200046.1.1." o1, id##_ecb), ALG(N "-CBC:1.2.410.200046.1.1." o2, id##_cbc), \
    ALG(N "-CFB:1.2.410.200046.1.1." o3, id##_cfb), ALG(N "-OFB:1.2.410.200046.1.1." o4, id##_ofb), \
    ALG(N "-CTR:1.2.410.200046.1.1." o5, id##_ctr)
#define PLAIN_ALGS(id, N)                                              \
    ALG(N "-ECB", id##_ecb), ALG(N "-CBC", id##_cbc), ALG(N "-CFB", id##_cfb), \
    ALG(N "-OFB", id##_ofb), ALG(N "-CTR", id##_ctr)

const OSSL_ALGORITHM kcp_block_algs[] = {
    ARIA_ALGS(aria128, "ARIA-128", "1", "2", "3", "4", "5"),
    ARIA_ALGS(aria192, "ARIA-192", "6", "7", "8", "9", "10"),
    ARIA_ALGS(aria256, "ARIA-256", "11", "12", "13", "14", "15"),
    PLAIN_ALGS(lea128, "LEA-128"), PLAIN_ALGS(lea192, "LEA-192"), PLAIN_ALGS(lea256, "LEA-256"),
    PLAIN_ALGS(rc6128, "RC6-128"), PLAIN_ALGS(rc6192, "RC6-192"), PLAIN_ALGS(rc6256, "RC6-256"),
    PLAIN_ALGS(pipo128, "PIPO-64-128"), PLAIN_ALGS(pipo256, "PIPO-64-256"),
    /* SEED: OpenSSL's names (its legacy provider's) and KISA's OIDs ([RFC4269]
     * section 4, RFC 4010); SEED-CTR has none.  SEED-128-*: kcipher's
     * spelling, as SEED-128-GCM. */
    ALG("SEED-ECB:SEED-128-ECB:1.2.410.200004.1.3", seed128_ecb),
    ALG("SEED-CBC:SEED:SEED-128-CBC:1.2.410.200004.1.4", seed128_cbc),
    ALG("SEED-CFB:SEED-CFB128:SEED-128-CFB:1.2.410.200004.1.5", seed128_cfb),
    ALG("SEED-OFB:SEED-OFB128:SEED-128-OFB:1.2.410.200004.1.6", seed128_ofb),
    ALG("SEED-CTR:SEED-128-CTR", seed128_ctr),
    PLAIN_ALGS(hight, "HIGHT-64-128"), PLAIN_ALGS(cham64128, "CHAM-64-128"),
    PLAIN_ALGS(cham128128, "CHAM-128-128"), PLAIN_ALGS(cham128256, "CHAM-128-256"),
    { NULL, NULL, NULL, NULL }
};
