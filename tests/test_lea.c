/* SPDX-License-Identifier: MIT */
/* LEA: the KS X 3246 specification vectors and the 90 KISA ECB/CBC/CTR
 * vectors for every LEA backend, then every backend against "ref" on random
 * keys and multi-block inputs. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_MSG 256          /* the longest KISA message is 160 bytes */
#define MAX_BLOCKS 132       /* > 2 x 64 blocks (the widest SIMD pass): every tail length occurs */

static const char *const ciphers[3] = { "lea-128", "lea-192", "lea-256" };

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
        tl_check_kat(tl_cipher_for_key("lea", (size_t)kl), KC_MODE_ECB, key, NULL, pt, ct, 16, "spec vector");
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
    tl_check_kat(tl_cipher_for_key("lea", (size_t)kl), mode, key, iv, pt, ct, (size_t)pl, label);
}

static void kisa_vectors(void)
{
    kisa_tally tally = { { { 0 } } };
    const char *path = tl_external_vector("lea/lea_kisa.txt", "TestVectors/lea.txt");
    if (!path) return;
    long n = tl_cryptopp_file(path, kisa_vector, &tally);
    TL_CHECK(n == 90, "lea_kisa.txt: %ld vectors, want 90", n);
    for (int k = 0; k < 3; k++)
        for (int m = 0; m < 3; m++)
            TL_CHECK(tally.seen[k][m] == 10, "lea_kisa.txt: %d vectors for key %d mode %d, want 10",
                     tally.seen[k][m], 128 + 64 * k, m);
}

int main(void)
{
    for (int i = 0; i < 3; i++) tl_list_backends(ciphers[i]);
    spec_vectors();
    kisa_vectors();
    for (int i = 0; i < 3; i++) tl_differential_blocks(ciphers[i], "ref", 1000, MAX_BLOCKS);
    return tl_finish("test_lea");
}
