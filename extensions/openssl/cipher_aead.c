/* SPDX-License-Identifier: MIT */
/* GCM and CCM over kc_aead, with the TLS 1.2 record interface of
 * [RFC5288] / [RFC6209]: a 13-byte AAD set per record, a 4-byte fixed IV
 * and an 8-byte explicit IV carried at the front of each record.  TinyJAMBU
 * (one-shot, as CCM: 12-byte nonce, 8-byte tag) goes the CCM way. */
#include <stdlib.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/evp.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include <openssl/rand.h>
#include "prov.h"

#define IV_MAX 64           /* GCM takes any IV length; OpenSSL's tests go to 18 */
#define TLS_AAD_LEN 13      /* EVP_AEAD_TLS1_AAD_LEN */
#define TLS_FIXED 4         /* EVP_GCM_TLS_FIXED_IV_LEN */
#define TLS_EXPLICIT 8      /* EVP_GCM_TLS_EXPLICIT_IV_LEN */
#define TLS_TAG 16          /* EVP_GCM_TLS_TAG_LEN */

typedef struct aead_ctx {
    const kcp_alg *alg;
    kc_aead *aead;
    kc_aead_stream *stream;     /* GCM: the message under way */
    int enc;
    uint8_t iv[IV_MAX];
    size_t iv_len;
    int iv_set;
    uint8_t tag[16];
    size_t tag_len;             /* GCM: the tag given for decryption; CCM: M */
    int tag_set;                /* decryption: tag given; encryption: tag computed */
    /* CCM is one-shot: the AD is gathered, the data comes in one update. */
    uint8_t *ad;
    size_t ad_len, ad_cap;
    size_t ccm_len;
    int ccm_len_set, ccm_done;
    /* TLS records */
    uint8_t tls_aad[TLS_AAD_LEN];
    int tls_aad_set, iv_gen;
    size_t tls_pad;
} aead_ctx;

static int is_gcm(const aead_ctx *c) { return c->alg->evp_mode == EVP_CIPH_GCM_MODE; }
/* TinyJAMBU has no EVP mode of its own: reported as a stream cipher (mode 0). */
static int is_tinyjambu(const aead_ctx *c) { return c->alg->evp_mode == EVP_CIPH_STREAM_CIPHER; }

static void *aead_newctx(void *provctx, const kcp_alg *alg)
{
    (void)provctx;
    aead_ctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->alg = alg;
    /* OpenSSL's defaults: GCM a 12-byte IV and 16-byte tag; CCM (L = 8) a 7-byte
     * nonce and 12-byte tag, though the algorithm reports a 12-byte IV. */
    int gcm = alg->evp_mode == EVP_CIPH_GCM_MODE, tj = alg->evp_mode == EVP_CIPH_STREAM_CIPHER;
    c->iv_len = gcm || tj ? 12 : 7;
    c->tag_len = gcm ? 16 : tj ? 8 : 12;
    return c;
}

/* Forgets the message under way (not the key, IV or lengths). */
static void reset_message(aead_ctx *c)
{
    kc_aead_stream_free(c->stream);
    c->stream = NULL;
    if (c->ad) kc_wipe(c->ad, c->ad_cap);
    c->ad_len = 0;
    c->ccm_len_set = c->ccm_done = 0;
    c->tls_aad_set = 0;
    if (c->enc) c->tag_set = 0;
}

static void aead_freectx(void *vctx)
{
    aead_ctx *c = vctx;
    if (!c) return;
    reset_message(c);
    free(c->ad);
    kc_aead_free(c->aead);
    kc_wipe(c, sizeof *c);
    free(c);
}

static int tls_set_aad(aead_ctx *c, const uint8_t *aad, size_t len)
{
    if (len != TLS_AAD_LEN) return 0;
    memcpy(c->tls_aad, aad, len);
    size_t n = (size_t)aad[len - 2] << 8 | aad[len - 1];
    /* The record carries the explicit IV, and (decrypting) the tag. */
    size_t extra = TLS_EXPLICIT + (c->enc ? 0 : TLS_TAG);
    if (n < extra) return 0;
    n -= extra;
    c->tls_aad[len - 2] = (uint8_t)(n >> 8);
    c->tls_aad[len - 1] = (uint8_t)n;
    c->tls_aad_set = 1;
    c->tls_pad = TLS_TAG;
    return 1;
}

static int tls_set_fixed(aead_ctx *c, const uint8_t *fixed, size_t len)
{
    if (!is_gcm(c) || len != TLS_FIXED || c->iv_len != TLS_FIXED + TLS_EXPLICIT) return 0;
    memcpy(c->iv, fixed, len);
    /* The sender's explicit part starts anywhere and counts up ([RFC5288] 3). */
    if (c->enc && RAND_bytes(c->iv + len, (int)(c->iv_len - len)) <= 0) return 0;
    c->iv_gen = c->iv_set = 1;
    return 1;
}

static void count_up(uint8_t *x, size_t n)
{
    while (n--)
        if (++x[n]) break;
}

/* The IV's invocation field (last olen bytes) for this record, then count up. */
static int tls_iv_gen(aead_ctx *c, uint8_t *out, size_t olen)
{
    if (!c->iv_gen || !c->aead) return 0;
    if (olen == 0 || olen > c->iv_len) olen = c->iv_len;
    memcpy(out, c->iv + c->iv_len - olen, olen);
    count_up(c->iv + c->iv_len - TLS_EXPLICIT, TLS_EXPLICIT);
    return 1;
}

static int tls_iv_inv(aead_ctx *c, const uint8_t *in, size_t inl)
{
    if (!c->iv_gen || !c->aead || c->enc || inl > c->iv_len) return 0;
    memcpy(c->iv + c->iv_len - inl, in, inl);
    return 1;
}

/* One TLS record in place: explicit IV || payload || tag. */
static int tls_record(aead_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t len)
{
    int ok = 0;
    c->tls_aad_set = 0;
    *outl = 0;
    if (!is_gcm(c) || !c->aead || out != in || len < TLS_EXPLICIT + TLS_TAG) return 0;
    if (kc_aead_set_tag_size(c->aead, TLS_TAG) != KC_OK) return 0;
    uint8_t nonce[TLS_FIXED + TLS_EXPLICIT];
    if (c->enc) {
        if (!tls_iv_gen(c, out, TLS_EXPLICIT)) return 0;
    } else if (!tls_iv_inv(c, in, TLS_EXPLICIT)) {
        return 0;
    }
    memcpy(nonce, c->iv, sizeof nonce);
    if (c->enc) memcpy(nonce + TLS_FIXED, out, TLS_EXPLICIT);   /* the value before counting up */
    size_t plen = len - TLS_EXPLICIT - TLS_TAG, n;
    kc_status st;
    if (c->enc)
        st = kc_aead_encrypt(c->aead, out + TLS_EXPLICIT, plen + TLS_TAG, &n, nonce, sizeof nonce,
                             c->tls_aad, TLS_AAD_LEN, in + TLS_EXPLICIT, plen);
    else
        st = kc_aead_decrypt(c->aead, out + TLS_EXPLICIT, plen, &n, nonce, sizeof nonce,
                             c->tls_aad, TLS_AAD_LEN, in + TLS_EXPLICIT, plen + TLS_TAG);
    if (st == KC_OK) {
        *outl = c->enc ? len : plen;
        ok = 1;
        kcp_trace(c->enc ? "tls-record-encrypt" : "tls-record-decrypt", c->alg);
    }
    kc_wipe(nonce, sizeof nonce);
    return ok;
}

static int aead_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    aead_ctx *c = vctx;
    const OSSL_PARAM *p;
    size_t sz;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN))) {
        if (!OSSL_PARAM_get_size_t(p, &sz)) return 0;
        int ok = is_gcm(c) ? sz >= 1 && sz <= IV_MAX : is_tinyjambu(c) ? sz == 12 : sz >= 7 && sz <= 13;
        if (!ok) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_IV_LENGTH);
            return 0;
        }
        if (sz != c->iv_len) c->iv_set = 0;
        c->iv_len = sz;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size < 4 || p->data_size > 16) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG_LENGTH);
            return 0;
        }
        if (p->data) {          /* the tag to check */
            if (c->enc) {
                ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_NEEDED);
                return 0;
            }
            memcpy(c->tag, p->data, p->data_size);
            c->tag_set = 1;
        } else if (is_gcm(c)) { /* a length alone: CCM's M */
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG);
            return 0;
        }
        if ((!is_gcm(c) && p->data_size % 2) || (is_tinyjambu(c) && p->data_size != 8)) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG_LENGTH);
            return 0;
        }
        c->tag_len = p->data_size;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !is_gcm(c) ||
            !tls_set_aad(c, p->data, p->data_size)) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_AAD);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !tls_set_fixed(c, p->data, p->data_size)) {
            ERR_raise(ERR_LIB_PROV, PROV_R_FAILED_TO_GET_PARAMETER);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data ||
            !tls_iv_inv(c, p->data, p->data_size))
            return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        if (!OSSL_PARAM_get_size_t(p, &sz)) return 0;
        if (sz != c->alg->key_len) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY_LENGTH);
            return 0;
        }
    }
    return 1;
}

static int aead_init(void *vctx, const unsigned char *key, size_t keylen,
                     const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[], int enc)
{
    aead_ctx *c = vctx;
    c->enc = enc;
    reset_message(c);   /* a decryption's tag may come before the key (CCM) */
    if (key) {
        if (keylen != c->alg->key_len) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY_LENGTH);
            return 0;
        }
        kc_aead *a;
        if (kc_aead_new(&a, c->alg->kc_name, NULL, key, keylen) != KC_OK) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_KEY);
            return 0;
        }
        kc_aead_free(c->aead);
        c->aead = a;
        c->iv_gen = 0;
        kcp_trace(enc ? "init-encrypt" : "init-decrypt", c->alg);
    }
    if (iv) {
        int ok = is_gcm(c) ? ivlen >= 1 && ivlen <= IV_MAX : ivlen == c->iv_len;
        if (!ok) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_IV_LENGTH);
            return 0;
        }
        memcpy(c->iv, iv, ivlen);
        c->iv_len = ivlen;
        c->iv_set = 1;
        c->iv_gen = 0;
    }
    return aead_set_ctx_params(c, params);
}

static int aead_einit(void *vctx, const unsigned char *key, size_t keylen,
                      const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
    return aead_init(vctx, key, keylen, iv, ivlen, params, 1);
}

static int aead_dinit(void *vctx, const unsigned char *key, size_t keylen,
                      const unsigned char *iv, size_t ivlen, const OSSL_PARAM params[])
{
    return aead_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* Decryption releases plaintext as it goes (EVP's contract: DecryptFinal
 * has no room for it); the caller must drop it when final fails.  TLS
 * records and CCM are checked before anything is written. */
static int gcm_stream(aead_ctx *c)
{
    if (c->stream) return 1;
    if (!c->aead || !c->iv_set) {
        ERR_raise(ERR_LIB_PROV, c->aead ? PROV_R_INVALID_IV_LENGTH : PROV_R_NO_KEY_SET);
        return 0;
    }
    unsigned flags = c->enc ? 0 : KC_AEAD_RELEASE_UNVERIFIED;
    if (kc_aead_stream_new(&c->stream, c->aead, c->enc, flags, c->iv, c->iv_len) != KC_OK) {
        c->stream = NULL;
        ERR_raise(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED);
        return 0;
    }
    return 1;
}

static int ccm_add_ad(aead_ctx *c, const uint8_t *in, size_t inl)
{
    if (c->ad_len + inl > c->ad_cap) {
        size_t cap = (c->ad_len + inl) * 2;
        uint8_t *p = malloc(cap);
        if (!p) return 0;
        if (c->ad_len) memcpy(p, c->ad, c->ad_len);
        if (c->ad) {
            kc_wipe(c->ad, c->ad_cap);
            free(c->ad);
        }
        c->ad = p;
        c->ad_cap = cap;
    }
    if (inl) memcpy(c->ad + c->ad_len, in, inl);
    c->ad_len += inl;
    return 1;
}

/* The whole CCM message at once; decryption writes nothing unless the tag checks. */
static int ccm_run(aead_ctx *c, uint8_t *out, size_t *outl, const uint8_t *in, size_t inl)
{
    *outl = 0;
    if (c->ccm_done || !c->aead || !c->iv_set || (c->ccm_len_set && c->ccm_len != inl)) return 0;
    if (!c->enc && !c->tag_set) {
        ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_SET);
        return 0;
    }
    if (kc_aead_set_tag_size(c->aead, c->tag_len) != KC_OK) return 0;
    uint8_t *buf = malloc(inl + 16);
    if (!buf) return 0;
    size_t n;
    kc_status st;
    if (c->enc) {
        st = kc_aead_encrypt(c->aead, buf, inl + 16, &n, c->iv, c->iv_len, c->ad, c->ad_len, in, inl);
        if (st == KC_OK) {
            if (inl) memcpy(out, buf, inl);
            memcpy(c->tag, buf + inl, c->tag_len);
            c->tag_set = 1;
        }
    } else {
        if (inl) memcpy(buf, in, inl);
        memcpy(buf + inl, c->tag, c->tag_len);
        st = kc_aead_decrypt(c->aead, out, inl, &n, c->iv, c->iv_len, c->ad, c->ad_len,
                             buf, inl + c->tag_len);
    }
    kc_wipe(buf, inl + 16);
    free(buf);
    c->ccm_done = 1;
    if (!c->enc) c->tag_set = 0;
    if (st != KC_OK) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED, "%s", kc_strerror(st));
        return 0;
    }
    *outl = inl;
    return 1;
}

static int aead_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    aead_ctx *c = vctx;
    *outl = 0;
    if (c->tls_aad_set) {
        if (outsize < inl) return 0;
        return tls_record(c, out, outl, in, inl);
    }
    if (!is_gcm(c)) {
        if (!in && !out) {          /* CCM, TinyJAMBU: the message length, announced first */
            c->ccm_len = inl;
            c->ccm_len_set = 1;
            return 1;
        }
        if (!out) return ccm_add_ad(c, in, inl);
        if (outsize < inl) return 0;
        return ccm_run(c, out, outl, in, inl);
    }
    if (!gcm_stream(c)) return 0;
    kc_status st;
    if (!out) {
        st = kc_aead_stream_ad(c->stream, in, inl);
    } else {
        st = kc_aead_stream_update(c->stream, out, outsize, outl, in, inl);
    }
    if (st != KC_OK) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED, "%s", kc_strerror(st));
        return 0;
    }
    return 1;
}

static int aead_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    aead_ctx *c = vctx;
    (void)out; (void)outsize;
    *outl = 0;
    if (!is_gcm(c)) {
        if (c->ccm_done) return 1;
        uint8_t none[1];
        return ccm_run(c, none, outl, none, 0);
    }
    if (!gcm_stream(c)) return 0;
    kc_status st;
    if (c->enc) {
        kc_aead_set_tag_size(c->aead, 16);
        st = kc_aead_stream_tag(c->stream, c->tag, 16);
        if (st == KC_OK) c->tag_set = 1;
    } else {
        if (!c->tag_set) {
            ERR_raise(ERR_LIB_PROV, PROV_R_TAG_NOT_SET);
            return 0;
        }
        st = kc_aead_set_tag_size(c->aead, c->tag_len);
        size_t n;
        if (st == KC_OK) st = kc_aead_stream_verify(c->stream, NULL, 0, &n, c->tag, c->tag_len);
        c->tag_set = 0;
    }
    kc_aead_stream_free(c->stream);
    c->stream = NULL;
    c->iv_set = 0;      /* never the same IV twice */
    if (st != KC_OK) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_CIPHER_OPERATION_FAILED, "%s", kc_strerror(st));
        return 0;
    }
    return 1;
}

/* EVP_Cipher(): data, AD (out NULL) or, with in NULL, the end. */
static int aead_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    if (!in) return aead_final(vctx, out, outl, outsize);
    return aead_update(vctx, out, outl, outsize, in, inl);
}

static int aead_get_params(const kcp_alg *alg, OSSL_PARAM params[])
{
    return kcp_cipher_get_params(alg, params, 1, 1);
}

static int aead_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    aead_ctx *c = vctx;
    OSSL_PARAM *p;
    if (!aead_get_params(c->alg, params)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(p, c->iv_len))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) &&
        !OSSL_PARAM_set_size_t(p, c->tag_len))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) &&
        !OSSL_PARAM_set_size_t(p, c->tls_pad))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) &&
        !OSSL_PARAM_set_octet_string(p, c->iv, c->iv_len))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) &&
        !OSSL_PARAM_set_octet_string(p, c->iv, c->iv_len))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        size_t sz = p->data ? p->data_size : c->tag_len;
        size_t have = is_gcm(c) ? 16 : c->tag_len;
        if (!c->enc || !c->tag_set || sz == 0 || sz > have) {
            ERR_raise(ERR_LIB_PROV, PROV_R_INVALID_TAG);
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, c->tag, sz)) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data || !tls_iv_gen(c, p->data, p->data_size))
            return 0;
    }
    return 1;
}

static const OSSL_PARAM aead_gettable_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM aead_settable_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *aead_gettable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx; (void)provctx;
    return aead_gettable_types;
}

static const OSSL_PARAM *aead_settable_ctx_params(void *cctx, void *provctx)
{
    (void)cctx; (void)provctx;
    return aead_settable_types;
}

#define AEAD(id, kc, NAME, evpmode, keylen, ivlen) \
    KCP_CIPHER(aead, id, kc, NAME, KC_MODE_ECB, evpmode, keylen, 16, ivlen)
AEAD(tj128, "tinyjambu-128", "TINYJAMBU-128", EVP_CIPH_STREAM_CIPHER, 16, 12)
AEAD(tj192, "tinyjambu-192", "TINYJAMBU-192", EVP_CIPH_STREAM_CIPHER, 24, 12)
AEAD(tj256, "tinyjambu-256", "TINYJAMBU-256", EVP_CIPH_STREAM_CIPHER, 32, 12)
#define PAIR(id, kc, NAME, keylen)                                                    \
    AEAD(id##_gcm, kc "-gcm", NAME "-GCM", EVP_CIPH_GCM_MODE, keylen, 12)             \
    AEAD(id##_ccm, kc "-ccm", NAME "-CCM", EVP_CIPH_CCM_MODE, keylen, 12)

PAIR(aria128, "aria-128", "ARIA-128", 16)
PAIR(aria192, "aria-192", "ARIA-192", 24)
PAIR(aria256, "aria-256", "ARIA-256", 32)
PAIR(lea128, "lea-128", "LEA-128", 16)
PAIR(lea192, "lea-192", "LEA-192", 24)
PAIR(lea256, "lea-256", "LEA-256", 32)
PAIR(rc6128, "rc6-128", "RC6-128", 16)
PAIR(rc6192, "rc6-192", "RC6-192", 24)
PAIR(rc6256, "rc6-256", "RC6-256", 32)
PAIR(seed128, "seed-128", "SEED-128", 16)
PAIR(cham128128, "cham-128-128", "CHAM-128-128", 16)
PAIR(cham128256, "cham-128-256", "CHAM-128-256", 32)

#define ALG KCP_ALG
const OSSL_ALGORITHM kcp_aead_algs[] = {
    ALG("ARIA-128-GCM:1.2.410.200046.1.1.34", aria128_gcm),
    ALG("ARIA-192-GCM:1.2.410.200046.1.1.35", aria192_gcm),
    ALG("ARIA-256-GCM:1.2.410.200046.1.1.36", aria256_gcm),
    ALG("ARIA-128-CCM:1.2.410.200046.1.1.37", aria128_ccm),
    ALG("ARIA-192-CCM:1.2.410.200046.1.1.38", aria192_ccm),
    ALG("ARIA-256-CCM:1.2.410.200046.1.1.39", aria256_ccm),
    ALG("LEA-128-GCM", lea128_gcm), ALG("LEA-192-GCM", lea192_gcm), ALG("LEA-256-GCM", lea256_gcm),
    ALG("LEA-128-CCM", lea128_ccm), ALG("LEA-192-CCM", lea192_ccm), ALG("LEA-256-CCM", lea256_ccm),
    ALG("RC6-128-GCM", rc6128_gcm), ALG("RC6-192-GCM", rc6192_gcm), ALG("RC6-256-GCM", rc6256_gcm),
    ALG("RC6-128-CCM", rc6128_ccm), ALG("RC6-192-CCM", rc6192_ccm), ALG("RC6-256-CCM", rc6256_ccm),
    ALG("SEED-128-GCM", seed128_gcm), ALG("SEED-128-CCM", seed128_ccm),
    ALG("CHAM-128-128-GCM", cham128128_gcm), ALG("CHAM-128-256-GCM", cham128256_gcm),
    ALG("CHAM-128-128-CCM", cham128128_ccm), ALG("CHAM-128-256-CCM", cham128256_ccm),
    ALG("TINYJAMBU-128", tj128), ALG("TINYJAMBU-192", tj192), ALG("TINYJAMBU-256", tj256),
    { NULL, NULL, NULL, NULL }
};
