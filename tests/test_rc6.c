/* RC6-32/20/b: the six vectors of the RC6 paper for every RC6 backend, then
 * every backend against "ref" on random keys and multi-block inputs.  (No
 * official RC6 mode vectors exist; tests/peer_rc6_cryptopp.cpp covers CBC/CTR.) */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_MSG 16
#define MAX_BLOCKS 132       /* > 2 x 64 blocks (the widest SIMD pass): every tail length occurs */

static const char *const ciphers[3] = { "rc6-128", "rc6-192", "rc6-256" };

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

/* rc6_paper.dat: a key line, then an indented "plaintext  ciphertext" line. */
static void paper_vectors(void)
{
    FILE *fp = fopen(tl_vector_path("rc6/rc6_paper.dat"), "r");
    if (!TL_CHECK(fp != NULL, "cannot open rc6/rc6_paper.dat")) return;
    char line[512], label[32];
    uint8_t key[64], pt[16], ct[16];
    long kl = -1;
    int vectors = 0, sizes[3] = { 0 };
    while (fgets(line, sizeof line, fp)) {
        char *ws = line + strspn(line, " \t");
        if (*ws == '\r' || *ws == '\n' || *ws == 0) continue;
        if (ws == line) { kl = tl_unhex(line, key, sizeof key); continue; }
        char *gap = strpbrk(ws, " \t");
        if (!TL_CHECK(gap && kl > 0, "rc6_paper.dat: malformed line %s", line)) continue;
        *gap = 0;
        long pl = tl_unhex(ws, pt, sizeof pt), cl = tl_unhex(gap + 1, ct, sizeof ct);
        snprintf(label, sizeof label, "paper vector %d", ++vectors);
        if (!TL_CHECK(pl == 16 && cl == 16 && cipher_for_key((size_t)kl), "malformed %s", label)) continue;
        sizes[kl / 8 - 2]++;
        check_kat_all_backends(KC_MODE_ECB, key, (size_t)kl, NULL, pt, ct, 16, label);
    }
    fclose(fp);
    TL_CHECK(vectors == 6 && sizes[0] == 2 && sizes[1] == 2 && sizes[2] == 2,
             "rc6_paper.dat: %d vectors, want 2 per key size", vectors);
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
    paper_vectors();
    for (int i = 0; i < 3; i++) random_tests(ciphers[i], 1000);
    return tl_finish("test_rc6");
}
