/* SPDX-License-Identifier: MIT */
/* PIPO-64/128 and PIPO-64/256: the two official vectors (also as the
 * reference code's byte arrays), the 30 model rows of pipo_vectors.tsv and
 * 400 oracle rows, for every PIPO backend, both directions; then every
 * backend against "table" on random keys and 1..140-block inputs, in ECB
 * and (the SIMD backends have a fused kernel) CTR.
 *
 * Byte order: a block is the 8 state bytes X[0..7], i.e. the little-endian
 * encoding of the 64-bit value the paper and the .tsv files write; the key
 * is K0 || K1 (|| K2 || K3), each little-endian. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_BLOCKS 140       /* > 2 x 64-way: every tail of the 8-, 32- and 64-block batches */

static const char *const ciphers[2] = { "pipo-64-128", "pipo-64-256" };

static void reverse(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) { uint8_t t = p[i]; p[i] = p[n - 1 - i]; p[n - 1 - i] = t; }
}

/* One block, every backend, both directions, also in place. */
static void check_kat(const char *cipher, const uint8_t *key, size_t key_len,
                      const uint8_t pt[8], const uint8_t ct[8], const char *label)
{
    size_t count = kc_backend_count(cipher);
    TL_CHECK(count >= 2, "%s has %zu backends, want bitslice and table", cipher, count);
    for (size_t i = 0; i < count; i++) {
        const char *b = tl_backend_at(cipher, i);
        kc_cipher *c;
        uint8_t buf[8];
        if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK,
                                   "%s/%s new (%s)", cipher, b, label))
            continue;
        tl_check_status(kc_cipher_encrypt_blocks(c, buf, pt, 8), KC_OK, "%s/%s encrypt (%s)", cipher, b, label);
        tl_check_bytes(buf, ct, 8, "%s/%s encrypt (%s)", cipher, b, label);
        tl_check_status(kc_cipher_decrypt_blocks(c, buf, ct, 8), KC_OK, "%s/%s decrypt (%s)", cipher, b, label);
        tl_check_bytes(buf, pt, 8, "%s/%s decrypt (%s)", cipher, b, label);
        memcpy(buf, pt, 8);
        kc_cipher_encrypt_blocks(c, buf, buf, 8);
        tl_check_bytes(buf, ct, 8, "%s/%s encrypt in place (%s)", cipher, b, label);
        kc_cipher_decrypt_blocks(c, buf, buf, 8);
        tl_check_bytes(buf, pt, 8, "%s/%s decrypt in place (%s)", cipher, b, label);
        kc_cipher_free(c);
    }
}

/* The official vectors exactly as the reference/AVR code's byte arrays
 * ([PIPO]; the designers' AVR code), so the byte order is pinned independently of the
 * .tsv reader below. */
static void official_byte_arrays(void)
{
    static const char *const key =
        "97 22 15 2E AD 20 1D 7E D2 28 94 77 DD 16 C4 6D 33 56 D1 26 06 12 A7 54 B5 6D A9 76 A4 3A 9A 00";
    uint8_t k[32], pt[8], ct128[8], ct256[8];
    tl_unhex(key, k, sizeof k);
    tl_unhex("26 00 27 1E F6 52 85 09", pt, sizeof pt);
    tl_unhex("27 03 5D AD 81 29 6B 6B", ct128, sizeof ct128);
    tl_unhex("89 38 52 B6 6F AE 6D 81", ct256, sizeof ct256);
    check_kat("pipo-64-128", k, 16, pt, ct128, "official 64/128 byte arrays");
    check_kat("pipo-64-256", k, 32, pt, ct256, "official 64/256 byte arrays");
}

/* Rows "variant key plaintext ciphertext", integers most significant first.
 * Returns the row count, or -1 if the file cannot be read. */
static long tsv_file(const char *relative, long tally[2])
{
    FILE *f = fopen(tl_vector_path(relative), "r");
    if (!TL_CHECK(f != NULL, "cannot open %s", relative)) return -1;
    char line[256], variant[32], key_hex[80], pt_hex[32], ct_hex[32], label[96];
    long rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "variant", 7) == 0 || line[0] == '#' || line[0] == '\n') continue;
        rows++;
        snprintf(label, sizeof label, "%s row %ld", relative, rows);
        uint8_t key[32], pt[8], ct[8];
        if (!TL_CHECK(sscanf(line, "%31s %79s %31s %31s", variant, key_hex, pt_hex, ct_hex) == 4,
                      "malformed (%s)", label))
            continue;
        long kl = tl_unhex(key_hex, key, sizeof key);
        int v = strcmp(variant, "PIPO-64/128") == 0 ? 0 : strcmp(variant, "PIPO-64/256") == 0 ? 1 : -1;
        if (!TL_CHECK(v >= 0 && kl == (v ? 32 : 16) && tl_unhex(pt_hex, pt, 8) == 8 &&
                      tl_unhex(ct_hex, ct, 8) == 8, "malformed (%s)", label))
            continue;
        tally[v]++;
        reverse(key, (size_t)kl);               /* integer K_last..K0 -> bytes of K0 first */
        reverse(pt, 8);
        reverse(ct, 8);
        check_kat(ciphers[v], key, (size_t)kl, pt, ct, label);
    }
    fclose(f);
    return rows;
}

static void tsv_vectors(void)
{
    long tally[2] = { 0, 0 };
    long n = tsv_file("pipo/pipo_vectors.tsv", tally);
    TL_CHECK(n == 32, "pipo_vectors.tsv: %ld rows, want 32", n);
    tally[0] = tally[1] = 0;
    n = tsv_file("pipo/pipo_oracle_random.tsv", tally);
    TL_CHECK(n == 400 && tally[0] == 200 && tally[1] == 200,
             "pipo_oracle_random.tsv: %ld rows (%ld + %ld), want 200 + 200", n, tally[0], tally[1]);
}

/* ---- random inputs: every backend against table, and self-consistency ---- */

static void random_tests(const char *cipher, int cases)
{
    size_t key_len = kc_cipher_find(cipher)->key_bytes, count = kc_backend_count(cipher);
    uint8_t key[32], in[MAX_BLOCKS * 8], enc[MAX_BLOCKS * 8], dec[MAX_BLOCKS * 8];
    uint8_t got[MAX_BLOCKS * 8 + 1];
    for (int t = 0; t < cases; t++) {
        size_t nb = 1 + (size_t)t % MAX_BLOCKS, len = nb * 8;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        /* Expected values: table, one block per call. */
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "table", key, key_len), KC_OK, "%s/table new", cipher))
            return;
        for (size_t j = 0; j < len; j += 8) {
            kc_cipher_encrypt_blocks(ref, enc + j, in + j, 8);
            kc_cipher_decrypt_blocks(ref, dec + j, in + j, 8);
        }
        kc_cipher_free(ref);

        for (size_t i = 0; i < count; i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            kc_cipher_encrypt_blocks(c, got, in, len);
            tl_check_bytes(got, enc, len, "%s/%s vs table: encrypt %zu blocks, case %d", cipher, b, nb, t);
            kc_cipher_decrypt_blocks(c, got, in, len);
            tl_check_bytes(got, dec, len, "%s/%s vs table: decrypt %zu blocks, case %d", cipher, b, nb, t);
            /* In place, at an odd address: decrypt(encrypt(x)) = x. */
            memcpy(got + 1, enc, len);
            kc_cipher_decrypt_blocks(c, got + 1, got + 1, len);
            tl_check_bytes(got + 1, in, len, "%s/%s decrypt(encrypt) in place, case %d", cipher, b, t);
            kc_cipher_free(c);
        }
    }
}

/* CTR through the public API against single-block "table" encryptions of
 * the counter (the whole block, big-endian); one case in three starts just
 * below 2^64 so that the counter wraps. */
static void ctr_tests(const char *cipher, int cases)
{
    size_t key_len = kc_cipher_find(cipher)->key_bytes, count = kc_backend_count(cipher);
    uint8_t key[32], iv[8], ctr[8], ks[8], in[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8];
    for (int t = 0; t < cases; t++) {
        size_t nb = 1 + (size_t)t % MAX_BLOCKS, len = 8 * nb - (t / MAX_BLOCKS) % 8, n;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        tl_random_bytes(iv, 8);
        if (t % 3 == 0) memset(iv, 0xFF, 7);
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "table", key, key_len), KC_OK, "%s/table new", cipher))
            return;
        memcpy(ctr, iv, 8);
        for (size_t off = 0; off < len; off += 8) {
            kc_cipher_encrypt_blocks(ref, ks, ctr, 8);
            for (size_t i = off; i < len && i < off + 8; i++) want[i] = in[i] ^ ks[i - off];
            for (size_t i = 8; i-- > 0 && ++ctr[i] == 0;) {}
        }
        kc_cipher_free(ref);
        for (size_t i = 0; i < count; i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, 8, got, sizeof got, &n, in, len);
            if (tl_check(st == KC_OK && n == len, "%s/%s CTR %zu bytes: status", cipher, b, len))
                tl_check_bytes(got, want, len, "%s/%s CTR %zu bytes, case %d", cipher, b, len, t);
            kc_cipher_free(c);
        }
    }
}

/* The default is the first constant-time backend this CPU runs (bitslice
 * at the latest); lengths are checked. */
static void api_checks(void)
{
    uint8_t key[32] = { 0 }, buf[16] = { 0 };
    kc_cipher *c;
    for (int v = 0; v < 2; v++) {
        kc_backend_info info;
        const char *want = NULL, *got = NULL;
        for (size_t i = 0; kc_backend_at(ciphers[v], i, &info) == KC_OK; i++) {
            if (!want && info.constant_time && info.available) want = info.name;
            if (info.is_default) got = info.name;
            if (strcmp(info.name, "bitslice") == 0)
                TL_CHECK(want != NULL, "%s: no constant-time backend up to bitslice", ciphers[v]);
        }
        TL_CHECK(got && want && strcmp(got, want) == 0, "%s default is %s, want %s", ciphers[v],
                 got ? got : "(none)", want ? want : "(none)");
        tl_check_status(kc_cipher_new(&c, ciphers[v], NULL, key, v ? 16 : 32), KC_ERR_KEY_LENGTH,
                        "%s wrong key length", ciphers[v]);
        if (!tl_check_status(kc_cipher_new(&c, ciphers[v], NULL, key, v ? 32 : 16), KC_OK, "%s new", ciphers[v]))
            continue;
        TL_CHECK(kc_cipher_block_size(c) == 8, "%s block size %zu", ciphers[v], kc_cipher_block_size(c));
        tl_check_status(kc_cipher_encrypt_blocks(c, buf, buf, 12), KC_ERR_NOT_BLOCK_MULTIPLE,
                        "%s 12-byte input", ciphers[v]);
        kc_cipher_free(c);
    }
}

int main(void)
{
    for (int i = 0; i < 2; i++) tl_list_backends(ciphers[i]);
    api_checks();
    official_byte_arrays();
    tsv_vectors();
    for (int i = 0; i < 2; i++) random_tests(ciphers[i], 1650);
    for (int i = 0; i < 2; i++) ctr_tests(ciphers[i], 3 * MAX_BLOCKS);
    return tl_finish("test_pipo");
}
