/* LEA: the KS X 3246 specification vectors and the 90 KISA ECB/CBC/CTR
 * vectors for every LEA backend, then every backend against "ref" on random
 * keys and multi-block inputs. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_MSG 256          /* the longest KISA message is 160 bytes */
#define MAX_BLOCKS 132       /* > 2 x 64 blocks (the widest SIMD pass): every tail length occurs */

static const char *const ciphers[3] = { "lea-128", "lea-192", "lea-256" };

static const char *cipher_for_key(size_t key_len)
{
    return key_len == 16 ? ciphers[0] : key_len == 24 ? ciphers[1] : key_len == 32 ? ciphers[2] : NULL;
}

/* Name of backend i of the cipher, or NULL when this CPU cannot run it. */
static const char *backend_at(const char *cipher, size_t i)
{
    kc_backend_info info;
    if (kc_backend_at(cipher, i, &info) != KC_OK || !info.available) return NULL;
    return info.name;
}

static void list_backends(const char *cipher)
{
    kc_backend_info info;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++)
        printf("%s backend %s%s%s\n", cipher, info.name, info.is_default ? " (default)" : "",
               info.available ? "" : " skipped: CPU lacks it");
}

/* One known-answer test in one mode, both directions, through the public API. */
static void check_kat(const char *cipher, const char *backend, kc_mode mode,
                      const uint8_t *key, const uint8_t *iv, const uint8_t *pt,
                      const uint8_t *ct, size_t len, const char *label)
{
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, kc_cipher_find(cipher)->key_bytes),
                         KC_OK, "%s/%s new (%s)", cipher, backend, label))
        return;
    size_t iv_len = mode == KC_MODE_ECB ? 0 : 16, n = 0;
    uint8_t buf[MAX_MSG];
    tl_check_status(kc_mode_encrypt(c, mode, 0, iv, iv_len, buf, sizeof buf, &n, pt, len), KC_OK,
                    "%s/%s encrypt status (%s)", cipher, backend, label);
    TL_CHECK(n == len, "%s/%s encrypt length %zu (%s)", cipher, backend, n, label);
    tl_check_bytes(buf, ct, len, "%s/%s encrypt (%s)", cipher, backend, label);
    tl_check_status(kc_mode_decrypt(c, mode, 0, iv, iv_len, buf, sizeof buf, &n, ct, len), KC_OK,
                    "%s/%s decrypt status (%s)", cipher, backend, label);
    tl_check_bytes(buf, pt, len, "%s/%s decrypt (%s)", cipher, backend, label);
    if (mode == KC_MODE_ECB) {          /* the raw block interface, in place */
        memcpy(buf, pt, len);
        kc_cipher_encrypt_blocks(c, buf, buf, len);
        tl_check_bytes(buf, ct, len, "%s/%s blocks encrypt in place (%s)", cipher, backend, label);
        kc_cipher_decrypt_blocks(c, buf, buf, len);
        tl_check_bytes(buf, pt, len, "%s/%s blocks decrypt in place (%s)", cipher, backend, label);
    }
    kc_cipher_free(c);
}

static void check_kat_all_backends(kc_mode mode, const uint8_t *key, size_t key_len,
                                   const uint8_t *iv, const uint8_t *pt, const uint8_t *ct,
                                   size_t len, const char *label)
{
    const char *cipher = cipher_for_key(key_len);
    if (!TL_CHECK(cipher != NULL, "bad key length %zu (%s)", key_len, label)) return;
    size_t count = kc_backend_count(cipher);
    TL_CHECK(count > 0, "%s has no backends", cipher);
    for (size_t i = 0; i < count; i++) {
        const char *b = backend_at(cipher, i);
        if (b) check_kat(cipher, b, mode, key, iv, pt, ct, len, label);
    }
}

/* KS X 3246 / ISO/IEC 29192-2 specification vectors, one per key size. */
static void spec_vectors(void)
{
    static const char *const v[3][3] = {
        { "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
          "101112131415161718191a1b1c1d1e1f", "9fc84e3528c6c6185532c7a704648bfd" },
        { "0f1e2d3c4b5a69788796a5b4c3d2e1f0f0e1d2c3b4a59687",
          "202122232425262728292a2b2c2d2e2f", "6fb95e325aad1b878cdcf5357674c6f2" },
        { "0f1e2d3c4b5a69788796a5b4c3d2e1f0f0e1d2c3b4a5968778695a4b3c2d1e0f",
          "303132333435363738393a3b3c3d3e3f", "d651aff647b189c13a8900ca27f9e197" },
    };
    for (int i = 0; i < 3; i++) {
        uint8_t key[32], pt[16], ct[16];
        long kl = tl_unhex(v[i][0], key, sizeof key);
        tl_unhex(v[i][1], pt, sizeof pt);
        tl_unhex(v[i][2], ct, sizeof ct);
        check_kat_all_backends(KC_MODE_ECB, key, (size_t)kl, NULL, pt, ct, 16, "spec vector");
    }
}

/* ---- KISA vectors (Crypto++ TestVectors file) ---- */

typedef struct { int seen[3][3]; } kisa_tally;    /* [key size][mode] */

static void kisa_vector(const tl_fields *f, void *arg)
{
    kisa_tally *tally = arg;
    const char *comment = tl_field(f, "Comment");
    uint8_t key[64], iv[16], pt[MAX_MSG], ct[MAX_MSG];
    char label[96];
    if (!TL_CHECK(comment != NULL, "KISA vector without Comment")) return;
    kc_mode mode = strstr(comment, "/CBC") ? KC_MODE_CBC : strstr(comment, "/CTR") ? KC_MODE_CTR : KC_MODE_ECB;
    size_t want_key = strstr(comment, "192-bit") ? 24 : strstr(comment, "256-bit") ? 32 : 16;
    long kl = tl_field_bytes(f, "Key", key, sizeof key);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    long il = mode == KC_MODE_ECB ? 16 : tl_field_bytes(f, "IV", iv, sizeof iv);
    int n = tally->seen[want_key / 8 - 2][mode]++;
    snprintf(label, sizeof label, "KISA %s #%d", comment, n + 1);
    if (!TL_CHECK(kl == (long)want_key && pl > 0 && pl % 16 == 0 && cl == pl && il == 16,
                  "malformed vector (%s)", label))
        return;
    check_kat_all_backends(mode, key, (size_t)kl, iv, pt, ct, (size_t)pl, label);
}

static void kisa_vectors(void)
{
    kisa_tally tally = { { { 0 } } };
    long n = tl_cryptopp_file(tl_vector_path("lea/lea_kisa.txt"), kisa_vector, &tally);
    TL_CHECK(n == 90, "lea_kisa.txt: %ld vectors, want 90", n);
    for (int k = 0; k < 3; k++)
        for (int m = 0; m < 3; m++)
            TL_CHECK(tally.seen[k][m] == 10, "lea_kisa.txt: %d vectors for key %d mode %d, want 10",
                     tally.seen[k][m], 128 + 64 * k, m);
}

/* ---- random inputs: every backend against ref, and self-consistency ---- */

static void random_tests(const char *cipher, int cases)
{
    size_t key_len = kc_cipher_find(cipher)->key_bytes, count = kc_backend_count(cipher);
    uint8_t key[32], in[MAX_BLOCKS * 16], enc[MAX_BLOCKS * 16], dec[MAX_BLOCKS * 16];
    uint8_t got[MAX_BLOCKS * 16 + 1];
    for (int t = 0; t < cases; t++) {
        /* Every count 1..MAX_BLOCKS once (all SIMD widths and tails), then random ones. */
        size_t nb = t < MAX_BLOCKS ? (size_t)t + 1 : 1 + tl_rand_below(MAX_BLOCKS), len = nb * 16;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        /* Expected values: ref, one block per call. */
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, key_len), KC_OK, "%s/ref new", cipher))
            return;
        for (size_t j = 0; j < len; j += 16) {
            kc_cipher_encrypt_blocks(ref, enc + j, in + j, 16);
            kc_cipher_decrypt_blocks(ref, dec + j, in + j, 16);
        }
        kc_cipher_free(ref);

        for (size_t i = 0; i < count; i++) {
            const char *b = backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            memset(got, 0x5a, sizeof got);
            kc_cipher_encrypt_blocks(c, got, in, len);
            tl_check_bytes(got, enc, len, "%s/%s vs ref: encrypt %zu blocks, case %d", cipher, b, nb, t);
            size_t spill = len;         /* nothing written past the last block */
            while (spill < sizeof got && got[spill] == 0x5a) spill++;
            TL_CHECK(spill == sizeof got, "%s/%s wrote past %zu blocks, case %d", cipher, b, nb, t);
            kc_cipher_decrypt_blocks(c, got, in, len);
            tl_check_bytes(got, dec, len, "%s/%s vs ref: decrypt %zu blocks, case %d", cipher, b, nb, t);
            /* In place, at an odd address: decrypt(encrypt(x)) = x. */
            memcpy(got + 1, enc, len);
            kc_cipher_decrypt_blocks(c, got + 1, got + 1, len);
            tl_check_bytes(got + 1, in, len, "%s/%s decrypt(encrypt) in place, case %d", cipher, b, t);
            kc_cipher_free(c);
        }
    }
}

int main(void)
{
    for (int i = 0; i < 3; i++) list_backends(ciphers[i]);
    spec_vectors();
    kisa_vectors();
    for (int i = 0; i < 3; i++) random_tests(ciphers[i], 1000);
    return tl_finish("test_lea");
}
