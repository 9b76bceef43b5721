/* SPDX-License-Identifier: MIT */
/* XTS (src/modes/xts.c): NIST's XTSGenAES vectors (cryptography-vectors),
 * Crypto++'s xts.txt (IEEE 1619 Appendix B and Botan's generated set), on
 * every AES backend; OpenSSL's XTS on random keys and lengths; every
 * backend of every 16-byte cipher against its reference backend; the
 * sector API against the tweak API; the errors. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#ifdef KC_XTS_OPENSSL
#include <openssl/evp.h>
#endif
#ifndef KC_PYCA_DIR
#define KC_PYCA_DIR ""
#endif

static unsigned long vectors_run, equal_halves;

/* One known answer on every backend of cipher ("aes-128"), both directions, in place too. */
static void kat(const char *cipher, const uint8_t *key, size_t key_len, const uint8_t *tweak,
                const uint8_t *pt, const uint8_t *ct, size_t len, const char *label)
{
    char name[64];
    uint8_t *buf = malloc(len);
    snprintf(name, sizeof name, "%s-xts", cipher);
    if (memcmp(key, key + key_len / 2, key_len / 2) == 0) {   /* IEEE 1619's vector 1: key1 == key2 */
        kc_xts *x;
        tl_check_status(kc_xts_new(&x, name, NULL, key, key_len), KC_ERR_WEAK_KEY, "%s: equal halves refused", label);
        free(buf);
        equal_halves++;
        return;
    }
    for (size_t i = 0; buf; i++) {
        const char *be = tl_backend_at(cipher, i);
        kc_xts *x;
        if (!be) { if (kc_backend_count(cipher) <= i) break; continue; }
        if (!tl_check_status(kc_xts_new(&x, name, be, key, key_len), KC_OK, "%s %s %s", label, name, be)) continue;
        tl_check_status(kc_xts_encrypt(x, tweak, buf, pt, len), KC_OK, "%s enc", label);
        tl_check_bytes(buf, ct, len, "%s %s enc", label, be);
        tl_check_status(kc_xts_decrypt(x, tweak, buf, buf, len), KC_OK, "%s dec", label);
        tl_check_bytes(buf, pt, len, "%s %s dec in place", label, be);
        kc_xts_free(x);
    }
    free(buf);
    vectors_run++;
}

static const char *aes_for(size_t key_len)
{
    return key_len == 32 ? "aes-128" : key_len == 48 ? "aes-192" : key_len == 64 ? "aes-256" : NULL;
}

/* ---- NIST CAVP XTSGenAES*.rsp ---- */
static void nist_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    uint8_t key[64], tw[16], pt[4096], ct[4096];
    long kl = -1, pl = -1, cl = -1, bits = -1;
    int decrypt = 0, n = 0, skipped = 0;
    if (!TL_CHECK(f != NULL, "cannot read %s", path)) return;
    while (fgets(line, sizeof line, f)) {
        char *v = strchr(line, '=');
        if (!strncmp(line, "[ENCRYPT]", 9)) decrypt = 0;
        else if (!strncmp(line, "[DECRYPT]", 9)) decrypt = 1;
        else if (!strncmp(line, "COUNT", 5)) kl = pl = cl = bits = -1;
        else if (!v) continue;
        else if (!strncmp(line, "DataUnitLen", 11)) bits = strtol(v + 1, NULL, 10);
        else if (!strncmp(line, "Key", 3)) kl = tl_unhex(v + 1, key, sizeof key);
        else if (!strncmp(line, "i ", 2)) tl_unhex(v + 1, tw, sizeof tw);
        else if (!strncmp(line, "PT", 2)) pl = tl_unhex(v + 1, pt, sizeof pt);
        else if (!strncmp(line, "CT", 2)) cl = tl_unhex(v + 1, ct, sizeof ct);
        if (kl > 0 && pl >= 0 && cl >= 0 && bits >= 0) {
            if (bits % 8) skipped++;   /* bit-granular data units: the API takes bytes */
            else {
                TL_CHECK(pl == cl && pl * 8 == bits && aes_for((size_t)kl), "%s: vector %d malformed", path, n);
                if (aes_for((size_t)kl)) kat(aes_for((size_t)kl), key, (size_t)kl, tw, pt, ct, (size_t)pl, decrypt ? "nist dec" : "nist enc");
                n++;
            }
            kl = pl = cl = bits = -1;
        }
    }
    fclose(f);
    printf("%s: %d vectors, %d with bit-granular lengths skipped\n", path, n, skipped);
    TL_CHECK(n >= 500, "%s: only %d vectors", path, n);
}

/* ---- Crypto++ TestVectors/xts.txt ---- */
static void cryptopp_vector(const tl_fields *f, void *arg)
{
    uint8_t key[64], iv[16], pt[8192], ct[8192];
    long kl = tl_field_bytes(f, "Key", key, sizeof key), il = tl_field_bytes(f, "IV", iv, sizeof iv);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt), cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    (void)arg;
    const char *name = tl_field(f, "Name");
    if (!TL_CHECK(name && strstr(name, "AES/XTS") && aes_for((size_t)kl) && il == 16 && pl == cl && pl >= 16,
                  "xts.txt: unexpected test (%s, key %ld)", name ? name : "?", kl)) return;
    kat(aes_for((size_t)kl), key, (size_t)kl, iv, pt, ct, (size_t)pl, "xts.txt");
}

/* ---- every backend against the reference one, random inputs ---- */
static void differential(const char *cipher, const char *ref, int cases)
{
    char name[64];
    size_t kb = kc_cipher_find(cipher)->key_bytes, cap = 2 * 2048 + 100;
    uint8_t key[64], tw[16], *pt = malloc(cap + 1), *want = malloc(cap), *got = malloc(cap + 1);
    unsigned long n = 0;
    snprintf(name, sizeof name, "%s-xts", cipher);
    for (int k = 0; k < cases && pt && want && got; k++) {
        size_t len = k < 4 ? (size_t)16 + (size_t)k * 2047 % cap : 16 + tl_rand_below(cap - 16);
        kc_xts *r;
        tl_random_bytes(key, 2 * kb);
        tl_random_bytes(tw, 16);
        tl_random_bytes(pt, len);
        if (!tl_check_status(kc_xts_new(&r, name, ref, key, 2 * kb), KC_OK, "%s %s", name, ref)) break;
        tl_check_status(kc_xts_encrypt(r, tw, want, pt, len), KC_OK, "%s ref", name);
        kc_xts_free(r);
        for (size_t i = 0;; i++) {
            const char *be = tl_backend_at(cipher, i);
            kc_xts *x;
            if (!be) { if (kc_backend_count(cipher) <= i) break; continue; }
            if (!tl_check_status(kc_xts_new(&x, name, be, key, 2 * kb), KC_OK, "%s %s", name, be)) continue;
            uint8_t *o = got + (k & 1);   /* odd addresses every other case */
            memcpy(o, pt, len);
            tl_check_status(kc_xts_encrypt(x, tw, o, o, len), KC_OK, "%s %s", name, be);
            tl_check_bytes(o, want, len, "%s %s len %zu", name, be, len);
            tl_check_status(kc_xts_decrypt(x, tw, o, o, len), KC_OK, "%s %s", name, be);
            tl_check_bytes(o, pt, len, "%s %s round trip len %zu", name, be, len);
            kc_xts_free(x);
            n++;
        }
    }
    printf("%s: %lu backend runs against %s\n", name, n, ref);
    free(pt);
    free(want);
    free(got);
}

#ifdef KC_XTS_OPENSSL
static void openssl(const char *cipher, const EVP_CIPHER *evp, int cases)
{
    char name[64];
    size_t kb = kc_cipher_find(cipher)->key_bytes, cap = 5000;
    uint8_t key[64], tw[16], pt[5000], a[5000], b[5000];
    snprintf(name, sizeof name, "%s-xts", cipher);
    for (int k = 0; k < cases; k++) {
        size_t len = 16 + tl_rand_below(cap - 16);
        int ol = 0;
        kc_xts *x;
        tl_random_bytes(key, 2 * kb);
        tl_random_bytes(tw, 16);
        tl_random_bytes(pt, len);
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        TL_CHECK(ctx && EVP_EncryptInit_ex(ctx, evp, NULL, key, tw) == 1 &&
                 EVP_EncryptUpdate(ctx, b, &ol, pt, (int)len) == 1 && (size_t)ol == len, "openssl %s", name);
        EVP_CIPHER_CTX_free(ctx);
        if (!tl_check_status(kc_xts_new(&x, name, NULL, key, 2 * kb), KC_OK, "%s", name)) break;
        tl_check_status(kc_xts_encrypt(x, tw, a, pt, len), KC_OK, "%s", name);
        tl_check_bytes(a, b, len, "%s against OpenSSL, len %zu", name, len);
        tl_check_status(kc_xts_decrypt(x, tw, a, b, len), KC_OK, "%s", name);
        tl_check_bytes(a, pt, len, "%s decrypts OpenSSL's, len %zu", name, len);
        kc_xts_free(x);
    }
    printf("%s: %d random cases against OpenSSL\n", name, cases);
}
#endif

/* The sector API is the tweak API with the sector number little-endian. */
static void sectors(void)
{
    uint8_t key[64], tw[16] = { 0 }, pt[4 * 520], a[4 * 520], b[4 * 520];
    kc_xts *x;
    tl_random_bytes(key, 64);
    tl_random_bytes(pt, sizeof pt);
    if (!tl_check_status(kc_xts_new(&x, "lea-256-xts", NULL, key, 64), KC_OK, "lea-256-xts")) return;
    uint64_t first = 0x0123456789abcdefu;
    tl_check_status(kc_xts_encrypt_sectors(x, first, 520, a, pt, sizeof pt), KC_OK, "sectors");
    for (size_t i = 0; i < 4; i++) {
        for (int j = 0; j < 8; j++) tw[j] = (uint8_t)((first + i) >> (8 * j));
        kc_xts_encrypt(x, tw, b + 520 * i, pt + 520 * i, 520);
    }
    tl_check_bytes(a, b, sizeof a, "sectors = tweaks of little-endian sector numbers");
    tl_check_status(kc_xts_decrypt_sectors(x, first, 520, a, a, sizeof a), KC_OK, "sectors dec");
    tl_check_bytes(a, pt, sizeof a, "sectors round trip");
    memcpy(b, a, sizeof b);
    tl_check_status(kc_xts_encrypt_sectors(x, 0, 520, a, pt, 1000), KC_ERR_LENGTH_MISMATCH, "partial sector");
    tl_check_status(kc_xts_encrypt_sectors(x, UINT64_MAX - 2, 520, a, pt, 4 * 520), KC_ERR_INPUT_TOO_LONG, "sector wraps");
    tl_check_status(kc_xts_encrypt_sectors(x, UINT64_MAX - 3, 520, a, pt, 4 * 520), KC_OK, "last sectors");
    tl_check_status(kc_xts_encrypt_sectors(x, 0, 8, a, pt, 16), KC_ERR_INPUT_TOO_SHORT, "8-byte sectors");
    tl_check_status(kc_xts_encrypt_sectors(x, 0, 520, a, pt, 0), KC_OK, "no sectors");
    /* a run large enough for the thread pool gives what one sector at a time gives */
    size_t n = 600, size = 512;
    uint8_t *big = malloc(n * size), *one = malloc(n * size), *back = malloc(n * size);
    if (big && one && back) {
        tl_random_bytes(big, n * size);
        kc_set_threads(4);
        tl_check_status(kc_xts_encrypt_sectors(x, 77, size, back, big, n * size), KC_OK, "threaded sectors");
        kc_set_threads(0);
        for (size_t i = 0; i < n; i++) kc_xts_encrypt_sectors(x, 77 + i, size, one + i * size, big + i * size, size);
        tl_check_bytes(back, one, n * size, "600 sectors over threads = one at a time");
        kc_xts_decrypt_sectors(x, 77, size, back, back, n * size);
        tl_check_bytes(back, big, n * size, "threaded round trip in place");
    }
    free(big);
    free(one);
    free(back);
    kc_xts_free(x);
}

static void errors(void)
{
    uint8_t key[64], tw[16] = { 0 }, buf[64], out[64], keep[64];
    kc_xts *x = (kc_xts *)1;
    for (int i = 0; i < 64; i++) key[i] = (uint8_t)i;
    tl_check_status(kc_xts_new(&x, "aes-128", NULL, key, 32), KC_ERR_WRONG_KIND, "aes-128 is not XTS");
    TL_CHECK(x == NULL, "out cleared on error");
    tl_check_status(kc_xts_new(&x, "aes-128-gcm", NULL, key, 32), KC_ERR_WRONG_KIND, "gcm is not XTS");
    tl_check_status(kc_xts_new(&x, "pipo-64-128-xts", NULL, key, 32), KC_ERR_UNKNOWN_CIPHER, "64-bit blocks");
    tl_check_status(kc_xts_new(&x, "rijndael-256-128-xts", NULL, key, 32), KC_ERR_UNKNOWN_CIPHER, "32-byte blocks");
    tl_check_status(kc_xts_new(&x, "aes-128-xts", NULL, key, 16), KC_ERR_KEY_LENGTH, "one key only");
    tl_check_status(kc_xts_new(&x, "aes-128-xts", NULL, NULL, 32), KC_ERR_NULL, "NULL key");
    tl_check_status(kc_xts_new(&x, "aes-128-xts", "nope", key, 32), KC_ERR_UNKNOWN_BACKEND, "backend");
    tl_check_status(kc_xts_new(NULL, "aes-128-xts", NULL, key, 32), KC_ERR_NULL, "NULL out");
    memcpy(key + 32, key, 32);
    tl_check_status(kc_xts_new(&x, "aes-256-xts", NULL, key, 64), KC_ERR_WEAK_KEY, "key1 == key2");
    key[63] ^= 1;
    if (!tl_check_status(kc_xts_new(&x, "aes-256-xts", NULL, key, 64), KC_OK, "halves differ in one bit")) return;
    memset(out, 0xa5, sizeof out);
    memcpy(keep, out, sizeof keep);
    memset(buf, 1, sizeof buf);
    tl_check_status(kc_xts_encrypt(x, tw, out, buf, 15), KC_ERR_INPUT_TOO_SHORT, "15 bytes");
    tl_check_status(kc_xts_decrypt(x, tw, out, buf, 0), KC_ERR_INPUT_TOO_SHORT, "0 bytes");
    tl_check_status(kc_xts_encrypt(x, NULL, out, buf, 16), KC_ERR_NULL, "NULL tweak");
    tl_check_status(kc_xts_encrypt(x, tw, out + 1, out, 32), KC_ERR_OVERLAP, "overlap");
    tl_check_bytes(out, keep, sizeof out, "nothing written on error");
    tl_check_status(kc_xts_encrypt(x, tw, out, buf, 16), KC_OK, "16 bytes");
    size_t max = (size_t)16 << 20;
    uint8_t *big = calloc(1, max + 16);
    if (big) {
        tl_check_status(kc_xts_encrypt(x, tw, big, big, max + 1), KC_ERR_INPUT_TOO_LONG, "2^20 blocks + 1 byte");
        tl_check_status(kc_xts_encrypt(x, tw, big, big, max + 16), KC_ERR_INPUT_TOO_LONG, "2^20 + 1 blocks");
        tl_check_status(kc_xts_encrypt(x, tw, big, big, max), KC_OK, "2^20 blocks");
        free(big);
    }
    TL_CHECK(kc_xts_backend_name(x) && *kc_xts_backend_name(x), "backend name");
    kc_xts_free(x);
    kc_xts_free(NULL);
    printf("%s: %s\n", kc_status_name(KC_ERR_WEAK_KEY), kc_strerror(KC_ERR_WEAK_KEY));
}

static const char *reference(const char *cipher)
{
    for (size_t i = 0; tl_backend_at(cipher, i) || i < kc_backend_count(cipher); i++) {
        const char *b = tl_backend_at(cipher, i);
        if (b && (!strcmp(b, "ref") || !strcmp(b, "ct"))) return b;
    }
    return NULL;
}

int main(void)
{
    char path[4096];
    const char *p;
    tl_seed(26);
    errors();
    sectors();
    static const char *const nist[] = { "XTSGenAES128.rsp", "XTSGenAES256.rsp" };
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/ciphers/AES/XTS/tweak-128hexstr/%s", getenv("KC_PYCA_DIR") ? getenv("KC_PYCA_DIR") : KC_PYCA_DIR, nist[i]);
        FILE *f = fopen(path, "r");
        if (f) { fclose(f); nist_file(path); }
        else printf("SKIP NIST %s: not found (pip install cryptography-vectors; KC_PYCA_DIR)\n", nist[i]);
    }
    snprintf(path, sizeof path, "%s/TestVectors/xts.txt", getenv("KC_CRYPTOPP_DATA") ? getenv("KC_CRYPTOPP_DATA") : KC_CRYPTOPP_DATA_DIR);
    FILE *f = fopen(p = path, "r");
    if (!f) printf("SKIP %s: not found (Debian package libcrypto++-utils)\n", path);
    else {
        fclose(f);
        long n = tl_cryptopp_file(p, cryptopp_vector, NULL);
        TL_CHECK(n >= 19, "%s: %ld tests", p, n);
        printf("%s: %ld tests\n", p, n);
    }
    printf("%lu known answers, each on every AES backend; %lu with key1 == key2 refused\n", vectors_run, equal_halves);
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *c = kc_cipher_at(i);
        if (c->kind != KC_KIND_BLOCK || c->block_bytes != 16 || !strncmp(c->name, "rijndael-", 9)) continue;
        const char *ref = reference(c->name);
        if (TL_CHECK(ref != NULL, "%s: no ref or ct backend", c->name)) differential(c->name, ref, 12);
    }
#ifdef KC_XTS_OPENSSL
    openssl("aes-128", EVP_aes_128_xts(), 300);
    openssl("aes-256", EVP_aes_256_xts(), 300);
#else
    printf("SKIP OpenSSL differential: built without OpenSSL\n");
#endif
    return tl_finish("xts");
}
