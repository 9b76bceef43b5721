/* SPDX-License-Identifier: MIT */
/* SEED-128: the RFC 4269 vectors (typed in) and Crypto++'s seed.txt (where
 * installed) for every SEED backend, then every backend against "ct" on
 * random keys and multi-block inputs. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_BLOCKS 132       /* > 2 x 64 blocks (the widest SIMD pass): every tail length occurs */

/* RFC 4269 appendix B: key, plaintext, ciphertext. */
static void rfc_vectors(void)
{
    static const char *const v[4][3] = {
        { "00000000000000000000000000000000", "000102030405060708090a0b0c0d0e0f",
          "5ebac6e0054e166819aff1cc6d346cdb" },
        { "000102030405060708090a0b0c0d0e0f", "00000000000000000000000000000000",
          "c11f22f20140505084483597e4370f43" },
        { "4706480851e61be85d74bfb3fd956185", "83a2f8a288641fb9a4e9a5cc2f131c7d",
          "ee54d13ebcae706d226bc3142cd40d4a" },
        { "28dbc3bc49ffd87dcfa509b11d422be7", "b41e6be2eba84a148e2eed84593c5ec7",
          "9b9b7bfcd1813cb95d0b3618f40f5122" },
    };
    for (int i = 0; i < 4; i++) {
        uint8_t key[16], pt[16], ct[16];
        char label[32];
        tl_unhex(v[i][0], key, sizeof key);
        tl_unhex(v[i][1], pt, sizeof pt);
        tl_unhex(v[i][2], ct, sizeof ct);
        snprintf(label, sizeof label, "RFC 4269 B.%d", i + 1);
        tl_check_kat("seed-128", KC_MODE_ECB, key, NULL, pt, ct, 16, label);
    }
}

static void cryptopp_vector(const tl_fields *f, void *arg)
{
    int *n = arg;
    uint8_t key[16], pt[16], ct[16];
    char label[48];
    long kl = tl_field_bytes(f, "Key", key, sizeof key);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    snprintf(label, sizeof label, "Crypto++ seed.txt #%d", ++*n);
    if (!TL_CHECK(kl == 16 && pl == 16 && cl == 16, "malformed vector (%s)", label)) return;
    tl_check_kat("seed-128", KC_MODE_ECB, key, NULL, pt, ct, 16, label);
}

static void cryptopp_vectors(void)
{
    int n = 0;
    const char *path = tl_external_vector("seed/seed.txt", "TestVectors/seed.txt");
    if (!path) return;
    long got = tl_cryptopp_file(path, cryptopp_vector, &n);
    TL_CHECK(got >= 4, "seed.txt: %ld vectors, want at least 4", got);
}

/* Every mode, GCM and CMAC through each backend against "ct": random keys,
 * lengths and IVs, CTR counters also just below a carry out of the low
 * 32 bits (the fused kernels' runs) and of the whole block. */
#define MODE_MAX 1200
static void modes_vs_ct(void)
{
    static uint8_t pt[MODE_MAX], want[MODE_MAX + 16], got[MODE_MAX + 16], back[MODE_MAX];
    static const kc_mode modes[] = { KC_MODE_ECB, KC_MODE_CBC, KC_MODE_CTR, KC_MODE_CFB, KC_MODE_OFB };
    for (size_t i = 0; i < kc_backend_count("seed-128"); i++) {
        const char *b = tl_backend_at("seed-128", i);
        if (!b || !strcmp(b, "ct")) continue;
        for (int cs = 0; cs < 60; cs++) {
            uint8_t key[16], iv[16], nonce[12], ad[40];
            size_t len = tl_rand_below(MODE_MAX + 1), n1, n2, n3;
            kc_mode m = modes[cs % 5];
            kc_cipher *ref, *c;
            tl_random_bytes(key, sizeof key);
            tl_random_bytes(iv, sizeof iv);
            tl_random_bytes(pt, len);
            if (m == KC_MODE_ECB || m == KC_MODE_CBC) len -= len % 16;
            if (m == KC_MODE_CTR && cs % 3) {
                memset(iv + (cs % 3 == 1 ? 12 : 0), 0xff, cs % 3 == 1 ? 4 : 16);
                iv[15] = (uint8_t)(0xff - tl_rand_below(40));
            }
            if (!tl_check_status(kc_cipher_new(&ref, "seed-128", "ct", key, 16), KC_OK, "ct")) return;
            if (!tl_check_status(kc_cipher_new(&c, "seed-128", b, key, 16), KC_OK, "%s", b)) {
                kc_cipher_free(ref);
                return;
            }
            size_t ivl = m == KC_MODE_ECB ? 0 : 16;
            tl_check_status(kc_mode_encrypt(ref, m, 0, ivl ? iv : NULL, ivl, want, sizeof want, &n1, pt, len),
                            KC_OK, "ct mode %d", m);
            tl_check_status(kc_mode_encrypt(c, m, 0, ivl ? iv : NULL, ivl, got, sizeof got, &n2, pt, len),
                            KC_OK, "%s mode %d", b, m);
            TL_CHECK(n1 == len && n2 == len, "%s mode %d lengths", b, m);
            tl_check_bytes(got, want, len, "%s mode %d len %zu against ct", b, m, len);
            tl_check_status(kc_mode_decrypt(c, m, 0, ivl ? iv : NULL, ivl, back, sizeof back, &n3, got, len),
                            KC_OK, "%s mode %d decrypt", b, m);
            tl_check_bytes(back, pt, len, "%s mode %d len %zu round trip", b, m, len);
            kc_cipher_free(ref);
            kc_cipher_free(c);

            /* GCM and CMAC by name, the same backend. */
            kc_aead *ga, *gr;
            kc_mac *ma, *mr;
            size_t adl = tl_rand_below(sizeof ad);
            tl_random_bytes(nonce, sizeof nonce);
            tl_random_bytes(ad, adl);
            if (tl_check_status(kc_aead_new(&gr, "seed-128-gcm", "ct", key, 16), KC_OK, "gcm ct")
                && tl_check_status(kc_aead_new(&ga, "seed-128-gcm", b, key, 16), KC_OK, "gcm %s", b)) {
                kc_aead_encrypt(gr, want, sizeof want, &n1, nonce, sizeof nonce, ad, adl, pt, len);
                kc_aead_encrypt(ga, got, sizeof got, &n2, nonce, sizeof nonce, ad, adl, pt, len);
                TL_CHECK(n1 == len + 16 && n2 == n1, "%s gcm lengths", b);
                tl_check_bytes(got, want, n1, "%s gcm len %zu against ct", b, len);
                kc_aead_free(ga);
                kc_aead_free(gr);
            }
            if (tl_check_status(kc_mac_new(&mr, "seed-128-cmac", "ct", key, 16), KC_OK, "cmac ct")
                && tl_check_status(kc_mac_new(&ma, "seed-128-cmac", b, key, 16), KC_OK, "cmac %s", b)) {
                kc_mac_compute(mr, want, 16, NULL, 0, pt, len);
                kc_mac_compute(ma, got, 16, NULL, 0, pt, len);
                tl_check_bytes(got, want, 16, "%s cmac len %zu against ct", b, len);
                kc_mac_free(ma);
                kc_mac_free(mr);
            }
        }
    }
}

/* Every backend against "table" (a separate technique: no shared circuit)
 * over every length of 0..100 blocks, which crosses the SIMD passes (32, 64
 * blocks) and their tails: ECB both ways, CTR with the low counter word
 * about to wrap, CBC both ways (decryption runs the multi-block path,
 * encryption the one-block one). */
#define TABLE_MAX 100
static void modes_vs_table(void)
{
    static uint8_t pt[16 * TABLE_MAX], want[16 * TABLE_MAX], got[16 * TABLE_MAX];
    static const kc_mode modes[] = { KC_MODE_ECB, KC_MODE_CTR, KC_MODE_CBC };
    for (size_t i = 0; i < kc_backend_count("seed-128"); i++) {
        const char *b = tl_backend_at("seed-128", i);
        if (!b || !strcmp(b, "table")) continue;
        for (size_t n = 0; n <= TABLE_MAX; n++) {
            uint8_t key[16], iv[16];
            kc_mode m = modes[n % 3];
            size_t ivl = m == KC_MODE_ECB ? 0 : 16, n1, n2;
            kc_cipher *ref, *c;
            tl_random_bytes(key, sizeof key);
            tl_random_bytes(iv, sizeof iv);
            tl_random_bytes(pt, 16 * n);
            if (m == KC_MODE_CTR) iv[12] = iv[13] = iv[14] = 0xff;
            if (!tl_check_status(kc_cipher_new(&ref, "seed-128", "table", key, 16), KC_OK, "table")) return;
            if (!tl_check_status(kc_cipher_new(&c, "seed-128", b, key, 16), KC_OK, "%s", b)) {
                kc_cipher_free(ref);
                return;
            }
            for (int dec = 0; dec < 2; dec++) {
                kc_status (*f)(const kc_cipher *, kc_mode, unsigned, const uint8_t *, size_t, uint8_t *, size_t,
                               size_t *, const uint8_t *, size_t) = dec ? kc_mode_decrypt : kc_mode_encrypt;
                tl_check_status(f(ref, m, 0, ivl ? iv : NULL, ivl, want, sizeof want, &n1, pt, 16 * n), KC_OK,
                                "table mode %d", m);
                tl_check_status(f(c, m, 0, ivl ? iv : NULL, ivl, got, sizeof got, &n2, pt, 16 * n), KC_OK,
                                "%s mode %d", b, m);
                TL_CHECK(n1 == 16 * n && n2 == 16 * n, "%s mode %d lengths", b, m);
                tl_check_bytes(got, want, 16 * n, "%s mode %d %s %zu blocks against table", b, m,
                               dec ? "decrypt" : "encrypt", n);
            }
            kc_cipher_free(ref);
            kc_cipher_free(c);
        }
    }
}

int main(void)
{
    tl_list_backends("seed-128");
    rfc_vectors();
    cryptopp_vectors();
    tl_differential_blocks("seed-128", "ct", 300, MAX_BLOCKS);
    modes_vs_ct();
    modes_vs_table();
    tl_differential_cbc_cmac("seed-128", "ct", 40, 70);
    return tl_finish("test_seed");
}
