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

int main(void)
{
    tl_list_backends("seed-128");
    rfc_vectors();
    cryptopp_vectors();
    tl_differential_blocks("seed-128", "ct", 300, MAX_BLOCKS);
    return tl_finish("test_seed");
}
