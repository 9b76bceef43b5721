/* SPDX-License-Identifier: MIT */
/* The DRBGs (kc_drbg) against OpenSSL 3's EVP_RAND on random inputs:
 * HMAC-DRBG and HASH-DRBG over SHA-224/256/384/512 and SHA-512/224, /256,
 * CTR-DRBG over AES-128/192/256 with and without df.  OpenSSL's DRBG runs
 * over a TEST-RAND parent that hands out the entropy and nonce we also give
 * kc_drbg; each case instantiates with a personalization string, then makes
 * requests with additional input, explicit reseeds (with additional input)
 * between them, with and without prediction resistance, and the two must
 * give the same bytes.  SHA-1 is not in kc_hash.  Exit 77 without OpenSSL. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#ifndef KC_HAVE_OPENSSL
int main(void)
{
    puts("peer_drbg: built without OpenSSL 3: skipped");
    return 77;
}
#else
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

/* kc_drbg's entropy source: the one string set last, of the length asked. */
typedef struct source {
    const uint8_t *p;
    size_t len;
    int used, bad;
} source;

static int from_source(void *arg, uint8_t *out, size_t len)
{
    source *s = arg;
    if (s->used || len != s->len) { s->bad = 1; return -1; }
    memcpy(out, s->p, len);
    s->used = 1;
    return 0;
}

static int set_octets(EVP_RAND_CTX *r, const char *key, const uint8_t *p, size_t len)
{
    OSSL_PARAM ps[] = { OSSL_PARAM_octet_string(key, (void *)p, len), OSSL_PARAM_END };
    return EVP_RAND_CTX_set_params(r, ps);
}

typedef struct mech {
    const char *ours, *rand, *param, *value;   /* ours, EVP_RAND name, the DRBG's parameter and its value */
    int no_df;
} mech;

static const mech mechs[] = {
    { "hmac-drbg-sha-224", "HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA224", 0 },
    { "hmac-drbg-sha-256", "HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA256", 0 },
    { "hmac-drbg-sha-384", "HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA384", 0 },
    { "hmac-drbg-sha-512", "HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA512", 0 },
    { "hmac-drbg-sha-512-224", "HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA512-224", 0 },
    { "hmac-drbg-sha-512-256", "HMAC-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA512-256", 0 },
    { "hash-drbg-sha-224", "HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA224", 0 },
    { "hash-drbg-sha-256", "HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA256", 0 },
    { "hash-drbg-sha-384", "HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA384", 0 },
    { "hash-drbg-sha-512", "HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA512", 0 },
    { "hash-drbg-sha-512-224", "HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA512-224", 0 },
    { "hash-drbg-sha-512-256", "HASH-DRBG", OSSL_DRBG_PARAM_DIGEST, "SHA512-256", 0 },
    { "ctr-drbg-aes-128", "CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "AES-128-CTR", 0 },
    { "ctr-drbg-aes-192", "CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "AES-192-CTR", 0 },
    { "ctr-drbg-aes-256", "CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "AES-256-CTR", 0 },
    { "ctr-drbg-aes-128", "CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "AES-128-CTR", 1 },
    { "ctr-drbg-aes-192", "CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "AES-192-CTR", 1 },
    { "ctr-drbg-aes-256", "CTR-DRBG", OSSL_DRBG_PARAM_CIPHER, "AES-256-CTR", 1 },
};

static unsigned long requests;

/* OpenSSL's DRBG for m over a fresh TEST-RAND parent (*parent). */
static EVP_RAND_CTX *openssl_drbg(const mech *m, EVP_RAND_CTX **parent)
{
    EVP_RAND *tr = EVP_RAND_fetch(NULL, "TEST-RAND", NULL), *dr = EVP_RAND_fetch(NULL, m->rand, NULL);
    EVP_RAND_CTX *d = NULL;
    unsigned strength = 256;
    int use_df = !m->no_df;
    *parent = tr ? EVP_RAND_CTX_new(tr, NULL) : NULL;
    OSSL_PARAM tp[] = { OSSL_PARAM_uint(OSSL_RAND_PARAM_STRENGTH, &strength), OSSL_PARAM_END };
    /* the size given: CTR-DRBG reads the name by its data_size */
    OSSL_PARAM dp[] = { OSSL_PARAM_utf8_string(m->param, (char *)m->value, strlen(m->value)),
                        OSSL_PARAM_utf8_string(OSSL_DRBG_PARAM_MAC, "HMAC", 0),
                        OSSL_PARAM_END, OSSL_PARAM_END };
    if (!strcmp(m->rand, "CTR-DRBG")) dp[1] = OSSL_PARAM_construct_int(OSSL_DRBG_PARAM_USE_DF, &use_df);
    else if (strcmp(m->rand, "HMAC-DRBG")) dp[1] = OSSL_PARAM_construct_end();
    if (*parent && EVP_RAND_CTX_set_params(*parent, tp) && EVP_RAND_instantiate(*parent, strength, 0, NULL, 0, NULL) &&
        dr && (d = EVP_RAND_CTX_new(dr, *parent)) && !EVP_RAND_CTX_set_params(d, dp)) {
        EVP_RAND_CTX_free(d);
        d = NULL;
    }
    EVP_RAND_free(tr);
    EVP_RAND_free(dr);
    return d;
}

/* One random case of m; pr: prediction resistance. */
static void one_case(const mech *m, int pr, int t)
{
    EVP_RAND_CTX *parent, *o = openssl_drbg(m, &parent);
    if (!TL_CHECK(o != NULL, "%s: OpenSSL's %s %s", m->ours, m->rand, m->value)) {
        ERR_print_errors_fp(stdout);
        EVP_RAND_CTX_free(parent);
        return;
    }
    unsigned strength = EVP_RAND_get_strength(o);
    size_t key = !strncmp(m->ours, "ctr-", 4) ? (size_t)atoi(m->ours + 13) / 8 : 0;
    size_t seedlen = key + 16;
    /* what kc_drbg asks its source for: the strength, or seedlen without df */
    size_t ent_len = m->no_df ? seedlen : strength / 8, max_in = m->no_df ? seedlen : 80;
    uint8_t ent[64], nonce[32], pers[80], add[80], ours[512], theirs[512];
    size_t nonce_len = m->no_df ? 0 : strength / 16, pers_len = tl_rand_below(max_in + 1);
    tl_random_bytes(ent, ent_len);
    tl_random_bytes(nonce, nonce_len);
    tl_random_bytes(pers, pers_len);
    source s = { ent, ent_len, 0, 0 };
    kc_drbg *d = NULL;
    kc_status st = kc_drbg_new(&d, m->ours, NULL, (m->no_df ? KC_DRBG_NO_DF : 0) | (pr ? KC_DRBG_PREDICTION_RESISTANCE : 0),
                               from_source, &s, nonce_len ? nonce : NULL, nonce_len, pers, pers_len);
    int ok = set_octets(parent, OSSL_RAND_PARAM_TEST_ENTROPY, ent, ent_len) &&
             (!nonce_len || set_octets(parent, OSSL_RAND_PARAM_TEST_NONCE, nonce, nonce_len)) &&
             EVP_RAND_instantiate(o, strength, pr, pers, pers_len, NULL);
    if (TL_CHECK(st == KC_OK && ok && !s.bad, "%s %s: instantiate (ours %s, OpenSSL %d)", m->ours, m->no_df ? "no df" : "df",
                 kc_strerror(st), ok)) {
        for (int r = 0; r < 5 && ok; r++) {
            size_t add_len = tl_rand_below(4) ? tl_rand_below(max_in + 1) : 0, len = 1 + tl_rand_below(sizeof ours);
            tl_random_bytes(add, add_len);
            int reseed = !pr && tl_rand_below(3) == 0;
            if (pr || reseed) {   /* fresh entropy for both */
                tl_random_bytes(ent, ent_len);
                s.used = 0;
                ok = set_octets(parent, OSSL_RAND_PARAM_TEST_ENTROPY, ent, ent_len);
            }
            if (reseed) {
                TL_CHECK(kc_drbg_reseed(d, add, add_len) == KC_OK && !s.bad && s.used, "%s reseed", m->ours);
                ok = ok && EVP_RAND_reseed(o, 0, NULL, 0, add, add_len);
                add_len = tl_rand_below(max_in + 1);
                tl_random_bytes(add, add_len);
            }
            TL_CHECK(kc_drbg_generate(d, ours, len, add, add_len) == KC_OK && !s.bad && (!pr || s.used),
                     "%s generate", m->ours);
            ok = ok && EVP_RAND_generate(o, theirs, len, strength, pr, add, add_len);
            if (!TL_CHECK(ok, "%s: OpenSSL's generate", m->ours)) ERR_print_errors_fp(stdout);
            else tl_check_bytes(ours, theirs, len, "%s %s%s case %d request %d (%zu bytes, additional %zu%s)", m->ours,
                                m->no_df ? "no df" : "df", pr ? " pr" : "", t, r, len, add_len, reseed ? ", reseeded" : "");
            requests++;
        }
    }
    kc_drbg_free(d);
    EVP_RAND_CTX_free(o);
    EVP_RAND_CTX_free(parent);
}

int main(void)
{
    tl_seed(0x26d7b9);
    for (size_t i = 0; i < sizeof mechs / sizeof mechs[0]; i++)
        for (int t = 0; t < 16; t++) one_case(&mechs[i], t & 1, t);
    printf("peer_drbg: %zu mechanisms (HMAC/Hash over SHA-2, CTR over AES with and without df), %lu requests "
           "against OpenSSL %s\n", sizeof mechs / sizeof mechs[0], requests, OpenSSL_version(OPENSSL_VERSION));
    return tl_finish("peer_drbg");
}
#endif
