/* AES against OpenSSL EVP: random keys of every size and random messages in
 * ECB, CBC, CTR (whole 128-bit big-endian counter, carries forced) and
 * ECB/CBC with PKCS#7, through kc_mode_* for every backend of aes-128/192/256
 * and rijndael-128-*, both directions. */
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>
#include "testlib.h"

#define MAX_LEN (40 * 16 + 32)

static const char *const suite = "peer_aes_openssl";
static const int cases_per_backend = 300;

static const EVP_CIPHER *evp_cipher(size_t key_len, kc_mode mode)
{
    switch (mode) {
    case KC_MODE_ECB: return key_len == 16 ? EVP_aes_128_ecb() : key_len == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case KC_MODE_CBC: return key_len == 16 ? EVP_aes_128_cbc() : key_len == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    default:          return key_len == 16 ? EVP_aes_128_ctr() : key_len == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    }
}

/* One-shot through EVP; returns the output length or -1. */
static long peer(kc_mode mode, int pad, int encrypt, const uint8_t *key, size_t key_len,
                 const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n1 = 0, n2 = 0, ok = ctx != NULL;
    ok = ok && EVP_CipherInit_ex(ctx, evp_cipher(key_len, mode), NULL, key,
                                 mode == KC_MODE_ECB ? NULL : iv, encrypt);
    ok = ok && EVP_CIPHER_CTX_set_padding(ctx, pad);
    ok = ok && EVP_CipherUpdate(ctx, out, &n1, in, (int)len);
    ok = ok && EVP_CipherFinal_ex(ctx, out + n1, &n2);
    EVP_CIPHER_CTX_free(ctx);
    return ok ? (long)n1 + n2 : -1;
}

static long ours(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt, const uint8_t *iv,
                 const uint8_t *in, size_t len, uint8_t *out)
{
    size_t iv_len = mode == KC_MODE_ECB ? 0 : 16, n = 0;
    kc_status st = encrypt
        ? kc_mode_encrypt(c, mode, flags, iv_len ? iv : NULL, iv_len, out, MAX_LEN, &n, in, len)
        : kc_mode_decrypt(c, mode, flags, iv_len ? iv : NULL, iv_len, out, MAX_LEN, &n, in, len);
    if (!tl_check_status(st, KC_OK, "%s/%s mode %d flags %u %s status", kc_cipher_name(c),
                         kc_cipher_backend_name(c), (int)mode, flags, encrypt ? "encrypt" : "decrypt"))
        return -1;
    return (long)n;
}

static void check_same(const uint8_t *got, long got_len, const uint8_t *want, long want_len,
                       const char *what, const kc_cipher *c, int t)
{
    if (tl_check(got_len >= 0 && got_len == want_len, "%s/%s %s: length %ld, want %ld (case %d)",
                 kc_cipher_name(c), kc_cipher_backend_name(c), what, got_len, want_len, t) && got_len > 0)
        tl_check_bytes(got, want, (size_t)got_len, "%s/%s %s (case %d)", kc_cipher_name(c),
                       kc_cipher_backend_name(c), what, t);
}

static void one_case(const char *cipher, const char *backend, int t)
{
    static const char *const names[] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };
    static uint8_t key[32], iv[16], in[MAX_LEN], ct[MAX_LEN], back[MAX_LEN], want[MAX_LEN];
    int kind = t % 5, pad = kind >= 3;
    kc_mode mode = kind == 0 || kind == 3 ? KC_MODE_ECB : kind == 1 || kind == 4 ? KC_MODE_CBC : KC_MODE_CTR;
    size_t key_len = kc_cipher_find(cipher)->key_bytes, len = 16 * tl_rand_below(41);
    if (pad || mode == KC_MODE_CTR) len += tl_rand_below(16);
    tl_random_bytes(key, key_len);
    tl_random_bytes(in, len);
    tl_random_bytes(iv, sizeof iv);
    if (mode == KC_MODE_CTR && t % 2) {    /* carries across 32-bit words, and the full wrap */
        size_t ones = 4 * (1 + tl_rand_below(4));
        memset(iv + 16 - ones, 0xff, ones);
    }

    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, key_len), KC_OK, "%s/%s new", cipher, backend))
        return;
    unsigned flags = pad ? KC_PAD_PKCS7 : 0;
    char what[64];
    long n = ours(c, mode, flags, 1, iv, in, len, ct);
    if (n >= 0) {
        snprintf(what, sizeof what, "%s encrypt vs OpenSSL", names[kind]);
        check_same(ct, n, want, peer(mode, pad, 1, key, key_len, iv, in, len, want), what, c, t);
        snprintf(what, sizeof what, "%s decrypt by us", names[kind]);
        check_same(back, ours(c, mode, flags, 0, iv, ct, (size_t)n, back), in, (long)len, what, c, t);
        snprintf(what, sizeof what, "%s decrypt by OpenSSL", names[kind]);
        check_same(want, peer(mode, pad, 0, key, key_len, iv, ct, (size_t)n, want), in, (long)len, what, c, t);
    }
    kc_cipher_free(c);
}

int main(void)
{
    static const char *const ciphers[] = { "aes-128", "aes-192", "aes-256",
                                           "rijndael-128-128", "rijndael-128-192", "rijndael-128-256" };
    for (size_t k = 0; k < sizeof ciphers / sizeof ciphers[0]; k++) {
        kc_backend_info info;
        for (size_t i = 0; kc_backend_at(ciphers[k], i, &info) == KC_OK; i++) {
            if (!info.available) {
                printf("%s backend %s skipped: CPU lacks it\n", ciphers[k], info.name);
                continue;
            }
            for (int t = 0; t < cases_per_backend; t++) one_case(ciphers[k], info.name, t);
        }
    }
    return tl_finish(suite);
}
