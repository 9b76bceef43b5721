/* SPDX-License-Identifier: MIT */
/* HIGHT: the standard's four reference values (printed MSB first, so
 * reversed here: src/hight/hight_common.h) and the 75 KISA ECB/CBC/CTR
 * vectors of Crypto++'s hight.txt, for every HIGHT backend; then every
 * backend against "ref" on random keys and inputs, in ECB, CTR, CBC and
 * CMAC (the one-block kernels and ref's CBC chain: checked against chains
 * of single "ref" blocks, one-shot and streamed). */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define CIPHER "hight-64-128"
#define MAX_BLOCKS 140       /* > 2 x 64 blocks: every tail of the 32- and 64-block passes */
#define MAX_MSG 128

static void reverse(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) { uint8_t t = p[i]; p[i] = p[n - 1 - i]; p[n - 1 - i] = t; }
}

/* TTAS.KO-12.0040/R1 (and the HIGHT paper) reference values as printed:
 * MK15 .. MK0, P7 .. P0, C7 .. C0. */
static void standard_vectors(void)
{
    static const char *const v[4][3] = {
        { "00112233445566778899aabbccddeeff", "0000000000000000", "00f418aed94f03f2" },
        { "ffeeddccbbaa99887766554433221100", "0011223344556677", "23ce9f72e543e6d8" },
        { "000102030405060708090a0b0c0d0e0f", "0123456789abcdef", "7a6fb2a28d23f466" },
        { "28dbc3bc49ffd87dcfa509b11d422be7", "b41e6be2eba84a14", "cc047a75209c1fc6" },
    };
    for (int i = 0; i < 4; i++) {
        uint8_t key[16], pt[8], ct[8];
        char label[48];
        tl_unhex(v[i][0], key, sizeof key);
        tl_unhex(v[i][1], pt, sizeof pt);
        tl_unhex(v[i][2], ct, sizeof ct);
        reverse(key, 16);
        reverse(pt, 8);
        reverse(ct, 8);
        snprintf(label, sizeof label, "standard vector %d (reversed)", i + 1);
        tl_check_kat(CIPHER, KC_MODE_ECB, key, NULL, pt, ct, 8, label);
    }
}

typedef struct { int seen[3]; } kisa_tally;   /* per mode */

static void kisa_vector(const tl_fields *f, void *arg)
{
    kisa_tally *tally = arg;
    const char *comment = tl_field(f, "Comment");
    uint8_t key[32], iv[8], pt[MAX_MSG], ct[MAX_MSG];
    char label[96];
    if (!TL_CHECK(comment != NULL, "KISA vector without Comment")) return;
    kc_mode mode = strstr(comment, "/CBC") ? KC_MODE_CBC : strstr(comment, "/CTR") ? KC_MODE_CTR : KC_MODE_ECB;
    long kl = tl_field_bytes(f, "Key", key, sizeof key);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    long il = mode == KC_MODE_ECB ? 8 : tl_field_bytes(f, "IV", iv, sizeof iv);
    int n = tally->seen[mode]++;
    snprintf(label, sizeof label, "KISA %s #%d", comment, n + 1);
    if (!TL_CHECK(kl == 16 && pl > 0 && (mode == KC_MODE_CTR || pl % 8 == 0) && cl == pl && il == 8,
                  "malformed vector (%s)", label))
        return;
    tl_check_kat(CIPHER, mode, key, iv, pt, ct, (size_t)pl, label);
}

static void kisa_vectors(void)
{
    kisa_tally tally = { { 0 } };
    const char *path = tl_external_vector("hight/hight.txt", "TestVectors/hight.txt");
    if (!path) return;
    long n = tl_cryptopp_file(path, kisa_vector, &tally);
    TL_CHECK(n == 75 && tally.seen[KC_MODE_ECB] == 15 && tally.seen[KC_MODE_CBC] == 8 && tally.seen[KC_MODE_CTR] == 52,
             "hight.txt: %ld vectors (ECB %d, CBC %d, CTR %d), want 75 (15, 8, 52)", n, tally.seen[KC_MODE_ECB],
             tally.seen[KC_MODE_CBC], tally.seen[KC_MODE_CTR]);
}

/* CTR through the public API against one-block "ref" encryptions of the
 * counter (the whole block, big-endian); one case in three starts just
 * below 2^64 so that the counter wraps. */
static void ctr_tests(const char *cipher, int cases)
{
    const size_t bs = 8, key_len = 16, count = kc_backend_count(cipher);
    uint8_t key[16], iv[8], ctr[8], ks[8], in[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8];
    for (int t = 0; t < cases; t++) {
        size_t nb = 1 + (size_t)t % MAX_BLOCKS, len = bs * nb - (t / MAX_BLOCKS) % bs, n;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        tl_random_bytes(iv, bs);
        if (t % 3 == 0) memset(iv, 0xFF, bs - 1);
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, key_len), KC_OK, "%s/ref new", cipher)) return;
        memcpy(ctr, iv, bs);
        for (size_t off = 0; off < len; off += bs) {
            kc_cipher_encrypt_blocks(ref, ks, ctr, bs);
            for (size_t i = off; i < len && i < off + bs; i++) want[i] = in[i] ^ ks[i - off];
            for (size_t i = bs; i-- > 0 && ++ctr[i] == 0;) {}
        }
        kc_cipher_free(ref);
        for (size_t i = 0; i < count; i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, got, sizeof got, &n, in, len);
            if (tl_check(st == KC_OK && n == len, "%s/%s CTR %zu bytes: status", cipher, b, len))
                tl_check_bytes(got, want, len, "%s/%s CTR %zu bytes, case %d", cipher, b, len, t);
            kc_cipher_free(c);
        }
    }
}

int main(void)
{
    tl_list_backends(CIPHER);
    standard_vectors();
    kisa_vectors();
    tl_differential_blocks(CIPHER, "ref", 1000, MAX_BLOCKS);
    ctr_tests(CIPHER, 3 * MAX_BLOCKS);
    tl_differential_cbc_cmac(CIPHER, "ref", 200, MAX_BLOCKS);
    return tl_finish("test_hight");
}
