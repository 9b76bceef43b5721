/* SPDX-License-Identifier: MIT */
/* KBKDF (src/modes/kbkdf.c): NIST's KBKDF counter-mode vectors
 * (cryptography-vectors, KDF/nist-800-108-KBKDF-CTR.txt: CMAC-AES, and the
 * HMAC ones once kc_mac has "hmac-sha*"); OpenSSL's KBKDF (counter and
 * feedback, CMAC-AES) on random inputs; all three modes over ARIA and LEA
 * against the standard's formulas written out here; the errors.  PBKDF2
 * (src/modes/pbkdf2.c): RFC 7914 section 11's PBKDF2-HMAC-SHA-256 vectors,
 * OpenSSL's PKCS5_PBKDF2_HMAC on random inputs over the SHA-2 hashes, LSH
 * and every hash backend against RFC 8018's formula written out here. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#ifdef KC_KDF_OPENSSL
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/evp.h>
#endif
#ifndef KC_PYCA_DIR
#define KC_PYCA_DIR ""
#endif

/* "CMAC_AES128" -> "aes-128-cmac", "HMAC_SHA256" -> "hmac-sha256"; NULL otherwise. */
static const char *prf_name(const char *nist, char *buf, size_t cap)
{
    int bits;
    if (sscanf(nist, "CMAC_AES%d", &bits) == 1) snprintf(buf, cap, "aes-%d-cmac", bits);
    else if (sscanf(nist, "HMAC_SHA%d", &bits) == 1) snprintf(buf, cap, "hmac-sha%d", bits);
    else return NULL;
    return buf;
}

static void nist(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[2048], prf[32] = "", name[32];
    kc_kbkdf_params p = { .mode = KC_KBKDF_COUNTER };
    uint8_t key[64], fixed[256], after[256], ko[256], out[256];
    long kl = 0, fl = 0, al = 0, bits = 0;
    unsigned long run = 0, skipped = 0;
    if (!TL_CHECK(f != NULL, "cannot read %s", path)) return;
    while (fgets(line, sizeof line, f)) {
        char *v = strchr(line, '=');
        if (!strncmp(line, "[PRF=", 5)) sscanf(line + 5, "%31[^]]", prf);
        else if (!strncmp(line, "[CTRLOCATION=", 13))
            p.counter = strstr(line, "BEFORE") ? KC_KBKDF_CTR_BEFORE_FIXED : strstr(line, "AFTER") ? KC_KBKDF_CTR_AFTER_FIXED
                                                                                   : KC_KBKDF_CTR_MIDDLE_FIXED;
        else if (!strncmp(line, "[RLEN=", 6)) p.counter_bits = (unsigned)strtoul(line + 6, NULL, 10);
        else if (!strncmp(line, "COUNT", 5)) kl = fl = al = bits = 0;
        else if (!v || line[0] == '\t') continue;
        else if (!strncmp(line, "L ", 2)) bits = strtol(v + 1, NULL, 10);
        else if (!strncmp(line, "KI ", 3)) kl = tl_unhex(v + 1, key, sizeof key);
        else if (!strncmp(line, "FixedInputData ", 15) || !strncmp(line, "DataBeforeCtrData ", 18)) fl = tl_unhex(v + 1, fixed, sizeof fixed);
        else if (!strncmp(line, "DataAfterCtrData ", 17)) al = tl_unhex(v + 1, after, sizeof after);
        else if (!strncmp(line, "KO ", 3)) {
            long ol = tl_unhex(v + 1, ko, sizeof ko);
            kc_mac *m;
            if (!prf_name(prf, name, sizeof name) || bits % 8 || kc_mac_new(&m, name, NULL, key, (size_t)kl) != KC_OK) {
                skipped++;
                continue;
            }
            kc_mac_free(m);
            TL_CHECK(ol * 8 == bits, "%s: L and KO disagree", prf);
            p.middle = (size_t)fl;
            if (al) memcpy(fixed + fl, after, (size_t)al);
            memset(out, 0, sizeof out);
            tl_check_status(kc_kbkdf(name, NULL, key, (size_t)kl, &p, fixed, (size_t)(fl + al), out, (size_t)ol), KC_OK,
                            "%s r=%u", name, p.counter_bits);
            tl_check_bytes(out, ko, (size_t)ol, "%s counter at %d r=%u L=%ld", name, (int)p.counter, p.counter_bits, bits);
            run++;
        }
    }
    fclose(f);
    printf("%s: %lu vectors run, %lu skipped (TDES, or a PRF kc_mac does not have)\n", path, run, skipped);
    TL_CHECK(run >= 120, "only %lu vectors", run);
}

/* The standard's formulas, each PRF input written out in full. */
static void reference(const char *prf, const uint8_t *key, size_t kl, const kc_kbkdf_params *p,
                      const uint8_t *fixed, size_t fl, uint8_t *out, size_t len)
{
    kc_mac *m;
    uint8_t msg[600], k[64] = { 0 }, a[64], ctr[4];
    size_t h, kprev = p->mode == KC_KBKDF_FEEDBACK ? p->iv_len : 0, r = p->counter_bits / 8;
    if (kc_mac_new(&m, prf, NULL, key, kl) != KC_OK) return;
    h = kc_mac_tag_size(m);
    if (kprev) memcpy(k, p->iv, kprev);
    memcpy(a, fixed, fl < 64 ? fl : 64);
    size_t alen = fl;
    for (uint32_t i = 1; (i - 1) * h < len; i++) {
        size_t n = 0;
        ctr[0] = (uint8_t)(i >> 24); ctr[1] = (uint8_t)(i >> 16); ctr[2] = (uint8_t)(i >> 8); ctr[3] = (uint8_t)i;
        if (p->mode == KC_KBKDF_DOUBLE_PIPELINE) {
            uint8_t t[64];
            kc_mac_compute(m, t, h, NULL, 0, i == 1 ? fixed : a, i == 1 ? fl : alen);
            memcpy(a, t, h);
            alen = h;
        }
        if (p->counter == KC_KBKDF_CTR_BEFORE_ITER) { memcpy(msg + n, ctr + 4 - r, r); n += r; }
        if (p->mode == KC_KBKDF_FEEDBACK) { memcpy(msg + n, k, kprev); n += kprev; }
        if (p->mode == KC_KBKDF_DOUBLE_PIPELINE) { memcpy(msg + n, a, alen); n += alen; }
        if (p->counter == KC_KBKDF_CTR_BEFORE_FIXED) { memcpy(msg + n, ctr + 4 - r, r); n += r; }
        if (p->counter == KC_KBKDF_CTR_MIDDLE_FIXED) {
            memcpy(msg + n, fixed, p->middle); n += p->middle;
            memcpy(msg + n, ctr + 4 - r, r); n += r;
            memcpy(msg + n, fixed + p->middle, fl - p->middle); n += fl - p->middle;
        } else {
            memcpy(msg + n, fixed, fl); n += fl;
        }
        if (p->counter == KC_KBKDF_CTR_AFTER_FIXED) { memcpy(msg + n, ctr + 4 - r, r); n += r; }
        kc_mac_compute(m, k, h, NULL, 0, msg, n);
        kprev = h;
        memcpy(out + (i - 1) * h, k, len - (i - 1) * h < h ? len - (i - 1) * h : h);
    }
    kc_mac_free(m);
}

static void modes(const char *prf, size_t kl, int cases)
{
    uint8_t key[32], fixed[100], iv[40], a[200], b[200];
    unsigned long n = 0;
    for (int c = 0; c < cases; c++) {
        kc_kbkdf_params p = { .mode = (kc_kbkdf_mode)(c % 3), .counter_bits = 8 * (1 + (unsigned)tl_rand_below(4)) };
        size_t fl = tl_rand_below(sizeof fixed), len = 1 + tl_rand_below(sizeof a);
        p.counter = (kc_kbkdf_ctr)tl_rand_below(5);
        if (p.mode == KC_KBKDF_COUNTER && p.counter >= KC_KBKDF_CTR_BEFORE_ITER) p.counter = KC_KBKDF_CTR_AFTER_FIXED;
        if (p.mode != KC_KBKDF_COUNTER && p.counter == KC_KBKDF_CTR_MIDDLE_FIXED) p.counter = KC_KBKDF_CTR_BEFORE_ITER;
        p.middle = tl_rand_below(fl + 1);
        if (p.mode == KC_KBKDF_FEEDBACK) { p.iv = iv; p.iv_len = tl_rand_below(sizeof iv); }
        tl_random_bytes(key, kl);
        tl_random_bytes(fixed, fl);
        tl_random_bytes(iv, sizeof iv);
        if (p.counter_bits == 8 && len > 255 * 16) len = 255 * 16;
        tl_check_status(kc_kbkdf(prf, NULL, key, kl, &p, fixed, fl, a, len), KC_OK, "%s mode %d", prf, (int)p.mode);
        reference(prf, key, kl, &p, fixed, fl, b, len);
        tl_check_bytes(a, b, len, "%s mode %d counter %d r %u fixed %zu len %zu", prf, (int)p.mode, (int)p.counter,
                       p.counter_bits, fl, len);
        n++;
    }
    printf("%s: %lu random cases of the three modes against the formulas\n", prf, n);
}

#ifdef KC_KDF_OPENSSL
static void openssl(int cases)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "KBKDF", NULL);
    if (!TL_CHECK(kdf != NULL, "OpenSSL has no KBKDF")) return;
    for (int c = 0; c < cases; c++) {
        uint8_t key[32], label[40], context[40], iv[16], a[100], b[100];
        size_t kl = 16 + 8 * tl_rand_below(3), ll = tl_rand_below(40), cl = tl_rand_below(40), len = 1 + tl_rand_below(100);
        int feedback = c & 1, zero = 0;
        char name[32], cipher[32];
        snprintf(name, sizeof name, "aes-%zu-cmac", 8 * kl);
        snprintf(cipher, sizeof cipher, "AES-%zu-CBC", 8 * kl);
        tl_random_bytes(key, kl);
        tl_random_bytes(label, ll);
        tl_random_bytes(context, cl);
        tl_random_bytes(iv, sizeof iv);
        OSSL_PARAM params[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, feedback ? "feedback" : "counter", 0),
            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, "CMAC", 0),
            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_CIPHER, cipher, 0),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, key, kl),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, label, ll),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, context, cl),
            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SEED, iv, sizeof iv),
            OSSL_PARAM_construct_int(OSSL_KDF_PARAM_KBKDF_USE_L, &zero),
            OSSL_PARAM_construct_int(OSSL_KDF_PARAM_KBKDF_USE_SEPARATOR, &zero),
            OSSL_PARAM_construct_end(),
        };
        EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf);
        int ok = ctx && EVP_KDF_derive(ctx, b, len, params) == 1;
        EVP_KDF_CTX_free(ctx);
        if (!TL_CHECK(ok, "OpenSSL KBKDF %s", cipher)) continue;
        uint8_t fixed[80];
        memcpy(fixed, label, ll);
        memcpy(fixed + ll, context, cl);
        kc_kbkdf_params p = { .mode = feedback ? KC_KBKDF_FEEDBACK : KC_KBKDF_COUNTER, .counter_bits = 32,
                              .counter = KC_KBKDF_CTR_BEFORE_FIXED, .iv = feedback ? iv : NULL, .iv_len = feedback ? 16 : 0 };
        tl_check_status(kc_kbkdf(name, NULL, key, kl, &p, fixed, ll + cl, a, len), KC_OK, "%s", name);
        tl_check_bytes(a, b, len, "%s %s against OpenSSL, len %zu", name, feedback ? "feedback" : "counter", len);
    }
    EVP_KDF_free(kdf);
    printf("%d random cases against OpenSSL's KBKDF (counter, feedback)\n", cases);
}
#endif

/* ---- PBKDF2 ---- */
static void pbkdf2_rfc7914(void)
{
    static const struct { const char *p, *s; uint32_t c; const char *dk; } v[] = {
        { "passwd", "salt", 1,
          "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
          "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783" },
        { "Password", "NaCl", 80000,
          "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
          "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d" },
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint8_t want[64], got[64];
        tl_unhex(v[i].dk, want, sizeof want);
        for (size_t b = 0; b < kc_backend_count("sha-256"); b++) {
            const char *be = tl_backend_at("sha-256", b);
            if (!be) continue;
            tl_check_status(kc_pbkdf2("hmac-sha-256", be, (const uint8_t *)v[i].p, strlen(v[i].p),
                                      (const uint8_t *)v[i].s, strlen(v[i].s), v[i].c, got, 64), KC_OK, "RFC 7914 %zu", i);
            tl_check_bytes(got, want, 64, "RFC 7914 PBKDF2-HMAC-SHA-256 %zu, backend %s", i, be);
        }
    }
}

/* RFC 8018 5.2 written out over kc_mac, one U at a time. */
static void pbkdf2_reference(const char *prf, const uint8_t *pw, size_t pl, const uint8_t *salt, size_t sl,
                             uint32_t c, uint8_t *out, size_t len)
{
    kc_mac *m;
    if (!tl_check_status(kc_mac_new(&m, prf, NULL, pw, pl), KC_OK, "%s", prf)) return;
    size_t h = kc_mac_tag_size(m);
    for (uint32_t i = 1; (size_t)(i - 1) * h < len; i++) {
        uint8_t msg[80], u[64], t[64];
        memcpy(msg, salt, sl);
        msg[sl] = (uint8_t)(i >> 24), msg[sl + 1] = (uint8_t)(i >> 16), msg[sl + 2] = (uint8_t)(i >> 8), msg[sl + 3] = (uint8_t)i;
        kc_mac_compute(m, u, h, NULL, 0, msg, sl + 4);
        memcpy(t, u, h);
        for (uint32_t j = 1; j < c; j++) {
            kc_mac_compute(m, u, h, NULL, 0, u, h);
            for (size_t k = 0; k < h; k++) t[k] ^= u[k];
        }
        size_t at = (size_t)(i - 1) * h;
        memcpy(out + at, t, len - at < h ? len - at : h);
    }
    kc_mac_free(m);
}

static void pbkdf2_every_hash(int cases)
{
    static const char *const hashes[] = { "sha-224", "sha-256", "sha-384", "sha-512", "sha-512-224", "sha-512-256",
                                          "lsh-256-224", "lsh-256-256", "lsh-512-224", "lsh-512-256", "lsh-512-384",
                                          "lsh-512-512" };
    for (int c = 0; c < cases; c++) {
        const char *hash = hashes[c % (sizeof hashes / sizeof hashes[0])];
        char prf[32];
        uint8_t pw[200], salt[40], want[150], got[150];
        size_t pl = tl_rand_below(200), sl = tl_rand_below(40), len = 1 + tl_rand_below(150);
        uint32_t iter = 1 + (uint32_t)tl_rand_below(20);
        snprintf(prf, sizeof prf, "hmac-%s", hash);
        tl_random_bytes(pw, pl);
        tl_random_bytes(salt, sl);
        pbkdf2_reference(prf, pw, pl, salt, sl, iter, want, len);
        for (size_t b = 0; b < kc_backend_count(hash); b++) {
            const char *be = tl_backend_at(hash, b);
            if (!be) continue;
            memset(got, 0, sizeof got);
            tl_check_status(kc_pbkdf2(prf, be, pw, pl, salt, sl, iter, got, len), KC_OK, "%s %s", prf, be);
            tl_check_bytes(got, want, len, "PBKDF2 %s backend %s, c %u, len %zu", prf, be, (unsigned)iter, len);
        }
    }
    printf("%d random PBKDF2 cases over every hash and backend against RFC 8018's formula\n", cases);
}

#ifdef KC_KDF_OPENSSL
static void pbkdf2_openssl(int cases)
{
    static const struct { const char *name; const EVP_MD *(*md)(void); } h[] = {
        { "hmac-sha-224", EVP_sha224 }, { "hmac-sha-256", EVP_sha256 }, { "hmac-sha-384", EVP_sha384 },
        { "hmac-sha-512", EVP_sha512 }, { "hmac-sha-512-224", EVP_sha512_224 }, { "hmac-sha-512-256", EVP_sha512_256 },
    };
    for (int c = 0; c < cases; c++) {
        uint8_t pw[200], salt[64], a[300], b[300];
        size_t pl = tl_rand_below(200), sl = tl_rand_below(64), len = 1 + tl_rand_below(300), k = (size_t)c % 6;
        int iter = 1 + (int)tl_rand_below(50);
        tl_random_bytes(pw, pl);
        tl_random_bytes(salt, sl);
        if (!TL_CHECK(PKCS5_PBKDF2_HMAC((const char *)pw, (int)pl, salt, (int)sl, iter, h[k].md(), (int)len, b) == 1,
                      "OpenSSL PBKDF2 %s", h[k].name)) continue;
        tl_check_status(kc_pbkdf2(h[k].name, NULL, pw, pl, salt, sl, (uint32_t)iter, a, len), KC_OK, "%s", h[k].name);
        tl_check_bytes(a, b, len, "PBKDF2 %s against OpenSSL, c %d, len %zu", h[k].name, iter, len);
    }
    printf("%d random cases against OpenSSL's PKCS5_PBKDF2_HMAC\n", cases);
}
#endif

static void pbkdf2_errors(void)
{
    uint8_t out[32], keep[32];
    memset(out, 0x5a, sizeof out);
    memcpy(keep, out, sizeof out);
    const uint8_t *pw = (const uint8_t *)"pw";
    tl_check_status(kc_pbkdf2("hmac-sha-256", NULL, pw, 2, pw, 2, 0, out, 32), KC_ERR_ITERATIONS, "0 iterations");
    tl_check_status(kc_pbkdf2("hmac-sha-256", NULL, pw, 2, pw, 2, 1, out, 0), KC_ERR_OUTPUT_TOO_SMALL, "out_len 0");
    tl_check_status(kc_pbkdf2("aes-128-cmac", NULL, pw, 2, pw, 2, 1, out, 32), KC_ERR_WRONG_KIND, "CMAC is not HMAC");
    tl_check_status(kc_pbkdf2("hmac-sha-999", NULL, pw, 2, pw, 2, 1, out, 32), KC_ERR_UNKNOWN_CIPHER, "no such hash");
    tl_check_status(kc_pbkdf2("hmac-sha-256", "nope", pw, 2, pw, 2, 1, out, 32), KC_ERR_UNKNOWN_BACKEND, "no such backend");
    tl_check_status(kc_pbkdf2("hmac-sha-256", NULL, NULL, 2, pw, 2, 1, out, 32), KC_ERR_NULL, "NULL password");
    tl_check_status(kc_pbkdf2("hmac-sha-256", NULL, pw, 2, NULL, 2, 1, out, 32), KC_ERR_NULL, "NULL salt");
    tl_check_status(kc_pbkdf2(NULL, NULL, pw, 2, pw, 2, 1, out, 32), KC_ERR_NULL, "NULL prf");
    tl_check_bytes(out, keep, sizeof out, "nothing written on error");
    tl_check_status(kc_pbkdf2("hmac-sha-256", NULL, NULL, 0, NULL, 0, 1, out, 32), KC_OK, "empty password and salt");
}

static void errors(void)
{
    uint8_t key[16] = { 1 }, out[64], keep[64];
    kc_kbkdf_params p = { .mode = KC_KBKDF_COUNTER, .counter_bits = 8 };
    memset(out, 0x5a, sizeof out);
    memcpy(keep, out, sizeof out);
    uint8_t *big = malloc(16 * 256);
    if (big) tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, big, 16 * 255), KC_OK, "255 blocks with r = 8");
    if (big) tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, big, 16 * 255 + 1), KC_ERR_INPUT_TOO_LONG, "256 blocks with r = 8");
    free(big);
    p.counter_bits = 12;
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_BAD_MODE, "r = 12");
    p.counter_bits = 40;
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_BAD_MODE, "r = 40");
    p.counter_bits = 32;
    p.counter = KC_KBKDF_CTR_NONE;
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_BAD_MODE, "counter mode without a counter");
    p.counter = KC_KBKDF_CTR_MIDDLE_FIXED;
    p.middle = 5;
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, key, 4, out, 16), KC_ERR_BAD_MODE, "middle past the fixed data");
    p.counter = KC_KBKDF_CTR_BEFORE_FIXED;
    p.mode = (kc_kbkdf_mode)3;
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_BAD_MODE, "mode 3");
    p.mode = KC_KBKDF_COUNTER;
    tl_check_status(kc_kbkdf("aes-128-gmac", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_WRONG_KIND, "GMAC wants a nonce");
    tl_check_status(kc_kbkdf("aes-128-gcm", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_WRONG_KIND, "not a MAC");
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 15, &p, NULL, 0, out, 16), KC_ERR_KEY_LENGTH, "key length");
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, NULL, NULL, 0, out, 16), KC_ERR_NULL, "NULL params");
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 3, out, 16), KC_ERR_NULL, "NULL fixed");
    memset(out, 0x5a, sizeof out);
    memcpy(keep, out, sizeof out);
    tl_check_status(kc_kbkdf("aes-128-gmac", NULL, key, 16, &p, NULL, 0, out, 16), KC_ERR_WRONG_KIND, "GMAC");
    tl_check_status(kc_kbkdf("aes-128-cmac", NULL, key, 16, &p, NULL, 0, out, 0), KC_OK, "nothing asked");
    tl_check_bytes(out, keep, sizeof out, "nothing written");
}

int main(void)
{
    char path[4096];
    tl_seed(108);
    errors();
    snprintf(path, sizeof path, "%s/KDF/nist-800-108-KBKDF-CTR.txt", getenv("KC_PYCA_DIR") ? getenv("KC_PYCA_DIR") : KC_PYCA_DIR);
    FILE *f = fopen(path, "r");
    if (f) { fclose(f); nist(path); }
    else printf("SKIP NIST KBKDF vectors: %s not found (pip install cryptography-vectors; KC_PYCA_DIR)\n", path);
    modes("aria-256-cmac", 32, 60);
    modes("lea-128-cmac", 16, 60);
    modes("aes-192-cmac", 24, 30);
    pbkdf2_rfc7914();
    pbkdf2_every_hash(60);
    pbkdf2_errors();
#ifdef KC_KDF_OPENSSL
    openssl(100);
    pbkdf2_openssl(100);
#else
    printf("SKIP OpenSSL differential: built without OpenSSL\n");
#endif
    return tl_finish("kdf");
}
