/* ARIA against OpenSSL 3 (EVP aria-128/192/256-ecb/cbc/ctr): random keys,
 * IVs and lengths in ECB, CBC, CTR (whole 128-bit big-endian counter, with
 * carries forced) and ECB/CBC with PKCS#7, through kc_mode_* for every ARIA
 * backend.  Both directions are checked against OpenSSL. */
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>
#include "testlib.h"

#define MAX_LEN (40 * 16 + 16)
#define CASES 300

static const char *const ciphers[3] = { "aria-128", "aria-192", "aria-256" };
static const char *const kinds[5] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };

/* OpenSSL one-shot; returns the output length or -1. */
static long evp(const char *cipher, kc_mode mode, int pad, int encrypt, const uint8_t *key,
                const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out)
{
    static const char *const suffix[3] = { "ecb", "cbc", "ctr" };
    char name[32];
    int n1 = 0, n2 = 0, ok;
    snprintf(name, sizeof name, "%s-%s", cipher, suffix[mode]);
    EVP_CIPHER *alg = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    ok = alg && ctx && EVP_CipherInit_ex2(ctx, alg, key, mode == KC_MODE_ECB ? NULL : iv, encrypt, NULL)
        && EVP_CIPHER_CTX_set_padding(ctx, pad)
        && EVP_CipherUpdate(ctx, out, &n1, in, (int)len)
        && EVP_CipherFinal_ex(ctx, out + n1, &n2);
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(alg);
    return ok ? (long)(n1 + n2) : -1;
}

static long ours(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt, const uint8_t *iv,
                 const uint8_t *in, size_t len, uint8_t *out)
{
    size_t iv_len = mode == KC_MODE_ECB ? 0 : 16, n = 0;
    const uint8_t *v = iv_len ? iv : NULL;
    kc_status st = encrypt ? kc_mode_encrypt(c, mode, flags, v, iv_len, out, MAX_LEN + 16, &n, in, len)
                           : kc_mode_decrypt(c, mode, flags, v, iv_len, out, MAX_LEN + 16, &n, in, len);
    return tl_check_status(st, KC_OK, "%s/%s mode %d flags %u %s", kc_cipher_name(c),
                           kc_cipher_backend_name(c), (int)mode, flags, encrypt ? "encrypt" : "decrypt")
        ? (long)n : -1;
}

static void same(const uint8_t *got, long got_len, const uint8_t *want, long want_len,
                 const char *what, const kc_cipher *c, int t)
{
    const char *name = kc_cipher_name(c), *b = kc_cipher_backend_name(c);
    if (TL_CHECK(got_len >= 0 && got_len == want_len, "%s/%s %s: length %ld, OpenSSL %ld (case %d)",
                 name, b, what, got_len, want_len, t))
        tl_check_bytes(got, want, (size_t)got_len, "%s/%s %s vs OpenSSL (case %d)", name, b, what, t);
}

static void one_case(const char *cipher, const char *backend, int t)
{
    int kind = t % 5, pad = kind >= 3;
    kc_mode mode = kind == 2 ? KC_MODE_CTR : kind % 3 == 0 ? KC_MODE_ECB : KC_MODE_CBC;
    size_t key_len = kc_cipher_find(cipher)->key_bytes, len = 16 * tl_rand_below(41);
    uint8_t key[32], iv[16], in[MAX_LEN], ct[MAX_LEN + 16], peer[MAX_LEN + 32], back[MAX_LEN + 16];
    char what[48];
    if (pad || mode == KC_MODE_CTR) len += tl_rand_below(16);
    tl_random_bytes(key, key_len);
    tl_random_bytes(iv, sizeof iv);
    tl_random_bytes(in, len);
    if (mode == KC_MODE_CTR && t % 2) {   /* carries into the upper words, and the full wrap */
        size_t ones = 4 * (1 + tl_rand_below(4));
        memset(iv + 16 - ones, 0xff, ones);
    }
    snprintf(what, sizeof what, "%s, %zu bytes", kinds[kind], len);

    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, key_len), KC_OK, "%s/%s new",
                         cipher, backend))
        return;
    unsigned flags = pad ? KC_PAD_PKCS7 : 0;
    long n = ours(c, mode, flags, 1, iv, in, len, ct);
    long m = evp(cipher, mode, pad, 1, key, iv, in, len, peer);
    same(ct, n, peer, m, what, c, t);
    if (n >= 0) {
        long k = evp(cipher, mode, pad, 0, key, iv, ct, (size_t)n, peer);   /* OpenSSL decrypts ours */
        same(peer, k, in, (long)len, what, c, t);
        k = ours(c, mode, flags, 0, iv, ct, (size_t)n, back);
        same(back, k, in, (long)len, what, c, t);
    }
    kc_cipher_free(c);
}

int main(void)
{
    for (int i = 0; i < 3; i++) {
        kc_backend_info info;
        for (size_t b = 0; kc_backend_at(ciphers[i], b, &info) == KC_OK; b++) {
            if (!info.available) {
                printf("%s backend %s skipped: CPU lacks it\n", ciphers[i], info.name);
                continue;
            }
            for (int t = 0; t < CASES; t++) one_case(ciphers[i], info.name, t);
        }
    }
    return tl_finish("peer_aria_openssl");
}
